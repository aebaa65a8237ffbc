"""Environment bridges: our envs and vector envs seen as gymnasium's, and the reverse.

Each bridge holds the other package's environment and forwards every call, converting the spaces
once at construction and the values (observations, actions) that need it on each call. The random
generator is not duplicated: ``_np_random`` on a bridge reads and writes the generator of the
environment it holds, so seeding through either side is one and the same thing.

The vector bridges, in the section at the end, pass batched observations, rewards and info
dictionaries through unchanged (both packages use the same batching and the same ``info`` /
``_info`` mask layout). The spaces are converted once, and ``metadata["autoreset_mode"]`` is
translated between the two packages' ``AutoresetMode`` enums, which gymnasium's vector wrappers
compare by identity.

gymnasium 1.0 has no ``AutoresetMode``: its vector environments always reset a finished
sub-environment on the next step and declare no mode. There, ours keep our member (no gymnasium
code reads it), and a gymnasium vector environment is declared ``NEXT_STEP`` on our side.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, SupportsFloat

import gymnasium
import gymnasium.vector

from gymnasium_core.compat._spaces import (
    shared_space,
    space_from_gymnasium,
    space_to_gymnasium,
    value_from_gymnasium,
    value_to_gymnasium,
)
from gymnasium_core.core import Env
from gymnasium_core.vector import AutoresetMode, VectorEnv

if TYPE_CHECKING:
    from gymnasium_core.registration import EnvSpec

__all__ = [
    "CoreEnvAdapter",
    "CoreVectorEnvAdapter",
    "GymnasiumEnvAdapter",
    "GymnasiumVectorEnvAdapter",
]


class SharedRandomState:
    """Mixin for the adapters: the random state belongs to the wrapped environment.

    ``_np_random`` and ``_np_random_seed`` read and write through to the ``unwrapped``
    environment of the attribute named by ``_rng_source`` (the adapted environment), so seeding
    either side seeds the one generator both use.
    """

    _rng_source = "core_env"

    def _random_owner(self) -> Any:
        return getattr(self, self._rng_source).unwrapped

    @property
    def _np_random(self) -> Any:
        return self._random_owner()._np_random

    @_np_random.setter
    def _np_random(self, value: Any) -> None:
        self._random_owner()._np_random = value

    @property
    def _np_random_seed(self) -> Any:
        return self._random_owner()._np_random_seed

    @_np_random_seed.setter
    def _np_random_seed(self, value: Any) -> None:
        self._random_owner()._np_random_seed = value


class GymnasiumEnvAdapter(SharedRandomState, gymnasium.Env[Any, Any]):
    """One of our environments presented as a ``gymnasium.Env``.

    Build it with :func:`gymnasium_core.compat.to_gymnasium`. It is its own ``unwrapped`` (to
    gymnasium it is a raw environment, so gymnasium's wrappers and ``check_env`` treat it as one),
    unless our environment stands on a third-party package's env, which is then ``unwrapped``;
    the environment it holds, with all of our wrappers, is :attr:`core_env`. Attribute reads that
    the adapter does not answer itself are forwarded to :attr:`core_env`.

    Attributes:
        core_env: The :class:`gymnasium_core.Env` this adapter drives.
    """

    def __init__(self, env: Env[Any, Any]) -> None:
        """Wrap ``env``.

        Args:
            env: One of our environments (wrapped or not).

        Raises:
            TypeError: If ``env`` is not a :class:`gymnasium_core.Env`.
        """
        if not isinstance(env, Env):
            raise TypeError(f"Expected a gymnasium_core.Env, got {type(env).__name__}: {env!r}")
        self.core_env = env
        self.observation_space = space_to_gymnasium(env.observation_space)
        self.action_space = space_to_gymnasium(env.action_space)
        self.metadata = env.metadata
        from gymnasium_core.compat._specs import spec_to_gymnasium

        self.spec = spec_to_gymnasium(env.spec)

    @property
    def render_mode(self) -> str | None:  # type: ignore[override]
        """The render mode of the wrapped environment."""
        return self.core_env.render_mode

    @property
    def unwrapped(self) -> gymnasium.Env[Any, Any]:
        """This adapter, or a third-party package's env where ours stand on one.

        Over :func:`gymnasium_core.make` of an id another package registered, ``unwrapped`` is
        that package's env, as gymnasium gives it: the package's wrappers read its attributes.
        """
        bare = self.core_env.unwrapped
        return bare if isinstance(bare, gymnasium.Env) and not isinstance(bare, Env) else self

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset the wrapped environment; see :meth:`gymnasium_core.Env.reset`."""
        obs, info = self.core_env.reset(seed=seed, options=options)
        return value_to_gymnasium(self.core_env.observation_space, obs), info

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """Step the wrapped environment; see :meth:`gymnasium_core.Env.step`."""
        core_action = value_from_gymnasium(self.action_space, action)
        obs, reward, terminated, truncated, info = self.core_env.step(core_action)
        obs = value_to_gymnasium(self.core_env.observation_space, obs)
        return obs, reward, terminated, truncated, info

    def render(self) -> Any:
        """Render the wrapped environment."""
        return self.core_env.render()

    def close(self) -> None:
        """Close the wrapped environment."""
        self.core_env.close()

    def has_wrapper_attr(self, name: str) -> bool:
        """Whether this adapter or the wrapped environment (or its wrappers) has ``name``."""
        return hasattr(self, name) or self.core_env.has_wrapper_attr(name)

    def get_wrapper_attr(self, name: str) -> Any:
        """Read ``name`` from this adapter, else from the wrapped environment's wrapper stack."""
        if name in self.__dict__ or hasattr(type(self), name):
            return getattr(self, name)
        return self.core_env.get_wrapper_attr(name)

    def __getattr__(self, name: str) -> Any:
        # Private names and the adapter's own field are never forwarded: this keeps pickling
        # (which probes attributes before ``__dict__`` is filled) from recursing.
        if name.startswith("_") or name == "core_env":
            raise AttributeError(name)
        return getattr(self.core_env, name)

    def __str__(self) -> str:
        return f"<{type(self).__name__}{self.core_env}>"

    def __repr__(self) -> str:
        return str(self)


# The two Env bases annotate their spaces and spec with their own package's types; an
# adapter's are both (shared spaces, our spec), so mypy's check of the bases is silenced.
class CoreEnvAdapter(SharedRandomState, Env[Any, Any], gymnasium.Env[Any, Any]):  # type: ignore[misc]
    """A ``gymnasium.Env`` presented as one of ours, while staying a ``gymnasium.Env``.

    Build it with :func:`gymnasium_core.compat.from_gymnasium`; :func:`gymnasium_core.make`
    returns one for the ids other packages registered in gymnasium's registry. It is an
    environment of both packages:

    * ours: our wrappers, vector environments, env checker, ``play`` and ``RecordVideo`` take it;
    * gymnasium's: a package's own wrappers (``minigrid.wrappers.ImgObsWrapper``, ...), which
      check ``isinstance(env, gymnasium.Env)``, take it too.

    Its spaces are shared (:func:`gymnasium_core.compat.shared_space`): instances of our space
    classes and of gymnasium's, so code of either package that inspects or builds on them works;
    a space type only the package knows (MiniGrid's ``MissionSpace``) keeps its own class.
    :attr:`unwrapped` is the package's environment itself, so its attributes and methods
    (``ale``, ``get_action_meanings()``, ``configure(...)``, ``compute_reward(...)``) are reached
    as with gymnasium. The gymnasium environment it holds (with gymnasium's wrappers, if any)
    is :attr:`gym_env`; attribute reads the adapter does not answer itself are forwarded to it.

    Attributes:
        gym_env: The ``gymnasium.Env`` this adapter drives.
    """

    _rng_source = "gym_env"

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        """Wrap ``env``.

        Args:
            env: A gymnasium environment (wrapped or not).

        Raises:
            TypeError: If ``env`` is not a ``gymnasium.Env``.
        """
        if not isinstance(env, gymnasium.Env):
            raise TypeError(f"Expected a gymnasium.Env, got {type(env).__name__}: {env!r}")
        self.gym_env = env
        self.observation_space = shared_space(env.observation_space)
        self.action_space = shared_space(env.action_space)
        self.metadata = env.metadata
        from gymnasium_core.compat._specs import spec_from_gymnasium

        self.spec: EnvSpec | None = spec_from_gymnasium(env.spec)  # type: ignore[assignment]

    @property
    def unwrapped(self) -> Any:
        """The package's environment under all of gymnasium's wrappers (a ``gymnasium.Env``).

        Typed ``Any``: it is a ``gymnasium.Env``, not one of ours.
        """
        return self.gym_env.unwrapped

    @property
    def render_mode(self) -> str | None:  # type: ignore[override]
        """The render mode of the wrapped gymnasium environment."""
        return self.gym_env.render_mode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset the wrapped gymnasium environment."""
        obs, info = self.gym_env.reset(seed=seed, options=options)
        return value_from_gymnasium(self.gym_env.observation_space, obs), info

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """Step the wrapped gymnasium environment."""
        gym_action = value_to_gymnasium(self.action_space, action)
        obs, reward, terminated, truncated, info = self.gym_env.step(gym_action)
        obs = value_from_gymnasium(self.gym_env.observation_space, obs)
        return obs, reward, terminated, truncated, info

    def render(self) -> Any:
        """Render the wrapped gymnasium environment."""
        return self.gym_env.render()

    def close(self) -> None:
        """Close the wrapped gymnasium environment."""
        self.gym_env.close()

    def has_wrapper_attr(self, name: str) -> bool:
        """Whether this adapter or the gymnasium environment (or its wrappers) has ``name``."""
        return hasattr(self, name) or self.gym_env.has_wrapper_attr(name)

    def get_wrapper_attr(self, name: str) -> Any:
        """Read ``name`` from this adapter, else from the gymnasium environment's wrapper stack."""
        if name in self.__dict__ or hasattr(type(self), name):
            return getattr(self, name)
        return self.gym_env.get_wrapper_attr(name)

    def __getattr__(self, name: str) -> Any:
        # See GymnasiumEnvAdapter.__getattr__ for why private names are not forwarded.
        if name.startswith("_") or name == "gym_env":
            raise AttributeError(name)
        return getattr(self.gym_env, name)

    def __str__(self) -> str:
        return f"<{type(self).__name__}{self.gym_env}>"

    def __repr__(self) -> str:
        return str(self)


# Vector environments.

# gymnasium's AutoresetMode enum (from 1.1), or None on gymnasium 1.0.
_GYMNASIUM_AUTORESET_MODE: type[Enum] | None = getattr(gymnasium.vector, "AutoresetMode", None)


def _translate_metadata(metadata: dict[str, Any], target: type[Enum] | None) -> dict[str, Any]:
    """A copy of ``metadata`` whose ``autoreset_mode`` is a member of ``target`` (if any)."""
    translated = dict(metadata)
    mode = translated.get("autoreset_mode")
    if target is not None and isinstance(mode, Enum):
        translated["autoreset_mode"] = target(mode.value)
    return translated


class GymnasiumVectorEnvAdapter(SharedRandomState, gymnasium.vector.VectorEnv[Any, Any, Any]):
    """One of our vector environments presented as a ``gymnasium.vector.VectorEnv``.

    Build it with :func:`gymnasium_core.compat.to_gymnasium`.

    Attributes:
        core_env: The :class:`gymnasium_core.vector.VectorEnv` this adapter drives.
    """

    def __init__(self, env: VectorEnv[Any, Any, Any]) -> None:
        """Wrap ``env``.

        Args:
            env: One of our vector environments (wrapped or not).

        Raises:
            TypeError: If ``env`` is not a :class:`gymnasium_core.vector.VectorEnv`.
        """
        if not isinstance(env, VectorEnv):
            raise TypeError(
                f"Expected a gymnasium_core.vector.VectorEnv, got {type(env).__name__}: {env!r}"
            )
        from gymnasium_core.compat._specs import spec_to_gymnasium

        self.core_env = env
        self.num_envs = env.num_envs
        self.single_observation_space = space_to_gymnasium(env.single_observation_space)
        self.single_action_space = space_to_gymnasium(env.single_action_space)
        self.observation_space = space_to_gymnasium(env.observation_space)
        self.action_space = space_to_gymnasium(env.action_space)
        self.metadata = _translate_metadata(env.metadata, _GYMNASIUM_AUTORESET_MODE)
        self.spec = spec_to_gymnasium(env.spec)

    @property
    def render_mode(self) -> str | None:  # type: ignore[override]
        """The render mode of the wrapped vector environment."""
        return self.core_env.render_mode

    @property
    def closed(self) -> bool:
        """Whether the wrapped vector environment is closed."""
        return bool(self.core_env.closed)

    @closed.setter
    def closed(self, value: bool) -> None:
        self.core_env.closed = value

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset the wrapped vector environment."""
        seed_arg: Any = seed
        obs, info = self.core_env.reset(seed=seed_arg, options=options)
        return value_to_gymnasium(self.core_env.observation_space, obs), info

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step the wrapped vector environment."""
        core_actions = value_from_gymnasium(self.action_space, actions)
        obs, rewards, terminations, truncations, info = self.core_env.step(core_actions)
        obs = value_to_gymnasium(self.core_env.observation_space, obs)
        return obs, rewards, terminations, truncations, info

    def render(self) -> Any:
        """Render the wrapped vector environment."""
        return self.core_env.render()

    def close(self, **kwargs: Any) -> None:
        """Close the wrapped vector environment."""
        self.core_env.close(**kwargs)

    def __getattr__(self, name: str) -> Any:
        # Private names and the adapter's own field are never forwarded (keeps pickling sane).
        if name.startswith("_") or name == "core_env":
            raise AttributeError(name)
        return getattr(self.core_env, name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.core_env!r})"


class CoreVectorEnvAdapter(SharedRandomState, VectorEnv[Any, Any, Any]):
    """A ``gymnasium.vector.VectorEnv`` presented as one of our vector environments.

    Build it with :func:`gymnasium_core.compat.from_gymnasium`.

    Attributes:
        gym_env: The ``gymnasium.vector.VectorEnv`` this adapter drives.
    """

    _rng_source = "gym_env"

    def __init__(self, env: gymnasium.vector.VectorEnv[Any, Any, Any]) -> None:
        """Wrap ``env``.

        Args:
            env: A gymnasium vector environment (wrapped or not).

        Raises:
            TypeError: If ``env`` is not a ``gymnasium.vector.VectorEnv``.
        """
        if not isinstance(env, gymnasium.vector.VectorEnv):
            raise TypeError(
                f"Expected a gymnasium.vector.VectorEnv, got {type(env).__name__}: {env!r}"
            )
        from gymnasium_core.compat._specs import spec_from_gymnasium

        self.gym_env = env
        self.num_envs = env.num_envs
        self.single_observation_space = space_from_gymnasium(env.single_observation_space)
        self.single_action_space = space_from_gymnasium(env.single_action_space)
        self.observation_space = space_from_gymnasium(env.observation_space)
        self.action_space = space_from_gymnasium(env.action_space)
        self.metadata = _translate_metadata(env.metadata, AutoresetMode)
        if _GYMNASIUM_AUTORESET_MODE is None:  # gymnasium 1.0: always the next step
            self.metadata.setdefault("autoreset_mode", AutoresetMode.NEXT_STEP)
        self.spec: EnvSpec | None = spec_from_gymnasium(env.spec)

    @property
    def render_mode(self) -> str | None:  # type: ignore[override]
        """The render mode of the wrapped gymnasium vector environment."""
        return self.gym_env.render_mode

    @property
    def closed(self) -> bool:
        """Whether the wrapped gymnasium vector environment is closed."""
        return bool(self.gym_env.closed)

    @closed.setter
    def closed(self, value: bool) -> None:
        self.gym_env.closed = value

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset the wrapped gymnasium vector environment."""
        seed_arg: Any = seed
        obs, info = self.gym_env.reset(seed=seed_arg, options=options)
        return value_from_gymnasium(self.gym_env.observation_space, obs), info

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step the wrapped gymnasium vector environment."""
        gym_actions = value_to_gymnasium(self.action_space, actions)
        obs, rewards, terminations, truncations, info = self.gym_env.step(gym_actions)
        obs = value_from_gymnasium(self.gym_env.observation_space, obs)
        return obs, rewards, terminations, truncations, info

    def render(self) -> Any:
        """Render the wrapped gymnasium vector environment."""
        return self.gym_env.render()

    def close(self, **kwargs: Any) -> None:
        """Close the wrapped gymnasium vector environment."""
        self.gym_env.close(**kwargs)

    def __getattr__(self, name: str) -> Any:
        # See GymnasiumVectorEnvAdapter.__getattr__.
        if name.startswith("_") or name == "gym_env":
            raise AttributeError(name)
        return getattr(self.gym_env, name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.gym_env!r})"
