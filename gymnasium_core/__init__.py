"""gymnasium_core: the Gymnasium API and reference environments, also batched on numpy and JAX.

``import gymnasium_core as gym`` is a drop-in for ``import gymnasium as gym``.
"""

from __future__ import annotations

from gymnasium_core import error, logger, spaces, utils, vector, wrappers
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
