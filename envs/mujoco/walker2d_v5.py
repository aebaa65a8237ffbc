"""Walker2d: make a planar biped walk forward (``Walker2d-v4`` and ``Walker2d-v5``).

The walker is a torso on two legs of thigh, leg and foot, six hinges driven by motors
(actions in ``[-1, 1]``, gear 100). The root moves in the x-z plane like the hopper's.

Observation (float64): ``qpos[1:]`` (``rootx`` too when
``exclude_current_positions_from_observation=False``) then ``qvel`` clipped to ``[-10, 10]``.

Reward: ``forward_reward_weight * dx/dt + healthy_reward - ctrl_cost_weight * |action|^2``.
The walker is healthy while its height lies in the open ``healthy_z_range`` and its torso
angle in the open ``healthy_angle_range``.

Versions: v5 uses ``walker2d_v5.xml``, where both feet have friction 1.9 (v4's right foot has
0.9), takes ``xml_file``, ``frame_skip`` and ``default_camera_config``, pays the healthy
reward only while healthy, and reports the reward terms and ``z_distance_from_origin``.

:class:`Walker2dEnv` here has the v5 defaults; :mod:`.walker2d_v4` subclasses it with
the v4 constructor.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

import numpy as np

from ._definition import V4, V5, Array, ArrayNamespace, Rules, SimData, TaskDefinition, TaskShell
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
    "WALKER2D",
    "MujocoEnv",
    "Walker2dEnv",
    "Walker2dOptions",
    "Walker2dParams",
    "walker_is_healthy",
]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {
    "trackbodyid": 2,
    "distance": 4.0,
    "lookat": np.array([0.0, 0.0, 1.15]),
    "elevation": -20.0,
}


def walker_is_healthy(qpos: Array, z_range: Range, angle_range: Range) -> Array:
    """Whether the walker stands: height ``qpos[1]`` and torso angle ``qpos[2]`` in range.

    ``qpos`` may be one state, shape ``(nq,)``, or a batch, ``(num_envs, nq)``.
    """
    return in_range(qpos[..., 1], z_range) & in_range(qpos[..., 2], angle_range)


class Walker2dParams(NamedTuple):
    """The walker's numbers, with their defaults (those of both versions)."""

    forward_reward_weight: float = 1.0
    ctrl_cost_weight: float = 1e-3
    healthy_reward: float = 1.0
    healthy_z_range: Range = (0.8, 2.0)
    healthy_angle_range: Range = (-1.0, 1.0)
    reset_noise_scale: float = 5e-3


class Walker2dOptions(NamedTuple):
    """The walker's static configuration, with the v5 defaults."""

    xml_file: str = "walker2d_v5.xml"
    frame_skip: int = 4
    default_camera_config: dict[str, Any] = DEFAULT_CAMERA_CONFIG
    terminate_when_unhealthy: bool = True
    exclude_current_positions_from_observation: bool = True


DEFAULT_PARAMS = Walker2dParams()
DEFAULT_OPTIONS = Walker2dOptions()


def _is_healthy(
    task: TaskShell[Rules], data: SimData, params: Walker2dParams, xp: ArrayNamespace
) -> Array:
    return walker_is_healthy(data.qpos, params.healthy_z_range, params.healthy_angle_range)


#: The walker task.
WALKER2D = TaskDefinition(
    name="Walker2d",
    params=Walker2dParams,
    options=Walker2dOptions,
    rules={"v4": replace(V4, render_fps=125, reports_reward_terms=False), "v5": V5},
    observation_size=planar_legged_observation_size,
    observation=planar_legged_observation,
    step_info=planar_legged_step_info,
    reward=survival_reward,
    state_info=planar_legged_state_info,
    is_healthy=_is_healthy,
    tracked_info=root_x_info,
)


class Walker2dEnv(PlanarLeggedEnv):
    """Walk forward with a planar biped (v5 defaults; see the module docstring).

    Args:
        xml_file: The MJCF model (a name in the assets folder or a path).
        frame_skip: Physics steps (of 0.002 s) per environment step.
        default_camera_config: ``mujoco.MjvCamera`` attributes of the render camera.
        forward_reward_weight: Weight of the forward velocity reward.
        ctrl_cost_weight: Weight of the quadratic control cost.
        healthy_reward: Bonus per healthy step.
        terminate_when_unhealthy: End the episode when the walker is unhealthy.
        healthy_z_range: Open bounds on the torso height.
        healthy_angle_range: Open bounds on the torso angle.
        reset_noise_scale: Half-width of the uniform reset noise on ``qpos`` and ``qvel``.
        exclude_current_positions_from_observation: Leave ``rootx`` out of the observation.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    definition = WALKER2D

    def __init__(
        self,
        xml_file: str = DEFAULT_OPTIONS.xml_file,
        frame_skip: int = DEFAULT_OPTIONS.frame_skip,
        default_camera_config: dict[str, Any] = DEFAULT_OPTIONS.default_camera_config,
        forward_reward_weight: float = DEFAULT_PARAMS.forward_reward_weight,
        ctrl_cost_weight: float = DEFAULT_PARAMS.ctrl_cost_weight,
        healthy_reward: float = DEFAULT_PARAMS.healthy_reward,
        terminate_when_unhealthy: bool = DEFAULT_OPTIONS.terminate_when_unhealthy,
        healthy_z_range: Range = DEFAULT_PARAMS.healthy_z_range,
        healthy_angle_range: Range = DEFAULT_PARAMS.healthy_angle_range,
        reset_noise_scale: float = DEFAULT_PARAMS.reset_noise_scale,
        exclude_current_positions_from_observation: bool = (
            DEFAULT_OPTIONS.exclude_current_positions_from_observation
        ),
        **kwargs: Any,
    ) -> None:
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
