"""Classic control environments: CartPole, MountainCar (discrete and continuous), Pendulum, Acrobot.

Each task is one :class:`~gymnasium_core.functional.FuncEnv`; the stateful envs, the
numpy-batched vector envs and the JAX envs (:mod:`gymnasium_core.envs.phys2d`) all run it.
"""

from __future__ import annotations

from .acrobot import AcrobotEnv
from .cartpole import CartPoleEnv
from .continuous_mountain_car import Continuous_MountainCarEnv
from .mountain_car import MountainCarEnv
from .pendulum import PendulumEnv

__all__ = [
    "AcrobotEnv",
    "CartPoleEnv",
    "Continuous_MountainCarEnv",
    "MountainCarEnv",
    "PendulumEnv",
]
