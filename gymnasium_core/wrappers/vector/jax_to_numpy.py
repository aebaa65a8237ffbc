"""Use a JAX vector environment with numpy arrays."""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.vector.vector_env import VectorEnv
from gymnasium_core.wrappers.vector.array_conversion import ArrayConversion

__all__ = ["JaxToNumpy"]


class JaxToNumpy(ArrayConversion):
    """Takes numpy actions and returns numpy observations, rewards and infos from a JAX env."""

    def __init__(self, env: VectorEnv[Any, Any, Any]) -> None:
        """Wrap ``env``.

        Args:
            env: A vector environment working with JAX arrays.

        Raises:
            DependencyNotInstalled: If JAX is not installed.
        """
        try:
            import jax.numpy as jnp
        except ImportError as exc:
            raise DependencyNotInstalled('JAX is not installed: pip install "jax"') from exc
        super().__init__(env, env_xp=jnp, target_xp=np)
