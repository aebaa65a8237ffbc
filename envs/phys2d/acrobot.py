"""Acrobot on JAX (``phys2d/Acrobot-v0``): jitted single and vector envs.

The dynamics are
:class:`gymnasium_core.envs.classic_control.acrobot.AcrobotFunctional`,
the same definition the stateful and numpy-batched envs run.
"""

from __future__ import annotations

from typing import Any

from gymnasium_core.envs.classic_control.acrobot import AcrobotFunctional

from ._jax import Phys2dJaxEnv, Phys2dJaxVectorEnv

__all__ = ["AcrobotFunctional", "AcrobotJaxEnv", "AcrobotJaxVectorEnv"]

_METADATA: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 15, "jax": True}


class AcrobotJaxEnv(Phys2dJaxEnv):
    """Acrobot as a jitted single env; keyword arguments override the params."""

    func_env_cls = AcrobotFunctional
    metadata = _METADATA


class AcrobotJaxVectorEnv(Phys2dJaxVectorEnv):
    """Acrobot batched on JAX: every sub-env stepped in one jitted call."""

    func_env_cls = AcrobotFunctional
    metadata = _METADATA
