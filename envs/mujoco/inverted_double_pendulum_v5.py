"""``InvertedDoublePendulum-v5``: :class:`InvertedDoublePendulumEnv` with the v5 defaults.

The class is the one of :mod:`.inverted_double_pendulum`.
"""

from __future__ import annotations

from .inverted_double_pendulum import DEFAULT_CAMERA_CONFIG, InvertedDoublePendulumEnv
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "InvertedDoublePendulumEnv", "MujocoEnv"]
