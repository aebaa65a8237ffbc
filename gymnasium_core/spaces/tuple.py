"""The :class:`Tuple` space: the cartesian product of other spaces."""

from __future__ import annotations

import typing
from collections.abc import Iterable
from typing import Any, overload

import numpy as np

from gymnasium_core.spaces.space import Space, reject_both, require


class Tuple(Space[tuple[Any, ...]], typing.Sequence[Any]):
    """The cartesian product of spaces; elements are tuples with one element per subspace.

    Example:
        >>> from gymnasium_core.spaces import Box, Discrete, Tuple
        >>> space = Tuple((Discrete(2), Box(-1, 1, shape=(2,))), seed=42)
        >>> space
        Tuple(Discrete(2), Box(-1.0, 1.0, (2,), float32))
        >>> space.sample() in space
        True
    """

    spaces: tuple[Space[Any], ...]

    def __init__(
        self,
        spaces: Iterable[Space[Any]],
        seed: int | typing.Sequence[Any] | np.random.Generator | None = None,
    ) -> None:
        """Build the product of ``spaces``.

        Args:
            spaces: The subspaces, in order.
            seed: Seed for :meth:`seed` (an int or one seed per subspace), or a generator.

        Raises:
            TypeError: If a subspace is not a :class:`Space`.
        """
        self.spaces = tuple(spaces)
        for space in self.spaces:
            if not isinstance(space, Space):
                raise TypeError(
                    f"Tuple subspaces must be gymnasium_core.spaces.Space instances, got "
                    f"{type(space).__name__}: {space!r}."
                )
        super().__init__(None, None, seed)  # type: ignore[arg-type]

    @property
    def is_np_flattenable(self) -> bool:
        """Whether every subspace can be flattened."""
        return all(space.is_np_flattenable for space in self.spaces)

    def seed(self, seed: int | typing.Sequence[Any] | None = None) -> tuple[Any, ...]:
        """Seed every subspace.

        Args:
            seed: ``None`` seeds each subspace from fresh entropy; an int seeds this space's
                generator, which then draws one seed per subspace; a list or tuple gives each
                subspace its own seed (nested seeds for nested composite spaces).

        Returns:
            The seeds the subspaces report, as a tuple.

        Raises:
            ValueError: If a list of seeds has the wrong length.
            TypeError: For any other type of seed.
        """
        if seed is None:
            return tuple(space.seed(None) for space in self.spaces)
        if isinstance(seed, int):
            super().seed(seed)
            child_seeds = self.np_random.integers(np.iinfo(np.int32).max, size=len(self.spaces))
            return tuple(space.seed(int(child)) for space, child in zip(self.spaces, child_seeds))
        if isinstance(seed, (tuple, list)):
            if len(seed) != len(self.spaces):
                raise ValueError(
                    f"Tuple.seed needs one seed per subspace: got {len(seed)} seeds for "
                    f"{len(self.spaces)} subspaces."
                )
            return tuple(space.seed(child) for space, child in zip(self.spaces, seed))
        raise TypeError(
            f"Tuple.seed takes an int, a list or tuple of seeds, or None; got "
            f"{type(seed).__name__}."
        )

    def sample(
        self,
        mask: tuple[Any, ...] | None = None,
        probability: tuple[Any, ...] | None = None,
    ) -> tuple[Any, ...]:
        """Draw one element from each subspace.

        Args:
            mask: A tuple with one mask (or ``None``) per subspace.
            probability: A tuple with one probability (or ``None``) per subspace.

        Returns:
            A tuple of the subspaces' samples.

        Raises:
            ValueError: If both are given or one is not a tuple of the right length.
        """
        reject_both(mask, probability)
        for what, given in (("mask", mask), ("probability", probability)):
            if given is not None:
                require(
                    isinstance(given, tuple),
                    f"A Tuple {what} must be a tuple, got {type(given).__name__}.",
                )
                require(
                    len(given) == len(self.spaces),
                    f"A Tuple {what} needs {len(self.spaces)} entries, got {len(given)}.",
                )
        if mask is not None:
            return tuple(space.sample(mask=m) for space, m in zip(self.spaces, mask))
        if probability is not None:
            return tuple(space.sample(probability=p) for space, p in zip(self.spaces, probability))
        return tuple(space.sample() for space in self.spaces)

    def contains(self, x: Any) -> bool:
        """Whether ``x`` (a tuple, list or array) has one element of each subspace."""
        parts = tuple(x) if isinstance(x, (list, np.ndarray)) else x
        if not isinstance(parts, tuple) or len(parts) != len(self.spaces):
            return False
        return all(sub.contains(part) for sub, part in zip(self.spaces, parts, strict=True))

    def __repr__(self) -> str:
        """``Tuple(sub1, sub2, ...)``."""
        return "Tuple(" + ", ".join(str(space) for space in self.spaces) + ")"

    def to_jsonable(self, sample_n: Iterable[tuple[Any, ...]]) -> list[Any]:
        """Turn a batch of tuples into one JSON-friendly batch per subspace."""
        batch = list(sample_n)
        return [
            space.to_jsonable([sample[i] for sample in batch])
            for i, space in enumerate(self.spaces)
        ]

    def from_jsonable(self, sample_n: Any) -> list[tuple[Any, ...]]:
        """Rebuild the batch of tuples from one JSON-friendly batch per subspace.

        Raises:
            ValueError: If the value does not hold one batch per subspace of equal lengths.
        """
        if not isinstance(sample_n, (list, tuple)) or len(sample_n) != len(self.spaces):
            raise ValueError(
                f"Tuple.from_jsonable expects a list of {len(self.spaces)} batches, one per "
                f"subspace, got {sample_n!r}."
            )
        columns = [space.from_jsonable(part) for space, part in zip(self.spaces, sample_n)]
        return list(zip(*columns, strict=True))

    @overload
    def __getitem__(self, index: int) -> Space[Any]: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Space[Any], ...]: ...
    def __getitem__(self, index: int | slice) -> Space[Any] | tuple[Space[Any], ...]:
        """The subspace at ``index`` (a tuple of them for a slice)."""
        return self.spaces[index]

    def __len__(self) -> int:
        """The number of subspaces."""
        return len(self.spaces)

    def __eq__(self, other: object) -> bool:
        """Equal subspaces, in the same order."""
        return isinstance(other, Tuple) and self.spaces == other.spaces
