"""The bridge between ``gymnasium_core`` and the ``gymnasium`` package (extra ``gymnasium``).

* :func:`to_gymnasium` / :func:`from_gymnasium` turn an environment, a vector environment or a
  space of one package into one of the other, converting the spaces (all ten types, keeping
  dtype, bounds and random state) and the values that need it.
* :func:`space_to_gymnasium` / :func:`space_from_gymnasium` convert spaces alone.
* Importing this module registers every id of our registry in gymnasium's registry under the
  ``gymnasium_core`` namespace scheme of :func:`gymnasium_id`, so training code that only knows
  ``gymnasium.make`` can write ``gymnasium.make("gymnasium_core/CartPole-v1")`` after
  ``import gymnasium_core.compat``, or, with no import at all,
  ``gymnasium.make("gymnasium_core.compat:gymnasium_core/CartPole-v1")``.

Example:
    >>> import gymnasium
    >>> import gymnasium_core.compat
    >>> env = gymnasium.make("gymnasium_core/CartPole-v1")
    >>> isinstance(env.unwrapped, gymnasium.Env)
    True
    >>> env.close()
"""

from __future__ import annotations

from typing import Any, overload

import gymnasium
import gymnasium.spaces
import gymnasium.vector

from gymnasium_core.compat._env import (
    CoreEnvAdapter,
    CoreVectorEnvAdapter,
    GymnasiumEnvAdapter,
    GymnasiumVectorEnvAdapter,
)
from gymnasium_core.compat._spaces import (
    shared_space,
    space_from_gymnasium,
    space_to_gymnasium,
    value_from_gymnasium,
    value_to_gymnasium,
)
from gymnasium_core.compat._specs import (
    GYMNASIUM_NAMESPACE,
    CoreEnvCreator,
    CoreVectorEnvCreator,
    GymnasiumEnvCreator,
    core_id,
    gymnasium_id,
    spec_from_gymnasium,
    spec_to_gymnasium,
)
from gymnasium_core.core import Env
from gymnasium_core.spaces import Space
from gymnasium_core.vector import VectorEnv

__all__ = [
    "GYMNASIUM_NAMESPACE",
    "CoreEnvAdapter",
    "CoreEnvCreator",
    "CoreVectorEnvAdapter",
    "CoreVectorEnvCreator",
    "GymnasiumEnvAdapter",
    "GymnasiumEnvCreator",
    "GymnasiumVectorEnvAdapter",
    "core_id",
    "from_gymnasium",
    "gymnasium_id",
    "register_gymnasium_envs",
    "shared_space",
    "space_from_gymnasium",
    "space_to_gymnasium",
    "spec_from_gymnasium",
    "spec_to_gymnasium",
    "to_gymnasium",
    "value_from_gymnasium",
    "value_to_gymnasium",
]


@overload
def to_gymnasium(env: VectorEnv[Any, Any, Any]) -> gymnasium.vector.VectorEnv[Any, Any, Any]: ...
@overload
def to_gymnasium(env: Env[Any, Any]) -> gymnasium.Env[Any, Any]: ...
@overload
def to_gymnasium(env: Space[Any]) -> gymnasium.spaces.Space[Any]: ...
def to_gymnasium(env: Env[Any, Any] | VectorEnv[Any, Any, Any] | Space[Any]) -> Any:
    """Present one of our environments, vector environments or spaces as a gymnasium one.

    One call for whatever a gymnasium-only library asks for: an environment (made, wrapped,
    stepped or not), a vector environment, or a space. An adapter made by
    :func:`from_gymnasium` is unwrapped instead, so a round trip gives back the original object.

    Args:
        env: A :class:`gymnasium_core.Env`, :class:`gymnasium_core.vector.VectorEnv` or
            :class:`gymnasium_core.spaces.Space`.

    Returns:
        A ``gymnasium.Env`` (:class:`GymnasiumEnvAdapter`), a ``gymnasium.vector.VectorEnv``
        (:class:`GymnasiumVectorEnvAdapter`), or the equal ``gymnasium.spaces`` space (see
        :func:`space_to_gymnasium`).

    Raises:
        TypeError: If ``env`` is none of these.
        CustomSpaceError: If a space has no gymnasium counterpart.

    Example:
        >>> import gymnasium
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.compat import to_gymnasium
        >>> isinstance(to_gymnasium(gym.spaces.Discrete(3)), gymnasium.spaces.Discrete)
        True
        >>> isinstance(to_gymnasium(gym.make("CartPole-v1")), gymnasium.Env)
        True
    """
    if isinstance(env, CoreEnvAdapter | CoreVectorEnvAdapter):
        return env.gym_env
    if isinstance(env, VectorEnv):
        return GymnasiumVectorEnvAdapter(env)
    if isinstance(env, Env):
        return GymnasiumEnvAdapter(env)
    if isinstance(env, Space):
        return space_to_gymnasium(env)
    raise TypeError(
        "to_gymnasium expects a gymnasium_core.Env, gymnasium_core.vector.VectorEnv or "
        f"gymnasium_core.spaces.Space, got {type(env).__name__}: {env!r}"
    )


@overload
def from_gymnasium(
    env: gymnasium.vector.VectorEnv[Any, Any, Any],
) -> VectorEnv[Any, Any, Any]: ...
@overload
def from_gymnasium(env: gymnasium.Env[Any, Any]) -> Env[Any, Any]: ...
@overload
def from_gymnasium(env: gymnasium.spaces.Space[Any]) -> Space[Any]: ...
def from_gymnasium(
    env: gymnasium.Env[Any, Any]
    | gymnasium.vector.VectorEnv[Any, Any, Any]
    | gymnasium.spaces.Space[Any],
) -> Any:
    """Present a gymnasium environment, vector environment or space as one of ours.

    The result works with our wrappers, our vector environments, our env checker and ``play``.
    An adapter made by :func:`to_gymnasium` is unwrapped instead.

    Args:
        env: A ``gymnasium.Env``, ``gymnasium.vector.VectorEnv`` or ``gymnasium.spaces.Space``.

    Returns:
        A :class:`gymnasium_core.Env` (:class:`CoreEnvAdapter`), a
        :class:`gymnasium_core.vector.VectorEnv` (:class:`CoreVectorEnvAdapter`), or the equal
        :mod:`gymnasium_core.spaces` space (see :func:`space_from_gymnasium`).

    Raises:
        TypeError: If ``env`` is none of these.
    """
    if isinstance(env, GymnasiumEnvAdapter | GymnasiumVectorEnvAdapter):
        return env.core_env
    if isinstance(env, CoreEnvAdapter | CoreVectorEnvAdapter):
        return env  # an environment of both packages already
    if isinstance(env, gymnasium.vector.VectorEnv):
        return CoreVectorEnvAdapter(env)
    if isinstance(env, gymnasium.Env):
        return CoreEnvAdapter(env)
    if isinstance(env, gymnasium.spaces.Space):
        return space_from_gymnasium(env)
    raise TypeError(
        "from_gymnasium expects a gymnasium.Env, gymnasium.vector.VectorEnv or "
        f"gymnasium.spaces.Space, got {type(env).__name__}: {env!r}"
    )


def register_gymnasium_envs(ids: list[str] | None = None) -> list[str]:
    """Register our environments in gymnasium's registry (done once on import of this module).

    Call it again after registering more environments of your own to make them reachable
    through ``gymnasium.make`` as well. Ids already present in gymnasium's registry are left
    alone.

    Args:
        ids: Our ids to register; ``None`` means every id in our registry.

    Returns:
        The gymnasium ids newly registered.
    """
    from gymnasium_core.registration import registry

    chosen = list(registry) if ids is None else ids
    added: list[str] = []
    for env_id in chosen:
        spec = registry[env_id]
        gym_spec = spec_to_gymnasium(spec)
        if gym_spec is None or spec.entry_point is None or gym_spec.id in gymnasium.registry:
            continue
        gymnasium.register(
            id=gym_spec.id,
            entry_point=gym_spec.entry_point,
            reward_threshold=gym_spec.reward_threshold,
            nondeterministic=gym_spec.nondeterministic,
            max_episode_steps=gym_spec.max_episode_steps,
            order_enforce=gym_spec.order_enforce,
            disable_env_checker=gym_spec.disable_env_checker,
            vector_entry_point=gym_spec.vector_entry_point,
            kwargs=gym_spec.kwargs,
        )
        added.append(gym_spec.id)
    return added


register_gymnasium_envs()
