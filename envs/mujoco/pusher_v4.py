"""``Pusher-v4``: :class:`PusherEnv` with the v4 constructor and model.

The reference refuses to build ``Pusher-v4`` on ``mujoco>=3``, because the v4 object is so
light (density 0.00001) that MuJoCo 3 simulates it differently from MuJoCo 2, so results no
longer match those published for v4. Here it runs on any MuJoCo: the registered id has to make,
and a user who asks for v4 explicitly gets the v4 task. Prefer ``Pusher-v5`` for new work.
"""

from __future__ import annotations

from typing import Any

from ._task import v4_metadata
from .pusher import DEFAULT_CAMERA_CONFIG
from .pusher import PusherEnv as _Pusher

__all__ = ["PusherEnv"]


class PusherEnv(_Pusher):
    """Push a cylinder onto a goal; v4: the v4 model, rewards from the prior state.

    Args:
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ``camera_name``, ``max_geom``,
            ``visual_options``).
    """

    metadata: dict[str, Any] = v4_metadata(render_fps=20)
    version = "v4"

    def __init__(self, **kwargs: Any) -> None:
        """Build the v4 environment."""
        super().__init__("pusher.xml", 5, DEFAULT_CAMERA_CONFIG, 0.5, 1, 0.1, **kwargs)
