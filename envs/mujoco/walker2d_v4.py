"""``Walker2d-v4``: the walker task with the v4 constructor, model, observation and info."""

from __future__ import annotations

from typing import Any

from . import walker2d
from ._locomotion import Range, TerminatedProperty
from ._task import v4_metadata
from .mujoco_env import MujocoEnv
from .walker2d import DEFAULT_CAMERA_CONFIG

__all__ = ["DEFAULT_CAMERA_CONFIG", "MujocoEnv", "Walker2dEnv"]


class Walker2dEnv(TerminatedProperty, walker2d.Walker2dEnv):
    """The v4 walker: ``walker2d.xml`` (right foot friction 0.9), frame skip 4, v4 reward.

    See :class:`gymnasium_core.envs.mujoco.walker2d.Walker2dEnv` for the arguments.
    """

    metadata: dict[str, Any] = v4_metadata(render_fps=125)
    version = "v4"

    def __init__(
        self,
        forward_reward_weight: float = 1.0,
        ctrl_cost_weight: float = 1e-3,
        healthy_reward: float = 1.0,
        terminate_when_unhealthy: bool = True,
        healthy_z_range: Range = (0.8, 2.0),
        healthy_angle_range: Range = (-1.0, 1.0),
        reset_noise_scale: float = 5e-3,
        exclude_current_positions_from_observation: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            "walker2d.xml",
            4,
            walker2d.DEFAULT_CAMERA_CONFIG,
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
