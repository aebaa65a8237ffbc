"""``Pusher-v5``: :class:`PusherEnv` with the v5 constructor."""

from __future__ import annotations

from typing import Any

from .pusher import DEFAULT_CAMERA_CONFIG
from .pusher import PusherEnv as _Pusher

__all__ = ["DEFAULT_CAMERA_CONFIG", "PusherEnv"]


class PusherEnv(_Pusher):
    """Push a cylinder onto a goal; v5.

    Args:
        xml_file: The model file.
        frame_skip: Physics steps per environment step.
        default_camera_config: Render camera settings.
        reward_near_weight: Weight of the fingertips-object distance.
        reward_dist_weight: Weight of the object-goal distance.
        reward_control_weight: Weight of the squared controls.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    def __init__(
        self,
        xml_file: str = "pusher_v5.xml",
        frame_skip: int = 5,
        default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG,
        reward_near_weight: float = 0.5,
        reward_dist_weight: float = 1,
        reward_control_weight: float = 0.1,
        **kwargs: Any,
    ) -> None:
        """Build the v5 environment."""
        super().__init__(
            xml_file,
            frame_skip,
            default_camera_config,
            reward_near_weight,
            reward_dist_weight,
            reward_control_weight,
            version=5,
            **kwargs,
        )
