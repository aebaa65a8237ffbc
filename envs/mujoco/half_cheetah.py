"""HalfCheetah: make a planar two-legged cheetah run forward (``HalfCheetah-v4/-v5``).

Nine degrees of freedom: the root slides along x and z and turns about y; the back and front
legs have thigh, shin and foot hinges driven by six motors (actions in ``[-1, 1]``). The
cheetah cannot fall: episodes never terminate and end only by truncation.

Observation (float64): ``qpos[1:]`` (``rootx`` too when
``exclude_current_positions_from_observation=False``) then ``qvel``, unclipped.

Reward: ``forward_reward_weight * dx/dt - ctrl_cost_weight * |action|^2``. Reset noise is
uniform on ``qpos`` and Gaussian (standard deviation ``reset_noise_scale``) on ``qvel``.

Versions: v5 takes ``xml_file``, ``frame_skip`` and ``default_camera_config``, names the
forward term ``reward_forward`` (v4: ``reward_run``) and returns ``x_position`` on reset.
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
    skipped_positions,
    squared_sum_cost,
    state_observation,
)

__all__ = [
    "DEFAULT_CAMERA_CONFIG",
    "DEFAULT_OPTIONS",
    "DEFAULT_PARAMS",
    "HALF_CHEETAH",
    "HalfCheetahEnv",
    "HalfCheetahOptions",
    "HalfCheetahParams",
]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {"distance": 4.0}


class HalfCheetahParams(NamedTuple):
    """The cheetah's numbers, with their defaults (those of both versions)."""

    forward_reward_weight: float = 1.0
    ctrl_cost_weight: float = 0.1
    reset_noise_scale: float = 0.1


class HalfCheetahOptions(NamedTuple):
    """The cheetah's static configuration, with the v5 defaults."""

    xml_file: str = "half_cheetah.xml"
    frame_skip: int = 5
    default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG
    exclude_current_positions_from_observation: bool = True


DEFAULT_PARAMS = HalfCheetahParams()
DEFAULT_OPTIONS = HalfCheetahOptions()


def _observation(task: Any, data: Any, params: HalfCheetahParams, xp: Xp) -> Any:
    return state_observation(data.qpos, data.qvel, skipped_positions(task.options, 1), xp=xp)


def _step_info(
    task: Any, before: Any, action: Any, after: Any, params: HalfCheetahParams, xp: Xp
) -> dict[str, Any]:
    x_velocity = planar_velocity(before.qpos[0], after.qpos[0], task.dt)
    return {
        "x_position": after.qpos[0],
        "x_velocity": x_velocity,
        "reward_forward": params.forward_reward_weight * x_velocity,
        "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, xp),
    }


#: The cheetah task.
HALF_CHEETAH = TaskDefinition(
    name="HalfCheetah",
    params=HalfCheetahParams,
    options=HalfCheetahOptions,
    rules={
        # v4 names the forward term "reward_run"
        "v4": replace(
            V4,
            render_fps=20,
            reward_info_names={"reward_run": "reward_forward", "reward_ctrl": "reward_ctrl"},
        ),
        "v5": V5,
    },
    observation_size=lambda task: observation_size(task, 1),
    observation=_observation,
    step_info=_step_info,
    state_info=lambda task, data, xp: {"x_position": data.qpos[0]},
    velocity_noise="normal",
)


class HalfCheetahEnv(LocomotionEnv):
    """Run forward with a planar cheetah (v5 defaults; see the module docstring).

    Args:
        xml_file: The MJCF model (a name in the assets folder or a path).
        frame_skip: Physics steps (of 0.01 s) per environment step.
        default_camera_config: ``mujoco.MjvCamera`` attributes of the render camera.
        forward_reward_weight: Weight of the forward velocity reward.
        ctrl_cost_weight: Weight of the quadratic control cost.
        reset_noise_scale: Scale of the reset noise on ``qpos`` and ``qvel``.
        exclude_current_positions_from_observation: Leave ``rootx`` out of the observation.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    NUM_ROOT_POSITIONS = 1
    VELOCITY_NOISE = "normal"

    definition = HALF_CHEETAH

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
        x_after, x_velocity = self._simulate_tracking(action, lambda: self.data.qpos[0])

        observation = self._get_obs()
        reward, reward_info = self._get_rew(x_velocity, action)
        info = self.rules.step_info(
            self._state_info,
            lambda: {"x_position": x_after},
            {"x_velocity": x_velocity},
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

    HAS_BATCHED_TERMS = True

    def _batched_terms(
        self, datas: Sequence[Any], actions: Any, before: NDArray[np.float64]
    ) -> tuple[Any, Any, Any, dict[str, Any]]:
        qpos = np.stack([data.qpos for data in datas])
        qvel = np.stack([data.qvel for data in datas])
        x_after = qpos[:, 0]
        x_velocity = planar_velocity(before, x_after, self.dt)
        observations = state_observation(qpos, qvel, self.num_skipped_qpos)
        progress = self._forward_reward_weight * x_velocity
        control_penalty = squared_sum_cost(actions, self._ctrl_cost_weight, axis=-1)
        rewards = self.definition.reward(
            {"reward_forward": progress, "reward_ctrl": -control_penalty}
        )
        info = self.rules.step_info(
            lambda: {"x_position": x_after},
            lambda: {"x_position": x_after},
            {"x_velocity": x_velocity},
            {"reward_forward": progress, "reward_ctrl": -control_penalty},
        )
        return observations, rewards, np.zeros(len(datas), dtype=bool), info

    def _state_info(self) -> dict[str, Any]:
        return {"x_position": self.data.qpos[0]}
