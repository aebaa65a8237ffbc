"""``Pusher-v5``: :class:`PusherEnv` with the v5 defaults (the class of :mod:`.pusher`)."""

from __future__ import annotations

from .mujoco_env import MujocoEnv
from .pusher import DEFAULT_CAMERA_CONFIG, PusherEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "MujocoEnv", "PusherEnv"]
