"""The stateful and numpy-batched shells of the classic-control envs.

Both are thin subclasses of the generic functional adapters: they read the reference's reset
options (``low`` / ``high``, Pendulum's ``x_init`` / ``y_init``) into the params, validate
actions the way the reference does, and otherwise leave everything to the FuncEnv.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from gymnasium_core.error import ResetNeeded
from gymnasium_core.functional import FunctionalNumpyEnv, FunctionalNumpyVectorEnv, backends
from gymnasium_core.vector import AutoresetMode

from .utils import maybe_parse_reset_bounds, verify_number_and_cast


def reset_params(params: Any, options: dict[str, Any] | None, defaults: Any) -> Any:
    """``params`` with the reset bounds that ``options`` asks for (defaults otherwise).

    Args:
        params: The env's params (a NamedTuple with reset fields).
        options: The ``options`` given to ``reset``.
        defaults: Params holding the default reset bounds.

    Returns:
        The params to draw the first state with.
    """
    if "reset_low" in params._fields:
        low, high = maybe_parse_reset_bounds(options, defaults.reset_low, defaults.reset_high)
        return params._replace(reset_low=low, reset_high=high)
    # Pendulum: symmetric ranges for theta and theta_dot.
    x, y = defaults.x_init, defaults.y_init
    if options is not None:
        x = verify_number_and_cast(options.get("x_init", x))
        y = verify_number_and_cast(options.get("y_init", y))
    return params._replace(x_init=x, y_init=y)


class ClassicControlEnv(FunctionalNumpyEnv[np.ndarray[Any, Any], Any]):
    """A stateful classic-control env: the FuncEnv on the scalar (Python float) backend.

    Subclasses set :attr:`metadata` and call :meth:`_setup` with their FuncEnv.
    """

    _defaults: Any

    def _setup(self, func_env: Any, render_mode: str | None) -> None:
        super().__init__(
            func_env.with_xp(backends.scalar), render_mode=render_mode, metadata=self.metadata
        )
        self._defaults = self.params

    def initial_state(self, options: dict[str, Any] | None) -> Any:
        """Draw the first state, honouring the reference's reset options."""
        params = (
            self._defaults
            if options is None
            else reset_params(self.params, options, self._defaults)
        )
        return self.func_env.initial(self.np_random, params)

    def step(self, action: Any) -> tuple[np.ndarray[Any, Any], Any, bool, bool, dict[str, Any]]:
        """Advance one step; ``terminated`` is a Python ``bool``, as the reference's.

        The adapter's ``step`` in one frame: the classic-control FuncEnvs have no transition
        info and no random draws after ``transition``, so the order of calls is free.
        """
        state = self.state
        if state is None:
            raise ResetNeeded("Call `reset` before `step`.")
        f, rng, params = self.func_env, self.np_random, self.params
        next_state = f.transition(state, action, rng, params)
        self.state = next_state
        reward = f.reward(state, action, next_state, rng, params)
        terminated = bool(f.terminal(next_state, rng, params))
        if self.render_mode == "human":
            self.render()
        return f.observation(next_state, rng, params), reward, terminated, False, {}


def check_discrete(space: Any, action: Any) -> None:
    """Raise ``AssertionError`` for an action outside a Discrete space (the reference's check).

    Plain ``int`` and numpy integer scalars take a fast path; anything else goes through
    ``space.contains``.
    """
    if action.__class__ is int or isinstance(action, np.integer):
        if space.start <= action < space.start + space.n:
            return
    assert space.contains(action), f"{action!r} ({type(action)}) invalid"


def check_continuous(space: Any, action: Any) -> None:
    """Raise ``ValueError`` for a continuous action of the wrong shape or containing NaN.

    Out-of-range values are allowed: the dynamics clip them, as the reference's do.
    """
    shape = np.shape(action)
    if shape != space.shape:
        raise ValueError(f"Expected an action of shape {space.shape}, got shape {shape}.")
    if any(math.isnan(float(a)) for a in np.ravel(action)):
        raise ValueError(f"The action contains NaN: {action!r}.")


def vector_metadata(render_fps: int) -> dict[str, Any]:
    """The metadata of a numpy-batched classic-control env (it renders frames only)."""
    return {
        "render_modes": ["rgb_array"],
        "render_fps": render_fps,
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }


class ClassicControlVectorEnv(FunctionalNumpyVectorEnv):
    """A numpy-batched classic-control env that also reads the reference's reset options."""

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
        self.params = reset_params(self._defaults, options, self._defaults)
        self._pargs = (self.params,)
        mask = None if options is None else options.get("reset_mask")
        return super().reset(seed=seed, options=None if mask is None else {"reset_mask": mask})

    def _reset_rows(self, state: Any, mask: np.ndarray[Any, Any]) -> Any:
        """Write fresh first states into the rows ``mask`` selects, in place.

        The classic-control transitions return new arrays every step, so nothing else holds
        these; writing in place saves copying every field of the batch at each autoreset.
        """
        fresh = self._initial(mask)
        for field, rows in zip(state, fresh, strict=True):
            field[mask] = rows
        return state

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step every sub-env; out-of-range discrete actions and NaN forces raise.

        Raises:
            AssertionError: For a discrete action batch outside the action space (as the
                reference's ``CartPoleVectorEnv``).
            ValueError: For a continuous action batch containing NaN.
        """
        actions = np.asarray(actions)
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
