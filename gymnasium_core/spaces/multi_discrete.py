"""The :class:`MultiDiscrete` space: arrays whose entries are each a :class:`Discrete` value."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from numpy.typing import NDArray

from gymnasium_core import logger
from gymnasium_core.spaces.discrete import Discrete
from gymnasium_core.spaces.space import (
    Space,
    check_probability_values,
    reject_both,
    require,
)


class MultiDiscrete(Space[NDArray[np.integer[Any]]]):
    """The cartesian product of :class:`Discrete` spaces, as an integer array.

    Entry ``i`` takes the values ``start[i], ..., start[i] + nvec[i] - 1``. ``nvec`` may have
    several axes. A game pad with a 5-way stick and two buttons is ``MultiDiscrete([5, 2, 2])``.

    Example:
        >>> import numpy as np
        >>> from gymnasium_core.spaces import MultiDiscrete
        >>> space = MultiDiscrete(np.array([[1, 2], [3, 4]]), seed=42)
        >>> space.sample()
        array([[0, 0],
               [2, 2]])
        >>> space[1]
        MultiDiscrete([3 4])
    """

    dtype: np.dtype[Any]
    nvec: NDArray[np.integer[Any]]
    start: NDArray[np.integer[Any]]

    def __init__(
        self,
        nvec: NDArray[np.integer[Any]] | Sequence[Any],
        dtype: npt.DTypeLike = np.int64,
        seed: int | np.random.Generator | None = None,
        start: NDArray[np.integer[Any]] | Sequence[Any] | None = None,
    ) -> None:
        """Build the space.

        Args:
            nvec: The number of values of each entry (positive integers, any shape).
            dtype: An integer dtype for the elements.
            seed: Seed (or generator) for :meth:`sample`.
            start: The smallest value of each entry (zeros by default), shaped as ``nvec``.

        Raises:
            ValueError: For a non-integer dtype, ``start`` shaped unlike ``nvec`` or a
                non-positive count.
        """
        if dtype is None:
            raise ValueError("MultiDiscrete needs an explicit dtype; None was given.")
        self.dtype = np.dtype(dtype)
        if not np.issubdtype(self.dtype, np.integer):
            raise ValueError(f"MultiDiscrete dtype must be an integer dtype, got {self.dtype}.")
        self.nvec = np.array(nvec, dtype=self.dtype, copy=True)
        if start is None:
            self.start = np.zeros(self.nvec.shape, dtype=self.dtype)
        else:
            self.start = np.array(start, dtype=self.dtype, copy=True)
        if self.start.shape != self.nvec.shape:
            raise ValueError(
                f"MultiDiscrete start and nvec must have the same shape, got {self.start.shape} "
                f"and {self.nvec.shape}."
            )
        if not np.all(self.nvec > 0):
            raise ValueError(f"MultiDiscrete counts (nvec) must be positive, got {self.nvec}.")
        super().__init__(shape=self.nvec.shape, dtype=self.dtype, seed=seed)

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of the elements (never ``None``)."""
        assert self._shape is not None
        return self._shape

    @property
    def is_np_flattenable(self) -> bool:
        """Always ``True``: elements flatten to concatenated one-hot vectors."""
        return True

    def sample(
        self,
        mask: tuple[Any, ...] | None = None,
        probability: tuple[Any, ...] | None = None,
    ) -> NDArray[np.integer[Any]]:
        """Draw every entry uniformly, among allowed values, or with given probabilities.

        Args:
            mask: Nested tuples shaped like ``nvec`` whose leaves are ``np.int8`` arrays of
                shape ``(nvec[i],)`` with 1 for allowed values; an entry with nothing
                allowed takes its ``start``.
            probability: The same structure with ``np.float64`` leaves that sum to 1.

        Returns:
            An array of ``nvec``'s shape and the space's dtype.

        Raises:
            ValueError: If both are given or one does not fit the space.
        """
        reject_both(mask, probability)
        if mask is not None:
            drawn = self._sample_nested(mask, self.nvec, self.start, is_probability=False)
            return np.array(drawn, dtype=self.dtype)
        if probability is not None:
            drawn = self._sample_nested(probability, self.nvec, self.start, is_probability=True)
            return np.array(drawn, dtype=self.dtype)
        # A uniform draw scaled by the counts: the same numbers as Gymnasium for a seed.
        scaled = self.np_random.random(self.nvec.shape) * self.nvec
        result: NDArray[np.integer[Any]] = scaled.astype(self.dtype) + self.start
        return result

    def _sample_nested(
        self, sub_mask: Any, sub_nvec: Any, sub_start: Any, *, is_probability: bool
    ) -> Any:
        """Walk the nested mask alongside ``nvec`` and draw each entry, in row-major order."""
        what = "probability" if is_probability else "mask"
        if isinstance(sub_nvec, np.ndarray):
            require(
                isinstance(sub_mask, tuple),
                f"The MultiDiscrete {what} must be a tuple matching nvec {sub_nvec}, "
                f"got {type(sub_mask).__name__}.",
            )
            require(
                len(sub_mask) == len(sub_nvec),
                f"The MultiDiscrete {what} has {len(sub_mask)} entries where nvec has "
                f"{len(sub_nvec)}.",
            )
            return [
                self._sample_nested(m, n, s, is_probability=is_probability)
                for m, n, s in zip(sub_mask, sub_nvec, sub_start)
            ]
        require(
            isinstance(sub_mask, np.ndarray),
            f"Each MultiDiscrete {what} leaf must be a np.ndarray, got {type(sub_mask).__name__}.",
        )
        require(
            sub_mask.shape == (int(sub_nvec),),
            f"A MultiDiscrete {what} leaf must have shape {(int(sub_nvec),)}, "
            f"got {sub_mask.shape}.",
        )
        rng = self.np_random
        if not is_probability:
            require(
                sub_mask.dtype == np.int8,
                f"A MultiDiscrete mask leaf must have dtype int8, got {sub_mask.dtype}.",
            )
            allowed = sub_mask == 1
            require(
                bool(np.all(allowed | (sub_mask == 0))),
                f"A MultiDiscrete mask may only hold 0 and 1, got {sub_mask}.",
            )
            if not np.any(allowed):
                return sub_start
            return rng.choice(np.flatnonzero(allowed)) + sub_start
        require(
            sub_mask.dtype == np.float64,
            f"A MultiDiscrete probability leaf must have dtype float64, got {sub_mask.dtype}.",
        )
        check_probability_values(sub_mask)
        positive = sub_mask > 0
        weights = sub_mask / np.sum(sub_mask)
        return rng.choice(np.flatnonzero(positive), p=weights[positive]) + sub_start

    def contains(self, x: Any) -> bool:
        """Whether ``x`` (an array or a sequence) has the right shape, dtype and range."""
        candidate = np.array(x) if isinstance(x, Sequence) else x
        if not isinstance(candidate, np.ndarray) or candidate.shape != self.shape:
            return False
        if not np.can_cast(candidate.dtype, self.dtype):
            return False
        # `x - start` could wrap around in a narrow dtype, so the bounds are checked on each side.
        last = self.start + self.nvec - 1
        return bool(np.all(self.start <= candidate)) and bool(np.all(candidate <= last))

    def to_jsonable(self, sample_n: Iterable[NDArray[np.integer[Any]]]) -> list[Any]:
        """Turn a batch of elements into nested lists of ints."""
        return [np.asarray(sample).tolist() for sample in sample_n]

    def from_jsonable(self, sample_n: Iterable[Any]) -> list[NDArray[np.integer[Any]]]:
        """Turn nested lists back into arrays of the space's dtype.

        Raises:
            ValueError: If an entry cannot be converted to the dtype.
        """
        return [np.array(sample, dtype=self.dtype) for sample in sample_n]

    def __repr__(self) -> str:
        """``MultiDiscrete(nvec)``, with ``start`` when it is not all zeros."""
        if np.any(self.start != 0):
            return f"MultiDiscrete({self.nvec}, start={self.start})"
        return f"MultiDiscrete({self.nvec})"

    def __getitem__(self, index: int | tuple[int, ...] | slice) -> Discrete | MultiDiscrete:
        """The subspace at ``index``: a :class:`Discrete` for one entry, else a MultiDiscrete.

        The subspace's generator starts from a copy of this space's generator state.
        """
        counts: Any = self.nvec[index]
        firsts: Any = self.start[index]
        kind: type[Discrete] | type[MultiDiscrete] = (
            Discrete if np.ndim(counts) == 0 else MultiDiscrete
        )
        part = kind(counts, start=firsts, dtype=self.dtype)
        # The part continues from this space's random state rather than a fresh seed.
        generator_state = self.np_random.bit_generator.state
        part.np_random.bit_generator.state = generator_state
        return part

    def __len__(self) -> int:
        """The length of the first axis of ``nvec`` (with a warning when it has several)."""
        if self.nvec.ndim >= 2:
            logger.warn("Taking the length of a MultiDiscrete space with several axes.")
        return len(self.nvec)

    def __eq__(self, other: object) -> bool:
        """Equal dtype, shape, ``nvec`` and ``start``."""
        if not isinstance(other, MultiDiscrete):
            return False
        if (self.dtype, self.shape) != (other.dtype, other.shape):
            return False
        return np.array_equal(self.nvec, other.nvec) and np.array_equal(self.start, other.start)

    def __setstate__(self, state: Iterable[tuple[str, Any]] | Mapping[str, Any]) -> None:
        """Restore a pickled space; pickles from before ``start`` existed start at 0."""
        restored = dict(state)
        if "start" not in restored:
            restored["start"] = np.zeros(restored["_shape"], dtype=restored["dtype"])
        super().__setstate__(restored)
