"""Hopper: make a planar one-legged robot hop forward (``Hopper-v4`` and ``Hopper-v5``).

The hopper is a torso, a thigh, a leg and a foot joined by three hinges driven by motors
(actions in ``[-1, 1]``, gear 200). The root moves in the x-z plane through the slide joints
``rootx`` / ``rootz`` and the hinge ``rooty``.

Observation (float64): ``qpos[1:]`` (height, torso angle, three joint angles; ``rootx`` too when
``exclude_current_positions_from_observation=False``) then ``qvel`` clipped to ``[-10, 10]``.

Reward: ``forward_reward_weight * dx/dt + healthy_reward - ctrl_cost_weight * |action|^2``.
The hopper is healthy while every entry of ``state_vector()[2:]`` lies in the open
``healthy_state_range``, its height in ``healthy_z_range`` and its torso angle in
``healthy_angle_range``; the episode terminates when it is not (if
``terminate_when_unhealthy``).

Versions: v5 takes ``xml_file``, ``frame_skip`` and ``default_camera_config``, pays the
healthy reward only while healthy (v4 pays it on the terminal step too), reports the reward
terms and ``z_distance_from_origin`` in ``info`` and returns a non-empty reset ``info``.

:class:`HopperEnv` here has the v5 defaults; :mod:`.hopper_v4` subclasses it with
the v4 constructor.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

import numpy as np

from ._definition import (
    V4,
    V5,
    Array,
    ArrayNamespace,
    Flags,
    Rules,
    SimData,
    TaskDefinition,
    TaskShell,
)
from ._task import PlanarLeggedEnv
from ._terms import (
    Range,
    in_range,
    planar_legged_observation,
    planar_legged_observation_size,
    planar_legged_state_info,
    planar_legged_step_info,
    root_x_info,
    survival_reward,
)
from .mujoco_env import MujocoEnv

__all__ = [
    "DEFAULT_CAMERA_CONFIG",
    "DEFAULT_OPTIONS",
    "DEFAULT_PARAMS",
    "HOPPER",
    "HopperEnv",
    "HopperOptions",
    "HopperParams",
    "MujocoEnv",
    "hopper_is_healthy",
]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {
    "trackbodyid": 2,
    "distance": 3.0,
    "lookat": np.array([0.0, 0.0, 1.15]),
    "elevation": -20.0,
}


def hopper_is_healthy(
    qpos: Array,
    qvel: Array,
    state_range: Range,
    z_range: Range,
    angle_range: Range,
    xp: ArrayNamespace = np,
) -> Array:
    """Whether the hopper stands: bounded state, enough height, torso near upright.

    Args:
        qpos: Joint positions ``(rootx, rootz, rooty, thigh, leg, foot)``, shape ``(6,)``
            (or ``(num_envs, 6)``: one answer per row).
        qvel: Joint velocities, shape ``(6,)`` (or ``(num_envs, 6)``).
        state_range: Open bounds on every entry of ``concat(qpos, qvel)[2:]``.
        z_range: Open bounds on the height ``qpos[1]``.
        angle_range: Open bounds on the torso angle ``qpos[2]``.
        xp: The array namespace.
    """
    state = xp.concatenate((qpos[..., 2:], qvel), axis=-1)
    low, high = state_range
    is_state_bounded = ((low < state) & (state < high)).all(axis=-1)
    return is_state_bounded & in_range(qpos[..., 1], z_range) & in_range(qpos[..., 2], angle_range)


class HopperParams(NamedTuple):
    """The hopper's numbers, with their defaults (those of both versions)."""

    forward_reward_weight: float = 1.0
    ctrl_cost_weight: float = 1e-3
    healthy_reward: float = 1.0
    healthy_state_range: Range = (-100.0, 100.0)
    healthy_z_range: Range = (0.7, float("inf"))
    healthy_angle_range: Range = (-0.2, 0.2)
    reset_noise_scale: float = 5e-3


class HopperOptions(NamedTuple):
    """The hopper's static configuration, with the v5 defaults."""

    xml_file: str = "hopper.xml"
    frame_skip: int = 4
    default_camera_config: dict[str, Any] = DEFAULT_CAMERA_CONFIG
    terminate_when_unhealthy: bool = True
    exclude_current_positions_from_observation: bool = True


DEFAULT_PARAMS = HopperParams()
DEFAULT_OPTIONS = HopperOptions()


def _is_healthy(
    task: TaskShell[Rules], data: SimData, params: HopperParams, xp: ArrayNamespace
) -> Flags:
    healthy = hopper_is_healthy(
        data.qpos,
        data.qvel,
        params.healthy_state_range,
        params.healthy_z_range,
        params.healthy_angle_range,
        xp,
    )
    # the reference's check of one state is a Python bool (so is its survival bonus, a float)
    return bool(healthy) if xp is np and healthy.ndim == 0 else healthy


#: The hopper task.
HOPPER = TaskDefinition(
    name="Hopper",
    params=HopperParams,
    options=HopperOptions,
    rules={"v4": replace(V4, render_fps=125, reports_reward_terms=False), "v5": V5},
    observation_size=planar_legged_observation_size,
    observation=planar_legged_observation,
    step_info=planar_legged_step_info,
    reward=survival_reward,
    state_info=planar_legged_state_info,
    is_healthy=_is_healthy,
    tracked_info=root_x_info,
)


class HopperEnv(PlanarLeggedEnv):
    """Hop forward with a planar one-legged robot (v5 defaults; see the module docstring).

    Args:
        xml_file: The MJCF model (a name in the assets folder or a path).
        frame_skip: Physics steps (of 0.002 s) per environment step.
        default_camera_config: ``mujoco.MjvCamera`` attributes of the render camera.
        forward_reward_weight: Weight of the forward velocity reward.
        ctrl_cost_weight: Weight of the quadratic control cost.
        healthy_reward: Bonus per healthy step.
        terminate_when_unhealthy: End the episode when the hopper is unhealthy.
        healthy_state_range: Open bounds on ``state_vector()[2:]``.
        healthy_z_range: Open bounds on the torso height.
        healthy_angle_range: Open bounds on the torso angle.
        reset_noise_scale: Half-width of the uniform reset noise on ``qpos`` and ``qvel``.
        exclude_current_positions_from_observation: Leave ``rootx`` out of the observation.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ...).
    """

    definition = HOPPER

    def __init__(
        self,
        xml_file: str = DEFAULT_OPTIONS.xml_file,
        frame_skip: int = DEFAULT_OPTIONS.frame_skip,
        default_camera_config: dict[str, Any] = DEFAULT_OPTIONS.default_camera_config,
        forward_reward_weight: float = DEFAULT_PARAMS.forward_reward_weight,
        ctrl_cost_weight: float = DEFAULT_PARAMS.ctrl_cost_weight,
        healthy_reward: float = DEFAULT_PARAMS.healthy_reward,
        terminate_when_unhealthy: bool = DEFAULT_OPTIONS.terminate_when_unhealthy,
        healthy_state_range: Range = DEFAULT_PARAMS.healthy_state_range,
        healthy_z_range: Range = DEFAULT_PARAMS.healthy_z_range,
        healthy_angle_range: Range = DEFAULT_PARAMS.healthy_angle_range,
        reset_noise_scale: float = DEFAULT_PARAMS.reset_noise_scale,
        exclude_current_positions_from_observation: bool = (
            DEFAULT_OPTIONS.exclude_current_positions_from_observation
        ),
        **kwargs: Any,
    ) -> None:
        self._healthy_state_range = healthy_state_range
        super().__init__(
            xml_file,
            frame_skip,
            default_camera_config,
            forward_reward_weight,
            ctrl_cost_weight,
            healthy_reward,
            terminate_when_unhealthy,
            healthy_z_range,
            healthy_angle_range,
            reset_noise_scale,
            exclude_current_positions_from_observation,
            **kwargs,
        )
