"""``Swimmer-v4``: the swimmer task with the v4 constructor and info."""

from __future__ import annotations

from typing import Any

from . import swimmer_v5
from .mujoco_env import MujocoEnv
from .swimmer_v5 import DEFAULT_OPTIONS as _O
from .swimmer_v5 import DEFAULT_PARAMS as _P
from .swimmer_v5 import SWIMMER

__all__ = ["MujocoEnv", "SwimmerEnv"]


class SwimmerEnv(swimmer_v5.SwimmerEnv):
    """The v4 swimmer: fixed model (``swimmer.xml``) and frame skip (4), v4 info keys.

    See :class:`gymnasium_core.envs.mujoco.swimmer_v5.SwimmerEnv` for the arguments; v4 leaves
    ``default_camera_config`` to ``**kwargs``.
    """

    metadata: dict[str, Any] = SWIMMER.rules["v4"].metadata()
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
        kwargs.setdefault("default_camera_config", None)
        super().__init__(
            "swimmer.xml",
            4,
            forward_reward_weight=forward_reward_weight,
            ctrl_cost_weight=ctrl_cost_weight,
            reset_noise_scale=reset_noise_scale,
            exclude_current_positions_from_observation=exclude_current_positions_from_observation,
            **kwargs,
        )
