"""gymnasium_core: the Gymnasium API and reference environments, also batched on numpy and JAX.

``import gymnasium_core as gym`` is a drop-in for ``import gymnasium as gym``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gymnasium_core import error, logger, spaces, utils
from gymnasium_core.core import ActionWrapper, Env, ObservationWrapper, RewardWrapper, Wrapper
from gymnasium_core.registration import (
    VectorizeMode,
    make,
    make_vec,
    pprint_registry,
    register,
    register_envs,
    registry,
    spec,
)

if TYPE_CHECKING:
    from gymnasium_core import vector, wrappers

__version__ = "0.1.0"

__all__ = [
    "ActionWrapper",
    "Env",
    "ObservationWrapper",
    "RewardWrapper",
    "VectorizeMode",
    "Wrapper",
    "__version__",
    "error",
    "logger",
    "make",
    "make_vec",
    "pprint_registry",
    "register",
    "register_envs",
    "registry",
    "spaces",
    "spec",
    "utils",
    "vector",
    "wrappers",
]


def __getattr__(name: str) -> Any:
    # The vector and wrapper packages load on first use, like any submodule, so that
    # `import gymnasium_core` stays cheap while `gymnasium_core.vector.X` keeps working.
    if name in ("vector", "wrappers"):
        import importlib

        return importlib.import_module(f"gymnasium_core.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
