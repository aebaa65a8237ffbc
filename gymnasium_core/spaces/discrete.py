"""The :class:`Discrete` space: the integers ``start, start + 1, ..., start + n - 1``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from gymnasium_core.spaces.space import (
    MaskNDArray,
    Space,
    check_mask_array,
    check_probability_values,
    reject_both,
    require,
)


class Discrete(Space[np.integer[Any]]):
    r"""A finite range of integers :math:`\{a, a+1, \dots, a+n-1\}`.

    Elements are numpy integer scalars of ``dtype`` (``np.int64`` by default).

    Example:
        >>> import numpy as np
        >>> from gymnasium_core.spaces import Discrete
        >>> space = Discrete(3, start=-1, seed=42)
        >>> space
        Discrete(3, start=-1)
        >>> int(space.sample(mask=np.array([0, 0, 1], dtype=np.int8)))
        1
        >>> space.sample() in space
        True
    """

    dtype: np.dtype[Any]
    n: np.integer[Any]
    start: np.integer[Any]

    def __init__(
        self,
        n: int | np.integer[Any],
        seed: int | np.random.Generator | None = None,
        start: int | np.integer[Any] = 0,
        dtype: npt.DTypeLike = np.int64,
    ) -> None:
        """Build the space of ``n`` consecutive integers from ``start``.

        Args:
            n: How many integers (positive).
            seed: Seed (or generator) for :meth:`sample`.
            start: The smallest element.
            dtype: An integer dtype for the elements.

        Raises:
            TypeError: If ``n`` or ``start`` is not an integer, or ``dtype`` is not an integer
                dtype.
            ValueError: If ``n`` is not positive.
        """
        if not np.issubdtype(type(n), np.integer):
            raise TypeError(f"Discrete n must be an integer, got {type(n).__name__}.")
        if n <= 0:
            raise ValueError(f"Discrete n must be positive, got {n}.")
        if not np.issubdtype(type(start), np.integer):
            raise TypeError(f"Discrete start must be an integer, got {type(start).__name__}.")
        if dtype is None:
            raise TypeError("Discrete dtype cannot be None.")
        self.dtype = np.dtype(dtype)
        if not np.issubdtype(self.dtype, np.integer):
            raise TypeError(f"Discrete dtype must be an integer dtype, got {self.dtype}.")
        self.n = self.dtype.type(n)  # type: ignore[assignment]
        self.start = self.dtype.type(start)  # type: ignore[assignment]
        super().__init__(shape=(), dtype=self.dtype, seed=seed)

    @property
    def is_np_flattenable(self) -> bool:
        """Always ``True``: elements flatten to one-hot vectors."""
        return True

    def sample(
        self,
        mask: MaskNDArray | None = None,
        probability: npt.NDArray[np.float64] | None = None,
    ) -> np.integer[Any]:
        """Draw an element uniformly, among allowed values, or with given probabilities.

        Args:
            mask: ``np.int8`` array of shape ``(n,)``; 1 marks the values that may be drawn.
                When no value is allowed, ``start`` is returned.
            probability: ``np.float64`` array of shape ``(n,)`` in ``[0, 1]`` summing to 1.

        Returns:
            A numpy integer of the space's dtype.

        Raises:
            ValueError: If both arguments are given, or one does not fit the space
                (:class:`~gymnasium_core.spaces.space.InvalidMaskError`).
        """
        reject_both(mask, probability)
        size = (int(self.n),)
        rng = self.np_random
        if mask is not None:
            check_mask_array(mask, size, np.int8, "mask")
            allowed = mask == 1
            require(
                bool(np.all(allowed | (mask == 0))),
                f"A Discrete mask may only hold 0 and 1, got {mask}.",
            )
            if not np.any(allowed):
                return self.start
            chosen: np.integer[Any] = self.start + self.dtype.type(
                rng.choice(np.flatnonzero(allowed))
            )
            return chosen
        if probability is not None:
            check_mask_array(probability, size, np.float64, "probability")
            check_probability_values(probability)
            values = np.arange(self.n, dtype=self.dtype)
            return self.start + rng.choice(values, p=probability)  # type: ignore[no-any-return]
        return self.start + rng.integers(self.n, dtype=self.dtype.type)  # type: ignore[no-any-return]

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is an integer (Python or numpy scalar) in the range of the space."""
        if isinstance(x, int):
            info = np.iinfo(self.dtype)
            if not info.min <= x <= info.max:
                return False
            value: Any = self.dtype.type(x)
        elif isinstance(x, (np.generic, np.ndarray)) and x.ndim == 0 and x.dtype.kind in "iu":
            value = x
        else:
            return False
        in_range = int(self.start) <= int(value) < int(self.start) + int(self.n)
        return in_range and bool(np.can_cast(value.dtype, self.dtype))

    def __repr__(self) -> str:
        """``Discrete(n)``, with ``start`` and ``dtype`` when they are not the defaults."""
        parts = [str(self.n)]
        if self.start != 0:
            parts.append(f"start={self.start}")
        if self.dtype != np.int64:
            parts.append(f"dtype={self.dtype}")
        return f"Discrete({', '.join(parts)})"

    def __eq__(self, other: object) -> bool:
        """Equal ``n``, ``start`` and ``dtype``."""
        return (
            isinstance(other, Discrete)
            and self.n == other.n
            and self.start == other.start
            and self.dtype == other.dtype
        )

    def __setstate__(self, state: Iterable[tuple[str, Any]] | Mapping[str, Any]) -> None:
        """Restore a pickled space; pickles from before ``start`` existed start at 0."""
        restored = dict(state)
        restored.setdefault("start", np.int64(0))
        super().__setstate__(restored)

    def to_jsonable(self, sample_n: Iterable[Any]) -> list[int]:
        """Turn a batch of elements into Python ints."""
        return [int(x) for x in sample_n]

    def from_jsonable(self, sample_n: Iterable[Any]) -> list[np.integer[Any]]:
        """Turn Python ints back into numpy integers of the space's dtype.

        Raises:
            TypeError: If an entry is not an integer.
        """
        result = []
        for x in sample_n:
            if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
                raise TypeError(
                    f"Discrete.from_jsonable expects integers, got {type(x).__name__}: {x!r}."
                )
            result.append(self.dtype.type(x))
        return result
