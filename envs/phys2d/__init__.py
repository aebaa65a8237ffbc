"""The classic-control tasks on JAX (the ``phys2d/`` ids).

Each module offers ``<Task>JaxEnv`` and ``<Task>JaxVectorEnv`` over the one FuncEnv defined in
:mod:`gymnasium_core.envs.classic_control`. CartPole and Pendulum also have the surface of
Gymnasium's phys2d modules: an array state, params records with the reference's names, and
FuncEnvs usable directly under ``jax.jit``. JAX is imported when this package is.
"""

from __future__ import annotations

from .cartpole import CartPoleFunctional, CartPoleJaxEnv
from .pendulum import PendulumFunctional, PendulumJaxEnv

__all__ = [
    "CartPoleFunctional",
    "CartPoleJaxEnv",
    "PendulumFunctional",
    "PendulumJaxEnv",
]
