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

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from gymnasium_core.functional.jax_shell import JaxEnvShell, JaxVectorEnvShell

PRNGKeyType = jax.Array
StateType = jax.Array


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

    record_type: Any
    state_size: int
    xp: Any

    def record_extras(self, state: Any) -> tuple[Any, ...]:
        """Values of the record fields the array does not hold (none by default)."""
        return ()

    def to_record(self, state: Any) -> Any:
        """The FuncEnv's state record of an array state (a record passes through).

        The classic methods call one another with records (``reward`` asks ``terminal``), so
        a record is already converted.
        """
        if isinstance(state, tuple):
            return state
        fields = [state[..., i] for i in range(self.state_size)]
        return self.record_type(*fields, *self.record_extras(state))

    def to_array(self, record: Any) -> Any:
        """The array state (float32 on JAX, as the reference's) of a state record."""
        xp = self.xp
        dtype = xp.float32 if xp is jnp else None
        fields = [xp.asarray(v, dtype=dtype) for v in tuple(record)[: self.state_size]]
        return xp.stack(fields, axis=-1)

    def transition(self, state: Any, action: Any, rng: Any = None, params: Any = None) -> Any:
        """The next array state."""
        record = super().transition(self.to_record(state), action, rng, params)  # type: ignore[misc]
        return self.to_array(record)

    def observation(self, state: Any, rng: Any, params: Any = None) -> Any:
        """The observation of an array state (float32)."""
        return super().observation(self.to_record(state), rng, params)  # type: ignore[misc]

    def reward(self, state: Any, action: Any, next_state: Any, rng: Any, params: Any = None) -> Any:
        """The reward of a transition between array states."""
        return super().reward(  # type: ignore[misc]
            self.to_record(state), action, self.to_record(next_state), rng, params
        )

    def terminal(self, state: Any, rng: Any, params: Any = None) -> Any:
        """Whether an array state is terminal."""
        return super().terminal(self.to_record(state), rng, params)  # type: ignore[misc]

    def render_image(self, state: Any, render_state: Any, params: Any = None) -> Any:
        """Draw an array state."""
        record = self.to_record(np.asarray(state))
        return super().render_image(record, render_state, params)  # type: ignore[misc]


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
