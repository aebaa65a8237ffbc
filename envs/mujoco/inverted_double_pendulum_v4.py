"""``InvertedDoublePendulum-v4``: :class:`InvertedDoublePendulumEnv` with the v4 constructor."""

from __future__ import annotations

from typing import Any

from .inverted_double_pendulum_v5 import DEFAULT_CAMERA_CONFIG, INVERTED_DOUBLE_PENDULUM
from .inverted_double_pendulum_v5 import DEFAULT_OPTIONS as _O
from .inverted_double_pendulum_v5 import DEFAULT_PARAMS as _P
from .inverted_double_pendulum_v5 import InvertedDoublePendulumEnv as _InvertedDoublePendulum
from .mujoco_env import MujocoEnv

__all__ = ["InvertedDoublePendulumEnv", "MujocoEnv"]


class InvertedDoublePendulumEnv(_InvertedDoublePendulum):
    """Balance a double pendulum on a cart; v4: 11 observations, the bonus on every step.

    Args:
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ``camera_name``, ``max_geom``,
            ``visual_options``).
    """

    metadata: dict[str, Any] = INVERTED_DOUBLE_PENDULUM.rules["v4"].metadata()
    version = "v4"

    def __init__(self, **kwargs: Any) -> None:
        """Build the v4 environment."""
        super().__init__(
            _O.xml_file,
            _O.frame_skip,
            DEFAULT_CAMERA_CONFIG,
            _P.healthy_reward,
            _P.reset_noise_scale,
            **kwargs,
        )
