"""``Ant-v5``: :class:`AntEnv` with the v5 defaults (the class of :mod:`.ant`)."""

from __future__ import annotations

from .ant import DEFAULT_CAMERA_CONFIG, AntEnv
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "AntEnv", "MujocoEnv"]
