"""``Hopper-v4``: the hopper task with the v4 constructor, observation and info."""

from __future__ import annotations

from typing import Any

from . import hopper_v5
from ._task import TerminatedProperty
from ._terms import Range
from .hopper_v5 import DEFAULT_CAMERA_CONFIG, HOPPER
from .hopper_v5 import DEFAULT_OPTIONS as _O
from .hopper_v5 import DEFAULT_PARAMS as _P
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "HopperEnv", "MujocoEnv"]


class HopperEnv(TerminatedProperty, hopper_v5.HopperEnv):
    """The v4 hopper: fixed model (``hopper.xml``) and frame skip (4), v4 reward and info.

    See :class:`gymnasium_core.envs.mujoco.hopper_v5.HopperEnv` for the arguments.
    """

    metadata: dict[str, Any] = HOPPER.rules["v4"].metadata()
    version = "v4"

    def __init__(
        self,
        forward_reward_weight: float = _P.forward_reward_weight,
        ctrl_cost_weight: float = _P.ctrl_cost_weight,
        healthy_reward: float = _P.healthy_reward,
        terminate_when_unhealthy: bool = _O.terminate_when_unhealthy,
        healthy_state_range: Range = _P.healthy_state_range,
        healthy_z_range: Range = _P.healthy_z_range,
        healthy_angle_range: Range = _P.healthy_angle_range,
        reset_noise_scale: float = _P.reset_noise_scale,
        exclude_current_positions_from_observation: bool = (
            _O.exclude_current_positions_from_observation
        ),
        **kwargs: Any,
    ) -> None:
        super().__init__(
            "hopper.xml",
            4,
            hopper_v5.DEFAULT_CAMERA_CONFIG,
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
