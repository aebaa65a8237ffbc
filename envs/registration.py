"""The registry under the path Gymnasium users know (``gymnasium.envs.registration``).

Everything is defined in :mod:`gymnasium_core.registration`; this module re-exports it.
"""

from gymnasium_core.registration import (
    ENV_ID_RE,
    EnvCreator,
    EnvSpec,
    VectorEnvCreator,
    VectorizeMode,
    WrapperSpec,
    find_highest_version,
    get_env_id,
    load_env_creator,
    load_plugin_envs,
    make,
    make_vec,
    namespace,
    parse_env_id,
    pprint_registry,
    register,
    register_envs,
    registry,
    spec,
)

__all__ = [
    "ENV_ID_RE",
    "EnvCreator",
    "EnvSpec",
    "VectorEnvCreator",
    "VectorizeMode",
    "WrapperSpec",
    "current_namespace",
    "find_highest_version",
    "get_env_id",
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


# Declared, not bound: every read goes through `__getattr__` below, so it is always current.
current_namespace: str | None


def __getattr__(name: str) -> object:
    # Forward `current_namespace`, which changes inside `namespace(...)`.
    if name == "current_namespace":
        from gymnasium_core import registration

        return registration.current_namespace
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), "current_namespace"})
