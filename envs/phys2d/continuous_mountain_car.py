"""Continuous MountainCar on JAX (``phys2d/MountainCarContinuous-v0``): single and vector envs.

The dynamics are
:class:`gymnasium_core.envs.classic_control.continuous_mountain_car.ContinuousMountainCarFunctional`,
the same definition the stateful and numpy-batched envs run.
"""

from __future__ import annotations

from typing import Any

from gymnasium_core.envs.classic_control.continuous_mountain_car import (
    ContinuousMountainCarFunctional,
)

from ._jax import Phys2dJaxEnv, Phys2dJaxVectorEnv

__all__ = [
    "ContinuousMountainCarFunctional",
    "ContinuousMountainCarJaxEnv",
    "ContinuousMountainCarJaxVectorEnv",
]

_METADATA: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 30, "jax": True}


class ContinuousMountainCarJaxEnv(Phys2dJaxEnv):
    """Continuous MountainCar as a jitted single env; keyword arguments override the params."""

    func_env_cls = ContinuousMountainCarFunctional
    metadata = _METADATA


class ContinuousMountainCarJaxVectorEnv(Phys2dJaxVectorEnv):
    """Continuous MountainCar batched on JAX: every sub-env stepped in one jitted call."""

    func_env_cls = ContinuousMountainCarFunctional
    metadata = _METADATA
