"""Static types of the array namespaces and the arrays environment code computes with.

Environment code is written against an array namespace ``xp`` (see
:mod:`~gymnasium_core.functional.backends`) rather than against numpy or JAX, so its types
name what the namespaces have in common:

* :class:`Namespace` is the subset every backend offers, the scalar one included. It is
  generic in the values its element-wise functions take and give: ``Namespace[float]`` for
  :data:`~gymnasium_core.functional.backends.scalar`, ``Namespace[Array]`` for numpy and
  ``jax.numpy``.
* :class:`ArrayNamespace` adds what only array backends have: shapes, axes, reductions,
  ``einsum`` and ``linalg.norm``. :mod:`numpy` and :mod:`jax.numpy` are both instances of it as
  far as a type checker is concerned (modules match a protocol by their members), so a
  function typed ``xp: ArrayNamespace = np`` is checked against numpy at its definition and
  against ``jax.numpy`` wherever it is called with it.
* :data:`Array` is a numpy or a JAX array.

The protocols are for type checkers; nothing checks them at run time (``isinstance`` with a
module works, but tests members by name only).

Example:
    >>> import numpy as np
    >>> from gymnasium_core.functional.array_types import ArrayNamespace
    >>> def squared_norm(x, xp: ArrayNamespace = np):
    ...     return xp.sum(xp.square(x), axis=-1)
    >>> float(squared_norm(np.array([3.0, 4.0])))
    25.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar, runtime_checkable

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    import jax

__all__ = ["Array", "ArrayNamespace", "LinalgNamespace", "Namespace", "Scalar", "Shape"]

#: A numpy array or a JAX array: what the functions of numpy and ``jax.numpy`` take and give.
Array: TypeAlias = "NDArray[Any] | jax.Array"
#: A Python or numpy scalar: what array functions take beside arrays.
Scalar: TypeAlias = "float | np.number[Any] | np.bool_"
#: An array shape.
Shape: TypeAlias = tuple[int, ...]

#: The values a namespace's element-wise functions take and give.
ValueT = TypeVar("ValueT")


@runtime_checkable
class Namespace(Protocol[ValueT]):
    """The functions every array backend offers (numpy, ``jax.numpy`` and the scalar one).

    The constructors (``asarray``, ``stack``, ...) build arrays on every backend, the scalar
    one included, since observations are arrays on every path.
    """

    @property
    def pi(self) -> float:
        """The constant pi."""

    @property
    def e(self) -> float:
        """Euler's number."""

    @property
    def inf(self) -> float:
        """Positive infinity."""

    @property
    def nan(self) -> float:
        """Not a number."""

    # The dtypes are Any: numpy's scalar types and JAX's dtype objects share no static type.
    @property
    def float32(self) -> Any:
        """The 32-bit float dtype (callable to cast a value)."""

    @property
    def float64(self) -> Any:
        """The 64-bit float dtype."""

    @property
    def int32(self) -> Any:
        """The 32-bit integer dtype."""

    @property
    def int64(self) -> Any:
        """The 64-bit integer dtype."""

    @property
    def bool_(self) -> Any:
        """The boolean dtype."""

    def abs(self, x: ValueT, /) -> ValueT:
        """Absolute value."""

    def sign(self, x: ValueT, /) -> ValueT:
        """-1, 0 or 1 by the sign of ``x`` (nan stays nan)."""

    def sqrt(self, x: ValueT, /) -> ValueT:
        """Square root."""

    def square(self, x: ValueT, /) -> ValueT:
        """``x * x``."""

    def exp(self, x: ValueT, /) -> ValueT:
        """Exponential."""

    def log(self, x: ValueT, /) -> ValueT:
        """Natural logarithm."""

    def cos(self, x: ValueT, /) -> ValueT:
        """Cosine of an angle in radians."""

    def sin(self, x: ValueT, /) -> ValueT:
        """Sine of an angle in radians."""

    def tan(self, x: ValueT, /) -> ValueT:
        """Tangent of an angle in radians."""

    def arccos(self, x: ValueT, /) -> ValueT:
        """Inverse cosine."""

    def arcsin(self, x: ValueT, /) -> ValueT:
        """Inverse sine."""

    def arctan(self, x: ValueT, /) -> ValueT:
        """Inverse tangent."""

    def arctan2(self, y: ValueT, x: ValueT, /) -> ValueT:
        """The angle of the point ``(x, y)``."""

    def floor(self, x: ValueT, /) -> ValueT:
        """Largest integral value not above ``x``."""

    def ceil(self, x: ValueT, /) -> ValueT:
        """Smallest integral value not below ``x``."""

    def round(self, x: ValueT, /) -> ValueT:
        """Round half to even."""

    def mod(self, x: ValueT | float, y: ValueT | float, /) -> ValueT:
        """Remainder with the sign of ``y``."""

    def minimum(self, x: ValueT | float, y: ValueT | float, /) -> ValueT:
        """The smaller value."""

    def maximum(self, x: ValueT | float, y: ValueT | float, /) -> ValueT:
        """The larger value."""

    def clip(self, x: ValueT, low: ValueT | float, high: ValueT | float, /) -> ValueT:
        """``x`` limited to ``[low, high]``."""

    def where(self, condition: ValueT | bool, x: ValueT | float, y: ValueT | float, /) -> ValueT:
        """``x`` where ``condition`` holds, else ``y``."""

    def logical_and(self, x: ValueT | bool, y: ValueT | bool, /) -> ValueT | bool:
        """Boolean and."""

    def logical_or(self, x: ValueT | bool, y: ValueT | bool, /) -> ValueT | bool:
        """Boolean or."""

    def logical_not(self, x: ValueT | bool, /) -> ValueT | bool:
        """Boolean not."""

    def isnan(self, x: ValueT, /) -> ValueT | bool:
        """Whether ``x`` is nan."""

    def isfinite(self, x: ValueT, /) -> ValueT | bool:
        """Whether ``x`` is neither infinite nor nan."""

    def any(self, x: ValueT | bool, /) -> ValueT | bool:
        """Whether any element is true."""

    def all(self, x: ValueT | bool, /) -> ValueT | bool:
        """Whether every element is true."""

    # Any in: the constructors take nested sequences, scalars and arrays of any backend.
    def asarray(self, x: Any, /, dtype: Any = ...) -> ValueT | NDArray[Any]:
        """``x`` as an array, not copied if it already is one of this backend."""

    def array(self, x: Any, /, dtype: Any = ...) -> ValueT | NDArray[Any]:
        """``x`` as a new array."""

    def stack(self, arrays: Sequence[Any], /, axis: int = ...) -> ValueT | NDArray[Any]:
        """Arrays of one shape joined along a new axis."""

    def concatenate(self, arrays: Sequence[Any], /, axis: int = ...) -> ValueT | NDArray[Any]:
        """Arrays joined along an existing axis."""

    def zeros(self, shape: int | Shape, /, dtype: Any = ...) -> ValueT | NDArray[Any]:
        """An array of zeros."""

    def ones(self, shape: int | Shape, /, dtype: Any = ...) -> ValueT | NDArray[Any]:
        """An array of ones."""


class LinalgNamespace(Protocol):
    """The ``linalg`` functions of an :class:`ArrayNamespace`."""

    def norm(self, x: Array, /, ord: Any = ..., axis: int | None = ...) -> Array:
        """The vector (or matrix) norm of ``x``, over ``axis``."""


@runtime_checkable
class ArrayNamespace(Namespace["NDArray[Any] | jax.Array"], Protocol):
    """An array backend: :mod:`numpy` or :mod:`jax.numpy`.

    The common :class:`Namespace` over arrays, plus the functions that need shapes and axes.
    """

    @property
    def linalg(self) -> LinalgNamespace:
        """The linear-algebra functions."""

    # On arrays, the predicates and constructors give arrays (no Python bool, no numpy-only).
    def logical_and(self, x: Array | Scalar, y: Array | Scalar, /) -> Array:
        """Boolean and, element-wise."""

    def logical_or(self, x: Array | Scalar, y: Array | Scalar, /) -> Array:
        """Boolean or, element-wise."""

    def logical_not(self, x: Array | Scalar, /) -> Array:
        """Boolean not, element-wise."""

    def isnan(self, x: Array, /) -> Array:
        """Whether each entry is nan."""

    def isfinite(self, x: Array, /) -> Array:
        """Whether each entry is neither infinite nor nan."""

    def any(self, x: Array | Scalar, /, axis: int | None = ...) -> Array:
        """Whether any entry is true (over ``axis`` if given)."""

    def all(self, x: Array | Scalar, /, axis: int | None = ...) -> Array:
        """Whether every entry is true (over ``axis`` if given)."""

    def asarray(self, x: Any, /, dtype: Any = ...) -> Array:
        """``x`` as an array, not copied if it already is one of this backend."""

    def array(self, x: Any, /, dtype: Any = ...) -> Array:
        """``x`` as a new array."""

    def stack(self, arrays: Sequence[Any], /, axis: int = ...) -> Array:
        """Arrays of one shape joined along a new axis."""

    def concatenate(self, arrays: Sequence[Any], /, axis: int = ...) -> Array:
        """Arrays joined along an existing axis."""

    def zeros(self, shape: int | Shape, /, dtype: Any = ...) -> Array:
        """An array of zeros."""

    def ones(self, shape: int | Shape, /, dtype: Any = ...) -> Array:
        """An array of ones."""

    def shape(self, a: Array | Scalar, /) -> Shape:
        """The shape of ``a``."""

    def reshape(self, a: Array, /, shape: int | Shape) -> Array:
        """``a`` with its entries laid out in ``shape``."""

    def sum(self, a: Array, /, axis: int | None = ...) -> Array:
        """The sum of ``a``'s entries (over ``axis`` if given)."""

    def argmax(self, a: Array, /, axis: int | None = ...) -> Array:
        """The index of the largest entry (over ``axis`` if given)."""

    def einsum(self, subscripts: str, /, *operands: Array) -> Array:
        """Einstein summation of ``operands`` as ``subscripts`` spells it."""

    def zeros_like(self, a: Array, /, dtype: Any = ...) -> Array:
        """Zeros of ``a``'s shape (and dtype, unless given)."""

    def full(self, shape: int | Shape, fill_value: Any, /, dtype: Any = ...) -> Array:
        """An array of ``shape`` filled with ``fill_value``."""

    def arange(self, stop: int, /) -> Array:
        """``0, 1, ..., stop - 1``."""

    # Any: numpy's and JAX's dtype objects share no static type.
    def result_type(self, *arrays_and_dtypes: Any) -> Any:
        """The dtype the arguments promote to."""
