"""The MJX tasks at their earlier path: a re-export of :mod:`.mjx.tasks`."""

from __future__ import annotations

from .mjx.tasks import (
    MJX_TASKS,
    MjxAnt,
    MjxHalfCheetah,
    MjxHopper,
    MjxHumanoid,
    MjxHumanoidStandup,
    MjxInvertedDoublePendulum,
    MjxInvertedPendulum,
    MjxPusher,
    MjxReacher,
    MjxSwimmer,
    MjxTask,
    MjxWalker2d,
)

__all__ = [
    "MJX_TASKS",
    "MjxAnt",
    "MjxHalfCheetah",
    "MjxHopper",
    "MjxHumanoid",
    "MjxHumanoidStandup",
    "MjxInvertedDoublePendulum",
    "MjxInvertedPendulum",
    "MjxPusher",
    "MjxReacher",
    "MjxSwimmer",
    "MjxTask",
    "MjxWalker2d",
]
