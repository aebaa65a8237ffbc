"""``InvertedPendulum-v5``: :class:`InvertedPendulumEnv` with the v5 defaults.

The class is the one of :mod:`.inverted_pendulum`.
"""

from __future__ import annotations

from .inverted_pendulum import DEFAULT_CAMERA_CONFIG, InvertedPendulumEnv
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "InvertedPendulumEnv", "MujocoEnv"]
