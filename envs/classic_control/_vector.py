"""The numpy-batched shell of the classic-control envs (their ``vector_entry_point``).

:class:`ClassicControlVectorEnv` is a thin subclass of the generic
:class:`~gymnasium_core.functional.FunctionalNumpyVectorEnv` that reads the reference's reset
options and validates action batches as the reference's vector envs do;
:class:`StackedStateMixin` gives a FuncEnv the reference's ``(fields, num_envs)`` state array.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core.functional import FunctionalNumpyVectorEnv, _params
from gymnasium_core.vector import AutoresetMode

from ._stateful import reset_params


def vector_metadata(render_fps: int) -> dict[str, Any]:
    """The metadata of a numpy-batched classic-control env (it renders frames only)."""
    return {
        "render_modes": ["rgb_array"],
        "render_fps": render_fps,
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }


class StackedStateMixin:
    """Mixin over a batched classic-control FuncEnv: the state is one ``(fields, num_envs)`` array.

    The reference's ``CartPoleVectorEnv`` keeps its state as a float64 ``(4, num_envs)``
    array. The FuncEnv computes on its record; the record's fields are the array's rows
    (views), so writes into the array reach the next step, and each new state is stacked into
    a fresh array. A subclass puts it before the FuncEnv class and names the record type.
    """

    state_type: Any

    _last: tuple[Any, Any] = (None, None)

    def to_record(self, state: Any) -> Any:
        """The record whose fields are the rows of ``state`` (a record passes through).

        A step asks for the record of the same array several times (transition, reward,
        terminal, observation): the last one is kept, keyed by the array's identity. Its fields
        are views, so writes into the array show through.
        """
        if isinstance(state, tuple):
            return state
        last, record = self._last
        if state is not last:
            record = self.state_type(*state)
            self._last = (state, record)
        return record

    def initial(self, rng: Any, params: Any = None) -> Any:
        """First states, stacked."""
        return np.array(super().initial(rng, params))  # type: ignore[misc]

    def transition(self, state: Any, action: Any, rng: Any, params: Any = None) -> Any:
        """The next states, stacked into a new array."""
        record = super().transition(self.to_record(state), action, rng, params)  # type: ignore[misc]
        return np.array(record)

    def observation(self, state: Any, rng: Any, params: Any = None) -> Any:
        """The observations of a stacked state."""
        return super().observation(self.to_record(state), rng, params)  # type: ignore[misc]

    def reward(self, state: Any, action: Any, next_state: Any, rng: Any, params: Any = None) -> Any:
        """The rewards of a transition between stacked states."""
        record, next_record = self.to_record(state), self.to_record(next_state)
        return super().reward(record, action, next_record, rng, params)  # type: ignore[misc]

    def terminal(self, state: Any, rng: Any, params: Any = None) -> Any:
        """Which stacked states are terminal."""
        return super().terminal(self.to_record(state), rng, params)  # type: ignore[misc]


class ClassicControlVectorEnv(FunctionalNumpyVectorEnv):
    """A numpy-batched classic-control env that also reads the reference's reset options."""

    def _draw_frames(self) -> list[np.ndarray[Any, Any]]:
        """One RGB frame per sub-env; for a stacked state, sub-env ``i`` is column ``i``."""
        if not isinstance(self.state, np.ndarray):
            return super()._draw_frames()
        f, args = self.func_env, self._pargs
        if self._render_states is None:
            self._render_states = [f.render_init(*args) for _ in range(self.num_envs)]
        frames = []
        for i in range(self.num_envs):
            single = f.state_type(*self.state[:, i])
            self._render_states[i], frame = f.render_image(single, self._render_states[i], *args)
            frames.append(np.asarray(frame))
        return frames

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset (all or ``options["reset_mask"]``), with optional reset bounds in ``options``.

        Args:
            seed: Re-seeds the generator if given.
            options: ``low`` / ``high`` (or Pendulum's ``x_init`` / ``y_init``) bounds for the
                first states, and optionally ``reset_mask``.

        Returns:
            ``(observations, info)``, batched.
        """
        if not hasattr(self, "_defaults"):
            self._defaults = self.params
        # Written params (the attribute views) stay; only the reset bounds are set here.
        self.params = reset_params(self.params, options, self._defaults)
        self._pargs = (self.params,)
        mask = None if options is None else options.get("reset_mask")
        return super().reset(seed=seed, options=None if mask is None else {"reset_mask": mask})

    def _write_params(self, **fields: Any) -> None:
        """Replace params fields; the next step uses them (the attribute views write here)."""
        self.params = self.params._replace(**fields)
        self._pargs = (self.params,)
        defaults = self.func_env.default_params
        self._param_axes = _params.batch_axes(self.params, defaults, self.num_envs)
        self._has_batched_params = _params.is_batched(self._param_axes)

    def _reset_rows(self, state: Any, mask: np.ndarray[Any, Any]) -> Any:
        """Write fresh first states into the rows ``mask`` selects, in place.

        The classic-control transitions return new arrays every step, so nothing else holds
        these; writing in place saves copying every field of the batch at each autoreset.
        """
        fresh = self._initial(mask)
        for field, rows in zip(state, fresh, strict=True):
            field[mask] = rows
        return state

    def step(self, action: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step every sub-env with ``action``, one row per sub-env (the reference's name).

        Out-of-range discrete actions and NaN forces raise.

        Raises:
            AssertionError: For a discrete action batch outside the action space (as the
                reference's ``CartPoleVectorEnv``).
            ValueError: For a continuous action batch containing NaN.
        """
        actions = np.asarray(action)
        if self.single_action_space.shape == ():
            space: Any = self.single_action_space
            in_range = (
                actions.shape == (self.num_envs,)
                and actions.dtype.kind in "iu"
                and actions.min() >= space.start
                and actions.max() < space.start + space.n
            )
            if not in_range:
                assert self.action_space.contains(actions), f"{actions!r} ({type(actions)}) invalid"
        elif np.isnan(actions).any():
            raise ValueError("The action batch contains NaN.")
        return super().step(actions)
