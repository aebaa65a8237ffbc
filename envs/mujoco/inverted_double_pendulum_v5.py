"""``InvertedDoublePendulum-v5``: :class:`InvertedDoublePendulumEnv` with the v5 constructor."""

from __future__ import annotations

from typing import Any

from .inverted_double_pendulum import DEFAULT_CAMERA_CONFIG
from .inverted_double_pendulum import InvertedDoublePendulumEnv as _InvertedDoublePendulum

__all__ = ["DEFAULT_CAMERA_CONFIG", "InvertedDoublePendulumEnv"]


class InvertedDoublePendulumEnv(_InvertedDoublePendulum):
    """Balance a double pendulum on a cart; v5.

    Args:
        xml_file: The model file.
        frame_skip: Physics steps per environment step.
        default_camera_config: Render camera settings (``None``: the free camera).
        healthy_reward: Alive bonus per healthy step.
        reset_noise_scale: Scale of the reset noise on ``qpos`` and ``qvel``.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    def __init__(
        self,
        xml_file: str = "inverted_double_pendulum.xml",
        frame_skip: int = 5,
        default_camera_config: dict[str, Any] | None = None,
        healthy_reward: float = 10.0,
        reset_noise_scale: float = 0.1,
        **kwargs: Any,
    ) -> None:
        """Build the v5 environment."""
        super().__init__(
            xml_file,
            frame_skip,
            default_camera_config,
            healthy_reward,
            reset_noise_scale,
            version=5,
            **kwargs,
        )
