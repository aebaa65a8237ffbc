"""``HumanoidStandup-v5``: :class:`HumanoidStandupEnv` with the v5 defaults."""

from __future__ import annotations

from .humanoidstandup import DEFAULT_CAMERA_CONFIG, HumanoidStandupEnv
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "HumanoidStandupEnv", "MujocoEnv"]
