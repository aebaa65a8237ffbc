"""Using a numpy environment from torch code: :class:`NumpyToTorch` and the conversions.

Importing this module imports torch (optional, not a dependency).
"""

from __future__ import annotations

import functools
from typing import Any, TypeAlias

import numpy as np

from gymnasium_core.core import Env
from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers.array_conversion import ArrayConversion, array_conversion

try:
    import torch
except ImportError as exc:
    raise DependencyNotInstalled(
        "torch is needed for the torch conversions: pip install torch"
    ) from exc

__all__ = ["Device", "NumpyToTorch", "numpy_to_torch", "torch_to_numpy"]

Device: TypeAlias = str | torch.device

torch_to_numpy = functools.partial(array_conversion, xp=np)
"""Convert the torch tensors in a value (nested containers included) to numpy arrays."""

numpy_to_torch = functools.partial(array_conversion, xp=torch)
"""Convert the numpy arrays in a value (nested containers included) to torch tensors."""


class NumpyToTorch(ArrayConversion):
    """Wraps a numpy environment so that it takes and returns torch tensors (on ``device``)."""

    def __init__(self, env: Env[Any, Any], device: Device | None = None) -> None:
        """Wrap ``env``.

        Args:
            env: An environment working with numpy arrays.
            device: The torch device of the returned tensors.
        """
        RecordConstructorArgs.__init__(self, device=device)
        super().__init__(env=env, env_xp=np, target_xp=torch, target_device=device)
        self.device: Device | None = device
