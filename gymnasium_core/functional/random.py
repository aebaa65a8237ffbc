"""Random draws that work on a numpy ``Generator``, a batch of them, and a JAX key alike.

Functional environments call these with the ``rng`` they are given:

* a :class:`numpy.random.Generator` (the stateful single environment): draws advance the one
  shared generator in call order, so a definition that draws in the reference's order
  reproduces the reference's streams exactly, and :func:`split` hands back the same generator;
* a :class:`BatchedRng` (the numpy-batched vector env): the same generator, plus the batch
  shape of the environments being drawn for. Every draw gets that batch shape added, leading
  (``batch_axis=0``, the default) or trailing (``batch_axis=-1``, for a definition that unpacks
  a ``(4,)`` draw into four state fields and wants each field to come out with shape
  ``(num_envs,)``, in the memory order a ``(4, num_envs)`` draw fills);
* a JAX key (the JAX adapters, usually under ``vmap``): each draw uses the key it is given, and
  :func:`split` makes fresh keys. Inside ``vmap`` a draw of shape ``(4,)`` is per environment.

Example:
    >>> import numpy as np
    >>> from gymnasium_core.functional import random
    >>> rng = random.BatchedRng(np.random.default_rng(0), (3,))
    >>> random.uniform(rng, -1.0, 1.0, shape=(4,), batch_axis=-1).shape
    (4, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np

if TYPE_CHECKING:
    import jax

__all__ = [
    "RNG",
    "BatchedRng",
    "batch_shape",
    "bernoulli",
    "choice",
    "integers",
    "is_numpy_rng",
    "key",
    "normal",
    "split",
    "uniform",
]


class BatchedRng:
    """A numpy generator that draws for a batch of environments at once.

    Attributes:
        generator: The shared generator (the vector env's ``np_random``).
        batch_shape: The batch dimensions each draw gets, e.g. ``(num_envs,)``.
    """

    __slots__ = ("batch_shape", "generator")

    def __init__(self, generator: np.random.Generator, batch_shape: tuple[int, ...]) -> None:
        self.generator = generator
        self.batch_shape = tuple(batch_shape)

    def __repr__(self) -> str:
        return f"BatchedRng(batch_shape={self.batch_shape})"


RNG: TypeAlias = "np.random.Generator | BatchedRng | jax.Array"
"""What a functional environment draws from: a numpy generator (the stateful single env), a
:class:`BatchedRng` (the numpy-batched vector env) or a JAX key."""

# A tuple, not ``np.random.Generator | BatchedRng``: the union would be built again on every
# draw, which costs the single env's reset more than the check itself.
_NUMPY_RNGS = (np.random.Generator, BatchedRng)


def is_numpy_rng(rng: object) -> bool:
    """Whether ``rng`` is a numpy generator or a :class:`BatchedRng` (rather than a JAX key)."""
    return isinstance(rng, _NUMPY_RNGS)


def batch_shape(rng: RNG) -> tuple[int, ...]:
    """The batch dimensions draws on ``rng`` get: ``()`` except for a :class:`BatchedRng`."""
    return rng.batch_shape if isinstance(rng, BatchedRng) else ()


def key(seed: int) -> Any:
    """A raw ``uint32`` JAX key from an integer seed, as ``jax.random.PRNGKey`` (imports JAX)."""
    import jax

    return jax.random.PRNGKey(seed)


def _numpy_call(
    rng: np.random.Generator | BatchedRng, shape: Sequence[int], batch_axis: int
) -> tuple[np.random.Generator, tuple[int, ...] | None]:
    """The generator and the numpy ``size`` for a draw of ``shape`` on ``rng``."""
    if isinstance(rng, BatchedRng):
        if batch_axis == 0:
            size = (*rng.batch_shape, *shape)
        elif batch_axis == -1:
            size = (*shape, *rng.batch_shape)
        else:
            raise ValueError(f"batch_axis must be 0 or -1, got {batch_axis}.")
        return rng.generator, size
    return rng, (tuple(shape) or None)


def split(rng: RNG, num: int = 2) -> list[RNG]:
    """Return ``num`` independent streams: the same generator on numpy, new keys on JAX."""
    if isinstance(rng, _NUMPY_RNGS):
        return [rng] * num
    from gymnasium_core.functional import _threefry

    return list(_threefry.split(rng, num))


def uniform(
    rng: RNG,
    low: Any = 0.0,
    high: Any = 1.0,
    shape: Sequence[int] = (),
    dtype: Any = None,
    batch_axis: int = 0,
) -> Any:
    """Draw uniformly from ``[low, high)``, as ``Generator.uniform``.

    Args:
        rng: A numpy generator, a :class:`BatchedRng` or a JAX key.
        low: Lower bound (broadcast against the shape).
        high: Upper bound.
        shape: The shape of one environment's draw.
        dtype: The result dtype; numpy draws float64 then casts, JAX draws float32 by default.
        batch_axis: Where a :class:`BatchedRng` puts its batch dimensions (0 or -1).

    Returns:
        A Python float for a scalar numpy draw, else an array.
    """
    if isinstance(rng, _NUMPY_RNGS):
        gen, size = _numpy_call(rng, shape, batch_axis)
        out = gen.uniform(low=low, high=high, size=size)
        return out if dtype is None else np.asarray(out, dtype=dtype)
    from gymnasium_core.functional import _threefry

    # jax.random.uniform's bits exactly, with the hash rounds written out (faster on CPU).
    return _threefry.uniform(rng, tuple(shape), dtype=dtype, minval=low, maxval=high)


def normal(rng: RNG, shape: Sequence[int] = (), dtype: Any = None, batch_axis: int = 0) -> Any:
    """Draw standard normal values, as ``Generator.standard_normal``.

    Args:
        rng: A numpy generator, a :class:`BatchedRng` or a JAX key.
        shape: The shape of one environment's draw.
        dtype: The result dtype.
        batch_axis: Where a :class:`BatchedRng` puts its batch dimensions (0 or -1).

    Returns:
        A Python float for a scalar numpy draw, else an array.
    """
    if isinstance(rng, _NUMPY_RNGS):
        gen, size = _numpy_call(rng, shape, batch_axis)
        out = gen.standard_normal(size=size)
        return out if dtype is None else np.asarray(out, dtype=dtype)
    import jax
    import jax.numpy as jnp

    return jax.random.normal(rng, tuple(shape), dtype=dtype or jnp.float32)


def integers(rng: RNG, low: Any, high: Any, shape: Sequence[int] = (), batch_axis: int = 0) -> Any:
    """Draw integers from ``[low, high)``, as ``Generator.integers``.

    Args:
        rng: A numpy generator, a :class:`BatchedRng` or a JAX key.
        low: Inclusive lower bound.
        high: Exclusive upper bound.
        shape: The shape of one environment's draw.
        batch_axis: Where a :class:`BatchedRng` puts its batch dimensions (0 or -1).

    Returns:
        A numpy integer for a scalar numpy draw, else an integer array.
    """
    if isinstance(rng, _NUMPY_RNGS):
        gen, size = _numpy_call(rng, shape, batch_axis)
        return gen.integers(low, high, size=size)
    import jax

    return jax.random.randint(rng, tuple(shape), low, high)


def choice(
    rng: RNG,
    a: Any,
    shape: Sequence[int] = (),
    p: Any = None,
    batch_axis: int = 0,
) -> Any:
    """Draw elements of ``a`` (or of ``range(a)`` for an int) with replacement.

    Args:
        rng: A numpy generator, a :class:`BatchedRng` or a JAX key.
        a: The population: a 1-d array, or an int ``n`` for ``range(n)``.
        shape: The shape of one environment's draw.
        p: Probabilities of each element (uniform if ``None``).
        batch_axis: Where a :class:`BatchedRng` puts its batch dimensions (0 or -1).

    Returns:
        The drawn elements.
    """
    if isinstance(rng, _NUMPY_RNGS):
        gen, size = _numpy_call(rng, shape, batch_axis)
        return gen.choice(a, size=size, p=p)
    import jax

    return jax.random.choice(rng, a, tuple(shape), replace=True, p=p)


def bernoulli(rng: RNG, p: Any = 0.5, shape: Sequence[int] = (), batch_axis: int = 0) -> Any:
    """Draw booleans that are true with probability ``p``.

    On numpy this compares one ``Generator.random`` draw per element with ``p``.

    Args:
        rng: A numpy generator, a :class:`BatchedRng` or a JAX key.
        p: Probability of ``True``.
        shape: The shape of one environment's draw.
        batch_axis: Where a :class:`BatchedRng` puts its batch dimensions (0 or -1).

    Returns:
        A bool for a scalar numpy draw, else a boolean array.
    """
    if isinstance(rng, _NUMPY_RNGS):
        gen, size = _numpy_call(rng, shape, batch_axis)
        draw = gen.random(size=size)
        return bool(draw < p) if size is None else draw < p
    import jax

    return jax.random.bernoulli(rng, p, tuple(shape))
