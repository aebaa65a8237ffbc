"""The ids that other packages registered in gymnasium's registry, seen from ours.

Third-party packages (ale-py, MiniGrid, highway-env, Gymnasium-Robotics, ...) register their
environments in ``gymnasium.registry`` when they are imported. Our :data:`registry` mirrors
those ids, so ``make("ALE/Pong-v5")`` works after the import swap:

* only when ``gymnasium`` is already imported (if it is not, no package can have registered
  there, and we never import it ourselves);
* only ids whose entry point lives outside ``gymnasium`` and ``gymnasium_core`` (gymnasium's
  own ids have ours as their counterparts, and ours mirrored into gymnasium come back to us
  under their own names);
* ours win: an id registered here is never replaced by a mirror.

A mirrored spec's entry points are :class:`GymnasiumEnvCreator` and
:class:`GymnasiumVectorEnvCreator`, which hold gymnasium's spec. ``make`` builds such an id with
``gymnasium.make`` (so the package's environment gets gymnasium's own wrapper stack and equals
what gymnasium gives, step for step) and presents the result through the bridge
(:class:`gymnasium_core.compat.CoreEnvAdapter`), which is an environment of both packages.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

from gymnasium_core.registration._spec import EnvSpec

__all__ = [
    "GymnasiumEnvCreator",
    "GymnasiumVectorEnvCreator",
    "forget_mirror",
    "is_mirrored",
    "mirror_spec",
    "package_hint",
    "sync_gymnasium_ids",
]

# The namespace our own ids take in gymnasium's registry (gymnasium_core.compat.gymnasium_id).
_OUR_NAMESPACE_IN_GYMNASIUM = "gymnasium_core"


def _gymnasium_spec_for(spec: Any, env_spec: EnvSpec | None) -> Any:
    """Gymnasium's ``spec`` with the fields a caller may have changed on our ``env_spec``."""
    if env_spec is None:
        return spec
    return dataclasses.replace(
        spec,
        reward_threshold=env_spec.reward_threshold,
        nondeterministic=env_spec.nondeterministic,
        max_episode_steps=env_spec.max_episode_steps,
        order_enforce=env_spec.order_enforce,
        disable_env_checker=env_spec.disable_env_checker,
        kwargs=dict(env_spec.kwargs),
    )


class GymnasiumEnvCreator:
    """Our entry point for an environment registered in gymnasium's registry.

    :func:`~gymnasium_core.registration.make` builds it whole with ``gymnasium.make`` (see
    :meth:`make`); calling the creator itself builds the bare environment, without gymnasium's
    checker, order enforcing and time limit (our ``make`` would add ours around it).

    Attributes:
        spec: The ``gymnasium.envs.registration.EnvSpec`` to build from.
    """

    def __init__(self, spec: Any) -> None:
        """Remember ``spec``.

        Args:
            spec: A gymnasium environment spec.
        """
        self.spec = spec

    def __call__(self, **kwargs: Any) -> Any:
        """Build the bare gymnasium environment with ``kwargs``, presented as one of ours."""
        import gymnasium

        from gymnasium_core.compat import from_gymnasium

        bare = dataclasses.replace(
            self.spec, max_episode_steps=None, order_enforce=False, disable_env_checker=True
        )
        return from_gymnasium(gymnasium.make(bare, **kwargs))

    def make(
        self,
        env_spec: EnvSpec | None,
        max_episode_steps: int | None,
        disable_env_checker: bool | None,
        kwargs: dict[str, Any],
    ) -> Any:
        """Build the environment as ``gymnasium.make`` does, presented as one of ours.

        Args:
            env_spec: Our spec of the id (its fields win over the gymnasium spec's), or None.
            max_episode_steps: ``make``'s argument of that name.
            disable_env_checker: ``make``'s argument of that name.
            kwargs: The keyword arguments given to ``make``.

        Returns:
            A :class:`gymnasium_core.compat.CoreEnvAdapter` around gymnasium's environment.
        """
        import gymnasium

        from gymnasium_core.compat import from_gymnasium

        env = gymnasium.make(
            _gymnasium_spec_for(self.spec, env_spec),
            max_episode_steps=max_episode_steps,
            disable_env_checker=disable_env_checker,
            **kwargs,
        )
        return from_gymnasium(env)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.spec.id!r})"


class GymnasiumVectorEnvCreator:
    """Our vector entry point for a gymnasium-registered id with a ``vector_entry_point``.

    It builds the package's own vector environment with ``gymnasium.make_vec`` and presents it
    as one of ours (:class:`gymnasium_core.compat.CoreVectorEnvAdapter`).

    Attributes:
        spec: The ``gymnasium.envs.registration.EnvSpec`` to build from.
    """

    def __init__(self, spec: Any) -> None:
        """Remember ``spec``.

        Args:
            spec: A gymnasium environment spec with a vector entry point.
        """
        self.spec = spec

    def __call__(self, num_envs: int = 1, **kwargs: Any) -> Any:
        """Build ``num_envs`` copies with the package's vector entry point."""
        import gymnasium

        from gymnasium_core.compat import from_gymnasium

        vector_env = gymnasium.make_vec(
            self.spec, num_envs=num_envs, vectorization_mode="vector_entry_point", **kwargs
        )
        return from_gymnasium(vector_env)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.spec.id!r})"


def mirror_spec(spec: Any) -> EnvSpec:
    """Our :class:`EnvSpec` for a spec of gymnasium's registry.

    Args:
        spec: A ``gymnasium.envs.registration.EnvSpec``.

    Returns:
        A spec with the same id and settings whose entry points build the environment through
        gymnasium (:class:`GymnasiumEnvCreator`, and :class:`GymnasiumVectorEnvCreator` where
        the package registered a vector entry point).
    """
    vector_entry_point = None
    if spec.vector_entry_point is not None:
        vector_entry_point = GymnasiumVectorEnvCreator(spec)
    return EnvSpec(
        id=spec.id,
        entry_point=GymnasiumEnvCreator(spec),
        reward_threshold=spec.reward_threshold,
        nondeterministic=spec.nondeterministic,
        max_episode_steps=spec.max_episode_steps,
        order_enforce=spec.order_enforce,
        disable_env_checker=spec.disable_env_checker,
        kwargs=dict(spec.kwargs),
        vector_entry_point=vector_entry_point,
    )


def _home_package(entry_point: Any) -> str:
    """The top-level package an entry point (string or callable) comes from."""
    if isinstance(entry_point, str):
        module = entry_point.partition(":")[0]
    else:
        module = getattr(entry_point, "__module__", None) or type(entry_point).__module__
    return module.partition(".")[0]


def _is_third_party(spec: Any) -> bool:
    """Whether a gymnasium spec comes from a package other than gymnasium and ours."""
    namespace = spec.namespace or ""
    if namespace.startswith(_OUR_NAMESPACE_IN_GYMNASIUM):
        return False
    entry_point = spec.entry_point if spec.entry_point is not None else spec.vector_entry_point
    if entry_point is None:
        return False
    return _home_package(entry_point) not in ("gymnasium", "gymnasium_core")


# What the registry mirrors now: id -> the gymnasium spec it was made from, and the
# (registry object, size) it was taken from, so an unchanged registry costs one comparison.
_mirrored: dict[str, Any] = {}
_seen: list[tuple[int, int]] = [(0, -1)]
_syncing: list[bool] = [False]


def is_mirrored(env_id: str) -> bool:
    """Whether ``env_id`` is in our registry only as a mirror of gymnasium's."""
    return env_id in _mirrored


def forget_mirror(env_id: str) -> None:
    """Stop treating ``env_id`` as a mirror (an id of ours now takes its place)."""
    _mirrored.pop(env_id, None)


def sync_gymnasium_ids(target: dict[str, EnvSpec]) -> None:
    """Bring the mirrored ids in ``target`` (our registry) up to date with gymnasium's.

    Does nothing while ``gymnasium`` is not imported. Writes go through ``dict`` methods, so
    the registry's own read hooks (which call this) are not re-entered.

    Args:
        target: Our registry dict.
    """
    gymnasium = sys.modules.get("gymnasium")
    source = getattr(gymnasium, "registry", None) if gymnasium is not None else None
    if not isinstance(source, dict) or _syncing[0]:
        return
    fingerprint = (id(source), len(source))
    if fingerprint == _seen[0]:
        return
    _syncing[0] = True
    try:
        current = {gid: spec for gid, spec in list(source.items()) if _is_third_party(spec)}
        # Mirrors of ids gymnasium dropped or registered anew go; the new ones come back below.
        for gid in [gid for gid in _mirrored if current.get(gid) is not _mirrored[gid]]:
            dict.pop(target, gid, None)
            del _mirrored[gid]
        for gid, spec in current.items():
            if gid in _mirrored or dict.__contains__(target, gid):
                continue  # already mirrored, or an id of ours, which wins
            dict.__setitem__(target, gid, mirror_spec(spec))
            _mirrored[gid] = spec
        _seen[0] = (id(source), len(source))
    finally:
        _syncing[0] = False


# The packages whose ids people most often ask for before importing them: a namespace, or the
# start of an id without one, and the module to import.
_PACKAGE_OF_NAMESPACE = {"ALE": "ale_py"}
_PACKAGE_OF_NAME_PREFIX = {
    "MiniGrid-": "minigrid",
    "BabyAI-": "minigrid",
    "highway": "highway_env",
    "merge-": "highway_env",
    "roundabout-": "highway_env",
    "parking": "highway_env",
    "intersection-": "highway_env",
    "racetrack-": "highway_env",
    "PointMaze_": "gymnasium_robotics",
    "AntMaze_": "gymnasium_robotics",
    "Fetch": "gymnasium_robotics",
    "HandManipulate": "gymnasium_robotics",
    "HandReach": "gymnasium_robotics",
    "AdroitHand": "gymnasium_robotics",
    "FrankaKitchen": "gymnasium_robotics",
}


def package_hint(namespace: str | None, name: str) -> str | None:
    """Advice naming the package to import for an id it registers, if it is a known one.

    Args:
        namespace: The id's namespace, or ``None``.
        name: The id's name.

    Returns:
        A sentence such as "Import ale_py first: ...", or ``None`` for an unknown id.
    """
    module = _PACKAGE_OF_NAMESPACE.get(namespace or "")
    if module is None and namespace is None:
        module = next((m for p, m in _PACKAGE_OF_NAME_PREFIX.items() if name.startswith(p)), None)
    if module is None or module in sys.modules:
        return None  # unknown, or imported already (its ids are there to suggest from)
    return (
        f"Import {module} first (`import {module}`, or make('{module}:<id>')): it registers "
        "its environments in gymnasium's registry, which gymnasium_core's registry shows."
    )
