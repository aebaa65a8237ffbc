"""Using a JAX environment from numpy code: :class:`JaxToNumpy` and the conversion functions.

Importing this module imports JAX (the ``jax`` extra).
"""

from __future__ import annotations

import functools
from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core.core import Env
from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.spaces import Dict, Discrete, Space, Tuple
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

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """Convert the action, step the env and convert what it returns.

        Observations of a ``Discrete`` space (also inside ``Tuple`` and ``Dict``) come back as
        ``np.int64``, the type the env checker expects, rather than 0-d arrays.
        """
        obs, *rest = super().step(action)
        return (_discrete_as_int64(self.observation_space, obs), *rest)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset the env and convert the observation (see :meth:`step`) and info."""
        obs, info = super().reset(seed=seed, options=options)
        return _discrete_as_int64(self.observation_space, obs), info


def _discrete_as_int64(space: Space[Any], obs: Any) -> Any:
    """Turn the 0-d integer arrays of ``obs`` that ``Discrete`` spaces hold into ``np.int64``.

    JAX has no scalar type, so a JAX env's ``Discrete`` observation converts to a 0-d array,
    which the env checker warns about; the stateful envs return integers. Other parts of
    ``obs`` are returned as they are.

    Args:
        space: The observation space.
        obs: A numpy observation of ``space``.

    Returns:
        ``obs``, with each ``Discrete`` part that is a 0-d integer array as ``np.int64``.
    """
    if isinstance(space, Discrete):
        is_int_array = isinstance(obs, np.ndarray) and np.issubdtype(obs.dtype, np.integer)
        return np.int64(obs) if is_int_array and obs.shape == () else obs
    if isinstance(space, Tuple) and isinstance(obs, tuple) and len(obs) == len(space.spaces):
        return tuple(_discrete_as_int64(sub, part) for sub, part in zip(space.spaces, obs))
    if isinstance(space, Dict) and isinstance(obs, dict):
        return {
            key: _discrete_as_int64(space.spaces[key], part) if key in space.spaces else part
            for key, part in obs.items()
        }
    return obs
