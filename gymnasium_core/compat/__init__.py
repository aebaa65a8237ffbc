"""The bridge between ``gymnasium_core`` and the ``gymnasium`` package (extra ``gymnasium``).

* :func:`to_gymnasium` / :func:`from_gymnasium` turn an environment or a vector environment of
  one package into one of the other, converting the spaces (all ten types, keeping dtype, bounds
  and random state) and the values that need it.
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
import gymnasium.vector

from gymnasium_core.compat._env import CoreEnvAdapter, GymnasiumEnvAdapter
from gymnasium_core.compat._spaces import (
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
from gymnasium_core.compat._vector import CoreVectorEnvAdapter, GymnasiumVectorEnvAdapter
from gymnasium_core.core import Env
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
def to_gymnasium(env: Env[Any, Any] | VectorEnv[Any, Any, Any]) -> Any:
    """Present one of our environments (or vector environments) as a gymnasium one.

    An adapter made by :func:`from_gymnasium` is unwrapped instead, so a round trip gives back
    the original object.

    Args:
        env: A :class:`gymnasium_core.Env` or :class:`gymnasium_core.vector.VectorEnv`.

    Returns:
        A ``gymnasium.Env`` (:class:`GymnasiumEnvAdapter`) or ``gymnasium.vector.VectorEnv``
        (:class:`GymnasiumVectorEnvAdapter`).

    Raises:
        TypeError: If ``env`` is neither.
        CustomSpaceError: If one of its spaces has no gymnasium counterpart.
    """
    if isinstance(env, CoreEnvAdapter | CoreVectorEnvAdapter):
        return env.gym_env
    if isinstance(env, VectorEnv):
        return GymnasiumVectorEnvAdapter(env)
    if isinstance(env, Env):
        return GymnasiumEnvAdapter(env)
    raise TypeError(
        "to_gymnasium expects a gymnasium_core.Env or gymnasium_core.vector.VectorEnv, "
        f"got {type(env).__name__}: {env!r}"
    )


@overload
def from_gymnasium(
    env: gymnasium.vector.VectorEnv[Any, Any, Any],
) -> VectorEnv[Any, Any, Any]: ...
@overload
def from_gymnasium(env: gymnasium.Env[Any, Any]) -> Env[Any, Any]: ...
def from_gymnasium(env: gymnasium.Env[Any, Any] | gymnasium.vector.VectorEnv[Any, Any, Any]) -> Any:
    """Present a gymnasium environment (or vector environment) as one of ours.

    The result works with our wrappers, our vector environments, our env checker and ``play``.
    An adapter made by :func:`to_gymnasium` is unwrapped instead.

    Args:
        env: A ``gymnasium.Env`` or ``gymnasium.vector.VectorEnv``.

    Returns:
        A :class:`gymnasium_core.Env` (:class:`CoreEnvAdapter`) or
        :class:`gymnasium_core.vector.VectorEnv` (:class:`CoreVectorEnvAdapter`).

    Raises:
        TypeError: If ``env`` is neither.
        CustomSpaceError: If one of its spaces has no counterpart in ``gymnasium_core.spaces``.
    """
    if isinstance(env, GymnasiumEnvAdapter | GymnasiumVectorEnvAdapter):
        return env.core_env
    if isinstance(env, gymnasium.vector.VectorEnv):
        return CoreVectorEnvAdapter(env)
    if isinstance(env, gymnasium.Env):
        return CoreEnvAdapter(env)
    raise TypeError(
        "from_gymnasium expects a gymnasium.Env or gymnasium.vector.VectorEnv, "
        f"got {type(env).__name__}: {env!r}"
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
