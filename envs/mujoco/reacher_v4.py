"""``Reacher-v4``: :class:`ReacherEnv` with the v4 constructor."""

from __future__ import annotations

from typing import Any

from ._task import v4_metadata
from .reacher import DEFAULT_CAMERA_CONFIG
from .reacher import ReacherEnv as _Reacher

__all__ = ["ReacherEnv"]


class ReacherEnv(_Reacher):
    """Reach a target with a two-link arm; v4: 11 observations, reward from the prior state.

    Args:
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ``camera_name``, ``max_geom``,
            ``visual_options``).
    """

    metadata: dict[str, Any] = v4_metadata(render_fps=50)
    version = "v4"

    def __init__(self, **kwargs: Any) -> None:
        """Build the v4 environment."""
        super().__init__("reacher.xml", 2, DEFAULT_CAMERA_CONFIG, 1, 1, **kwargs)
