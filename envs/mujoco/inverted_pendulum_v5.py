"""``InvertedPendulum-v5``: :class:`InvertedPendulumEnv` with the v5 constructor."""

from __future__ import annotations

from typing import Any

from .inverted_pendulum import DEFAULT_CAMERA_CONFIG
from .inverted_pendulum import InvertedPendulumEnv as _InvertedPendulum

__all__ = ["DEFAULT_CAMERA_CONFIG", "InvertedPendulumEnv"]


class InvertedPendulumEnv(_InvertedPendulum):
    """Balance a pole on a cart; v5 (see :mod:`gymnasium_core.envs.mujoco.inverted_pendulum`).

    Args:
        xml_file: The model file.
        frame_skip: Physics steps per environment step.
        default_camera_config: Render camera settings.
        reset_noise_scale: Half-width of the uniform reset noise on ``qpos`` and ``qvel``.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    def __init__(
        self,
        xml_file: str = "inverted_pendulum.xml",
        frame_skip: int = 2,
        default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG,
        reset_noise_scale: float = 0.01,
        **kwargs: Any,
    ) -> None:
        """Build the v5 environment."""
        super().__init__(
            xml_file, frame_skip, default_camera_config, reset_noise_scale, version=5, **kwargs
        )
