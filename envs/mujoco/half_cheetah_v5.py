"""``HalfCheetah-v5``: :class:`HalfCheetahEnv` with the v5 defaults (from :mod:`.half_cheetah`)."""

from __future__ import annotations

from .half_cheetah import DEFAULT_CAMERA_CONFIG, HalfCheetahEnv
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "HalfCheetahEnv", "MujocoEnv"]
