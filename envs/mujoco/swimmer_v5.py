"""``Swimmer-v5``: :class:`SwimmerEnv` with the v5 defaults (the class of :mod:`.swimmer`)."""

from __future__ import annotations

from .mujoco_env import MujocoEnv
from .swimmer import SwimmerEnv

__all__ = ["MujocoEnv", "SwimmerEnv"]
