"""``Walker2d-v5``: :class:`Walker2dEnv` with the v5 defaults (the class of :mod:`.walker2d`)."""

from __future__ import annotations

from .mujoco_env import MujocoEnv
from .walker2d import DEFAULT_CAMERA_CONFIG, Walker2dEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "MujocoEnv", "Walker2dEnv"]
