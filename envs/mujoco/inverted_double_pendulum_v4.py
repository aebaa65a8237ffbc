"""``InvertedDoublePendulum-v4``: :class:`InvertedDoublePendulumEnv` with the v4 constructor."""

from __future__ import annotations

from typing import Any

from ._task import v4_metadata
from .inverted_double_pendulum import DEFAULT_CAMERA_CONFIG
from .inverted_double_pendulum import InvertedDoublePendulumEnv as _InvertedDoublePendulum
from .mujoco_env import MujocoEnv

__all__ = ["InvertedDoublePendulumEnv", "MujocoEnv"]


class InvertedDoublePendulumEnv(_InvertedDoublePendulum):
    """Balance a double pendulum on a cart; v4: 11 observations, the bonus on every step.

    Args:
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ``camera_name``, ``max_geom``,
            ``visual_options``).
    """

    metadata: dict[str, Any] = v4_metadata(render_fps=20)
    version = "v4"

    def __init__(self, **kwargs: Any) -> None:
        """Build the v4 environment."""
        super().__init__(
            "inverted_double_pendulum.xml", 5, DEFAULT_CAMERA_CONFIG, 10.0, 0.1, **kwargs
        )
