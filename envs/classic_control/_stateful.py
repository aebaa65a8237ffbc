"""The stateful shell of the classic-control envs and the views giving it the reference surface.

:class:`ClassicControlEnv` is a thin subclass of the generic
:class:`~gymnasium_core.functional.FunctionalNumpyEnv`: it reads the reference's reset options
(``low`` / ``high``, Pendulum's ``x_init`` / ``y_init``) into the params, validates actions the
way the reference does, and otherwise leaves everything to the FuncEnv.

Gymnasium's classic-control envs keep their physics in plain attributes (``env.gravity``,
``env.length``) that code reads and writes between steps. Ours keep it in :attr:`params` (a
NamedTuple the functional path also uses). The descriptors :class:`ParamView` and
:class:`FuncAttrView` show each param under the reference's name: reading gives the param,
writing replaces it in ``params`` so the next step uses it. Nothing is stored twice. The
reference sets these attributes on the instance in ``__init__``, so a value given in a
subclass body has no effect there; :func:`keep_views` keeps it so here too. (Acrobot's
constants are class constants in the reference; ``AcrobotEnv`` handles them itself.)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.core import Env
from gymnasium_core.error import ResetNeeded, StepBeforeReset
from gymnasium_core.functional import (
    FunctionalNumpyEnv,
    backends,
)

from .utils import maybe_parse_reset_bounds, option, verify_number_and_cast


class ParamView:
    """A read-write attribute for one field of ``obj.params``.

    Args:
        field: The params field (the attribute's own name when ``None``).
    """

    def __init__(self, field: str | None = None) -> None:
        self.field: str = field or ""

    def __set_name__(self, owner: type, name: str) -> None:
        if not self.field:
            self.field = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        return getattr(obj.params, self.field)

    def __set__(self, obj: Any, value: Any) -> None:
        obj._write_params(**{self.field: value})


class FuncAttrView:
    """A read-write attribute for one attribute of ``obj.func_env`` (static configuration).

    Used for what the functional env holds outside the params: CartPole's
    ``kinematics_integrator``, the screen size.

    Args:
        attr: The functional env's attribute.
    """

    def __init__(self, attr: str) -> None:
        self.attr = attr

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        return getattr(obj.func_env, self.attr)

    def __set__(self, obj: Any, value: Any) -> None:
        setattr(obj.func_env, self.attr, value)


def keep_views(cls: type) -> None:
    """Put the inherited view back where a subclass body shadows it with a plain value.

    Args:
        cls: The new subclass.
    """
    for name, value in list(vars(cls).items()):
        if name.startswith("__") or callable(value) or isinstance(value, property):
            continue
        for base in cls.__mro__[1:]:
            view = vars(base).get(name)
            if isinstance(view, ParamView | FuncAttrView):
                setattr(cls, name, view)
                break


def reset_params(params: Any, options: Any, defaults: Any) -> Any:
    """``params`` with the reset bounds that ``options`` asks for (defaults otherwise).

    Options that are not a mapping are read as the reference reads them (see
    :func:`~.utils.option`): one without the option names is ignored.

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
        x = verify_number_and_cast(option(options, "x_init", x))
        y = verify_number_and_cast(option(options, "y_init", y))
    return params._replace(x_init=x, y_init=y)


class ClassicControlEnv(FunctionalNumpyEnv[np.ndarray[Any, Any], Any]):
    """A stateful classic-control env: the FuncEnv on the scalar (Python float) backend.

    It shows the reference's surface: the physics constants are attributes that are views of
    :attr:`params` (see :class:`ParamView`), and :attr:`state` is a numpy array with the
    reference's dtype that can be read, replaced or written element by element between steps.
    Internally the FuncEnv's state record is kept and the array is made only when
    :attr:`state` is read; once made, it is what the next step starts from.

    Subclasses set :attr:`metadata`, :attr:`_params_type` and the dtypes of the state array,
    and call :meth:`_setup` with their FuncEnv.
    """

    _defaults: Any
    _params_type: type
    _state_type: Any
    # How many leading fields of the FuncEnv state the ``state`` array shows.
    _state_size: int = 4
    # The dtype of the reference's ``state`` after ``reset`` and after ``step``.
    _reset_dtype: Any = np.float64
    _step_dtype: Any = np.float64

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        keep_views(cls)

    def _setup(self, func_env: Any, render_mode: str | None) -> None:
        func_env = func_env.with_xp(backends.scalar)
        self._func_state: Any = None
        self._state_view: Any = None
        self._state_dtype: Any = self._reset_dtype
        super().__init__(func_env, render_mode=render_mode, metadata=self.metadata)
        self._defaults = self.params
        self.isopen = True

    # -- the reference's surface ----------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The state as the reference shows it: a numpy array (``None`` before ``reset``).

        Writing it (whole, or one element in place) sets where the next step starts.
        """
        if self._state_view is None and self._func_state is not None:
            self._state_view = self._to_array(self._func_state)
        return self._state_view

    @state.setter
    def state(self, value: Any) -> None:
        self._state_view = value
        self._func_state = None

    @property
    def screen(self) -> Any:
        """The pygame surface frames are drawn on (the window in ``"human"`` mode), or ``None``."""
        canvas = self._render_state
        if canvas is None:
            return None
        return canvas.window if canvas.window is not None else canvas.surface

    @property
    def clock(self) -> Any:
        """The pygame clock of the renderer, or ``None`` before the first frame."""
        return None if self._render_state is None else self._render_state.clock

    @property
    def surf(self) -> Any:
        """The surface of the last frame drawn (no such attribute before the first frame)."""
        canvas = self._render_state
        surf = None if canvas is None else canvas.extras.get("surf")
        if surf is None:
            raise AttributeError(f"{type(self).__name__!r} has drawn no frame yet: no 'surf'")
        return surf

    def _write_params(self, **fields: Any) -> None:
        """Replace params fields; the next step uses them (the attribute views write here)."""
        self.params = self.params._replace(**fields)
        self._pargs = (self.params,)

    def _to_array(self, func_state: Any) -> np.ndarray[Any, Any]:
        """The ``state`` array of a FuncEnv state."""
        return np.array(func_state[: self._state_size], dtype=self._state_dtype)

    def _from_view(self, view: Any) -> Any:
        """The FuncEnv state of a ``state`` value (an array, or any sequence a user assigned)."""
        values = view.tolist() if isinstance(view, np.ndarray) else list(view)
        return self._state_type(*values)

    def _current(self) -> Any:
        """The FuncEnv state the next step starts from (``None`` before ``reset``)."""
        view = self._state_view
        if view is not None:
            return self._from_view(view)
        return self._func_state

    def _func_env_for(self, state: Any) -> Any:
        """The FuncEnv that steps ``state`` (this env's own; a task may pick by the state)."""
        return self.func_env

    def _kept(self, func_state: Any) -> Any:
        """What is kept of a stepped state for the next step (all of it by default)."""
        return func_state

    def _advance_to(self, func_state: Any, dtype: Any) -> None:
        self._func_state = func_state
        self._state_view = None
        self._state_dtype = dtype

    # -- episode ----------------------------------------------------------------------------------

    def initial_state(self, options: Any) -> Any:
        """Draw the first state, honouring the reference's reset options."""
        params = (
            self._defaults
            if options is None
            else reset_params(self.params, options, self._defaults)
        )
        return self.func_env.initial(self.np_random, params)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """Start an episode; ``options`` may set the reference's reset bounds.

        Args:
            seed: Re-seeds :attr:`np_random` if given.
            options: ``low`` / ``high`` (Pendulum: ``x_init`` / ``y_init``); anything that is
                not a mapping is ignored, as by the reference.

        Returns:
            ``(observation, {})``.
        """
        Env.reset(self, seed=seed)
        func_state = self.initial_state(options)
        self._advance_to(func_state, self._reset_dtype)
        obs = self.func_env.observation(func_state, self.np_random, self.params)
        if self.render_mode == "human":
            self.render()
        return obs, {}

    def step(self, action: Any) -> tuple[np.ndarray[Any, Any], Any, bool, bool, dict[str, Any]]:
        """Advance one step; ``terminated`` is a Python ``bool``, as the reference's.

        The adapter's ``step`` in one frame: the classic-control FuncEnvs have no transition
        info and no random draws after ``transition``, so the order of calls is free.
        """
        state = self._current()
        if state is None:
            raise StepBeforeReset("Call `reset` before `step`.")
        f, rng, params = self._func_env_for(state), self.np_random, self.params
        next_state = f.transition(state, action, rng, params)
        self._advance_to(self._kept(next_state), self._step_dtype)
        reward = f.reward(state, action, next_state, rng, params)
        terminated = bool(f.terminal(next_state, rng, params))
        if self.render_mode == "human":
            self.render()
        return f.observation(next_state, rng, params), reward, terminated, False, {}

    # -- rendering -----------------------------------------------------------------------------

    def _render_func_state(self) -> Any:
        """The state record to draw: the ``state`` array's own numpy scalars.

        The reference draws from its state array's elements, whose dtype (float32 for a fresh
        Acrobot or a stepped continuous MountainCar) carries into the drawing arithmetic;
        drawing from the same scalars keeps every pixel the same.
        """
        view = self.state
        if view is None:
            return None
        if isinstance(view, np.ndarray):
            return self._state_type(*view[: self._state_size])
        return self._from_view(view)

    def render(self) -> np.ndarray[Any, Any] | None:
        """Draw the current state.

        Returns:
            An RGB frame in ``"rgb_array"`` mode; ``None`` in ``"human"`` mode (the frame is
            shown in a window, opened with only pygame's display initialised) and without a
            render mode (with a warning).
        """
        if self.render_mode is None:
            logger.warn(
                "`render` was called on an environment made without a render mode; pass "
                "`render_mode=` when making it (e.g. `make(id, render_mode='rgb_array')`)."
            )
            return None
        state = self._render_func_state()
        if state is None:
            raise ResetNeeded("Call `reset` before `render`.")
        f = self.func_env
        if self._render_state is None:
            self._render_state = f.render_init(
                self.params, render_mode=self.render_mode, fps=self.metadata["render_fps"]
            )
        self._render_state, frame = f.render_image(state, self._render_state, self.params)
        return None if self.render_mode == "human" else frame

    def close(self) -> None:
        """Close the window, if any; a second call does nothing."""
        if self._render_state is not None:
            self.isopen = False
        super().close()


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
