"""Using a JAX environment from torch code: :class:`JaxToTorch` and the conversion functions.

Importing this module imports JAX and torch (torch is optional and not a dependency).
"""

from __future__ import annotations

import functools
from typing import Any, TypeAlias

from gymnasium_core.core import Env
from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers.array_conversion import ArrayConversion, array_conversion

try:
    import jax.numpy as jnp
except ImportError as exc:
    raise DependencyNotInstalled(
        'JAX is needed for the JAX conversions: pip install "gymnasium-core[jax]"'
    ) from exc
try:
    import torch
except ImportError as exc:
    raise DependencyNotInstalled(
        "torch is needed for the torch conversions: pip install torch"
    ) from exc

__all__ = ["Device", "JaxToTorch", "jax_to_torch", "torch_to_jax"]

Device: TypeAlias = str | torch.device

torch_to_jax = functools.partial(array_conversion, xp=jnp)
"""Convert the torch tensors in a value (nested containers included) to JAX arrays."""

jax_to_torch = functools.partial(array_conversion, xp=torch)
"""Convert the JAX arrays in a value (nested containers included) to torch tensors."""


class JaxToTorch(ArrayConversion):
    """Wraps a JAX environment so that it takes and returns torch tensors (on ``device``)."""

    def __init__(self, env: Env[Any, Any], device: Device | None = None) -> None:
        """Wrap ``env``.

        Args:
            env: An environment working with JAX arrays.
            device: The torch device of the returned tensors.
        """
        RecordConstructorArgs.__init__(self, device=device)
        super().__init__(env=env, env_xp=jnp, target_xp=torch, target_device=device)
        self.device: Device | None = device
