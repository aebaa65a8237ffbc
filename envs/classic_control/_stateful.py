"""The shells of the classic-control envs (stateful and numpy-batched) and their reference surface.

:class:`ClassicControlEnv` is a thin subclass of the generic
:class:`~gymnasium_core.functional.FunctionalNumpyEnv`: it reads the reference's reset options
(``low`` / ``high``, Pendulum's ``x_init`` / ``y_init``) into the params, validates actions the
way the reference does, and otherwise leaves everything to the FuncEnv.
:class:`ClassicControlVectorEnv` (each task's ``vector_entry_point``) does the same over the
generic :class:`~gymnasium_core.functional.FunctionalNumpyVectorEnv`, validating action batches
as the reference's vector envs do; :class:`StackedStateMixin` gives a FuncEnv the reference's
``(fields, num_envs)`` state array.

Gymnasium's classic-control envs keep their physics in plain attributes (``env.gravity``,
``env.length``) that code reads and writes between steps. Ours keep it in :attr:`params` (a
NamedTuple the functional path also uses). The descriptors :class:`ParamView` and
:class:`FuncAttrView` show each param under the reference's name: reading gives the param,
writing replaces it in ``params`` so the next step uses it. Nothing is stored twice. The
reference sets these attributes on the instance in ``__init__``, so a value given in a
subclass body has no effect there; :func:`keep_views` keeps it so here too. (Acrobot's
constants are class constants in the reference; ``AcrobotEnv`` handles them itself.)

The reference unpacks its ``state`` into numpy scalars and steps them with numpy's promotion
rules, so a state of narrower floats (a float32 observation assigned back) is computed in that
dtype. Ours steps such a state on :class:`NumpyScalarNamespace` (numpy scalars instead of
Python floats) and keeps what the reference keeps of it; float64 states take the plain path.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.core import Env
from gymnasium_core.error import RenderBeforeReset, StepBeforeReset
from gymnasium_core.functional import FunctionalNumpyEnv, FunctionalNumpyVectorEnv, backends
from gymnasium_core.functional.numpy_vector_env import batch_axes, is_batched
from gymnasium_core.vector import AutoresetMode

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


class NumpyScalarNamespace(backends.ScalarNamespace):
    """The scalar namespace over numpy scalars, for a state of narrower floats.

    A task's functions see the state's own numpy scalars, so numpy's promotion rules decide
    each result's dtype as in the reference. ``clip`` is numpy's (it keeps a numpy scalar's
    dtype); the element-wise functions named are numpy's too, where the reference calls
    numpy's rather than :mod:`math`'s.

    Args:
        *numpy_functions: Names of the element-wise functions to take from numpy (``"cos"``).
    """

    @staticmethod
    def clip(x: Any, low: Any, high: Any) -> Any:
        """``x`` limited to ``[low, high]`` by numpy: a numpy scalar keeps its dtype."""
        return np.clip(x, low, high)

    def __init__(self, *numpy_functions: str) -> None:
        self._numpy_functions = numpy_functions
        for name in numpy_functions:
            setattr(self, name, getattr(np, name))

    def __repr__(self) -> str:
        names = ", ".join(("clip", *self._numpy_functions))
        return f"<array namespace 'scalar', numpy scalars ({names} from numpy)>"


def is_narrow_float(value: Any) -> bool:
    """Whether ``value`` is a numpy float narrower than a Python float (float32, float16)."""
    return isinstance(value, np.floating) and value.itemsize < 8


def holds_narrow_floats(view: Any) -> bool:
    """Whether a ``state`` value (an array, or a sequence a user assigned) holds narrower floats."""
    if isinstance(view, np.ndarray):
        return bool(view.dtype.kind == "f" and view.dtype.itemsize < 8)
    return any(is_narrow_float(value) for value in view)


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
    # The namespace a state of narrower floats is stepped with (``None``: such a state is read
    # as Python floats, i.e. float64), and the dtype the reference builds the array it stores
    # after such a step with (``None``: the dtype its elements promote to).
    _narrow_xp: NumpyScalarNamespace | None = None
    _stored_dtype: Any = None
    # Whether the next step starts from narrower floats (see :meth:`_from_view`).
    _narrow_state = False
    # Whether ``render`` before ``reset`` sets up the renderer and returns ``None``, as the
    # reference's CartPole and Acrobot do; otherwise it raises, as its Pendulum and MountainCar
    # do (with an AttributeError, for a state they have not set yet).
    _renders_nothing_before_reset = False

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
        """The FuncEnv state of a ``state`` value (an array, or any sequence a user assigned).

        Elements become Python floats, unless the task has a narrow path and they are narrower
        floats: then they stay numpy scalars and the next step takes that path.
        """
        self._narrow_state = self._narrow_xp is not None and holds_narrow_floats(view)
        if self._narrow_state:
            return self._record(list(view[: self._state_size]))
        return self._record(view.tolist() if isinstance(view, np.ndarray) else list(view))

    def _record(self, values: list[Any]) -> Any:
        """The FuncEnv state of the values the ``state`` array shows."""
        return self._state_type(*values)

    def _current(self) -> Any:
        """The FuncEnv state the next step starts from (``None`` before ``reset``)."""
        view = self._state_view
        if view is None:
            return self._func_state
        record = self._func_state
        if self._narrow_state and record is not None:
            # The array may show less than the reference keeps (MountainCar's tuple of a
            # float32 and an int): read back unchanged, the record itself goes on.
            if view.tobytes() == self._to_array(record).tobytes():
                return record
        return self._from_view(view)

    def _narrow_kept(self, next_state: Any) -> Any:
        """What the reference keeps of a state stepped from narrower floats.

        By default the array it stores: the shown elements in one dtype (``_stored_dtype``, or
        the one they promote to), as numpy scalars; the rest of the record as it is.
        """
        size = self._state_size
        stored = np.array(next_state[:size], dtype=self._stored_dtype)
        return type(next_state)(*stored, *next_state[size:])

    def _advance_narrow(self, next_state: Any) -> None:
        """Keep a state stepped from narrower floats as the reference keeps it.

        The ``state`` array gets the dtype numpy gives what is kept. A state with no narrower
        floats left goes back to the plain path, on Python floats.
        """
        size = self._state_size
        kept = self._narrow_kept(next_state)
        shown = tuple(kept[:size])
        dtype = np.asarray(shown).dtype
        self._narrow_state = any(is_narrow_float(value) for value in shown)
        if not self._narrow_state:
            kept = type(kept)(*(float(value) for value in shown), *kept[size:])
        self._advance_to(kept, dtype)

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
        self._narrow_state = False
        self._advance_to(func_state, self._reset_dtype)
        obs = self.func_env.observation(func_state, self.np_random, self.params)
        if self.render_mode == "human":
            self.render()
        return obs, {}

    def step(self, action: Any) -> tuple[np.ndarray[Any, Any], Any, bool, bool, dict[str, Any]]:
        """Advance one step; ``terminated`` is a Python ``bool``, as the reference's.

        The adapter's ``step`` in one frame: the classic-control FuncEnvs have no transition
        info and no random draws after ``transition``, so the order of calls is free. A state
        of narrower floats is stepped on the task's numpy-scalar namespace.

        The usual step (nobody read or assigned :attr:`state` since the last step or reset, and
        the state holds Python floats) goes straight from the record the last step left; any
        other state takes :meth:`_step_from_view`. Both run the same FuncEnv functions with
        the same arguments, only the bookkeeping around them differs.
        """
        self._check_action(self.action_space, action)
        if self._state_view is not None or self._narrow_state:
            return self._step_from_view(action)
        state = self._func_state
        if state is None:
            raise StepBeforeReset("Call `reset` before `step`.")
        f = self.func_env
        rng = self._np_random or self.np_random
        params = self.params
        next_state = f.transition(state, action, rng, params)
        # Straight into the instance dict: a subclass's ``__setattr__`` (Acrobot's constants)
        # has nothing to do with this bookkeeping.
        attributes = self.__dict__
        attributes["_func_state"] = next_state
        attributes["_state_dtype"] = self._step_dtype
        reward = f.reward(state, action, next_state, rng, params)
        terminated = bool(f.terminal(next_state, rng, params))
        if terminated:
            reward = self._terminal_reward(reward)
        if self.render_mode == "human":
            self.render()
        return f.observation(next_state, rng, params), reward, terminated, False, {}

    #: The reference's check of an action (:func:`check_discrete` or :func:`check_continuous`);
    #: it raises for an invalid one, before anything is stepped.
    _check_action: Callable[[Any, Any], None] = staticmethod(lambda space, action: None)

    def _terminal_reward(self, reward: Any) -> Any:
        """The reward of a step that ends the episode (``reward`` itself unless overridden)."""
        return reward

    def _step_from_view(
        self, action: Any
    ) -> tuple[np.ndarray[Any, Any], Any, bool, bool, dict[str, Any]]:
        """:meth:`step` from the :attr:`state` a user read or assigned, or from narrower floats.

        The state is read back from the view (see :meth:`_current`), and a state of narrower
        floats is stepped on the task's numpy-scalar namespace and kept as the reference keeps
        it (see :meth:`_advance_narrow`). The action was checked by :meth:`step`.
        """
        state = self._current()
        if state is None:
            raise StepBeforeReset("Call `reset` before `step`.")
        narrow = self._narrow_state
        f = self.func_env.with_xp(self._narrow_xp) if narrow else self.func_env
        rng, params = self.np_random, self.params
        next_state = f.transition(state, action, rng, params)
        if narrow:
            self._advance_narrow(next_state)
        else:
            self._advance_to(next_state, self._step_dtype)
        reward = f.reward(state, action, next_state, rng, params)
        terminated = bool(f.terminal(next_state, rng, params))
        if terminated:
            reward = self._terminal_reward(reward)
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
            shown in a window, opened with only pygame's display initialised), without a
            render mode (with a warning), and before ``reset`` where the reference draws
            nothing then (see :attr:`_renders_nothing_before_reset`).

        Raises:
            RenderBeforeReset: Before ``reset``, where the reference fails (a
                :class:`~gymnasium_core.error.ResetNeeded` and an :class:`AttributeError`).
        """
        if self.render_mode is None:
            logger.warn(
                "`render` was called on an environment made without a render mode; pass "
                "`render_mode=` when making it (e.g. `make(id, render_mode='rgb_array')`)."
            )
            return None
        state = self._render_func_state()
        if state is None and not self._renders_nothing_before_reset:
            raise RenderBeforeReset("Call `reset` before `render`.")
        f = self.func_env
        if self._render_state is None:
            self._render_state = f.render_init(
                self.params, render_mode=self.render_mode, fps=self.metadata["render_fps"]
            )
        if state is None:
            return None
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
    kind = action.__class__
    if kind is int or kind is np.int64 or isinstance(action, np.integer):
        start = space.start
        if start <= action < start + space.n:
            return
    assert space.contains(action), f"{action!r} ({type(action)}) invalid"


def check_continuous(space: Any, action: Any) -> None:
    """Raise ``ValueError`` for a continuous action of the wrong shape or containing NaN.

    Out-of-range values are allowed: the dynamics clip them, as the reference's do.
    """
    if isinstance(action, np.ndarray):
        shape, values = action.shape, action.ravel().tolist()
    else:
        shape, values = np.shape(action), np.ravel(action).tolist()
    if shape != space.shape:
        raise ValueError(f"Expected an action of shape {space.shape}, got shape {shape}.")
    # over Python numbers: a numpy scalar per element would cost more than the check
    for value in values:
        if math.isnan(float(value)):
            raise ValueError(f"The action contains NaN: {action!r}.")


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
        self._param_axes = batch_axes(self.params, defaults, self.num_envs)
        self._has_batched_params = is_batched(self._param_axes)

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
