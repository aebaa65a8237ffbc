"""``HumanoidStandup-v4``: the stand-up task with the v4 constructor, observation and info."""

from __future__ import annotations

from typing import Any

from . import humanoidstandup
from ._locomotion import reject_task_kwargs

__all__ = ["HumanoidStandupEnv"]

# Set by the v4 class itself: passing them is an error, as in the reference.
_FIXED = ("model_path", "frame_skip", "observation_space", "default_camera_config")


class HumanoidStandupEnv(humanoidstandup.HumanoidStandupEnv):
    """The v4 stand-up task: every constant fixed, only the rendering arguments are taken.

    Args:
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ...).
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "rgb_array", "depth_array", "rgbd_tuple"],
        "render_fps": 67,
    }
    version = "v4"

    def __init__(self, **kwargs: Any) -> None:
        reject_task_kwargs(kwargs, _FIXED)
        super().__init__("humanoidstandup.xml", 5, humanoidstandup.DEFAULT_CAMERA_CONFIG, **kwargs)
