"""MuJoCo environments and the :class:`MujocoEnv` base class for custom models.

They need the ``mujoco`` extra (``pip install "gymnasium-core[mujoco]"``). Every name loads on
first access, so importing this package imports neither mujoco nor pygame. The environment
classes exported here are the v5 ones; ``<task>_v4`` modules hold the v4 defaults.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "AntEnv",
    "HalfCheetahEnv",
    "HopperEnv",
    "HumanoidEnv",
    "HumanoidStandupEnv",
    "InvertedDoublePendulumEnv",
    "InvertedPendulumEnv",
    "MujocoEnv",
    "MujocoRenderer",
    "PusherEnv",
    "ReacherEnv",
    "SwimmerEnv",
    "Walker2dEnv",
]

_WHERE = {
    "MujocoEnv": "mujoco_env",
    "MujocoRenderer": "mujoco_rendering",
    "AntEnv": "ant_v5",
    "HalfCheetahEnv": "half_cheetah_v5",
    "HopperEnv": "hopper_v5",
    "HumanoidEnv": "humanoid_v5",
    "HumanoidStandupEnv": "humanoidstandup_v5",
    "InvertedDoublePendulumEnv": "inverted_double_pendulum_v5",
    "InvertedPendulumEnv": "inverted_pendulum_v5",
    "PusherEnv": "pusher_v5",
    "ReacherEnv": "reacher_v5",
    "SwimmerEnv": "swimmer_v5",
    "Walker2dEnv": "walker2d_v5",
}


#: Modules that are attributes of the package, as in Gymnasium (which imports them with it).
_SUBMODULES = frozenset({"mujoco_env", "mujoco_rendering"})


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_SUBMODULES})
