"""Array namespaces a :class:`~gymnasium_core.functional.FuncEnv` can compute with.

A functional environment writes its arithmetic against ``self.xp`` instead of naming numpy or
JAX, so one definition serves three backends:

``numpy``
    The :mod:`numpy` module itself. Used by the numpy-batched vector env, where every state
    field carries a leading ``(num_envs,)`` axis and numpy's broadcasting does the batching.
``jax``
    :mod:`jax.numpy`, imported on first use (``import gymnasium_core`` never loads JAX). Used by
    the JAX adapters under ``jit``, ``vmap`` and ``lax.scan``.
``scalar``
    :data:`scalar`, a namespace over Python floats and :mod:`math`. A single environment's state
    is a handful of numbers, and numpy ufuncs on 0-d values cost about ten times more than the
    ``math`` functions, so the stateful single-environment path uses this one. Python floats are
    IEEE doubles: arithmetic, ``sqrt``, ``cos`` and ``sin`` equal numpy's float64 results bit
    for bit, while numpy's vectorised ``tan``, ``arctan``, ``exp`` and ``log`` may differ from
    :mod:`math` in the last bit. A definition that must match a reference written with
    :mod:`math` (as Gymnasium's classic-control envs are) should therefore use this namespace
    on the single-environment path.

The common subset every namespace offers (what environment code may rely on):

* constants: ``pi``, ``e``, ``inf``, ``nan``;
* dtypes (callable to cast a value): ``float32``, ``float64``, ``int32``, ``int64``, ``bool_``;
* element-wise: ``abs``, ``sign``, ``sqrt``, ``square``, ``exp``, ``log``, ``cos``, ``sin``,
  ``tan``, ``arccos``, ``arcsin``, ``arctan``, ``arctan2``, ``floor``, ``ceil``, ``round``,
  ``mod``, ``minimum``, ``maximum``, ``clip``, ``where``, ``logical_and``, ``logical_or``,
  ``logical_not``, ``isnan``, ``isfinite``;
* reductions on booleans: ``any``, ``all``;
* array construction: ``asarray``, ``array``, ``stack``, ``concatenate``, ``zeros``,
  ``ones``. On :data:`scalar` these build numpy arrays (observations are arrays on every path).

Example:
    >>> from gymnasium_core.functional import backends
    >>> xp = backends.get_namespace("scalar")
    >>> xp.clip(xp.cos(xp.pi), -0.5, 0.5)
    -0.5
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import ModuleType
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray

from gymnasium_core.functional.array_types import ArrayNamespace, Namespace

__all__ = [
    "NAMES",
    "ScalarNamespace",
    "as_array_namespace",
    "get_namespace",
    "is_jax_namespace",
    "name_of",
    "scalar",
]

#: The backend names :func:`get_namespace` accepts.
NAMES = ("numpy", "jax", "scalar")


def _sign(x: float) -> float:
    # Mirrors numpy: zero for zero, and nan stays nan.
    if x > 0:
        return 1.0
    if x < 0:
        return -1.0
    return x * 0.0 if x == x else x


class ScalarNamespace:
    """The array-namespace subset over Python scalars, computed with :mod:`math`.

    Arguments are Python (or numpy) scalars; results are Python ``float`` / ``bool`` for the
    element-wise functions and numpy arrays for the constructors.
    """

    __name__ = "gymnasium_core.functional.backends.scalar"

    pi = math.pi
    e = math.e
    inf = math.inf
    nan = math.nan

    float32 = np.float32
    float64 = np.float64
    int32 = np.int32
    int64 = np.int64
    bool_ = np.bool_

    cos = staticmethod(math.cos)
    sin = staticmethod(math.sin)
    tan = staticmethod(math.tan)
    arccos = staticmethod(math.acos)
    arcsin = staticmethod(math.asin)
    arctan = staticmethod(math.atan)
    arctan2 = staticmethod(math.atan2)
    exp = staticmethod(math.exp)
    log = staticmethod(math.log)
    sqrt = staticmethod(math.sqrt)
    isnan = staticmethod(math.isnan)
    isfinite = staticmethod(math.isfinite)
    sign = staticmethod(_sign)

    # The constructors build numpy arrays: observations are arrays on every path.
    @staticmethod
    def asarray(x: Any, /, dtype: Any = None) -> NDArray[Any]:
        """``x`` as a numpy array, not copied if it already is one."""
        return np.asarray(x, dtype=dtype)

    @staticmethod
    def array(x: Any, /, dtype: Any = None) -> NDArray[Any]:
        """``x`` as a new numpy array."""
        return np.array(x, dtype=dtype)

    @staticmethod
    def stack(arrays: Sequence[Any], /, axis: int = 0) -> NDArray[Any]:
        """Values of one shape joined along a new axis."""
        return np.stack(arrays, axis=axis)

    @staticmethod
    def concatenate(arrays: Sequence[Any], /, axis: int = 0) -> NDArray[Any]:
        """Arrays joined along an existing axis."""
        return np.concatenate(arrays, axis=axis)

    @staticmethod
    def zeros(shape: int | tuple[int, ...], /, dtype: Any = float) -> NDArray[Any]:
        """A numpy array of zeros."""
        return np.zeros(shape, dtype=dtype)

    @staticmethod
    def ones(shape: int | tuple[int, ...], /, dtype: Any = float) -> NDArray[Any]:
        """A numpy array of ones."""
        return np.ones(shape, dtype=dtype)

    @staticmethod
    def abs(x: float) -> float:
        """Absolute value."""
        return abs(x)

    @staticmethod
    def square(x: float) -> float:
        """``x * x``."""
        return x * x

    @staticmethod
    def floor(x: float) -> float:
        """Largest integral value not above ``x``, as a float (like numpy)."""
        return float(math.floor(x))

    @staticmethod
    def ceil(x: float) -> float:
        """Smallest integral value not below ``x``, as a float (like numpy)."""
        return float(math.ceil(x))

    @staticmethod
    def round(x: float) -> float:
        """Round half to even, as a float (like numpy)."""
        return float(round(x))

    @staticmethod
    def mod(x: float, y: float) -> float:
        """Remainder with the sign of ``y`` (Python's ``%``, which numpy's ``mod`` follows)."""
        return x % y

    @staticmethod
    def minimum(x: float, y: float) -> float:
        """The smaller of two values."""
        return x if x <= y else y

    @staticmethod
    def maximum(x: float, y: float) -> float:
        """The larger of two values."""
        return x if x >= y else y

    @staticmethod
    def clip(x: float, low: float, high: float) -> float:
        """``x`` limited to ``[low, high]``, as ``numpy.clip``."""
        if x < low:
            return low
        if x > high:
            return high
        return x

    @staticmethod
    def where(condition: Any, x: Any, y: Any) -> Any:
        """``x`` if ``condition`` else ``y``."""
        return x if condition else y

    @staticmethod
    def logical_and(x: Any, y: Any) -> bool:
        """Boolean and."""
        return bool(x) and bool(y)

    @staticmethod
    def logical_or(x: Any, y: Any) -> bool:
        """Boolean or."""
        return bool(x) or bool(y)

    @staticmethod
    def logical_not(x: Any) -> bool:
        """Boolean not."""
        return not x

    @staticmethod
    def any(x: Any) -> bool:
        """Whether any element is true (a scalar is its own only element)."""
        return bool(np.any(x))

    @staticmethod
    def all(x: Any) -> bool:
        """Whether every element is true."""
        return bool(np.all(x))

    def __repr__(self) -> str:
        return "<array namespace 'scalar'>"


#: The scalar namespace: Python floats and :mod:`math`.
scalar = ScalarNamespace()


def get_namespace(backend: str | ModuleType | Namespace[Any]) -> Namespace[Any]:
    """Return the array namespace for a backend name (or pass a namespace through).

    Args:
        backend: ``"numpy"``, ``"jax"`` or ``"scalar"``, or a namespace object itself.

    Returns:
        The namespace: :mod:`numpy`, :mod:`jax.numpy` or :data:`scalar`.

    Raises:
        ValueError: For an unknown backend name.
    """
    if not isinstance(backend, str):
        return cast("Namespace[Any]", backend)
    if backend == "numpy":
        return np
    if backend == "scalar":
        return scalar
    if backend == "jax":
        import jax.numpy as jnp

        return jnp
    raise ValueError(f"Unknown array backend {backend!r}; expected one of {', '.join(NAMES)}.")


def name_of(xp: Any) -> str:
    """The backend name of a namespace: ``"numpy"``, ``"jax"``, ``"scalar"`` or its module name."""
    if xp is np:
        return "numpy"
    if xp is scalar:
        return "scalar"
    name = getattr(xp, "__name__", repr(xp))
    return "jax" if name == "jax.numpy" else str(name)


def is_jax_namespace(xp: Any) -> bool:
    """Whether ``xp`` is :mod:`jax.numpy` (checked without importing JAX)."""
    return getattr(xp, "__name__", None) == "jax.numpy"


def as_array_namespace(xp: Namespace[Any]) -> ArrayNamespace:
    """``xp`` as an array backend (numpy or ``jax.numpy``), for code that needs shapes or axes.

    Raises:
        TypeError: If ``xp`` is the scalar namespace, which has neither.
    """
    if isinstance(xp, ScalarNamespace):
        raise TypeError("this code needs an array backend (numpy or jax.numpy), not 'scalar'")
    return cast("ArrayNamespace", xp)
