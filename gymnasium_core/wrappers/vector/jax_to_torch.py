"""Use a JAX vector environment with torch tensors."""

from __future__ import annotations

from typing import Any

from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.vector.vector_env import VectorEnv
from gymnasium_core.wrappers.vector.array_conversion import ArrayConversion

__all__ = ["JaxToTorch"]


class JaxToTorch(ArrayConversion):
    """Takes torch actions and returns torch tensors from a JAX vector environment."""

    def __init__(self, env: VectorEnv[Any, Any, Any], device: Any | None = None) -> None:
        """Wrap ``env``.

        Args:
            env: A vector environment working with JAX arrays.
            device: The torch device of the returned tensors.

        Raises:
            DependencyNotInstalled: If JAX or torch is not installed.
        """
        try:
            import jax.numpy as jnp
            import torch
        except ImportError as exc:
            raise DependencyNotInstalled('JaxToTorch needs: pip install "jax" "torch"') from exc
        super().__init__(env, env_xp=jnp, target_xp=torch, target_device=device)
