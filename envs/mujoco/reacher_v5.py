"""``Reacher-v5``: :class:`ReacherEnv` with the v5 defaults (the class of :mod:`.reacher`)."""

from __future__ import annotations

from .mujoco_env import MujocoEnv
from .reacher import DEFAULT_CAMERA_CONFIG, ReacherEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "MujocoEnv", "ReacherEnv"]
