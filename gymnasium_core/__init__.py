"""gymnasium_core: the Gymnasium API and reference environments, also batched on numpy and JAX.

``import gymnasium_core as gym`` is a drop-in for ``import gymnasium as gym``.
"""

from __future__ import annotations

import os
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
from gymnasium_core.spaces.space import Space

if TYPE_CHECKING:
    # (`envs` is installed from the top-level envs/ folder, which the type checker sees apart.)
    from gymnasium_core import experimental, vector, wrappers

__version__ = "0.1.0"

# As importing Gymnasium does: pygame, imported later to draw a frame, prints no banner.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "hide")

__all__ = [
    "ActionWrapper",
    "Env",
    "ObservationWrapper",
    "RewardWrapper",
    "Space",
    "VectorizeMode",
    "Wrapper",
    "__version__",
    "envs",
    "error",
    "experimental",
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


# Subpackages that load on first attribute access, as if `import gymnasium_core` had imported
# them: `gym.envs.registration.register(...)`, `gym.vector.SyncVectorEnv`, ... all resolve, while
# the import itself stays cheap (no environment module, no jax/pygame/mujoco is loaded).
_LAZY_SUBPACKAGES = {
    "envs": ("gymnasium_core.envs", "gymnasium_core.envs.registration"),
    "experimental": ("gymnasium_core.experimental", "gymnasium_core.experimental.functional"),
    "vector": ("gymnasium_core.vector",),
    "wrappers": ("gymnasium_core.wrappers",),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY_SUBPACKAGES:
        import importlib

        modules = [importlib.import_module(m) for m in _LAZY_SUBPACKAGES[name]]
        return modules[0]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY_SUBPACKAGES))
