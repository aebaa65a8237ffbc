"""The :class:`MultiBinary` space: arrays of zeros and ones of a fixed shape."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gymnasium_core.spaces.space import (
    Space,
    check_mask_array,
    check_probability_values,
    reject_both,
    require,
)


class MultiBinary(Space[NDArray[np.int8]]):
    """Binary arrays (``np.int8`` zeros and ones) of a shape fixed at construction.

    Example:
        >>> from gymnasium_core.spaces import MultiBinary
        >>> space = MultiBinary([3, 2], seed=42)
        >>> space
        MultiBinary((3, 2))
        >>> space.sample().shape
        (3, 2)
    """

    dtype: np.dtype[np.int8]
    n: int | tuple[int, ...]

    def __init__(
        self,
        n: NDArray[np.integer[Any]] | Sequence[int] | int,
        seed: int | np.random.Generator | None = None,
    ) -> None:
        """Build the space.

        Args:
            n: The number of bits (an int), or the shape of the elements (a sequence).
            seed: Seed (or generator) for :meth:`sample`.

        Raises:
            ValueError: If ``n`` is not an int or sequence of ints, or a dimension is not
                positive.
        """
        shape: tuple[int, ...]
        if isinstance(n, (int, np.integer)) and not isinstance(n, bool):
            self.n = int(n)
            shape = (self.n,)
        elif isinstance(n, (Sequence, np.ndarray)):
            shape = tuple(int(i) for i in n)
            self.n = shape
        else:
            raise ValueError(
                f"MultiBinary n must be an int or a sequence of ints, got {type(n).__name__}."
            )
        if not all(dim > 0 for dim in shape):
            raise ValueError(f"MultiBinary dimensions must be positive, got {n}.")
        super().__init__(shape, np.int8, seed)

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of the elements (never ``None``)."""
        assert self._shape is not None
        return self._shape

    @property
    def is_np_flattenable(self) -> bool:
        """Always ``True``."""
        return True

    def sample(
        self,
        mask: NDArray[np.int8] | None = None,
        probability: NDArray[np.float64] | None = None,
    ) -> NDArray[np.int8]:
        """Draw each bit by a fair coin, or as fixed by a mask, or with given probabilities.

        Args:
            mask: ``np.int8`` array of the space's shape: 0 or 1 fixes the bit to that value,
                2 leaves it random.
            probability: ``np.float64`` array of the space's shape: the chance of each bit
                being 1.

        Returns:
            An ``np.int8`` array of the space's shape.

        Raises:
            ValueError: If both arguments are given or one does not fit the space.
        """
        reject_both(mask, probability)
        if mask is not None:
            check_mask_array(mask, self.shape, np.int8, "mask")
            require(
                bool(np.all((mask == 0) | (mask == 1) | (mask == 2))),
                f"A MultiBinary mask may only hold 0, 1 and 2, got {mask}.",
            )
            coins = self.np_random.integers(0, 2, size=self.n, dtype=np.int8)
            return np.where(mask == 2, coins, mask.astype(np.int8))
        if probability is not None:
            check_mask_array(probability, self.shape, np.float64, "probability")
            check_probability_values(probability, sums_to_one=False)
            return (self.np_random.random(size=self.shape) <= probability).astype(np.int8)
        return self.np_random.integers(0, 2, size=self.n, dtype=np.int8)

    def contains(self, x: Any) -> bool:
        """Whether ``x`` (an array, or a sequence) has the right shape and only 0s and 1s."""
        bits = np.array(x) if isinstance(x, Sequence) else x
        if not isinstance(bits, np.ndarray) or bits.shape != self.shape:
            return False
        return bool(np.isin(bits, (0, 1)).all())

    def to_jsonable(self, sample_n: Iterable[NDArray[np.int8]]) -> list[Any]:
        """Turn a batch of elements into nested lists of ints."""
        return np.array(list(sample_n)).tolist()  # type: ignore[no-any-return]

    def from_jsonable(self, sample_n: Iterable[Any]) -> list[NDArray[np.int8]]:
        """Turn nested lists back into arrays of the space's dtype.

        Raises:
            ValueError: If an entry cannot be converted to the dtype.
        """
        return [np.asarray(sample, dtype=np.int8) for sample in sample_n]

    def __repr__(self) -> str:
        """``MultiBinary(n)``."""
        return f"MultiBinary({self.n})"

    def __eq__(self, other: object) -> bool:
        """Equal ``n``."""
        return isinstance(other, MultiBinary) and self.n == other.n
