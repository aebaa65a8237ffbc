"""Random draws that work on a numpy ``Generator`` and on a JAX key alike.

Functional environments call these with the ``rng`` they are given. On numpy the generator is
shared and advanced in call order, so a definition that draws in the reference's order
reproduces the reference's streams exactly; ``split`` then hands back the same generator.
On JAX ``rng`` is a key and ``split`` makes fresh keys, one per draw.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def is_numpy_rng(rng: Any) -> bool:
    """Whether ``rng`` is a numpy generator (rather than a JAX key)."""
    return isinstance(rng, np.random.Generator)


def split(rng: Any, num: int = 2) -> list[Any]:
    """Return ``num`` independent streams: the same generator on numpy, new keys on JAX."""
    if is_numpy_rng(rng):
        return [rng] * num
    import jax

    return list(jax.random.split(rng, num))


def uniform(
    rng: Any, low: Any = 0.0, high: Any = 1.0, shape: tuple[int, ...] = (), dtype: Any = None
) -> Any:
    """Draw uniformly from ``[low, high)``, as ``Generator.uniform``."""
    if is_numpy_rng(rng):
        out = rng.uniform(low=low, high=high, size=shape or None)
        return out if dtype is None else np.asarray(out, dtype=dtype)
    import jax
    import jax.numpy as jnp

    return jax.random.uniform(
        rng, shape, dtype=dtype or jnp.float32, minval=low, maxval=high
    )


def normal(rng: Any, shape: tuple[int, ...] = (), dtype: Any = None) -> Any:
    """Draw standard normal values, as ``Generator.standard_normal``."""
    if is_numpy_rng(rng):
        out = rng.standard_normal(size=shape or None)
        return out if dtype is None else np.asarray(out, dtype=dtype)
    import jax
    import jax.numpy as jnp

    return jax.random.normal(rng, shape, dtype=dtype or jnp.float32)


def integers(rng: Any, low: int, high: int, shape: tuple[int, ...] = ()) -> Any:
    """Draw integers from ``[low, high)``, as ``Generator.integers``."""
    if is_numpy_rng(rng):
        return rng.integers(low, high, size=shape or None)
    import jax

    return jax.random.randint(rng, shape, low, high)
