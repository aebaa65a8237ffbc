"""``jax.random.split`` and float32 ``jax.random.uniform`` with the Threefry rounds written out.

JAX lowers its Threefry-2x32 hash on CPU as a loop over the rounds (small programs, quick
compiles); at batch sizes in the thousands that loop costs several times more than the same
20 rounds written as plain integer arithmetic, which XLA fuses into one vectorised pass.
Environment steps split keys and draw reset states for every sub-env, so this is most of a
JAX step at 16,384 sub-envs.

The functions here return exactly the bits ``jax.random`` returns, for the keys and settings
it uses by default: one Threefry-2x32 key, raw (``jax.random.PRNGKey``: ``uint32`` of shape
``(2,)`` under the default implementation) or typed (``jax.random.key``), with partitionable
counters (counter ``i`` of a draw is its flat index, and a 32-bit draw is the xor of the
hash's two output words). For any other key, dtype or setting they call ``jax.random``
itself, so results never depend on which path ran.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["hash2x32", "split", "split_at", "uniform"]

# Threefry-2x32 rotation constants (Salmon et al., "Parallel random numbers: as easy as 1, 2,
# 3", 2011), four rounds each, alternating; the key schedule's parity constant.
_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
_PARITY = 0x1BD11BDA
_MAX_COUNT = 2**32


def _rotl(x: jax.Array, r: int) -> jax.Array:
    return (x << np.uint32(r)) | (x >> np.uint32(32 - r))


def hash2x32(
    k1: jax.Array, k2: jax.Array, x1: jax.Array, x2: jax.Array
) -> tuple[jax.Array, jax.Array]:
    """Threefry-2x32 with 20 rounds of the counter pairs ``(x1, x2)`` under key ``(k1, k2)``.

    Args:
        k1: First key word, ``uint32``.
        k2: Second key word, ``uint32``.
        x1: First counter words, ``uint32`` (any shape, broadcast with ``x2``).
        x2: Second counter words.

    Returns:
        The two output words, each of the counters' shape.
    """
    schedule = (k1, k2, k1 ^ k2 ^ np.uint32(_PARITY))
    x1 = x1 + schedule[0]
    x2 = x2 + schedule[1]
    for block in range(5):
        for r in _ROTATIONS[block % 2]:
            x1 = x1 + x2
            x2 = _rotl(x2, r) ^ x1
        x1 = x1 + schedule[(block + 1) % 3]
        x2 = x2 + schedule[(block + 2) % 3] + np.uint32(block + 1)
    return x1, x2


def _partitionable() -> bool:
    # Read, never set: the counter scheme these functions reproduce is the partitionable one.
    config: Any = jax.config
    return bool(config.jax_threefry_partitionable)


def _is_threefry(impl: Any) -> bool:
    # JAX versions name a key implementation by ``str`` or by a ``name`` attribute.
    return "threefry2x32" in (str(impl), getattr(impl, "name", None))


def _raw_key(key: Any) -> tuple[jax.Array, bool] | None:
    """The ``uint32[2]`` data of one Threefry key the written-out hash reproduces, if it is one.

    Both kinds of key qualify: a raw ``uint32`` key (``jax.random.PRNGKey``) under the default
    implementation, and a typed key (``jax.random.key``) whose implementation is Threefry-2x32.
    JAX draws the same bits from both, so both get the same fast path.

    Returns:
        ``(data, typed)``, or ``None`` for any other key (an ``rbg`` key, a batch of keys, ...),
        which then goes to ``jax.random``.
    """
    if not isinstance(key, jax.Array | np.ndarray) or not _partitionable():
        return None
    if jnp.issubdtype(key.dtype, jax.dtypes.prng_key):
        if key.shape != () or not _is_threefry(jax.random.key_impl(key)):
            return None
        return jax.random.key_data(key), True
    if key.shape != (2,) or key.dtype != np.uint32:
        return None
    config: Any = jax.config
    if config.jax_default_prng_impl != "threefry2x32":
        return None
    return jnp.asarray(key) if isinstance(key, np.ndarray) else key, False


def _counters(shape: tuple[int, ...]) -> jax.Array:
    """The flat indices of an array of ``shape``, as ``uint32`` (high words are zero)."""
    return jax.lax.iota(np.uint32, math.prod(shape)).reshape(shape)


def split(key: Any, num: int = 2) -> Any:
    """``jax.random.split(key, num)``: ``num`` new keys of the kind given.

    For a raw key the result has shape ``(num, 2)``; for a typed key, ``(num,)`` typed keys.
    """
    num = int(num)
    raw = _raw_key(key)
    if raw is None or num >= _MAX_COUNT:
        return jax.random.split(key, num)
    data, typed = raw
    keys = _split(data, num)
    return jax.random.wrap_key_data(keys, impl="threefry2x32") if typed else keys


def split_at(key: Any, num: int, index: jax.Array) -> Any:
    """``jax.random.split(key, num)[index]``, hashing only the keys ``index`` picks.

    Key ``i`` of a partitionable Threefry split is the hash of counter ``i`` alone, so the
    picked keys are computed directly: ``len(index)`` hashes instead of ``num``. For other keys
    the whole split is made and indexed.

    Args:
        key: One key, raw or typed.
        num: The size of the split the keys are taken from.
        index: ``int32`` indices in ``[0, num)``, any shape (others give keys of no meaning).

    Returns:
        The keys, of the kind given, with ``index``'s shape leading.
    """
    num = int(num)
    raw = _raw_key(key)
    if raw is None or num >= _MAX_COUNT:
        return jnp.take(split(key, num), index, axis=0, mode="clip")
    data, typed = raw
    counters = jnp.asarray(index).astype(np.uint32)
    bits1, bits2 = hash2x32(data[0], data[1], jnp.zeros_like(counters), counters)
    keys = jnp.stack([bits1, bits2], axis=-1)
    return jax.random.wrap_key_data(keys, impl="threefry2x32") if typed else keys


@functools.partial(jax.jit, static_argnums=1)
def _split(key: jax.Array, num: int) -> jax.Array:
    counters = _counters((num,))
    bits1, bits2 = hash2x32(key[0], key[1], jnp.zeros_like(counters), counters)
    return jnp.stack([bits1, bits2], axis=1)


def uniform(
    key: Any, shape: Sequence[int] = (), dtype: Any = None, minval: Any = 0.0, maxval: Any = 1.0
) -> Any:
    """``jax.random.uniform(key, shape, dtype, minval, maxval)``, float32 on the fast path."""
    shape = tuple(int(d) for d in shape)
    dtype = jnp.float32 if dtype is None else dtype
    size = math.prod(shape)
    raw = None if np.dtype(dtype) != np.float32 or size >= _MAX_COUNT else _raw_key(key)
    if raw is None or np.ndim(minval) > len(shape) or np.ndim(maxval) > len(shape):
        # (jax.random raises its own error for bounds of a higher rank than the draw.)
        return jax.random.uniform(key, shape, dtype=dtype, minval=minval, maxval=maxval)
    return _uniform(raw[0], shape, minval, maxval)


# Jitted even when called eagerly: XLA contracts the final multiply-add the same way it does
# in jax.random's own jitted draw, so eager results match too.
@functools.partial(jax.jit, static_argnums=1)
def _uniform(key: jax.Array, shape: tuple[int, ...], minval: Any, maxval: Any) -> jax.Array:
    low = jnp.asarray(minval, jnp.float32)
    high = jnp.asarray(maxval, jnp.float32)
    counters = _counters(shape)
    bits1, bits2 = hash2x32(key[0], key[1], jnp.zeros_like(counters), counters)
    bits = bits1 ^ bits2
    # The 23 high bits become the mantissa of a float in [1, 2); shifting down gives [0, 1).
    one = np.array(1.0, np.float32).view(np.uint32)
    floats = jax.lax.bitcast_convert_type((bits >> np.uint32(9)) | one, jnp.float32)
    floats = floats - jnp.float32(1.0)
    low = jnp.reshape(low, (1,) * (len(shape) - low.ndim) + low.shape)
    high = jnp.reshape(high, (1,) * (len(shape) - high.ndim) + high.shape)
    return jax.lax.max(low, floats * (high - low) + low)
