"""The family's JAX shell (the generic shells with its metadata) and its reference surface.

:class:`Phys2dJaxEnv` and :class:`Phys2dJaxVectorEnv` are
:class:`~gymnasium_core.functional.JaxEnvShell` and
:class:`~gymnasium_core.functional.JaxVectorEnvShell` with the family's metadata and the
reference's 200-step default of its vector envs; a task's classes only name its FuncEnv.

Gymnasium's phys2d FuncEnvs keep their state as one ``jax.Array`` (CartPole's ``(4,)``,
Pendulum's ``(2,)``) and can be called directly under ``jax.jit``. :class:`ArrayStateFunctional`
gives one of our classic-control FuncEnvs that surface: it computes with ``jax.numpy`` from the
start, and converts the array to the FuncEnv's state record and back around each function, so
the physics stays the one definition in :mod:`gymnasium_core.envs.classic_control`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

import jax
import jax.numpy as jnp
import numpy as np
from jax.typing import ArrayLike

from gymnasium_core.functional import JaxEnvShell, JaxVectorEnvShell
from gymnasium_core.functional.array_types import Array, ArrayNamespace
from gymnasium_core.functional.random import RNG

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ..classic_control._common import Canvas

PRNGKeyType = jax.Array
StateType = jax.Array

#: The array state: the record's first fields stacked on the last axis, on the device (a JAX
#: array) or fetched to the host for drawing (a numpy array).
ArrayState: TypeAlias = "jax.Array | NDArray[Any]"
#: A classic-control FuncEnv's state record: a NamedTuple of scalars or arrays, one per field.
StateRecord: TypeAlias = tuple[ArrayLike, ...]
#: A FuncEnv's params: a NamedTuple of numbers or arrays (batched under ``vmap``), ``None``
#: for the defaults.
ParamsArg: TypeAlias = tuple[ArrayLike, ...] | None


class ParamsRecord:
    """Mixin for a params NamedTuple with the reference's dataclass surface.

    Gymnasium's phys2d params are frozen dataclasses: a field read on the class is its default
    (``CartPoleParams.gravity == 9.8``, a plain class attribute) and ``replace(**changes)``
    makes a changed copy. A subclass of a NamedTuple that also derives from this mixin gets
    both, and stays a NamedTuple (a JAX pytree, batchable): the class holds the defaults, and
    an instance reads its fields from the tuple.
    """

    __slots__ = ()
    _field_index: dict[str, int] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields: tuple[str, ...] = getattr(cls, "_fields")  # noqa: B009  (set by NamedTuple)
        defaults: dict[str, Any] = getattr(cls, "_field_defaults")  # noqa: B009
        cls._field_index = {name: i for i, name in enumerate(fields)}
        for name in fields:
            setattr(cls, name, defaults[name])

    def __getattribute__(self, name: str) -> Any:
        index = type(self)._field_index.get(name)
        if index is None:
            return object.__getattribute__(self, name)
        return tuple.__getitem__(self, index)  # type: ignore[call-overload]

    def replace(self, **updates: Any) -> Any:
        """A copy with ``updates`` applied to its fields (the reference's dataclass method)."""
        return self._replace(**updates)


class ArrayStateFunctional:
    """Mixin over a classic-control FuncEnv: the state is one array, last axis the fields.

    Subclasses put it before the FuncEnv class and set :attr:`record_type` and
    :attr:`state_size` (how many leading record fields the array holds; the others are
    filled by :meth:`record_extras`). Arrays may carry leading batch axes.
    """

    record_type: Callable[..., StateRecord]
    state_size: int
    xp: ArrayNamespace  # jax.numpy, from construction on

    def record_extras(self, state: ArrayState) -> tuple[ArrayLike, ...]:
        """Values of the record fields the array does not hold (none by default)."""
        return ()

    def to_record(self, state: ArrayState | StateRecord) -> StateRecord:
        """The FuncEnv's state record of an array state (a record passes through).

        The classic methods call one another with records (``reward`` asks ``terminal``), so
        a record is already converted.
        """
        if isinstance(state, tuple):
            return state
        fields = [state[..., i] for i in range(self.state_size)]
        return self.record_type(*fields, *self.record_extras(state))

    def to_array(self, record: StateRecord) -> Array:
        """The array state (float32 on JAX, as the reference's) of a state record."""
        xp = self.xp
        dtype = xp.float32 if xp is jnp else None
        fields = [xp.asarray(v, dtype=dtype) for v in tuple(record)[: self.state_size]]
        return xp.stack(fields, axis=-1)

    def transition(
        self,
        state: ArrayState | StateRecord,
        action: ArrayLike,
        rng: RNG | None = None,
        params: ParamsArg = None,
    ) -> Array:
        """The next array state."""
        record = super().transition(self.to_record(state), action, rng, params)  # type: ignore[misc]
        return self.to_array(record)

    def observation(
        self, state: ArrayState | StateRecord, rng: RNG | None, params: ParamsArg = None
    ) -> jax.Array:
        """The observation of an array state (float32)."""
        obs: jax.Array = super().observation(self.to_record(state), rng, params)  # type: ignore[misc]
        return obs

    def reward(
        self,
        state: ArrayState | StateRecord,
        action: ArrayLike,
        next_state: ArrayState | StateRecord,
        rng: RNG | None,
        params: ParamsArg = None,
    ) -> jax.Array:
        """The reward of a transition between array states."""
        reward: jax.Array = super().reward(  # type: ignore[misc]
            self.to_record(state), action, self.to_record(next_state), rng, params
        )
        return reward

    def terminal(
        self, state: ArrayState | StateRecord, rng: RNG | None, params: ParamsArg = None
    ) -> jax.Array:
        """Whether an array state is terminal."""
        terminated: jax.Array = super().terminal(self.to_record(state), rng, params)  # type: ignore[misc]
        return terminated

    def render_image(
        self, state: ArrayState | StateRecord, render_state: Canvas, params: ParamsArg = None
    ) -> tuple[Canvas, NDArray[np.uint8]]:
        """Draw an array state."""
        record = self.to_record(np.asarray(state))
        drawn: tuple[Canvas, NDArray[np.uint8]] = super().render_image(  # type: ignore[misc]
            record, render_state, params
        )
        return drawn


def jax_namespace() -> Any:
    """``jax.numpy``, the namespace the phys2d FuncEnvs compute with from construction."""
    return jnp


class Phys2dJaxEnv(JaxEnvShell[Any]):
    """One classic-control task on JAX; subclasses name the FuncEnv in :attr:`func_env_cls`."""

    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 50, "jax": True}


class Phys2dJaxVectorEnv(JaxVectorEnvShell):
    """A batch of one classic-control task on JAX; episodes are cut at 200 steps by default."""

    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 50, "jax": True}

    def __init__(
        self,
        num_envs: int,
        render_mode: str | None = None,
        max_episode_steps: int = 200,
        **kwargs: Any,
    ) -> None:
        """Batch the task ``num_envs`` times (see :class:`JaxVectorEnvShell`).

        Args:
            num_envs: The number of sub-environments.
            render_mode: ``None`` or ``"rgb_array"``.
            max_episode_steps: Truncate episodes after this many steps (0: never); the
                reference's default.
            **kwargs: The FuncEnv's constructor arguments, plus the adapter's options.
        """
        super().__init__(num_envs, render_mode, max_episode_steps, **kwargs)
