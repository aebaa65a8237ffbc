"""``HumanoidStandup-v4``: the stand-up task with the v4 constructor, observation and info."""

from __future__ import annotations

from typing import Any

from . import humanoidstandup
from ._locomotion import V4_FIXED_ARGUMENTS, reject_task_kwargs
from ._task import v4_metadata

__all__ = ["HumanoidStandupEnv"]


class HumanoidStandupEnv(humanoidstandup.HumanoidStandupEnv):
    """The v4 stand-up task: every constant fixed, only the rendering arguments are taken.

    Args:
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ...).
    """

    metadata: dict[str, Any] = v4_metadata(render_fps=67)
    version = "v4"

    def __init__(self, **kwargs: Any) -> None:
        reject_task_kwargs(kwargs, V4_FIXED_ARGUMENTS)
        super().__init__("humanoidstandup.xml", 5, humanoidstandup.DEFAULT_CAMERA_CONFIG, **kwargs)
