"""Vector-environment bridges: our ``VectorEnv`` as a gymnasium one, and the reverse.

Batched observations, rewards and info dictionaries pass through unchanged (both packages use the
same batching and the same ``info`` / ``_info`` mask layout). The spaces are converted once, and
``metadata["autoreset_mode"]`` is translated between the two packages' ``AutoresetMode`` enums,
which gymnasium's vector wrappers compare by identity.

gymnasium 1.0 has no ``AutoresetMode``: its vector environments always reset a finished
sub-environment on the next step and declare no mode. There, ours keep our member (no gymnasium
code reads it), and a gymnasium vector environment is declared ``NEXT_STEP`` on our side.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

import gymnasium
import gymnasium.vector

from gymnasium_core.compat._env import SharedRandomState
from gymnasium_core.compat._spaces import (
    space_from_gymnasium,
    space_to_gymnasium,
    value_from_gymnasium,
    value_to_gymnasium,
)
from gymnasium_core.vector import AutoresetMode, VectorEnv

if TYPE_CHECKING:
    from gymnasium_core.registration import EnvSpec

__all__ = ["CoreVectorEnvAdapter", "GymnasiumVectorEnvAdapter"]

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
