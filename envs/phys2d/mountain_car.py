"""MountainCar on JAX (``phys2d/MountainCar-v0``): jitted single and vector envs.

The dynamics are
:class:`gymnasium_core.envs.classic_control.mountain_car.MountainCarFunctional`,
the same definition the stateful and numpy-batched envs run.
"""

from __future__ import annotations

from typing import Any

from gymnasium_core.envs.classic_control.mountain_car import MountainCarFunctional

from ._jax import Phys2dJaxEnv, Phys2dJaxVectorEnv

__all__ = ["MountainCarFunctional", "MountainCarJaxEnv", "MountainCarJaxVectorEnv"]

_METADATA: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 30, "jax": True}


class MountainCarJaxEnv(Phys2dJaxEnv):
    """MountainCar as a jitted single env; keyword arguments override the params."""

    func_env_cls = MountainCarFunctional
    metadata = _METADATA


class MountainCarJaxVectorEnv(Phys2dJaxVectorEnv):
    """MountainCar batched on JAX: every sub-env stepped in one jitted call."""

    func_env_cls = MountainCarFunctional
    metadata = _METADATA
