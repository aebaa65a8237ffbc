"""Pendulum on JAX (``phys2d/Pendulum-v0``): the functional env, jitted single and vector envs.

:class:`PendulumFunctional` is the classic-control definition
(:class:`gymnasium_core.envs.classic_control.pendulum.PendulumFunctional`) with the surface of
Gymnasium's phys2d Pendulum: its state is one ``(2,)`` float32 ``jax.Array``
``(theta, theta_dot)``, it computes with ``jax.numpy`` from construction, and it takes a
:class:`PendulumParams` with the reference's field names. As in the reference, the maximum
torque is the class attribute :attr:`PendulumFunctional.max_torque`; the params carry it too,
so it can be batched.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
from jax.typing import ArrayLike

from gymnasium_core.functional import random
from gymnasium_core.functional.jax_env import FunctionalJaxEnv
from gymnasium_core.functional.jax_vector_env import FunctionalJaxVectorEnv
from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Box

from ..classic_control import pendulum as _classic
from ._jax import (
    ArrayState,
    ArrayStateFunctional,
    ParamsRecord,
    Phys2dJaxEnv,
    Phys2dJaxVectorEnv,
    PRNGKeyType,
    StateType,
    jax_namespace,
)

__all__ = [
    "FunctionalJaxEnv",
    "FunctionalJaxVectorEnv",
    "PRNGKeyType",
    "PendulumFunctional",
    "PendulumJaxEnv",
    "PendulumJaxVectorEnv",
    "PendulumParams",
    "RenderStateType",
    "StateType",
]

RenderStateType = tuple[Any, Any, Any]  # what ``render_init`` returns (a canvas and more)


class _PendulumParamsFields(NamedTuple):
    """The fields, in the reference's order, with its defaults."""

    max_speed: float = 8.0
    dt: float = 0.05
    g: float = 10.0
    m: float = 1.0
    l: float = 1.0  # noqa: E741  (the reference's name)
    high_x: float = math.pi  # the first angle is uniform in [-high_x, high_x)
    high_y: float = 1.0  # the first angular velocity is uniform in [-high_y, high_y)
    screen_dim: int = 500
    max_torque: float = 2.0  # the reference has it as a class attribute only


class PendulumParams(ParamsRecord, _PendulumParamsFields):
    """The params of the phys2d Pendulum, with the reference's field names and order."""

    __slots__ = ()


# The array state replaces the record state of the classic FuncEnv (the reference's phys2d
# surface), so ``transition`` returns another type than the base class declares.
class PendulumFunctional(ArrayStateFunctional, _classic.PendulumFunctional):  # type: ignore[misc]
    """Pendulum with a ``(2,)`` array state, computing with ``jax.numpy``.

    Args:
        options: Attributes to set on the env (the reference's ``FuncEnv`` argument).
        **kwargs: Overrides of the default :class:`PendulumParams`.
    """

    max_torque: float = 2.0
    observation_space = Box(-np.inf, np.inf, shape=(3,), dtype=np.float32)
    action_space = Box(-max_torque, max_torque, shape=(1,), dtype=np.float32)
    record_type = _classic.PendulumState
    state_size = 2

    def __init__(self, options: dict[str, Any] | None = None, **kwargs: Any) -> None:
        self.xp = jax_namespace()
        super().__init__(**kwargs)
        self.__dict__.update(options or {})

    def record_extras(self, state: ArrayState) -> tuple[ArrayLike, ...]:
        """No torque has been applied to an array state (the renderer draws no arrow)."""
        return (state[..., 0] * math.nan,)

    def get_default_params(self, **kwargs: Any) -> Any:
        """The default params, with the constructor's and ``kwargs`` overrides."""
        return PendulumParams(**{**getattr(self, "_overrides", {}), **kwargs})

    def initial(self, rng: RNG, params: Any = None) -> Any:
        """``theta`` and ``theta_dot`` uniform in ``[-high, high)`` (the reference's draw)."""
        p: Any = self.default_params if params is None else params
        xp = self.xp
        high = xp.stack([xp.asarray(p.high_x), xp.asarray(p.high_y)])
        return random.uniform(rng, -high, high, shape=(2,))

    def render_init(  # type: ignore[override]  # the reference's parameters
        self,
        screen_width: Any = 600,
        screen_height: int = 400,
        params: Any = None,
        **kwargs: Any,
    ) -> Any:
        """Open a square canvas of the params' ``screen_dim``.

        The reference's parameter order is kept; our adapters pass the params first, which is
        recognised here (a params record in place of ``screen_width``).
        """
        if isinstance(screen_width, PendulumParams):
            params, screen_width = screen_width, 600
        p: Any = self.default_params if params is None else params
        self.screen_dim = int(p.screen_dim)
        return super().render_init(params, **kwargs)


class PendulumJaxEnv(Phys2dJaxEnv):
    """Pendulum as a jitted single env; keyword arguments override the params."""

    func_env_cls = PendulumFunctional
    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 30, "jax": True}


class PendulumJaxVectorEnv(Phys2dJaxVectorEnv):
    """Pendulum batched on JAX: every sub-env stepped in one jitted call."""

    func_env_cls = PendulumFunctional
    metadata: dict[str, Any] = {
        "render_modes": ["rgb_array"],
        "render_fps": 50,  # the reference's values for this class (its single env has 30)
        "jax": True,
    }
