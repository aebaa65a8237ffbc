"""A stateful single environment over a functional env on JAX, with a jitted reset and step.

Also :class:`JaxEnvShell`, the single-env class behind a family's JAX ids: the adapter around
one functional env built from the keyword arguments ``make`` passes, which are split once,
here (:func:`split_adapter_kwargs`). The shells' hooks are shared with the vector env's shell,
:class:`~gymnasium_core.functional.jax_vector_env.JaxVectorEnvShell`.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Set
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar, cast

import jax
import numpy as np

from gymnasium_core import logger
from gymnasium_core.core import Env
from gymnasium_core.error import ResetNeeded
from gymnasium_core.functional import _threefry, persistent_cache
from gymnasium_core.functional.backends import is_jax_namespace
from gymnasium_core.functional.func_env import FuncEnv, check_func_env, default_params, is_ours
from gymnasium_core.functional.numpy_env import FrameWindow, render_modes_of
from gymnasium_core.functional.numpy_vector_env import params_with_options
from gymnasium_core.utils import EzPickle, seeding

# Every JAX adapter imports this module: honour GYMNASIUM_CORE_JAX_CACHE_DIR before any compile.
persistent_cache.enable_from_environment()

StateType = TypeVar("StateType")
#: Any functional env: one of ours, or one written for Gymnasium's ``FuncEnv`` (another class).
FuncEnvT = TypeVar("FuncEnvT")

#: The type of the JAX random keys the adapters carry (raw ``uint32[2]`` or typed keys).
PRNGKeyType: TypeAlias = jax.Array

__all__ = [
    "SINGLE_ADAPTER_KEYS",
    "FunctionalJaxEnv",
    "JaxEnvShell",
    "PRNGKeyType",
    "split_adapter_kwargs",
    "to_jax",
]


_JAX_COPIES: weakref.WeakKeyDictionary[object, object] = weakref.WeakKeyDictionary()


def to_jax(func_env: FuncEnvT) -> FuncEnvT:
    """``func_env`` computing with ``jax.numpy``: our FuncEnvs are moved, others kept as given.

    The moved copy is cached per env, so repeated calls (e.g. :func:`rollout`, whose compiled
    program is keyed on the env object) get the same object and reuse their compilation.
    """
    if not isinstance(func_env, FuncEnv) or is_jax_namespace(func_env.xp):
        return func_env
    moved = _JAX_COPIES.get(func_env)
    if moved is None:
        moved = _JAX_COPIES[func_env] = func_env.with_xp("jax")
    return cast(FuncEnvT, moved)


def _with_params(params: Any) -> tuple[Any, ...]:
    return () if params is None else (params,)


def random_key() -> jax.Array:
    """A key from fresh OS entropy, drawn the way Gymnasium's JAX envs draw theirs."""
    np_random, _ = seeding.np_random()
    return jax.random.PRNGKey(np_random.integers(0, 2**32 - 1, dtype="uint32"))


def _jax_dtype(space: Any) -> Any:
    """The dtype JAX gives arrays of ``space`` (``None`` for composite spaces)."""
    dtype = getattr(space, "dtype", None)
    if dtype is None:
        return None
    return jax.dtypes.canonicalize_dtype(dtype)


def _single_programs(f: Any) -> tuple[Any, Any]:
    """A jitted ``reset(rng, params)`` and ``step(state, action, rng, params)`` over ``f``.

    Each is one fused program: the key split, the functional calls and the info all compile
    together, so a reset or a step is a single dispatch. Raw and typed Threefry keys take the
    same written-out hash (:mod:`~gymnasium_core.functional._threefry`).
    """

    def reset_fn(rng: jax.Array, params: Any) -> tuple[Any, Any, Any, jax.Array]:
        use, keep = _threefry.split(rng)
        p = _with_params(params)
        state = f.initial(use, *p)
        obs = f.observation(state, use, *p)
        return state, obs, f.state_info(state, *p), keep

    def step_fn(state: Any, action: Any, rng: jax.Array, params: Any) -> tuple[Any, ...]:
        use, keep = _threefry.split(rng)
        p = _with_params(params)
        next_state = f.transition(state, action, use, *p)
        obs = f.observation(next_state, use, *p)
        reward = f.reward(state, action, next_state, use, *p)
        terminated = f.terminal(next_state, use, *p)
        info = f.transition_info(state, action, next_state, *p)
        return next_state, obs, reward, terminated, info, keep

    return jax.jit(reset_fn), jax.jit(step_fn)


# Any in the signatures below: observations and actions are whatever the functional env uses
# (JAX arrays or pytrees of them); ``func_env`` may be written for Gymnasium's ``FuncEnv`` (not
# our class), so its params type is unknown here; ``spec`` is an ``EnvSpec``, not imported to
# keep the functional package free of the registry.
class FunctionalJaxEnv(Env[Any, Any], Generic[StateType]):
    """One functional env on JAX as a stateful :class:`~gymnasium_core.Env`.

    ``reset`` and ``step`` are each one jitted call. Keys follow Gymnasium's
    ``FunctionalJaxEnv``: ``reset(seed=s)`` sets :attr:`rng` to ``PRNGKey(s)``, and every reset
    and step splits :attr:`rng` in two, using the first half and keeping the second. So a
    functional env gives the same trajectory here as under Gymnasium's adapter. Observations
    are JAX arrays; the reward is a Python ``float`` and ``terminated`` a ``bool``.

    Attributes:
        func_env: The functional env (moved to ``jax.numpy`` if it is one of ours).
        params: The params of every call (the env's defaults unless given).
        state: The current state.
        rng: The carried key.
    """

    state: StateType
    rng: jax.Array

    def __init__(
        self,
        func_env: Any,
        metadata: dict[str, Any] | None = None,
        render_mode: str | None = None,
        spec: Any = None,
        *,
        params: Any = None,
    ) -> None:
        """Wrap ``func_env``.

        Args:
            func_env: A functional env (ours is moved to ``jax.numpy``; one written for
                Gymnasium must already compute with JAX).
            metadata: The env's metadata; by default ``{"render_modes": [...], "jax": True}``
                (``metadata["jax"]`` tells downstream code the env returns JAX arrays).
            render_mode: ``None``, ``"rgb_array"`` or ``"human"``.
            spec: The :class:`~gymnasium_core.registration.EnvSpec` that made it, if any.
            params: Params for every call; the env's defaults if ``None``.

        Raises:
            TypeError: If ``func_env`` lacks a required function.
        """
        check_func_env(func_env)
        func_env = to_jax(func_env)
        self.func_env = func_env
        self.params = default_params(func_env) if params is None else params
        if metadata is None:
            metadata = {"render_modes": render_modes_of(func_env), "jax": True}
        self.metadata = metadata
        self.render_mode = render_mode
        self.spec = spec
        self.observation_space = func_env.observation_space
        self.action_space = func_env.action_space
        self._render_args = _with_params(self.params) if is_ours(func_env) else ()
        self.render_state = None
        if render_mode in ("rgb_array", "human"):
            self.render_state = func_env.render_init(*self._render_args)
        self._window: Any = None
        self.rng = random_key()
        self._action_dtype = _jax_dtype(self.action_space)
        self._reset_fn, self._step_fn = self._compile()
        self.state = None  # type: ignore[assignment]

    def _compile(self) -> tuple[Any, Any]:
        """The jitted reset and step, shared with every equally configured env."""
        programs: tuple[Any, Any] = persistent_cache.cached(
            "single", self.func_env, None, _single_programs
        )
        return programs

    def _canonical_action(self, action: Any) -> Any:
        """``action`` as a strongly typed array of the action space's dtype.

        A Python ``int``, an ``np.int64`` and an ``int32`` array would otherwise be three input
        signatures, hence three traces and compiles of the same step.
        """
        dtype = self._action_dtype
        if dtype is None:
            return action
        if isinstance(action, jax.Array):
            if action.dtype == dtype and not action.weak_type:
                return action
            return jax.numpy.asarray(action, dtype=dtype)
        return np.asarray(action, dtype=dtype)

    def __getstate__(self) -> dict[str, Any]:
        # Compiled functions and render windows do not pickle; they are rebuilt on load.
        state = dict(self.__dict__)
        for name in ("_reset_fn", "_step_fn", "_window"):
            state.pop(name, None)
        state["render_state"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._window = None
        self._reset_fn, self._step_fn = self._compile()
        if self.render_mode in ("rgb_array", "human"):
            self.render_state = self.func_env.render_init(*self._render_args)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start an episode, optionally with new params.

        ``options`` sets :attr:`params` for this episode and the ones after it:
        ``{"params": p}`` replaces them as a whole, and a key naming a params field replaces
        that field, e.g. ``env.reset(options={"gravity": 12.0})``. Each new value keeps the
        kind of the value it replaces (a Python ``float`` stays one), so the compiled reset and
        step are reused. Other keys, or ``options`` that is not a dict, are ignored with a
        warning (Gymnasium's JAX envs ignore ``options``).

        Args:
            seed: Sets :attr:`rng` to ``PRNGKey(seed)`` (and seeds :attr:`np_random`).
            options: Params fields to change, or ``{"params": p}``; ``None`` keeps them.

        Returns:
            ``(observation, info)``.

        Example:
            >>> import gymnasium_core as gym
            >>> env = gym.make("phys2d/CartPole-v1")
            >>> _ = env.reset(seed=0, options={"gravity": 12.0})
            >>> env.unwrapped.params.gravity
            12.0
        """
        super().reset(seed=seed)
        if seed is not None:
            self.rng = jax.random.PRNGKey(seed)
        if options is not None:
            self.params = params_with_options(self.params, options, owner=type(self).__name__)
            if self._render_args:
                self._render_args = _with_params(self.params)
        self.state, obs, info, self.rng = self._reset_fn(self.rng, self.params)
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Advance one step.

        Args:
            action: An action of :attr:`action_space`.

        Returns:
            ``(observation, reward, terminated, False, info)``.
        """
        if self.state is None:
            raise ResetNeeded("Call `reset` before `step`.")
        self.state, obs, reward, terminated, info, self.rng = self._step_fn(
            self.state, self._canonical_action(action), self.rng, self.params
        )
        if self.render_mode == "human":
            self.render()
        return obs, float(reward), bool(terminated), False, info

    def render(self) -> Any:
        """The current frame in ``"rgb_array"`` mode; shown in a window in ``"human"`` mode."""
        if self.render_mode not in ("rgb_array", "human"):
            if self.render_mode is None:
                logger.warn("`render` was called on an environment made without a render mode.")
                return None
            raise NotImplementedError(f"Render mode {self.render_mode!r} is not supported.")
        self.render_state, image = self.func_env.render_image(
            self.state, self.render_state, *self._render_args
        )
        if self.render_mode == "human":
            if self._window is None:
                fps = self.metadata.get("render_fps")
                self._window = FrameWindow(type(self.func_env).__name__, fps)
            self._window.show(np.asarray(image))
            return None
        return image

    def close(self) -> None:
        """Release the render state and window; a second call does nothing."""
        if self.render_state is not None:
            self.func_env.render_close(self.render_state, *self._render_args)
            self.render_state = None
        if self._window is not None:
            self._window.close()
            self._window = None


#: The keyword arguments of :class:`FunctionalJaxEnv` a single-env shell passes on.
SINGLE_ADAPTER_KEYS: frozenset[str] = frozenset({"params"})

# Any: a shell builds whatever functional env its task names, of any state, action and params.
AnyFuncEnv = FuncEnv[Any, Any, Any, Any, Any, Any, Any]


def split_adapter_kwargs(
    kwargs: Mapping[str, Any], adapter_keys: Set[str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Split ``kwargs`` into the functional env's arguments and the adapter's.

    Args:
        kwargs: The keyword arguments a shell was given.
        adapter_keys: The names that belong to the adapter.

    Returns:
        ``(func_env_kwargs, adapter_kwargs)``; together they hold every item of ``kwargs``.

    Example:
        >>> split_adapter_kwargs({"gravity": 9.0, "params": None}, SINGLE_ADAPTER_KEYS)
        ({'gravity': 9.0}, {'params': None})
    """
    task = {key: value for key, value in kwargs.items() if key not in adapter_keys}
    adapter = {key: value for key, value in kwargs.items() if key in adapter_keys}
    return task, adapter


class _ShellHooks:
    """What both shells ask of a task's class: its functional env, metadata and action check."""

    #: The functional env class of the task; its constructor takes the task's keyword arguments.
    func_env_cls: ClassVar[type[AnyFuncEnv]]
    #: Constructor arguments given before the caller's (a variant of a shared class).
    func_env_kwargs: ClassVar[Mapping[str, Any]] = {}
    metadata: dict[str, Any]

    @classmethod
    def make_func_env(cls, **kwargs: Any) -> AnyFuncEnv:
        """Build the task's functional env from the caller's keyword arguments.

        Args:
            **kwargs: The task's arguments (the adapter's were split off before).

        Returns:
            ``func_env_cls(**func_env_kwargs, **kwargs)``, the caller's values winning.
        """
        return cls.func_env_cls(**{**cls.func_env_kwargs, **kwargs})

    def shell_metadata(self, func_env: AnyFuncEnv) -> dict[str, Any]:
        """The env's metadata: a copy of the class's (override to take the task's own)."""
        return dict(self.metadata)

    def check_action(self, action: object) -> None:
        """Look at an action before it is stepped; nothing by default.

        A family overrides it to warn about actions its physics steps silently (MJX warns
        about non-finite controls). It runs on the host, before the jitted step.

        Args:
            action: The action (or batch of actions) given to ``step``.
        """


class JaxEnvShell(_ShellHooks, FunctionalJaxEnv[StateType], EzPickle):
    """One task on JAX, a jitted single env: set :attr:`func_env_cls` and :attr:`metadata`.

    A family (``phys2d``, ``tabular``, MJX) registers two classes per task, this one and a
    :class:`~gymnasium_core.functional.jax_vector_env.JaxVectorEnvShell`: a task's class names
    its functional env class and its metadata, and that is all. Keyword arguments go to the
    functional env's constructor, except ``params`` (:data:`SINGLE_ADAPTER_KEYS`), which the
    adapter uses for every call. Both shells are :class:`~gymnasium_core.utils.EzPickle`: they
    record the arguments they were built with, as Gymnasium's JAX env classes do.

    Example:
        >>> from gymnasium_core.functional import JaxEnvShell
        >>> from gymnasium_core.envs.classic_control.cartpole import CartPoleFunctional
        >>> class MyCartPoleJaxEnv(JaxEnvShell):
        ...     func_env_cls = CartPoleFunctional
        ...     metadata = {"render_modes": ["rgb_array"], "render_fps": 50, "jax": True}
        >>> env = MyCartPoleJaxEnv(gravity=12.0)
        >>> float(env.params.gravity)
        12.0
    """

    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "jax": True}

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        """Build the task from ``kwargs`` and move it to JAX.

        Args:
            render_mode: ``None`` or ``"rgb_array"``.
            **kwargs: The functional env's constructor arguments, plus ``params``.
        """
        task_kwargs, adapter = split_adapter_kwargs(kwargs, SINGLE_ADAPTER_KEYS)
        func_env = self.make_func_env(**task_kwargs)
        super().__init__(
            func_env,
            metadata=self.shell_metadata(func_env),
            render_mode=render_mode,
            **adapter,
        )
        EzPickle.__init__(self, render_mode=render_mode, **kwargs)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Step the task, after :meth:`check_action` has seen ``action``.

        Args:
            action: An action of :attr:`action_space`.

        Returns:
            ``(observation, reward, terminated, False, info)``.
        """
        self.check_action(action)
        return super().step(action)
