"""``InvertedPendulum-v4``: :class:`InvertedPendulumEnv` with the v4 constructor."""

from __future__ import annotations

from typing import Any

from ._task import v4_metadata
from .inverted_pendulum import DEFAULT_CAMERA_CONFIG
from .inverted_pendulum import InvertedPendulumEnv as _InvertedPendulum

__all__ = ["InvertedPendulumEnv"]


class InvertedPendulumEnv(_InvertedPendulum):
    """Balance a pole on a cart; v4: +1 on every step, no ``info`` entries, fixed model.

    Args:
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ``camera_name``, ``max_geom``,
            ``visual_options``).
    """

    metadata: dict[str, Any] = v4_metadata(render_fps=25)
    version = "v4"

    def __init__(self, **kwargs: Any) -> None:
        """Build the v4 environment."""
        super().__init__("inverted_pendulum.xml", 2, DEFAULT_CAMERA_CONFIG, 0.01, **kwargs)
