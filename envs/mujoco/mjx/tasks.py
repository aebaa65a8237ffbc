"""Every MuJoCo task on MJX: the native tasks' definitions bound to the MJX shell.

``MjxHopper`` is :class:`~.task.MjxTask` running ``hopper.HOPPER``, the definition the native
``HopperEnv`` is built from, and so on for each task; they hold no code of their own. MJX
computes in float32 (unless ``jax_enable_x64`` is set), so trajectories follow the native
float64 ones only to a tolerance (see ``docs/envs/mujoco_mjx.md``). Reset distributions equal
the native ones, drawn from JAX keys instead of a numpy generator.

>>> from gymnasium_core.functional import FunctionalJaxEnv  # doctest: +SKIP
>>> env = FunctionalJaxEnv(MjxReacher(reward_control_weight=0.5))  # doctest: +SKIP
"""

from __future__ import annotations

from .. import (
    ant,
    half_cheetah,
    hopper,
    humanoid,
    humanoidstandup,
    inverted_double_pendulum,
    inverted_pendulum,
    pusher,
    reacher,
    swimmer,
    walker2d,
)
from .task import MjxTask, task_class

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

MjxAnt = task_class(ant.ANT, __name__)
MjxHalfCheetah = task_class(half_cheetah.HALF_CHEETAH, __name__)
MjxHopper = task_class(hopper.HOPPER, __name__)
MjxHumanoid = task_class(humanoid.HUMANOID, __name__)
MjxHumanoidStandup = task_class(humanoidstandup.HUMANOID_STANDUP, __name__)
MjxInvertedDoublePendulum = task_class(inverted_double_pendulum.INVERTED_DOUBLE_PENDULUM, __name__)
MjxInvertedPendulum = task_class(inverted_pendulum.INVERTED_PENDULUM, __name__)
MjxPusher = task_class(pusher.PUSHER, __name__)
MjxReacher = task_class(reacher.REACHER, __name__)
MjxSwimmer = task_class(swimmer.SWIMMER, __name__)
MjxWalker2d = task_class(walker2d.WALKER2D, __name__)

#: Every MJX task, by the name of its native task.
MJX_TASKS: dict[str, type[MjxTask]] = {
    cls.definition.name: cls
    for cls in (
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
        MjxWalker2d,
    )
}
