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

:class:`SwimmerEnv` here has the v5 defaults; :mod:`.swimmer_v4` subclasses it with
the v4 constructor.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from ._definition import V4, V5, Array, ArrayNamespace, Rules, SimData, TaskDefinition, TaskShell
from ._task import LocomotionEnv
from ._terms import (
    control_cost,
    entry,
    observation_size,
    planar_velocity,
    position_info,
    skipped_positions,
    state_observation,
)
from .mujoco_env import MujocoEnv

__all__ = [
    "DEFAULT_OPTIONS",
    "DEFAULT_PARAMS",
    "SWIMMER",
    "MujocoEnv",
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


def _observation(
    task: TaskShell[Rules], data: SimData, params: SwimmerParams, xp: ArrayNamespace
) -> Array:
    return state_observation(data.qpos, data.qvel, skipped_positions(task.options, 2), xp=xp)


def _step_info(
    task: TaskShell[Rules],
    before: SimData,
    action: Array,
    after: SimData,
    params: SwimmerParams,
    xp: ArrayNamespace,
) -> dict[str, Any]:
    xy_after = after.qpos[..., 0:2]
    xy_velocity = planar_velocity(before.qpos[..., 0:2], xy_after, task.dt)
    x_velocity, y_velocity = entry(xy_velocity, 0), entry(xy_velocity, 1)
    return {
        **position_info(xy_after, xp),
        "x_velocity": x_velocity,
        "y_velocity": y_velocity,
        "reward_forward": params.forward_reward_weight * x_velocity,
        "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, xp, axis=-1),
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
    state_info=lambda task, data, xp: position_info(data.qpos[..., 0:2], xp),
    # v4 reports the root's positions: those of the state the step info starts with
    tracks_step_positions=True,
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
