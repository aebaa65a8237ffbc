"""Swimmer: make a three-link swimmer move forward through a viscous fluid (``Swimmer-v4/v5``).

The head link slides in the x-y plane and turns about z; two hinges between the links are
driven by motors (actions in ``[-1, 1]``, gear 150). There is no termination.

Observation (float64): ``qpos[2:]`` (x and y too when
``exclude_current_positions_from_observation=False``) then ``qvel``.

Reward: ``forward_reward_weight * dx/dt - ctrl_cost_weight * |action|^2``, with ``x`` the
head's slide position. Reset noise is uniform on ``qpos`` and ``qvel``.

Versions: v5 takes ``xml_file``, ``frame_skip`` and ``default_camera_config``, drops the
duplicated ``reward_fwd`` / ``forward_reward`` info keys for ``reward_forward`` and returns
the position on reset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, NamedTuple, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from ._definition import V4, V5, TaskDefinition
from ._locomotion import (
    LocomotionEnv,
    Xp,
    control_cost,
    observation_size,
    planar_velocity,
    position_info,
    rows_position_info,
    skipped_positions,
    squared_sum_cost,
    state_observation,
)

__all__ = [
    "DEFAULT_OPTIONS",
    "DEFAULT_PARAMS",
    "SWIMMER",
    "SwimmerEnv",
    "SwimmerOptions",
    "SwimmerParams",
]


class SwimmerParams(NamedTuple):
    """The swimmer's numbers, with their defaults (those of both versions)."""

    forward_reward_weight: float = 1.0
    ctrl_cost_weight: float = 1e-4
    reset_noise_scale: float = 0.1


class SwimmerOptions(NamedTuple):
    """The swimmer's static configuration, with the v5 defaults."""

    xml_file: str = "swimmer.xml"
    frame_skip: int = 4
    default_camera_config: dict[str, Any] | None = None
    exclude_current_positions_from_observation: bool = True


DEFAULT_PARAMS = SwimmerParams()
DEFAULT_OPTIONS = SwimmerOptions()


def _observation(task: Any, data: Any, params: SwimmerParams, xp: Xp) -> Any:
    return state_observation(data.qpos, data.qvel, skipped_positions(task.options, 2), xp=xp)


def _step_info(
    task: Any, before: Any, action: Any, after: Any, params: SwimmerParams, xp: Xp
) -> dict[str, Any]:
    xy_after = after.qpos[0:2]
    x_velocity, y_velocity = planar_velocity(before.qpos[0:2], xy_after, task.dt)
    return {
        **position_info(xy_after, xp),
        "x_velocity": x_velocity,
        "y_velocity": y_velocity,
        "reward_forward": params.forward_reward_weight * x_velocity,
        "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, xp),
    }


#: The swimmer task.
SWIMMER = TaskDefinition(
    name="Swimmer",
    params=SwimmerParams,
    options=SwimmerOptions,
    rules={
        # v4 lists the reward terms first, the forward one as "reward_fwd" and again at the end
        "v4": replace(
            V4,
            render_fps=25,
            reward_info_names={"reward_fwd": "reward_forward", "reward_ctrl": "reward_ctrl"},
            reward_terms_first=True,
            reports_forward_reward=True,
        ),
        "v5": V5,
    },
    observation_size=lambda task: observation_size(task, 2),
    observation=_observation,
    step_info=_step_info,
    state_info=lambda task, data, xp: position_info(data.qpos[0:2], xp),
)


class SwimmerEnv(LocomotionEnv):
    """Swim forward with a three-link swimmer (v5 defaults; see the module docstring).

    Args:
        xml_file: The MJCF model (a name in the assets folder or a path).
        frame_skip: Physics steps (of 0.01 s) per environment step.
        default_camera_config: ``mujoco.MjvCamera`` attributes of the render camera.
        forward_reward_weight: Weight of the forward velocity reward.
        ctrl_cost_weight: Weight of the quadratic control cost.
        reset_noise_scale: Half-width of the uniform reset noise on ``qpos`` and ``qvel``.
        exclude_current_positions_from_observation: Leave x and y out of the observation.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    definition = SWIMMER

    def __init__(
        self,
        xml_file: str = DEFAULT_OPTIONS.xml_file,
        frame_skip: int = DEFAULT_OPTIONS.frame_skip,
        default_camera_config: dict[str, Any] | None = DEFAULT_OPTIONS.default_camera_config,
        forward_reward_weight: float = DEFAULT_PARAMS.forward_reward_weight,
        ctrl_cost_weight: float = DEFAULT_PARAMS.ctrl_cost_weight,
        reset_noise_scale: float = DEFAULT_PARAMS.reset_noise_scale,
        exclude_current_positions_from_observation: bool = (
            DEFAULT_OPTIONS.exclude_current_positions_from_observation
        ),
        **kwargs: Any,
    ) -> None:
        self._forward_reward_weight = forward_reward_weight
        self._ctrl_cost_weight = ctrl_cost_weight
        self._setup(
            xml_file,
            frame_skip,
            default_camera_config,
            reset_noise_scale,
            exclude_current_positions_from_observation,
            kwargs,
        )

    def _get_obs(self) -> NDArray[np.float64]:
        return self._observe()

    def step(
        self, action: Any
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply torques for ``frame_skip`` physics steps and score the forward progress."""
        xy_after, xy_velocity = self._simulate_tracking(action, lambda: self.data.qpos[0:2].copy())
        x_velocity, y_velocity = xy_velocity

        observation = self._get_obs()
        reward, reward_info = self._get_rew(x_velocity, action)
        info = self.rules.step_info(
            lambda: position_info(xy_after),
            lambda: position_info(xy_after),
            {"x_velocity": x_velocity, "y_velocity": y_velocity},
            reward_info,
        )
        return self._finish_step(observation, reward, False, info)

    def _get_rew(self, x_velocity: float, action: Any) -> tuple[Any, dict[str, Any]]:
        """The reward of a step and its terms, as ``(reward, reward_info)``.

        Subclasses may override it to shape the reward, as with the reference's v5 class.
        """
        progress = self._forward_reward_weight * x_velocity
        control_penalty = self.control_cost(action)
        reward_info = {"reward_forward": progress, "reward_ctrl": -control_penalty}
        return self.definition.reward(reward_info), reward_info

    def _state_info(self) -> dict[str, Any]:
        return position_info(self.data.qpos[0:2])

    HAS_BATCHED_TERMS = True

    def _batched_positions(self, datas: Sequence[Any]) -> NDArray[np.float64]:
        return np.array([data.qpos[0:2] for data in datas])

    def _batched_terms(
        self, datas: Sequence[Any], actions: Any, before: NDArray[np.float64]
    ) -> tuple[Any, Any, Any, dict[str, Any]]:
        qpos = np.stack([data.qpos for data in datas])
        qvel = np.stack([data.qvel for data in datas])
        xy_after = qpos[:, 0:2]
        xy_velocity = planar_velocity(before, xy_after, self.dt)
        x_velocity, y_velocity = xy_velocity[:, 0], xy_velocity[:, 1]
        observations = state_observation(qpos, qvel, self.num_skipped_qpos)
        progress = self._forward_reward_weight * x_velocity
        control_penalty = squared_sum_cost(actions, self._ctrl_cost_weight, axis=-1)
        rewards = self.definition.reward(
            {"reward_forward": progress, "reward_ctrl": -control_penalty}
        )
        info = self.rules.step_info(
            lambda: rows_position_info(xy_after),
            lambda: rows_position_info(xy_after),
            {"x_velocity": x_velocity, "y_velocity": y_velocity},
            {"reward_forward": progress, "reward_ctrl": -control_penalty},
        )
        return observations, rewards, np.zeros(len(datas), dtype=bool), info
