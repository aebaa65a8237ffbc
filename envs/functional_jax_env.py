"""The JAX adapters of functional environments, at Gymnasium's import path.

``from gymnasium_core.envs.functional_jax_env import FunctionalJaxEnv, FunctionalJaxVectorEnv``
works as it does for Gymnasium; the definitions live in :mod:`gymnasium_core.functional`.
"""

from __future__ import annotations

from gymnasium_core.functional.jax_env import FunctionalJaxEnv, PRNGKeyType
from gymnasium_core.functional.jax_vector_env import FunctionalJaxVectorEnv

__all__ = ["FunctionalJaxEnv", "FunctionalJaxVectorEnv", "PRNGKeyType"]
