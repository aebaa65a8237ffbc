"""``Hopper-v5``: :class:`HopperEnv` with the v5 defaults (the class of :mod:`.hopper`)."""

from __future__ import annotations

from .hopper import DEFAULT_CAMERA_CONFIG, HopperEnv
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "HopperEnv", "MujocoEnv"]
