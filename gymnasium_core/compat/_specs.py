"""Environment specs across the bridge, and the id scheme of our environments inside gymnasium.

Id scheme: every id of ours is reachable in gymnasium's registry under a namespace that starts
with ``gymnasium_core``, which gymnasium never uses:

========================  ==========================================
our id                    gymnasium id
========================  ==========================================
``CartPole-v1``           ``gymnasium_core/CartPole-v1``
``phys2d/CartPole-v1``    ``gymnasium_core-phys2d/CartPole-v1``
``MyPkg/Maze-v0``         ``gymnasium_core-MyPkg/Maze-v0``
========================  ==========================================

The mapping is one-to-one (the prefix is fixed, so it can always be stripped again).

A spec crossing the bridge keeps its id (renamed by the scheme above only when ours goes to
gymnasium), its kwargs and its episode settings; its entry point becomes a small picklable
creator that builds the environment in its own package and wraps it in the adapter, so
``spec.make()`` / ``gymnasium.make(spec)`` work from either side.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import gymnasium
import gymnasium.envs.registration as gym_registration

from gymnasium_core.registration._gymnasium_view import GymnasiumEnvCreator, mirror_spec

if TYPE_CHECKING:
    from gymnasium_core.registration import EnvSpec

__all__ = [
    "GYMNASIUM_NAMESPACE",
    "CoreEnvCreator",
    "CoreVectorEnvCreator",
    "GymnasiumEnvCreator",
    "core_id",
    "gymnasium_id",
    "spec_from_gymnasium",
    "spec_to_gymnasium",
]

GYMNASIUM_NAMESPACE = "gymnasium_core"
"""The namespace (and namespace prefix) our ids take in gymnasium's registry."""


def gymnasium_id(env_id: str) -> str:
    """The id under which our environment ``env_id`` is registered in gymnasium.

    Args:
        env_id: One of our ids, ``[namespace/]Name[-vN]``.

    Returns:
        ``gymnasium_core/Name-vN`` for an id without namespace, else
        ``gymnasium_core-<namespace>/Name-vN``.

    Example:
        >>> gymnasium_id("CartPole-v1"), gymnasium_id("phys2d/CartPole-v1")
        ('gymnasium_core/CartPole-v1', 'gymnasium_core-phys2d/CartPole-v1')
    """
    namespace, slash, rest = env_id.partition("/")
    if not slash:
        return f"{GYMNASIUM_NAMESPACE}/{env_id}"
    return f"{GYMNASIUM_NAMESPACE}-{namespace}/{rest}"


def core_id(gym_id: str) -> str:
    """The inverse of :func:`gymnasium_id`: our id for a ``gymnasium_core`` gymnasium id.

    Args:
        gym_id: An id produced by :func:`gymnasium_id`.

    Returns:
        Our id.

    Raises:
        ValueError: If ``gym_id`` is not in a ``gymnasium_core`` namespace.

    Example:
        >>> core_id("gymnasium_core-phys2d/CartPole-v1")
        'phys2d/CartPole-v1'
    """
    namespace, slash, rest = gym_id.partition("/")
    if slash and namespace == GYMNASIUM_NAMESPACE:
        return rest
    prefix = f"{GYMNASIUM_NAMESPACE}-"
    if slash and namespace.startswith(prefix) and len(namespace) > len(prefix):
        return f"{namespace[len(prefix) :]}/{rest}"
    raise ValueError(
        f"{gym_id!r} is not an id of ours in gymnasium's registry: those start with "
        f"'{GYMNASIUM_NAMESPACE}/' or '{GYMNASIUM_NAMESPACE}-<namespace>/'."
    )


def _without_outer_wrappers(spec: Any) -> Any:
    """A copy of ``spec`` whose ``make`` adds no checker, order enforcing or time limit.

    The package on the other side of the bridge adds those itself, from the mirrored spec.
    """
    return dataclasses.replace(
        spec, max_episode_steps=None, order_enforce=False, disable_env_checker=True
    )


class CoreEnvCreator:
    """A gymnasium entry point that builds one of our environments behind the adapter.

    Attributes:
        spec: Our :class:`~gymnasium_core.registration.EnvSpec` to build from.
    """

    def __init__(self, spec: EnvSpec) -> None:
        """Remember ``spec``.

        Args:
            spec: Our environment spec.
        """
        self.spec = spec

    def __call__(self, **kwargs: Any) -> gymnasium.Env[Any, Any]:
        """Build the environment with ``kwargs`` and wrap it for gymnasium."""
        from gymnasium_core.compat._env import GymnasiumEnvAdapter
        from gymnasium_core.registration import make

        return GymnasiumEnvAdapter(make(_without_outer_wrappers(self.spec), **kwargs))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.spec.id!r})"


class CoreVectorEnvCreator:
    """A gymnasium vector entry point that builds our vector environment behind the adapter.

    Attributes:
        spec: Our :class:`~gymnasium_core.registration.EnvSpec`; it has a vector entry point.
    """

    def __init__(self, spec: EnvSpec) -> None:
        """Remember ``spec``.

        Args:
            spec: Our environment spec.
        """
        self.spec = spec

    def __call__(
        self, num_envs: int = 1, **kwargs: Any
    ) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
        """Build ``num_envs`` copies through our vector entry point and wrap them for gymnasium."""
        from gymnasium_core.compat._env import GymnasiumVectorEnvAdapter
        from gymnasium_core.registration import make_vec

        core_spec = _without_outer_wrappers(self.spec)
        vector_env = make_vec(
            core_spec, num_envs=num_envs, vectorization_mode="vector_entry_point", **kwargs
        )
        return GymnasiumVectorEnvAdapter(vector_env)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.spec.id!r})"


def spec_to_gymnasium(spec: EnvSpec | None) -> gym_registration.EnvSpec | None:
    """Mirror one of our specs as a gymnasium spec whose entry points build ours.

    Args:
        spec: Our spec, or ``None``.

    Returns:
        A gymnasium ``EnvSpec`` under :func:`gymnasium_id`, or ``None`` if ``spec`` is ``None``.
        It has a vector entry point (building our vector env) only where
        :func:`~gymnasium_core.registration.default_vectorize_mode` picks ours.
    """
    if spec is None:
        return None
    from gymnasium_core.registration import VectorizeMode, default_vectorize_mode

    # gymnasium's make_vec defaults to a spec's vector entry point whenever it has one, so the
    # mirrored spec gets ours only where our make_vec defaults to it too: the ids that keep
    # their batched env one argument away (`vector_entry_point_opt_in`) stay SyncVectorEnv by
    # default in gymnasium, as gymnasium's own registration of them.
    vector_entry_point = None
    if default_vectorize_mode(spec) is VectorizeMode.VECTOR_ENTRY_POINT:
        vector_entry_point = CoreVectorEnvCreator(spec)
    return gym_registration.EnvSpec(
        id=gymnasium_id(spec.id),
        entry_point=CoreEnvCreator(spec),
        reward_threshold=spec.reward_threshold,
        nondeterministic=spec.nondeterministic,
        max_episode_steps=spec.max_episode_steps,
        order_enforce=spec.order_enforce,
        disable_env_checker=spec.disable_env_checker,
        kwargs=dict(spec.kwargs),
        vector_entry_point=vector_entry_point,
    )


def spec_from_gymnasium(spec: gym_registration.EnvSpec | None) -> EnvSpec | None:
    """Mirror a gymnasium spec as one of ours whose entry points build the gymnasium env.

    It is the spec our registry shows for an id another package registered in gymnasium's
    (see :mod:`gymnasium_core.registration`): ``gymnasium_core.make(spec)`` builds the
    environment with ``gymnasium.make`` and presents it as one of ours, and a package's
    ``vector_entry_point`` becomes ours too.

    Args:
        spec: A gymnasium spec, or ``None``.

    Returns:
        Our ``EnvSpec`` with the same id, or ``None`` if ``spec`` is ``None``.
    """
    if spec is None:
        return None
    return mirror_spec(spec)
