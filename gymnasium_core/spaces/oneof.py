"""The :class:`OneOf` space: an element of exactly one of several spaces, tagged by index."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from gymnasium_core.spaces.space import Space, reject_both, require


def _is_columnar(space: Space[Any]) -> bool:
    """Whether ``space.to_jsonable`` lays a batch out per subspace instead of per element."""
    from gymnasium_core.spaces.dict import Dict
    from gymnasium_core.spaces.tuple import Tuple

    return isinstance(space, (Tuple, Dict))


class OneOf(Space[tuple[int, Any]]):
    """A tagged union: elements are ``(index, value)`` with ``value`` in ``spaces[index]``.

    Example:
        >>> from gymnasium_core.spaces import Box, Discrete, OneOf
        >>> space = OneOf((Discrete(2), Box(-1, 1, shape=(2,))), seed=123)
        >>> space
        OneOf(Discrete(2), Box(-1.0, 1.0, (2,), float32))
        >>> space.sample() in space
        True
    """

    spaces: tuple[Space[Any], ...]

    def __init__(
        self,
        spaces: Iterable[Space[Any]],
        seed: int | tuple[int, ...] | np.random.Generator | None = None,
    ) -> None:
        """Build the union of ``spaces``.

        Args:
            spaces: The alternatives (at least one).
            seed: Seed for :meth:`seed` (an int, or this space's seed followed by one per
                subspace), or a generator.

        Raises:
            TypeError: If ``spaces`` is not iterable or holds something that is not a Space.
            ValueError: If ``spaces`` is empty.
        """
        if not isinstance(spaces, Iterable):
            raise TypeError(f"OneOf needs an iterable of spaces, got {type(spaces).__name__}.")
        self.spaces = tuple(spaces)
        if not self.spaces:
            raise ValueError("OneOf needs at least one space.")
        for space in self.spaces:
            if not isinstance(space, Space):
                raise TypeError(
                    f"OneOf subspaces must be gymnasium_core.spaces.Space instances, got "
                    f"{type(space).__name__}: {space!r}."
                )
        super().__init__(None, None, seed)  # type: ignore[arg-type]

    @property
    def is_np_flattenable(self) -> bool:
        """Whether every alternative can be flattened."""
        return all(space.is_np_flattenable for space in self.spaces)

    def seed(self, seed: int | tuple[int, ...] | list[int] | None = None) -> tuple[Any, ...]:
        """Seed this space (which picks the alternative) and every subspace.

        Args:
            seed: ``None`` for fresh entropy everywhere; an int seeds this space, which draws
                one seed per subspace (and is then reseeded with the int); a list or tuple
                holds this space's seed followed by one per subspace.

        Returns:
            This space's seed followed by the subspaces' seeds.

        Raises:
            ValueError: If a list of seeds has the wrong length.
            TypeError: For any other type of seed.
        """
        if seed is None:
            own = super().seed(None)
            return (own, *(space.seed(None) for space in self.spaces))
        if isinstance(seed, int):
            own = super().seed(seed)
            child_seeds = self.np_random.integers(np.iinfo(np.int32).max, size=len(self.spaces))
            # Reseed so the generator is the same as after seeding with a list.
            super().seed(seed)
            return (own, *(s.seed(int(c)) for s, c in zip(self.spaces, child_seeds)))
        if isinstance(seed, (tuple, list)):
            if len(seed) != len(self.spaces) + 1:
                raise ValueError(
                    f"OneOf.seed needs {len(self.spaces) + 1} seeds (its own, then one per "
                    f"subspace), got {len(seed)}."
                )
            own = super().seed(seed[0])
            return (own, *(s.seed(c) for s, c in zip(self.spaces, seed[1:])))
        raise TypeError(
            f"OneOf.seed takes an int, a list or tuple of seeds, or None; got "
            f"{type(seed).__name__}."
        )

    def sample(
        self,
        mask: tuple[Any, ...] | None = None,
        probability: tuple[Any, ...] | None = None,
    ) -> tuple[int, Any]:
        """Pick an alternative uniformly, then draw from it.

        Args:
            mask: One mask (or ``None``) per alternative; the chosen one's is used.
            probability: One probability (or ``None``) per alternative.

        Returns:
            ``(index, value)``.

        Raises:
            ValueError: If both are given or one is not a tuple of the right length.
        """
        # The index is drawn before the arguments are checked, as Gymnasium does.
        index = self.np_random.integers(0, len(self.spaces), dtype=np.int64)
        chosen = self.spaces[index]
        reject_both(mask, probability)
        for what, given in (("mask", mask), ("probability", probability)):
            if given is not None:
                require(
                    isinstance(given, tuple),
                    f"A OneOf {what} must be a tuple, got {type(given).__name__}.",
                )
                require(
                    len(given) == len(self.spaces),
                    f"A OneOf {what} needs {len(self.spaces)} entries, got {len(given)}.",
                )
        if mask is not None:
            value = chosen.sample(mask=mask[index])
        elif probability is not None:
            value = chosen.sample(probability=probability[index])
        else:
            value = chosen.sample()
        return index, value  # type: ignore[return-value]

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is ``(index, value)`` with ``value`` in the indexed subspace."""
        if not isinstance(x, tuple) or len(x) != 2:
            return False
        index, value = x
        if not isinstance(index, (int, np.int64)) or not 0 <= index < len(self.spaces):
            return False
        return bool(self.spaces[index].contains(value))

    def __repr__(self) -> str:
        """``OneOf(sub1, sub2, ...)``."""
        return "OneOf(" + ", ".join(str(space) for space in self.spaces) + ")"

    def to_jsonable(self, sample_n: Iterable[tuple[int, Any]]) -> list[Any]:
        """Turn each ``(index, value)`` into ``[index, jsonable value]``."""
        result = []
        for i, value in sample_n:
            encoded = self.spaces[i].to_jsonable([value])
            # Tuple and Dict encode a batch column by column, so the batch of one is kept
            # whole (Gymnasium takes its first column, which cannot be decoded).
            result.append([int(i), encoded if _is_columnar(self.spaces[i]) else encoded[0]])
        return result

    def from_jsonable(self, sample_n: Any) -> list[tuple[Any, ...]]:
        """Turn each ``[index, jsonable value]`` back into ``(np.int64 index, value)``.

        Raises:
            ValueError: If an entry is not an ``[index, value]`` pair with a valid index.
        """
        result = []
        for entry in sample_n:
            if not isinstance(entry, (list, tuple)) or len(entry) != 2:
                raise ValueError(
                    f"OneOf.from_jsonable expects [index, value] pairs, got {entry!r}."
                )
            index, value = entry
            if isinstance(index, bool) or not isinstance(index, (int, np.integer)):
                raise ValueError(f"OneOf.from_jsonable got a non-integer index {index!r}.")
            if not 0 <= index < len(self.spaces):
                raise ValueError(
                    f"OneOf.from_jsonable got index {index} for {len(self.spaces)} subspaces."
                )
            subspace = self.spaces[index]
            batch = value if _is_columnar(subspace) else [value]
            result.append((np.int64(index), subspace.from_jsonable(batch)[0]))
        return result

    def __getitem__(self, index: int) -> Space[Any]:
        """The alternative at ``index``."""
        return self.spaces[index]

    def __len__(self) -> int:
        """The number of alternatives."""
        return len(self.spaces)

    def __eq__(self, other: object) -> bool:
        """Equal alternatives, in the same order."""
        return isinstance(other, OneOf) and self.spaces == other.spaces
