"""The :class:`Box` space: arrays whose entries lie in (possibly unbounded) intervals."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, SupportsFloat

import numpy as np
import numpy.typing as npt
from numpy.typing import NDArray

from gymnasium_core import error, logger
from gymnasium_core.spaces.space import Space

_BOUND_KINDS = ("f", "i", "u", "b")


def array_short_repr(arr: NDArray[Any]) -> str:
    """Write an array for a repr: the single value when all entries are equal, else the array.

    Args:
        arr: The array.

    Returns:
        ``str`` of the common value, or of the whole array.
    """
    if arr.size > 0 and np.min(arr) == np.max(arr):
        return str(np.min(arr))
    return str(arr)


def is_float_integer(var: object) -> bool:
    """Whether ``var`` is a real scalar (Python or numpy int or float, but not a bool)."""
    if isinstance(var, bool):
        return False
    return isinstance(var, (int, float, np.integer, np.floating))


def _dtype_range(dtype: np.dtype[Any]) -> tuple[float, float]:
    """The smallest and largest value representable in a bool, integer or float dtype."""
    if dtype.kind == "b":
        return 0, 1
    if dtype.kind == "f":
        finfo = np.finfo(dtype)
        return float(finfo.min), float(finfo.max)
    iinfo = np.iinfo(dtype)
    return int(iinfo.min), int(iinfo.max)


class Box(Space[NDArray[Any]]):
    r"""A box in :math:`\mathbb{R}^n`: each entry lies in its own closed interval.

    An interval may be unbounded on either side (``-np.inf`` / ``np.inf``). ``low`` and
    ``high`` are scalars (repeated over ``shape``) or arrays of the box's shape. Integer
    dtypes make a discrete box.

    Example:
        >>> import numpy as np
        >>> from gymnasium_core.spaces import Box
        >>> Box(0, 255, shape=(8, 8), dtype=np.uint8)
        Box(0, 255, (8, 8), uint8)
        >>> torque = Box(np.array([-0.5, -3.0]), np.array([0.5, 3.0]), dtype=np.float64, seed=1)
        >>> torque
        Box([-0.5 -3. ], [0.5 3. ], (2,), float64)
        >>> torque.contains(torque.sample()), torque.contains(np.array([0.0, 4.0]))
        (True, False)
    """

    dtype: np.dtype[Any]
    _shape: tuple[int, ...]
    low: NDArray[Any]
    high: NDArray[Any]
    bounded_below: NDArray[np.bool_]
    bounded_above: NDArray[np.bool_]
    low_repr: str | None
    high_repr: str | None

    def __init__(
        self,
        low: SupportsFloat | NDArray[Any],
        high: SupportsFloat | NDArray[Any],
        shape: Sequence[int] | None = None,
        dtype: npt.DTypeLike = np.float32,
        seed: int | np.random.Generator | None = None,
    ) -> None:
        """Build the box from its bounds.

        Args:
            low: Lower bounds, a scalar or an array of the box's shape.
            high: Upper bounds, a scalar or an array of the box's shape.
            shape: The shape; inferred from ``low`` / ``high`` arrays when omitted, ``(1,)``
                when both are scalars.
            dtype: A bool, integer or floating dtype.
            seed: Seed (or generator) for :meth:`sample`.

        Raises:
            ValueError: For a missing or non-numeric dtype, bounds that are NaN, outside the
                dtype's range, of the wrong shape or type, or ``low > high`` somewhere.
            TypeError: If ``shape`` is not an iterable of integers.
        """
        if dtype is None:
            raise ValueError("Box needs an explicit dtype; None was given.")
        self.dtype = np.dtype(dtype)
        if self.dtype.kind not in _BOUND_KINDS:
            raise ValueError(
                f"Box dtype must be a bool, integer or floating dtype, got {self.dtype}."
            )

        self._shape = self._resolve_shape(low, high, shape)
        dtype_min, dtype_max = _dtype_range(self.dtype)
        self.low, self.bounded_below = self._cast_bound(low, dtype_min, "low")
        self.high, self.bounded_above = self._cast_bound(high, dtype_max, "high")

        for name, bound in (("low", self.low), ("high", self.high)):
            if bound.shape != self._shape:
                raise ValueError(
                    f"Box {name} has shape {bound.shape}, which differs from the shape "
                    f"{self._shape}."
                )
        if np.any(self.low > self.high):
            raise ValueError(
                f"Box low must be less than or equal to high everywhere, got low={self.low}, "
                f"high={self.high}."
            )

        self.low_repr = None
        self.high_repr = None
        super().__init__(self._shape, self.dtype, seed)

    @staticmethod
    def _resolve_shape(low: Any, high: Any, shape: Sequence[int] | None) -> tuple[int, ...]:
        """Work out the shape from the ``shape`` argument or from the bounds."""
        if shape is not None:
            if not isinstance(shape, Iterable):
                raise TypeError(
                    f"Box shape must be an iterable of integers, got {type(shape).__name__}."
                )
            dims = tuple(shape)
            if not all(isinstance(d, (int, np.integer)) for d in dims):
                raise TypeError(
                    "Box shape must contain integers only, got types "
                    f"{tuple(type(d).__name__ for d in dims)}."
                )
            return tuple(int(d) for d in dims)
        low_is_array = isinstance(low, np.ndarray)
        high_is_array = isinstance(high, np.ndarray)
        if low_is_array and high_is_array and low.shape != high.shape:
            raise ValueError(
                f"Box low and high have different shapes: {low.shape} and {high.shape}."
            )
        if low_is_array:
            return tuple(low.shape)
        if high_is_array:
            return tuple(high.shape)
        if is_float_integer(low) and is_float_integer(high):
            return (1,)
        raise ValueError(
            "Box cannot infer its shape: without `shape`, low and high must be np.ndarray, int "
            f"or float, got low of type {type(low).__name__} and high of type "
            f"{type(high).__name__}."
        )

    def _cast_bound(
        self, value: Any, limit: float, name: Literal["low", "high"]
    ) -> tuple[NDArray[Any], NDArray[np.bool_]]:
        """Convert one bound to an array of the box's dtype and find where it is finite.

        Infinite bounds are kept for floating dtypes and become the dtype's extreme value for
        signed integers; unsigned and bool dtypes refuse them.

        Args:
            value: The ``low`` or ``high`` argument.
            limit: The dtype's minimum (for ``low``) or maximum (for ``high``).
            name: Which bound this is.

        Returns:
            The bound as an array of the box's dtype and shape, and the mask of finite entries.
        """
        is_low = name == "low"
        infinity = -np.inf if is_low else np.inf
        if is_float_integer(value):
            arr = np.full(self._shape, value, dtype=np.asarray(value).dtype)
        elif isinstance(value, np.ndarray):
            if value.dtype.kind not in _BOUND_KINDS:
                raise ValueError(
                    f"Box {name} must have a bool, integer or floating dtype, got {value.dtype}."
                )
            # Copy: the caller's array must not change when infinities are replaced below.
            arr = value.copy()
        else:
            raise ValueError(
                f"Box {name} must be a np.ndarray, int or float, got {type(value).__name__}."
            )

        if np.any(np.isnan(arr)):
            raise ValueError(f"Box {name} must not contain NaN, got {name}={value}.")
        is_bounded = np.asarray(arr != infinity, dtype=np.bool_)
        infinite = ~is_bounded
        if np.any(infinite):
            if self.dtype.kind in ("u", "b"):
                raise ValueError(
                    f"Box with dtype {self.dtype} cannot have an infinite {name}, "
                    f"got {name}={value}."
                )
            if self.dtype.kind == "i":
                # Assign the integer limit after the cast: as a float it would round up and
                # overflow int64.
                cast_arr = np.where(infinite, 0, arr).astype(self.dtype)
                cast_arr[infinite] = limit
                return cast_arr, is_bounded
        elif arr.dtype != self.dtype:
            outside = arr < limit if is_low else arr > limit
            if np.any(outside):
                bound = "minimum" if is_low else "maximum"
                raise ValueError(
                    f"Box {name} lies outside the range of {self.dtype}: {name}={value}, "
                    f"dtype {bound}={limit}."
                )

        self._warn_precision(value, name)
        return arr.astype(self.dtype), is_bounded

    def _warn_precision(self, value: Any, name: str) -> None:
        """Warn when a floating bound array is cast to a less precise floating dtype."""
        if (
            isinstance(value, np.ndarray)
            and value.dtype.kind == "f"
            and self.dtype.kind == "f"
            and np.finfo(self.dtype).precision < np.finfo(value.dtype).precision
        ):
            logger.warn(f"Box {name} loses precision when cast from {value.dtype} to {self.dtype}.")

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of the elements (never ``None`` for a box)."""
        return self._shape

    @property
    def is_np_flattenable(self) -> bool:
        """Always ``True``: a box is already an array."""
        return True

    def is_bounded(self, manner: Literal["both", "below", "above"] = "both") -> bool:
        """Whether every entry has a finite bound on the given side(s).

        Args:
            manner: ``"both"``, ``"below"`` or ``"above"``.

        Returns:
            ``True`` if all the requested bounds are finite.

        Raises:
            ValueError: For any other ``manner``.
        """
        sides = {
            "below": (self.bounded_below,),
            "above": (self.bounded_above,),
            "both": (self.bounded_below, self.bounded_above),
        }.get(manner)
        if sides is None:
            raise ValueError(f"manner must be one of 'both', 'below' or 'above', got {manner!r}.")
        return all(bool(finite.all()) for finite in sides)

    def sample(self, mask: None = None, probability: None = None) -> NDArray[Any]:
        r"""Draw a random element, each entry independently.

        The distribution of an entry depends on its interval: uniform on :math:`[a, b]`,
        :math:`a` plus an exponential on :math:`[a, \infty)`, :math:`b` minus an exponential
        on :math:`(-\infty, b]` and a standard normal on :math:`(-\infty, \infty)`. Integer
        boxes floor the draws (the upper bound is included).

        Args:
            mask: Not supported; must be ``None``.
            probability: Not supported; must be ``None``.

        Returns:
            An array of the box's shape and dtype.

        Raises:
            Error: If a mask or probability is given.
        """
        if mask is not None:
            raise error.Error(f"Box.sample does not accept a mask, got {mask}.")
        if probability is not None:
            raise error.Error(f"Box.sample does not accept a probability, got {probability}.")

        is_float = self.dtype.kind == "f"
        # Integer boxes draw in [low, high + 1) and floor, so that high can be drawn.
        top = self.high if is_float else self.high.astype(np.int64) + 1
        below, above = self.bounded_below, self.bounded_above
        free = ~below & ~above
        only_above = ~below & above
        only_below = below & ~above
        both = below & above

        # The order of the draws fixes the sample for a given seed; do not change it.
        rng = self.np_random
        out = np.empty(self._shape)
        out[free] = rng.normal(size=int(free.sum()))
        out[only_below] = rng.exponential(size=int(only_below.sum())) + self.low[only_below]
        out[only_above] = top[only_above] - rng.exponential(size=int(only_above.sum()))
        out[both] = rng.uniform(low=self.low[both], high=top[both], size=int(both.sum()))

        if not is_float:
            out = np.floor(out)
        if self.dtype.kind in ("i", "u"):
            lowest, highest = _dtype_range(self.dtype)
            if self.dtype == np.int64:
                # float64 rounds the int64 extremes outwards; stay a little inside them.
                lowest, highest = lowest + 2, highest - 2
            out = out.clip(lowest, highest)
        result = out.astype(self.dtype)
        if self.dtype == np.int64:
            result = result.clip(self.low, self.high)
        return result

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is an array of the box's shape, castable dtype and within the bounds.

        A value that is not a numpy array is converted first, with a warning.
        """
        if not isinstance(x, np.ndarray):
            logger.warn("Box.contains converts a non-array value to a numpy array.")
            try:
                x = np.asarray(x, self.dtype)
            except (ValueError, TypeError, OverflowError):
                return False
        if x.shape != self._shape or not np.can_cast(x.dtype, self.dtype):
            return False
        return bool(np.all(self.low <= x)) and bool(np.all(x <= self.high))

    def to_jsonable(self, sample_n: Iterable[NDArray[Any]]) -> list[Any]:
        """Turn a batch of arrays into nested lists."""
        return [np.asarray(sample).tolist() for sample in sample_n]

    def from_jsonable(self, sample_n: Iterable[Any]) -> list[NDArray[Any]]:
        """Turn nested lists back into arrays of the space's dtype.

        Raises:
            ValueError: If an entry cannot be converted to the dtype.
        """
        return [np.asarray(sample, dtype=self.dtype) for sample in sample_n]

    def __repr__(self) -> str:
        """``Box(low, high, shape, dtype)``, each bound shortened to one value when uniform."""
        low_text, high_text = self._bound_texts()
        return f"Box({low_text}, {high_text}, {self._shape}, {self.dtype})"

    def _bound_texts(self) -> tuple[str, str]:
        """The short texts of both bounds, computed on first use and kept in the repr caches."""
        if self.low_repr is None or self.high_repr is None:
            self.low_repr, self.high_repr = (array_short_repr(b) for b in (self.low, self.high))
        return self.low_repr, self.high_repr

    def __eq__(self, other: object) -> bool:
        """Equal shape and dtype, and bounds equal within ``np.allclose``."""
        return (
            isinstance(other, Box)
            and self._shape == other._shape
            and self.dtype == other.dtype
            and bool(np.allclose(self.low, other.low))
            and bool(np.allclose(self.high, other.high))
        )

    def __setstate__(self, state: Iterable[tuple[str, Any]] | Mapping[str, Any]) -> None:
        """Restore a pickled box, rebuilding the repr caches that older pickles lack."""
        super().__setstate__(state)
        missing = [name for name in ("low_repr", "high_repr") if not hasattr(self, name)]
        if missing:
            self.low_repr = self.high_repr = None
            self._bound_texts()
