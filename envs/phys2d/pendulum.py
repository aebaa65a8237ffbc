"""Pendulum on JAX (``phys2d/Pendulum-v0``): jitted single and vector envs.

The dynamics are
:class:`gymnasium_core.envs.classic_control.pendulum.PendulumFunctional`,
the same definition the stateful and numpy-batched envs run.
"""

from __future__ import annotations

from typing import Any

from gymnasium_core.envs.classic_control.pendulum import PendulumFunctional

from ._jax import Phys2dJaxEnv, Phys2dJaxVectorEnv

__all__ = ["PendulumFunctional", "PendulumJaxEnv", "PendulumJaxVectorEnv"]

_METADATA: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 30, "jax": True}


class PendulumJaxEnv(Phys2dJaxEnv):
    """Pendulum as a jitted single env; keyword arguments override the params."""

    func_env_cls = PendulumFunctional
    metadata = _METADATA


class PendulumJaxVectorEnv(Phys2dJaxVectorEnv):
    """Pendulum batched on JAX: every sub-env stepped in one jitted call."""

    func_env_cls = PendulumFunctional
    metadata = _METADATA
