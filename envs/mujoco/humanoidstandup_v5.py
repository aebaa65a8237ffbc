"""``HumanoidStandup-v5``: :class:`HumanoidStandupEnv` with the v5 defaults."""

from __future__ import annotations

from .humanoidstandup import DEFAULT_CAMERA_CONFIG, HumanoidStandupEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "HumanoidStandupEnv"]
