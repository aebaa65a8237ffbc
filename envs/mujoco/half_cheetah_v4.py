"""``HalfCheetah-v4``: the cheetah task with the v4 constructor and info."""

from __future__ import annotations

from typing import Any

from . import half_cheetah_v5
from .half_cheetah_v5 import DEFAULT_CAMERA_CONFIG, HALF_CHEETAH
from .half_cheetah_v5 import DEFAULT_OPTIONS as _O
from .half_cheetah_v5 import DEFAULT_PARAMS as _P
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "HalfCheetahEnv", "MujocoEnv"]


class HalfCheetahEnv(half_cheetah_v5.HalfCheetahEnv):
    """The v4 cheetah: fixed model (``half_cheetah.xml``) and frame skip (5), v4 info keys.

    See :class:`gymnasium_core.envs.mujoco.half_cheetah_v5.HalfCheetahEnv` for the arguments.
    """

    metadata: dict[str, Any] = HALF_CHEETAH.rules["v4"].metadata()
    version = "v4"

    def __init__(
        self,
        forward_reward_weight: float = _P.forward_reward_weight,
        ctrl_cost_weight: float = _P.ctrl_cost_weight,
        reset_noise_scale: float = _P.reset_noise_scale,
        exclude_current_positions_from_observation: bool = (
            _O.exclude_current_positions_from_observation
        ),
        **kwargs: Any,
    ) -> None:
        super().__init__(
            "half_cheetah.xml",
            5,
            half_cheetah_v5.DEFAULT_CAMERA_CONFIG,
            forward_reward_weight,
            ctrl_cost_weight,
            reset_noise_scale,
            exclude_current_positions_from_observation,
            **kwargs,
        )
