"""CartPole on JAX (``phys2d/CartPole-v0/v1``): the jitted env and the batched vector env.

The dynamics are
:class:`gymnasium_core.envs.classic_control.cartpole.CartPoleFunctional`,
the same definition the stateful and numpy-batched envs run.

Unlike the reference's functional CartPole, ``polemass_length`` is ``masspole * length``
(the reference's phys2d module uses the sum), so these ids follow the stateful physics.
"""

from __future__ import annotations

from typing import Any

from gymnasium_core.envs.classic_control.cartpole import CartPoleFunctional

from ._jax import Phys2dJaxEnv, Phys2dJaxVectorEnv

__all__ = ["CartPoleFunctional", "CartPoleJaxEnv", "CartPoleJaxVectorEnv"]

_METADATA: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 50, "jax": True}


class CartPoleJaxEnv(Phys2dJaxEnv):
    """CartPole as a jitted single env; keyword arguments override the params."""

    func_env_cls = CartPoleFunctional
    metadata = _METADATA


class CartPoleJaxVectorEnv(Phys2dJaxVectorEnv):
    """CartPole batched on JAX: every sub-env stepped in one jitted call."""

    func_env_cls = CartPoleFunctional
    metadata = _METADATA
