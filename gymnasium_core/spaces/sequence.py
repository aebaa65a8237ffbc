"""The :class:`Sequence` space: variable-length sequences of elements of one feature space."""

from __future__ import annotations

import typing
from collections.abc import Iterable
from typing import Any

import numpy as np

from gymnasium_core.spaces.space import Space, reject_both, require

_INT32_MAX = int(np.iinfo(np.int32).max)


class Sequence(Space[Any]):
    r"""Finite sequences, of any length, of elements of ``feature_space``.

    Elements are tuples; with ``stack=True`` they are instead batched like a vector
    environment's observations (an array with a leading length axis for a :class:`Box`).
    Unless fixed by a mask, lengths follow a geometric distribution with :math:`p = 0.25`.

    Example:
        >>> from gymnasium_core.spaces import Box, Sequence
        >>> space = Sequence(Box(0, 1), seed=0)
        >>> space
        Sequence(Box(0.0, 1.0, (1,), float32), stack=False)
        >>> len(space.sample(mask=(3, None)))
        3
    """

    feature_space: Space[Any]
    stack: bool

    def __init__(
        self,
        space: Space[Any],
        seed: int | tuple[int, int] | np.random.Generator | None = None,
        stack: bool = False,
    ) -> None:
        """Build the space.

        Args:
            space: The space of the sequence's elements.
            seed: Seed for :meth:`seed` (an int, or a pair for this space and the feature
                space), or a generator.
            stack: Whether samples are stacked into one batched value instead of a tuple.

        Raises:
            TypeError: If ``space`` is not a :class:`Space`.
        """
        if not isinstance(space, Space):
            raise TypeError(
                f"Sequence feature space must be a gymnasium_core.spaces.Space, got "
                f"{type(space).__name__}."
            )
        self.feature_space = space
        self.stack = stack
        if stack:
            from gymnasium_core.spaces._batching import batch_space

            self.stacked_feature_space: Space[Any] = batch_space(space, 1)
        super().__init__(None, None, seed)  # type: ignore[arg-type]

    def seed(self, seed: int | typing.Sequence[Any] | None = None) -> tuple[Any, Any]:
        """Seed this space (which draws lengths) and the feature space.

        Args:
            seed: ``None`` for fresh entropy; an int seeds this space, which draws the
                feature space's seed (and is then reseeded with the int); a pair seeds
                this space and the feature space.

        Returns:
            This space's seed and the feature space's seed(s).

        Raises:
            ValueError: If a sequence of seeds does not have two entries.
            TypeError: For any other type of seed.
        """
        if seed is None:
            return super().seed(None), self.feature_space.seed(None)
        if isinstance(seed, int):
            own = super().seed(seed)
            # The feature space's seed is the first int32 draw of our own freshly seeded
            # generator, which is then seeded again so it matches seeding with a pair.
            child = int(self.np_random.integers(_INT32_MAX))
            super().seed(seed)
            return own, self.feature_space.seed(child)
        if isinstance(seed, (tuple, list)):
            if len(seed) != 2:
                raise ValueError(
                    "Sequence.seed needs two seeds (this space, then the feature space), got "
                    f"{len(seed)}."
                )
            return super().seed(seed[0]), self.feature_space.seed(seed[1])
        raise TypeError(
            f"Sequence.seed takes an int, a pair of seeds, or None; got {type(seed).__name__}."
        )

    @property
    def is_np_flattenable(self) -> bool:
        """Always ``False``: the length varies."""
        return False

    def sample(
        self,
        mask: tuple[Any, Any] | None = None,
        probability: tuple[Any, Any] | None = None,
    ) -> Any:
        """Draw a length, then that many elements of the feature space.

        Args:
            mask: ``(length_mask, feature_mask)``. ``length_mask`` is ``None`` (geometric
                length), an int (fixed length) or a 1-d integer array (the length is drawn
                from its values); ``feature_mask`` is passed to every feature sample.
            probability: ``(length_mask, feature_probability)``, the same with a
                probability for the feature space.

        Returns:
            A tuple of elements, or their stacked batch when ``stack`` is set.

        Raises:
            ValueError: If both are given or one does not fit the space.
        """
        reject_both(mask, probability)
        if mask is not None:
            length = self.generate_sample_length(mask[0], "mask")
            values = tuple(self.feature_space.sample(mask=mask[1]) for _ in range(length))
        elif probability is not None:
            length = self.generate_sample_length(probability[0], "probability")
            values = tuple(
                self.feature_space.sample(probability=probability[1]) for _ in range(length)
            )
        else:
            length = self.np_random.geometric(0.25)
            values = tuple(self.feature_space.sample() for _ in range(length))
        if not self.stack:
            return values
        from gymnasium_core.spaces._batching import concatenate, create_empty_array

        out = create_empty_array(self.feature_space, len(values))
        return concatenate(self.feature_space, values, out)

    def generate_sample_length(self, length_mask: Any, mask_type: str | None) -> int:
        """Pick the length of a sample.

        Args:
            length_mask: ``None`` (geometric draw), a non-negative int (that length) or a
                1-d array of non-negative integers (a uniform choice among them).
            mask_type: ``"mask"`` or ``"probability"``, for messages.

        Returns:
            The length.

        Raises:
            TypeError: If ``length_mask`` is of another type.
            ValueError: If it is negative, or an array that is not 1-d of integers.
        """
        if length_mask is None:
            return int(self.np_random.geometric(0.25))
        if np.issubdtype(type(length_mask), np.integer):
            require(
                length_mask >= 0,
                f"The Sequence length in `{mask_type}` must be non-negative, got {length_mask}.",
            )
            return int(length_mask)
        if isinstance(length_mask, np.ndarray):
            require(
                length_mask.ndim == 1,
                f"The Sequence lengths in `{mask_type}` must be a 1-d array, got shape "
                f"{length_mask.shape}.",
            )
            require(
                bool(np.all(length_mask >= 0)),
                f"The Sequence lengths in `{mask_type}` must be non-negative, got {length_mask}.",
            )
            require(
                np.issubdtype(length_mask.dtype, np.integer),
                f"The Sequence lengths in `{mask_type}` must be integers, got dtype "
                f"{length_mask.dtype}.",
            )
            return int(self.np_random.choice(length_mask))
        raise TypeError(
            f"The Sequence length in `{mask_type}` must be None, an int or a np.ndarray, got "
            f"{type(length_mask).__name__}."
        )

    def contains(self, x: Any) -> bool:
        """Whether every item of ``x`` belongs to the feature space (``x`` a tuple unstacked)."""
        if self.stack:
            from gymnasium_core.spaces._batching import iterate

            try:
                return all(
                    item in self.feature_space for item in iterate(self.stacked_feature_space, x)
                )
            except (TypeError, ValueError, AttributeError, IndexError, KeyError):
                return False
        return isinstance(x, tuple) and all(self.feature_space.contains(item) for item in x)

    def __repr__(self) -> str:
        """``Sequence(feature_space, stack=...)``."""
        return f"Sequence({self.feature_space}, stack={self.stack})"

    def to_jsonable(self, sample_n: Iterable[Any]) -> list[Any]:
        """Turn each sequence into the feature space's JSON-friendly batch."""
        if self.stack:
            return self.stacked_feature_space.to_jsonable(sample_n)  # type: ignore[no-any-return]
        return [self.feature_space.to_jsonable(sample) for sample in sample_n]

    def from_jsonable(self, sample_n: Any) -> list[Any]:
        """Turn JSON-friendly batches back into sequences."""
        if self.stack:
            return self.stacked_feature_space.from_jsonable(sample_n)
        return [tuple(self.feature_space.from_jsonable(sample)) for sample in sample_n]

    def __eq__(self, other: object) -> bool:
        """Equal feature spaces and ``stack`` flags."""
        if not isinstance(other, Sequence):
            return False
        return self.stack == other.stack and self.feature_space == other.feature_space
