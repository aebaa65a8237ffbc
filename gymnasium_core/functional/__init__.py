"""Functional environments: tasks as pure functions, adapted to every backend.

* :class:`FuncEnv`: the template a task is written against;
* :mod:`~gymnasium_core.functional.backends` and :mod:`~gymnasium_core.functional.random`: the
  array namespaces and random draws that let one definition run on scalars, numpy and JAX,
  with the namespaces' static types in :mod:`~gymnasium_core.functional.array_types`;
* :class:`FunctionalNumpyEnv` and :class:`FunctionalNumpyVectorEnv`: a stateful single env and a
  numpy-batched vector env over any functional env;
* :class:`FunctionalJaxEnv`, :class:`FunctionalJaxVectorEnv` and :func:`rollout`: the JAX
  adapters (JAX is imported only when one of them is used);
* :class:`JaxEnvShell` and :class:`JaxVectorEnvShell`: the env classes of a family's JAX ids,
  built from a functional env class and the keyword arguments ``make`` passes;
* :func:`enable_persistent_cache`: JAX's on-disk compilation cache, opt-in (also through the
  environment variable ``GYMNASIUM_CORE_JAX_CACHE_DIR``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gymnasium_core.functional import backends, random
from gymnasium_core.functional.func_env import FuncEnv, check_func_env
from gymnasium_core.functional.numpy_env import FunctionalNumpyEnv
from gymnasium_core.functional.numpy_vector_env import FunctionalNumpyVectorEnv
from gymnasium_core.functional.persistent_cache import enable_persistent_cache

if TYPE_CHECKING:  # imported on first use at run time (see __getattr__): they import JAX
    from gymnasium_core.functional.jax_env import FunctionalJaxEnv, JaxEnvShell
    from gymnasium_core.functional.jax_rollout import Trajectory, rollout
    from gymnasium_core.functional.jax_vector_env import FunctionalJaxVectorEnv, JaxVectorEnvShell

__all__ = [
    "FuncEnv",
    "FunctionalJaxEnv",
    "FunctionalJaxVectorEnv",
    "FunctionalNumpyEnv",
    "FunctionalNumpyVectorEnv",
    "JaxEnvShell",
    "JaxVectorEnvShell",
    "Trajectory",
    "backends",
    "check_func_env",
    "enable_persistent_cache",
    "random",
    "rollout",
]

_LAZY = {
    "FunctionalJaxEnv": "gymnasium_core.functional.jax_env",
    "FunctionalJaxVectorEnv": "gymnasium_core.functional.jax_vector_env",
    "JaxEnvShell": "gymnasium_core.functional.jax_env",
    "JaxVectorEnvShell": "gymnasium_core.functional.jax_vector_env",
    "rollout": "gymnasium_core.functional.jax_rollout",
    "Trajectory": "gymnasium_core.functional.jax_rollout",
}


def __getattr__(name: str) -> Any:
    # The JAX adapters import JAX; load them only when asked for.
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'gymnasium_core.functional' has no attribute {name!r}")
