"""``Hopper-v4``: the hopper task with the v4 constructor, observation and info."""

from __future__ import annotations

from typing import Any

from . import hopper
from ._locomotion import Range, TerminatedProperty
from ._task import v4_metadata
from .hopper import DEFAULT_CAMERA_CONFIG
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "HopperEnv", "MujocoEnv"]


class HopperEnv(TerminatedProperty, hopper.HopperEnv):
    """The v4 hopper: fixed model (``hopper.xml``) and frame skip (4), v4 reward and info.

    See :class:`gymnasium_core.envs.mujoco.hopper.HopperEnv` for the arguments.
    """

    metadata: dict[str, Any] = v4_metadata(render_fps=125)
    version = "v4"

    def __init__(
        self,
        forward_reward_weight: float = 1.0,
        ctrl_cost_weight: float = 1e-3,
        healthy_reward: float = 1.0,
        terminate_when_unhealthy: bool = True,
        healthy_state_range: Range = (-100.0, 100.0),
        healthy_z_range: Range = (0.7, float("inf")),
        healthy_angle_range: Range = (-0.2, 0.2),
        reset_noise_scale: float = 5e-3,
        exclude_current_positions_from_observation: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            "hopper.xml",
            4,
            hopper.DEFAULT_CAMERA_CONFIG,
            forward_reward_weight,
            ctrl_cost_weight,
            healthy_reward,
            terminate_when_unhealthy,
            healthy_state_range,
            healthy_z_range,
            healthy_angle_range,
            reset_noise_scale,
            exclude_current_positions_from_observation,
            **kwargs,
        )
