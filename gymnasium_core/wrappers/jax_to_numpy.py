"""Using a JAX environment from numpy code: :class:`JaxToNumpy` and the conversion functions.

Importing this module imports JAX (the ``jax`` extra).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from gymnasium_core.core import Env
from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers.array_conversion import (
    ArrayConversion,
    array_conversion,
    module_namespace,
)

try:
    import jax.numpy as jnp
except ImportError as exc:
    raise DependencyNotInstalled(
        'JAX is needed for the JAX conversions: pip install "gymnasium-core[jax]"'
    ) from exc

__all__ = ["JaxToNumpy", "jax_to_numpy", "numpy_to_jax"]

jax_to_numpy = functools.partial(array_conversion, xp=module_namespace(np))
"""Convert the JAX arrays in a value (nested containers included) to numpy arrays."""

numpy_to_jax = functools.partial(array_conversion, xp=module_namespace(jnp))
"""Convert the numpy arrays in a value (nested containers included) to JAX arrays."""


class JaxToNumpy(ArrayConversion):
    """Wraps a JAX environment so that it takes and returns numpy arrays.

    Example:
        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import JaxToNumpy
        >>> pendulum = JaxToNumpy(gym.make("phys2d/Pendulum-v0"))
        >>> first, _ = pendulum.reset(seed=3)
        >>> isinstance(first, np.ndarray), first.shape
        (True, (3,))
        >>> moved = pendulum.step(np.array([0.5], dtype=np.float32))
        >>> [type(part).__name__ for part in moved]
        ['ndarray', 'float', 'bool', 'bool', 'dict']
    """

    def __init__(self, env: Env[Any, Any]) -> None:
        """Wrap ``env``.

        Args:
            env: An environment working with JAX arrays.
        """
        RecordConstructorArgs.__init__(self)
        super().__init__(env, jnp, np)
