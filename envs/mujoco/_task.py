"""Pieces shared by the non-locomotion MuJoCo tasks (pendulums, Reacher, Pusher).

The task terms are functions of arrays with an ``xp`` namespace argument (``numpy`` or
``jax.numpy``), so a second physics backend can reuse them. The arithmetic, including the order
of operations and the dtypes it meets, is kept as the reference computes it, which is what
makes rollouts equal bit for bit.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np

from .mujoco_env import DEFAULT_SIZE

__all__ = ["MUJOCO_ENV_KWARGS", "control_cost", "distance", "uniform_noise", "v5_metadata"]

# Keyword arguments every task forwards to MujocoEnv unchanged, with MujocoEnv's defaults.
MUJOCO_ENV_KWARGS: dict[str, Any] = {
    "render_mode": None,
    "width": DEFAULT_SIZE,
    "height": DEFAULT_SIZE,
    "camera_id": None,
    "camera_name": None,
    "max_geom": 1000,
    "visual_options": None,
}

RENDER_MODES = ["human", "rgb_array", "depth_array", "rgbd_tuple"]


def v5_metadata(dt: float) -> dict[str, Any]:
    """The metadata v5 environments set per instance: ``render_fps`` follows ``frame_skip``."""
    return {"render_modes": list(RENDER_MODES), "render_fps": int(np.round(1.0 / dt))}


def uniform_noise(rng: np.random.Generator, scale: float, size: int) -> Any:
    """``size`` draws from ``U(-scale, scale)`` (one call on ``rng``, as the reference draws)."""
    return rng.uniform(low=-scale, high=scale, size=size)


def control_cost(action: Any, xp: ModuleType) -> Any:
    """Sum of squared controls, in the action's own dtype (float32 for sampled actions)."""
    return xp.square(action).sum()


def distance(vector: Any, xp: ModuleType) -> Any:
    """Euclidean length of ``vector``."""
    return xp.linalg.norm(vector)
