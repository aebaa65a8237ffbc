"""``Humanoid-v5``: :class:`HumanoidEnv` with the v5 defaults (the class of :mod:`.humanoid`)."""

from __future__ import annotations

from .humanoid import DEFAULT_CAMERA_CONFIG, HumanoidEnv, mass_center
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "HumanoidEnv", "MujocoEnv", "mass_center"]
