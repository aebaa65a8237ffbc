"""``HumanoidStandup-v4``: the stand-up task with the v4 constructor, observation and info."""

from __future__ import annotations

from typing import Any, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from . import humanoidstandup_v5
from ._definition import V4_FIXED_ARGUMENTS
from ._task import reject_task_kwargs
from .humanoidstandup_v5 import DEFAULT_CAMERA_CONFIG, HUMANOID_STANDUP
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "HumanoidStandupEnv", "MujocoEnv"]


class HumanoidStandupEnv(humanoidstandup_v5.HumanoidStandupEnv):
    """The v4 stand-up task: every constant fixed, only the rendering arguments are taken.

    Args:
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv` (``render_mode``,
            ``width``, ``height``, ``camera_id``, ...).
    """

    metadata: dict[str, Any] = HUMANOID_STANDUP.rules["v4"].metadata()
    version = "v4"

    def __init__(self, **kwargs: Any) -> None:
        reject_task_kwargs(kwargs, V4_FIXED_ARGUMENTS)
        super().__init__(
            "humanoidstandup.xml", 5, humanoidstandup_v5.DEFAULT_CAMERA_CONFIG, **kwargs
        )

    def step(
        self, a: NDArray[np.float32]
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Advance one step; the reference's v4 class names the action ``a``."""
        return super().step(a)
