"""The environment API: :class:`Env` and the wrapper base classes.

An :class:`Env` is a stateful simulator with ``reset`` and ``step``; a :class:`Wrapper` stands in
front of one and may change its spaces, observations, actions or rewards while forwarding
everything else.
"""

from __future__ import annotations

import sys
from copy import deepcopy
from typing import TYPE_CHECKING, Any, Generic, Literal, SupportsFloat, TypeAlias, TypeVar, overload

import numpy as np

from gymnasium_core import logger, spaces
from gymnasium_core.utils import seeding
from gymnasium_core.utils.record_constructor import RecordConstructorArgs

if TYPE_CHECKING:
    from typing import Self

    from gymnasium_core.registration import EnvSpec, WrapperSpec

__all__ = ["ActionWrapper", "Env", "ObservationWrapper", "RewardWrapper", "Wrapper"]


_T = TypeVar("_T")


class _Inherited(Generic[_T]):
    """A wrapper attribute that reads the wrapped ``env``'s until the wrapper sets its own.

    The wrapper's own value is kept in the instance attribute ``_<name>`` (``_action_space``,
    ``_observation_space``, ``_metadata``, ...), the names Gymnasium uses, so a subclass that
    writes ``self._action_space`` directly, or resets it to ``None``, behaves as it does there.

    Used for spaces and metadata, which a wrapper may change without touching its environment.
    """

    def __init__(self, doc: str) -> None:
        """Describe the attribute with ``doc``."""
        self.__doc__ = doc
        self.name = ""
        self.slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.slot = f"_{name}"

    @overload
    def __get__(self, obj: None, objtype: type | None = None) -> _Inherited[_T]: ...

    @overload
    def __get__(self, obj: object, objtype: type | None = None) -> _T: ...

    def __get__(self, obj: object | None, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        own = obj.__dict__.get(self.slot)
        return getattr(obj.env, self.name) if own is None else own  # type: ignore[attr-defined]

    def __set__(self, obj: object, value: _T) -> None:
        obj.__dict__[self.slot] = value


ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")
# What ``render`` returns in one mode: text, an image, or an (image, depth) pair.
RenderFrame: TypeAlias = (
    str | np.ndarray[Any, Any] | tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]
)
WrapperObsType = TypeVar("WrapperObsType")
WrapperActType = TypeVar("WrapperActType")


class Env(Generic[ObsType, ActType]):
    """A reinforcement-learning environment with the Gymnasium API.

    Subclasses set :attr:`action_space` and :attr:`observation_space` and implement
    :meth:`step` and :meth:`reset` (calling ``super().reset(seed=seed)`` so that
    :attr:`np_random` is seeded); :meth:`render` and :meth:`close` are optional.

    Attributes:
        metadata: Static facts about the environment: ``render_modes``, ``render_fps``, ...
        render_mode: The render mode chosen at construction, or ``None``.
        spec: The :class:`~gymnasium_core.registration.EnvSpec` that ``make`` used, if any.
        action_space: The space of valid actions.
        observation_space: The space of observations.
    """

    metadata: dict[str, Any] = {"render_modes": []}
    render_mode: str | None = None
    spec: EnvSpec | None = None

    action_space: spaces.Space[ActType]
    observation_space: spaces.Space[ObsType]

    _np_random: np.random.Generator | None = None
    _np_random_seed: int | None = None

    def step(self, action: ActType) -> tuple[ObsType, SupportsFloat, bool, bool, dict[str, Any]]:
        """Advance the environment by one step.

        Args:
            action: An element of :attr:`action_space`.

        Returns:
            ``(observation, reward, terminated, truncated, info)``: ``terminated`` says the task
            reached a terminal state; ``truncated`` says the episode was cut short (a time limit).
        """
        raise NotImplementedError

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        """Start a new episode.

        With an integer ``seed`` the random generator is re-seeded; with ``None`` it carries on.

        Args:
            seed: Seed for :attr:`np_random`.
            options: Environment-specific reset options.

        Returns:
            ``(observation, info)`` of the first state.
        """
        if seed is not None:
            self._seed_rng(seed)
        return None, {}  # type: ignore[return-value]

    def render(self) -> Any:
        """Render the environment as chosen by :attr:`render_mode`.

        Returns:
            A frame (``rgb_array``), text (``ansi``), a list of frames (``*_list``) or ``None``.
        """
        raise NotImplementedError

    def close(self) -> None:
        """Release resources held by the environment (windows, files, processes)."""

    @property
    def unwrapped(self) -> Env[Any, Any]:
        """The environment under all wrappers: the environment itself."""
        return self

    @property
    def np_random_seed(self) -> int:
        """The seed of :attr:`np_random`, or ``-1`` if the generator was assigned directly."""
        if self._np_random_seed is None:
            self._seed_rng(None)
        return self._np_random_seed  # type: ignore[return-value]

    @property
    def np_random(self) -> np.random.Generator:
        """The environment's random generator, created unseeded on first use."""
        if self._np_random is None:
            self._seed_rng(None)
        return self._np_random  # type: ignore[return-value]

    @np_random.setter
    def np_random(self, value: np.random.Generator) -> None:
        self._np_random = value
        # The seed of an arbitrary generator cannot be recovered: -1 marks it unknown.
        self._np_random_seed = -1

    def _seed_rng(self, seed: int | None) -> None:
        """Replace the generator by one seeded with ``seed`` (fresh entropy for ``None``)."""
        generator, used_seed = seeding.np_random(seed)
        self._np_random = generator
        self._np_random_seed = used_seed

    def __str__(self) -> str:
        if self.spec is None:
            return f"<{type(self).__name__} instance>"
        return f"<{type(self).__name__}<{self.spec.id}>>"

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *args: object) -> Literal[False]:
        self.close()
        return False

    def has_wrapper_attr(self, name: str) -> bool:
        """Whether this environment has attribute ``name``."""
        return hasattr(self, name)

    def get_wrapper_attr(self, name: str) -> Any:
        """Return attribute ``name`` of this environment (the end of a wrapper chain)."""
        return getattr(self, name)

    def set_wrapper_attr(self, name: str, value: Any, *, force: bool = True) -> bool:
        """Set attribute ``name`` if it exists, or anyway when ``force``.

        Returns:
            Whether the attribute was set.
        """
        if force or hasattr(self, name):
            setattr(self, name, value)
            return True
        return False


def accept_env(env: Any, who: str) -> Env[Any, Any]:
    """``env`` as one of our environments: ours as it is, a ``gymnasium.Env`` through the bridge.

    A third-party package's wrapper around an environment from :func:`gymnasium_core.make`
    (``minigrid.wrappers.ImgObsWrapper(gym.make(...))``) is a ``gymnasium.Env``; our wrappers,
    vector environments, env checker and ``play`` take it by presenting it through
    :func:`gymnasium_core.compat.from_gymnasium`. Only when ``gymnasium`` is already imported
    can ``env`` be one of its environments, so nothing is imported otherwise.

    Args:
        env: The environment given to ``who``.
        who: What was given it, for the error message.

    Returns:
        ``env``, or the adapter presenting it.

    Raises:
        TypeError: If ``env`` is neither an environment of ours nor of gymnasium.
    """
    if isinstance(env, Env):
        return env
    gymnasium = sys.modules.get("gymnasium")
    if gymnasium is not None and isinstance(env, gymnasium.Env):
        from gymnasium_core.compat import from_gymnasium

        adapted: Env[Any, Any] = from_gymnasium(env)
        return adapted
    raise TypeError(f"{who} expects a gymnasium_core.Env (or a gymnasium.Env), got {type(env)}.")


class Wrapper(
    Env[WrapperObsType, WrapperActType], Generic[WrapperObsType, WrapperActType, ObsType, ActType]
):
    """Base class of wrappers: forwards everything to :attr:`env` unless overridden.

    A wrapper may set its own :attr:`action_space`, :attr:`observation_space` and
    :attr:`metadata`; :attr:`spec`, :attr:`render_mode` and :attr:`np_random` always come from
    the wrapped environment. Attributes of inner layers are reached with
    :meth:`get_wrapper_attr`.
    """

    def __init__(self, env: Env[ObsType, ActType]) -> None:
        """Wrap ``env``.

        Args:
            env: The environment (or wrapper) to wrap.

        A ``gymnasium.Env`` (a third-party package's wrapper, say) is taken through the bridge
        (see :func:`accept_env`).

        Raises:
            TypeError: If ``env`` is neither an :class:`Env` nor a ``gymnasium.Env``.
        """
        env = accept_env(env, type(self).__name__)
        self.env = env
        # Spaces and metadata this wrapper sets for itself; `None` means "the wrapped env's".
        # The names are the reference's, so subclasses may write them directly.
        self._action_space: spaces.Space[WrapperActType] | None = None
        self._observation_space: spaces.Space[WrapperObsType] | None = None
        self._metadata: dict[str, Any] | None = None
        self._cached_spec: EnvSpec | None = None

    def step(
        self, action: WrapperActType
    ) -> tuple[WrapperObsType, SupportsFloat, bool, bool, dict[str, Any]]:
        """Step the wrapped environment."""
        return self.env.step(action)  # type: ignore[arg-type, return-value]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[WrapperObsType, dict[str, Any]]:
        """Reset the wrapped environment."""
        return self.env.reset(seed=seed, options=options)  # type: ignore[return-value]

    def render(self) -> Any:
        """Render the wrapped environment."""
        return self.env.render()

    def close(self) -> None:
        """Close the wrapped environment."""
        return self.env.close()

    @property
    def np_random_seed(self) -> int:
        """The wrapped environment's :attr:`Env.np_random_seed`."""
        return self.env.np_random_seed

    @property
    def unwrapped(self) -> Env[Any, Any]:
        """The environment under all wrappers."""
        return self.env.unwrapped

    @property
    def spec(self) -> EnvSpec | None:  # type: ignore[override]
        """The wrapped environment's spec with this wrapper added to ``additional_wrappers``."""
        if self._cached_spec is not None:
            return self._cached_spec
        env_spec = self.env.spec
        if env_spec is not None:
            kwargs: dict[str, Any] | None = None
            if isinstance(self, RecordConstructorArgs):
                kwargs = {k: v for k, v in self._saved_kwargs.items() if k != "env"}
            try:
                env_spec = deepcopy(env_spec)
                env_spec.additional_wrappers += (self.wrapper_spec_for(kwargs),)
            except Exception as exc:  # a spec holding an uncopyable value
                logger.warn(f"The spec {env_spec} could not be copied ({exc}); spec is None.")
                return None
        self._cached_spec = env_spec
        return env_spec

    @classmethod
    def wrapper_spec_for(cls, kwargs: dict[str, Any] | None) -> WrapperSpec:
        """A :class:`~gymnasium_core.registration.WrapperSpec` for this class with ``kwargs``."""
        from gymnasium_core.registration._spec import WrapperSpec

        return WrapperSpec(
            name=cls.class_name(), entry_point=f"{cls.__module__}:{cls.__name__}", kwargs=kwargs
        )

    @classmethod
    def wrapper_spec(cls, **kwargs: Any) -> WrapperSpec:
        """A :class:`~gymnasium_core.registration.WrapperSpec` for this class with ``kwargs``."""
        return cls.wrapper_spec_for(kwargs)

    def has_wrapper_attr(self, name: str) -> bool:
        """Whether this wrapper or any layer below it has attribute ``name``."""
        return hasattr(self, name) or self.env.has_wrapper_attr(name)

    def get_wrapper_attr(self, name: str) -> Any:
        """Return attribute ``name`` from the outermost layer that has it.

        Raises:
            AttributeError: If no layer has it.
        """
        if hasattr(self, name):
            return getattr(self, name)
        try:
            return self.env.get_wrapper_attr(name)
        except AttributeError as exc:
            raise AttributeError(
                f"{self.class_name()} and the environments it wraps have no attribute {name!r}"
            ) from exc

    def set_wrapper_attr(self, name: str, value: Any, *, force: bool = True) -> bool:
        """Set attribute ``name`` on the outermost layer that has it.

        Args:
            name: The attribute.
            value: Its new value.
            force: If no layer has it, create it on this wrapper.

        Returns:
            Whether the attribute was set.
        """
        if hasattr(self, name):
            setattr(self, name, value)
            return True
        if self.env.set_wrapper_attr(name, value, force=False):
            return True
        if force:
            setattr(self, name, value)
            return True
        return False

    def __str__(self) -> str:
        return f"<{type(self).__name__}{self.env}>"

    def __repr__(self) -> str:
        return str(self)

    @classmethod
    def class_name(cls) -> str:
        """The wrapper's class name."""
        return cls.__name__

    action_space: _Inherited[spaces.Space[WrapperActType]] = _Inherited(
        "This wrapper's action space, else the wrapped environment's."
    )

    observation_space: _Inherited[spaces.Space[WrapperObsType]] = _Inherited(
        "This wrapper's observation space, else the wrapped environment's."
    )

    metadata: _Inherited[dict[str, Any]] = _Inherited(
        "This wrapper's metadata, else the wrapped environment's."
    )

    @property
    def render_mode(self) -> str | None:  # type: ignore[override]
        """The wrapped environment's render mode."""
        return self.env.render_mode

    @property
    def np_random(self) -> np.random.Generator:
        """The wrapped environment's random generator."""
        return self.env.np_random

    @np_random.setter
    def np_random(self, value: np.random.Generator) -> None:
        self.env.np_random = value

    @property
    def _np_random(self) -> np.random.Generator:  # type: ignore[override]
        raise AttributeError(
            "A wrapper has no `_np_random`: use `.np_random`, or `.unwrapped._np_random`."
        )


class ObservationWrapper(Wrapper[WrapperObsType, ActType, ObsType, ActType]):
    """A wrapper that transforms every observation with :meth:`observation`.

    Set :attr:`observation_space` in ``__init__`` if the transformation changes it.
    """

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[WrapperObsType, dict[str, Any]]:
        """Reset the wrapped environment and transform its observation."""
        obs, info = self.env.reset(seed=seed, options=options)
        return self.observation(obs), info

    def step(
        self, action: ActType
    ) -> tuple[WrapperObsType, SupportsFloat, bool, bool, dict[str, Any]]:
        """Step the wrapped environment and transform its observation."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        return self.observation(obs), reward, terminated, truncated, info

    def observation(self, observation: ObsType) -> WrapperObsType:
        """Transform an observation of the wrapped environment."""
        raise NotImplementedError


class RewardWrapper(Wrapper[ObsType, ActType, ObsType, ActType]):
    """A wrapper that transforms every reward with :meth:`reward`."""

    def step(self, action: ActType) -> tuple[ObsType, SupportsFloat, bool, bool, dict[str, Any]]:
        """Step the wrapped environment and transform its reward."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        return obs, self.reward(reward), terminated, truncated, info

    def reward(self, reward: SupportsFloat) -> SupportsFloat:
        """Transform a reward of the wrapped environment."""
        raise NotImplementedError


class ActionWrapper(Wrapper[ObsType, WrapperActType, ObsType, ActType]):
    """A wrapper that transforms every action with :meth:`action` before stepping.

    Set :attr:`action_space` in ``__init__`` if the wrapper accepts other actions.
    """

    def step(
        self, action: WrapperActType
    ) -> tuple[ObsType, SupportsFloat, bool, bool, dict[str, Any]]:
        """Transform the action and step the wrapped environment."""
        return self.env.step(self.action(action))

    def action(self, action: WrapperActType) -> ActType:
        """Transform an action into one of the wrapped environment."""
        raise NotImplementedError
