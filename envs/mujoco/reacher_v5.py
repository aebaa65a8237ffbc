"""``Reacher-v5``: :class:`ReacherEnv` with the v5 constructor."""

from __future__ import annotations

from typing import Any

from .reacher import DEFAULT_CAMERA_CONFIG
from .reacher import ReacherEnv as _Reacher

__all__ = ["DEFAULT_CAMERA_CONFIG", "ReacherEnv"]


class ReacherEnv(_Reacher):
    """Reach a target with a two-link arm; v5.

    Args:
        xml_file: The model file.
        frame_skip: Physics steps per environment step.
        default_camera_config: Render camera settings.
        reward_dist_weight: Weight of the distance term.
        reward_control_weight: Weight of the control term.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    def __init__(
        self,
        xml_file: str = "reacher.xml",
        frame_skip: int = 2,
        default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG,
        reward_dist_weight: float = 1,
        reward_control_weight: float = 1,
        **kwargs: Any,
    ) -> None:
        """Build the v5 environment."""
        super().__init__(
            xml_file,
            frame_skip,
            default_camera_config,
            reward_dist_weight,
            reward_control_weight,
            version=5,
            **kwargs,
        )
