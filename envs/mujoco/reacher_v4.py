"""``Reacher-v4``: :class:`ReacherEnv` with the v4 constructor."""

from __future__ import annotations

from typing import Any, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from .mujoco_env import MujocoEnv
from .reacher_v5 import DEFAULT_CAMERA_CONFIG, REACHER
from .reacher_v5 import DEFAULT_OPTIONS as _O
from .reacher_v5 import DEFAULT_PARAMS as _P
from .reacher_v5 import ReacherEnv as _Reacher

__all__ = ["MujocoEnv", "ReacherEnv"]


class ReacherEnv(_Reacher):
    """Reach a target with a two-link arm; v4: 11 observations, reward from the prior state.

    Args:
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ``camera_name``, ``max_geom``,
            ``visual_options``).
    """

    metadata: dict[str, Any] = REACHER.rules["v4"].metadata()
    version = "v4"

    def __init__(self, **kwargs: Any) -> None:
        """Build the v4 environment."""
        super().__init__(
            _O.xml_file,
            _O.frame_skip,
            DEFAULT_CAMERA_CONFIG,
            _P.reward_dist_weight,
            _P.reward_control_weight,
            **kwargs,
        )

    def step(
        self, a: NDArray[np.float32]
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Advance one step; the reference's v4 class names the action ``a``."""
        return super().step(a)
