"""``InvertedPendulum-v4``: :class:`InvertedPendulumEnv` with the v4 constructor."""

from __future__ import annotations

from typing import Any, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from .inverted_pendulum_v5 import DEFAULT_CAMERA_CONFIG, INVERTED_PENDULUM
from .inverted_pendulum_v5 import DEFAULT_OPTIONS as _O
from .inverted_pendulum_v5 import DEFAULT_PARAMS as _P
from .inverted_pendulum_v5 import InvertedPendulumEnv as _InvertedPendulum
from .mujoco_env import MujocoEnv

__all__ = ["InvertedPendulumEnv", "MujocoEnv"]


class InvertedPendulumEnv(_InvertedPendulum):
    """Balance a pole on a cart; v4: +1 on every step, no ``info`` entries, fixed model.

    Args:
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ``camera_name``, ``max_geom``,
            ``visual_options``).
    """

    metadata: dict[str, Any] = INVERTED_PENDULUM.rules["v4"].metadata()
    version = "v4"

    def __init__(self, **kwargs: Any) -> None:
        """Build the v4 environment."""
        super().__init__(
            _O.xml_file, _O.frame_skip, DEFAULT_CAMERA_CONFIG, _P.reset_noise_scale, **kwargs
        )

    def step(
        self, a: NDArray[np.float32]
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Advance one step; the reference's v4 class names the action ``a``."""
        return super().step(a)
