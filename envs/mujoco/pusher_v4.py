"""``Pusher-v4``: :class:`PusherEnv` with the v4 constructor and model.

The reference refuses to build ``Pusher-v4`` on ``mujoco>=3``, because the v4 object is so
light (density 0.00001) that MuJoCo 3 simulates it differently from MuJoCo 2, so results no
longer match those published for v4. Here it runs on any MuJoCo: the registered id has to make,
and a user who asks for v4 explicitly gets the v4 task. Prefer ``Pusher-v5`` for new work.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from .mujoco_env import MujocoEnv
from .pusher_v5 import DEFAULT_CAMERA_CONFIG, PUSHER
from .pusher_v5 import DEFAULT_OPTIONS as _O
from .pusher_v5 import DEFAULT_PARAMS as _P
from .pusher_v5 import PusherEnv as _Pusher

__all__ = ["MujocoEnv", "PusherEnv"]


class PusherEnv(_Pusher):
    """Push a cylinder onto a goal; v4: the v4 model, rewards from the prior state.

    Args:
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ``camera_name``, ``max_geom``,
            ``visual_options``).
    """

    metadata: dict[str, Any] = PUSHER.rules["v4"].metadata()
    version = "v4"

    def __init__(self, **kwargs: Any) -> None:
        """Build the v4 environment."""
        weights = (_P.reward_near_weight, _P.reward_dist_weight, _P.reward_control_weight)
        super().__init__("pusher.xml", _O.frame_skip, DEFAULT_CAMERA_CONFIG, *weights, **kwargs)

    def step(
        self, a: NDArray[np.float32]
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Advance one step; the reference's v4 class names the action ``a``."""
        return super().step(a)
