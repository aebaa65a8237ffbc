"""CartPole on JAX (``phys2d/CartPole-v0/v1/v2``): the functional env and the jitted envs.

:class:`CartPoleFunctional` is the classic-control definition
(:class:`gymnasium_core.envs.classic_control.cartpole.CartPoleFunctional`) with the surface
of Gymnasium's phys2d CartPole: its state is one ``(4,)`` float32 ``jax.Array``
``(x, x_dot, theta, theta_dot)``, it computes with ``jax.numpy`` from construction (so
``jax.jit(env.transition)(state, action, key, params)`` works), and it takes a
:class:`CartPoleParams` with the reference's field names.

``polemass_length`` is a param. Gymnasium's phys2d CartPole sets it to ``masspole + length``
(0.6) where the physics (and the stateful ``CartPole-v1``) has ``masspole * length`` (0.05).
The classes here keep the reference's default, so ``phys2d/CartPole-v0`` and ``-v1`` follow
the reference's trajectories; ``phys2d/CartPole-v2`` is registered with the product, and
:func:`stateful_physics_vector_env` (the JAX mode of ``CartPole-v0/v1``) uses it too.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from gymnasium_core.functional import random
from gymnasium_core.functional.jax_env import FunctionalJaxEnv
from gymnasium_core.functional.jax_vector_env import FunctionalJaxVectorEnv
from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Box
from gymnasium_core.vector import AutoresetMode

from ..classic_control import cartpole as _classic
from ._jax import (
    ArrayStateFunctional,
    ParamsRecord,
    Phys2dJaxEnv,
    Phys2dJaxVectorEnv,
    PRNGKeyType,
    StateType,
    jax_namespace,
)

__all__ = [
    "CartPoleFunctional",
    "CartPoleJaxEnv",
    "CartPoleJaxVectorEnv",
    "CartPoleParams",
    "FunctionalJaxEnv",
    "FunctionalJaxVectorEnv",
    "PRNGKeyType",
    "RenderStateType",
    "StateType",
    "stateful_physics_vector_env",
]

RenderStateType = tuple[Any, Any]  # what ``render_init`` returns (a canvas and its clock)

# The stateful CartPole's pole "mass-length", ``masspole * length``.
PRODUCT_POLEMASS_LENGTH = 0.1 * 0.5


class _CartPoleParamsFields(NamedTuple):
    """The fields, in the reference's order, with its defaults."""

    gravity: float = 9.8
    masscart: float = 1.0
    masspole: float = 0.1
    total_mass: float = 0.1 + 1.0
    length: float = 0.5  # half the pole length [m]
    polemass_length: float = 0.1 + 0.5  # the reference's value; the physics wants 0.1 * 0.5
    force_mag: float = 10.0
    tau: float = 0.02  # seconds per step
    theta_threshold_radians: float = 12 * 2 * math.pi / 360
    x_threshold: float = 2.4
    x_init: float = 0.05  # the first state is uniform in [-x_init, x_init)
    sutton_barto_reward: bool = False
    screen_width: int = 600
    screen_height: int = 400


class CartPoleParams(ParamsRecord, _CartPoleParamsFields):
    """The params of the phys2d CartPole: the reference's field names, order and defaults.

    As in the reference, ``total_mass`` (1.1) and ``polemass_length`` (0.6, the reference's
    ``masspole + length``) are plain defaults, not recomputed from the other fields; see the
    module docstring for the product.
    """

    __slots__ = ()


# The array state replaces the record state of the classic FuncEnv (the reference's phys2d
# surface), so ``transition`` returns another type than the base class declares.
class CartPoleFunctional(ArrayStateFunctional, _classic.CartPoleFunctional):  # type: ignore[misc]
    """CartPole with a ``(4,)`` array state, computing with ``jax.numpy``.

    Args:
        options: Attributes to set on the env (the reference's ``FuncEnv`` argument).
        **kwargs: Overrides of the default :class:`CartPoleParams`.
    """

    observation_space = Box(-np.inf, np.inf, shape=(4,), dtype=np.float32)
    record_type = _classic.CartPoleState
    state_size = 4

    def __init__(self, options: dict[str, Any] | None = None, **kwargs: Any) -> None:
        self.xp = jax_namespace()
        super().__init__("euler", **kwargs)
        self.__dict__.update(options or {})

    def get_default_params(self, **kwargs: Any) -> Any:
        """The default params, with the constructor's and ``kwargs`` overrides."""
        return CartPoleParams(**{**getattr(self, "_overrides", {}), **kwargs})

    def initial(self, rng: RNG, params: Any = None) -> Any:
        """All four variables uniform in ``[-x_init, x_init)`` (the reference's single draw)."""
        p: Any = self.default_params if params is None else params
        return random.uniform(rng, -p.x_init, p.x_init, shape=(4,))

    def render_init(
        self,
        params: Any = None,
        screen_width: int = 600,
        screen_height: int = 400,
        **kwargs: Any,
    ) -> Any:
        """Open a canvas of the params' screen size (``render_mode`` and ``fps`` may be given)."""
        p: Any = self.default_params if params is None else params
        self.screen_width, self.screen_height = int(p.screen_width), int(p.screen_height)
        return super().render_init(params, **kwargs)


class CartPoleJaxEnv(Phys2dJaxEnv):
    """CartPole as a jitted single env; keyword arguments override the params."""

    func_env_cls = CartPoleFunctional
    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 50, "jax": True}


class CartPoleJaxVectorEnv(Phys2dJaxVectorEnv):
    """CartPole batched on JAX: every sub-env stepped in one jitted call."""

    func_env_cls = CartPoleFunctional
    metadata: dict[str, Any] = {
        "render_modes": ["rgb_array"],
        "render_fps": 50,
        "jax": True,
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }


def stateful_physics_vector_env(num_envs: int, **kwargs: Any) -> CartPoleJaxVectorEnv:
    """A :class:`CartPoleJaxVectorEnv` with the stateful CartPole's ``polemass_length``.

    The JAX vector env of ``CartPole-v0/v1`` (``make_vec(id, n, vectorization_mode="jax")``):
    the same physics as the stateful env, within float32 precision.

    Args:
        num_envs: The number of sub-environments.
        **kwargs: As for :class:`CartPoleJaxVectorEnv`.

    Returns:
        The vector env.
    """
    kwargs.setdefault("polemass_length", PRODUCT_POLEMASS_LENGTH)
    return CartPoleJaxVectorEnv(num_envs, **kwargs)
