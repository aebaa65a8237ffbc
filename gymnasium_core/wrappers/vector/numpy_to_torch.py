"""Use a numpy vector environment with torch tensors."""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.vector.vector_env import VectorEnv
from gymnasium_core.wrappers.vector.array_conversion import ArrayConversion

__all__ = ["NumpyToTorch"]


class NumpyToTorch(ArrayConversion):
    """Takes torch actions and returns torch tensors from a numpy vector environment."""

    def __init__(self, env: VectorEnv[Any, Any, Any], device: Any | None = None) -> None:
        """Wrap ``env``.

        Args:
            env: A vector environment working with numpy arrays.
            device: The torch device of the returned tensors.

        Raises:
            DependencyNotInstalled: If torch is not installed.
        """
        try:
            import torch
        except ImportError as exc:
            raise DependencyNotInstalled('NumpyToTorch needs: pip install "torch"') from exc
        super().__init__(env, env_xp=np, target_xp=torch, target_device=device)
