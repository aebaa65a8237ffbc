"""The environment registry: register environments by id and build them with ``make``.

Everything :mod:`gymnasium.envs.registration` offers, under the same names, plus
:attr:`EnvSpec.jax_vector_entry_point`, :attr:`EnvSpec.vector_entry_point_opt_in` and
:attr:`VectorizeMode.JAX`. Ids are written
``[namespace/]Name[-vN]``. The built-in ids (:mod:`gymnasium_core.envs`, which only stores
entry point strings) and the ids of installed packages that declare an entry point in the
group ``gymnasium_core.envs`` are registered the first time :data:`registry` is read, e.g. by
:func:`make`, :func:`make_vec`, :func:`spec` or :func:`pprint_registry`; never at import.

The package's modules depend in one direction, each only on those before it:

* ``_spec``: the id grammar, :class:`EnvSpec` and :class:`WrapperSpec` (what
  :mod:`gymnasium_core.core` uses, and all it uses of the registry);
* ``_lookup``: the :data:`registry` dict, namespaces, :func:`register` and finding specs;
* ``_plugins``: the ids installed packages declare (entry point group :data:`PLUGIN_GROUP`);
* ``_make``: :func:`make` and :func:`make_vec`.

The registry knows no environment family: each declares, when it registers an id, what
``make_vec`` may build for it (``vector_entry_point``, ``jax_vector_entry_point``).

Example:
    >>> import gymnasium_core as gym
    >>> gym.spec("CartPole-v1").max_episode_steps
    500
"""

from __future__ import annotations

import re
from collections import defaultdict

from gymnasium_core.registration._lookup import (
    find_highest_version,
    find_spec,
    get_current_namespace,
    load_env_creator,
    lookup_spec,
    namespace,
    register,
    register_envs,
    registry,
)
from gymnasium_core.registration._make import (
    VectorizeMode,
    default_vectorize_mode,
    jax_vector_entry_point,
    make,
    make_vec,
)
from gymnasium_core.registration._plugins import PLUGIN_GROUP, load_plugin_envs
from gymnasium_core.registration._spec import (
    ENV_ID_RE,
    EnvCreator,
    EnvSpec,
    VectorEnvCreator,
    WrapperSpec,
    get_env_id,
    parse_env_id,
)

__all__ = [
    "ENV_ID_RE",
    "PLUGIN_GROUP",
    "EnvCreator",
    "EnvSpec",
    "VectorEnvCreator",
    "VectorizeMode",
    "WrapperSpec",
    "current_namespace",
    "default_vectorize_mode",
    "find_highest_version",
    "find_spec",
    "get_env_id",
    "jax_vector_entry_point",
    "load_env_creator",
    "load_plugin_envs",
    "make",
    "make_vec",
    "namespace",
    "parse_env_id",
    "pprint_registry",
    "register",
    "register_envs",
    "registry",
    "spec",
]

current_namespace: str | None


def __getattr__(name: str) -> object:
    # `current_namespace` changes inside `namespace(...)`; read it live rather than a copy.
    if name == "current_namespace":
        return get_current_namespace()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), "current_namespace"})


def spec(env_id: str) -> EnvSpec:
    """The :class:`EnvSpec` registered under exactly ``env_id``.

    Args:
        env_id: The id, ``[namespace/]Name[-vN]``.

    Returns:
        The spec (the registry's own object: copy it before changing it).

    Raises:
        NamespaceNotFound: If the namespace is unknown.
        NameNotFound: If the name is unknown in its namespace.
        VersionNotFound: If the version does not exist.
        DeprecatedEnv: If the version is deprecated.
        Error: If the id is malformed or not registered.
    """
    return lookup_spec(env_id)


def _family(env_spec: EnvSpec) -> str | None:
    """The heading an id is listed under: its namespace, else a name taken from its module.

    An id without namespace whose entry point is not a string (a callable, or only a vector
    entry point) has no module to name it: Gymnasium lists those under ``None``, and so do we.
    """
    if env_spec.namespace is not None:
        return env_spec.namespace
    if not isinstance(env_spec.entry_point, str):
        return None
    # "gymnasium_core.envs.classic_control.cartpole:CartPoleEnv" -> "classic_control";
    # "my_package.envs:Env" -> "envs"; a single module name -> the environment name.
    parts = re.sub(r":\w+", "", env_spec.entry_point).split(".")
    if len(parts) >= 3:
        return parts[2]
    if len(parts) == 2:
        return parts[1]
    return env_spec.name


_OPT_IN_MARK = "*"


def _has_opt_in_vector_env(env_spec: EnvSpec) -> bool:
    # Specs of Gymnasium's own class (pprint_registry(gymnasium.registry)) lack the field.
    return env_spec.vector_entry_point is not None and bool(
        getattr(env_spec, "vector_entry_point_opt_in", False)
    )


def pprint_registry(
    print_registry: dict[str, EnvSpec] = registry,
    *,
    num_cols: int = 3,
    exclude_namespaces: list[str] | None = None,
    disable_print: bool = False,
) -> str | None:
    """Print the registered ids grouped under ``===== family =====`` headings, in columns.

    Ids without a namespace are grouped by the third part of their entry point's module
    (``classic_control``, ``toy_text``, ...), as Gymnasium does. Ids whose batched vector
    environment is there but not ``make_vec``'s default (``EnvSpec.vector_entry_point_opt_in``)
    carry a ``*``, explained in a last line; without such ids the text is Gymnasium's.

    Args:
        print_registry: The registry to show; :data:`registry` by default.
        num_cols: Ids per row.
        exclude_namespaces: Headings to leave out.
        disable_print: Return the text instead of printing it.

    Returns:
        The text when ``disable_print`` is true, otherwise ``None``.
    """
    groups: dict[str | None, list[str]] = defaultdict(list)
    width = 0
    for env_spec in print_registry.values():
        opt_in = _has_opt_in_vector_env(env_spec)
        groups[_family(env_spec)].append(env_spec.id + (_OPT_IN_MARK if opt_in else ""))
        width = max(width, len(env_spec.name))

    blocks = []
    marked = False
    for family, ids in groups.items():
        if exclude_namespaces is not None and family in exclude_namespaces:
            continue
        marked = marked or any(env_id.endswith(_OPT_IN_MARK) for env_id in ids)
        rows = [
            " ".join(env_id.ljust(width) for env_id in sorted(ids)[start : start + num_cols])
            for start in range(0, len(ids), num_cols)
        ]
        blocks.append(f"{'=' * 5} {family} {'=' * 5}\n" + "\n".join(r.rstrip(" ") for r in rows))
    if marked:
        blocks.append(
            "* a batched env that make_vec builds only when asked (SyncVectorEnv is the "
            'default): make_vec(id, num_envs, vectorization_mode="vector_entry_point")'
        )
    text = "\n".join(blocks)
    if disable_print:
        return text
    print(text)
    return None
