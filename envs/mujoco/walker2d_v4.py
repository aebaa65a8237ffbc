"""``Walker2d-v4``: the walker task with the v4 constructor, model, observation and info."""

from __future__ import annotations

from typing import Any

from . import walker2d_v5
from ._task import TerminatedProperty
from ._terms import Range
from .mujoco_env import MujocoEnv
from .walker2d_v5 import DEFAULT_CAMERA_CONFIG, WALKER2D
from .walker2d_v5 import DEFAULT_OPTIONS as _O
from .walker2d_v5 import DEFAULT_PARAMS as _P

__all__ = ["DEFAULT_CAMERA_CONFIG", "MujocoEnv", "Walker2dEnv"]


class Walker2dEnv(TerminatedProperty, walker2d_v5.Walker2dEnv):
    """The v4 walker: ``walker2d.xml`` (right foot friction 0.9), frame skip 4, v4 reward.

    See :class:`gymnasium_core.envs.mujoco.walker2d_v5.Walker2dEnv` for the arguments.
    """

    metadata: dict[str, Any] = WALKER2D.rules["v4"].metadata()
    version = "v4"

    def __init__(
        self,
        forward_reward_weight: float = _P.forward_reward_weight,
        ctrl_cost_weight: float = _P.ctrl_cost_weight,
        healthy_reward: float = _P.healthy_reward,
        terminate_when_unhealthy: bool = _O.terminate_when_unhealthy,
        healthy_z_range: Range = _P.healthy_z_range,
        healthy_angle_range: Range = _P.healthy_angle_range,
        reset_noise_scale: float = _P.reset_noise_scale,
        exclude_current_positions_from_observation: bool = (
            _O.exclude_current_positions_from_observation
        ),
        **kwargs: Any,
    ) -> None:
        super().__init__(
            "walker2d.xml",
            4,
            walker2d_v5.DEFAULT_CAMERA_CONFIG,
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
