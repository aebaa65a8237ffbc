"""The :class:`Dict` space: named subspaces whose elements are dictionaries."""

from __future__ import annotations

import collections.abc
import typing
from collections import OrderedDict
from collections.abc import Iterable, Iterator, KeysView
from typing import Any

import numpy as np

from gymnasium_core.spaces.space import Space, reject_both, require


class Dict(Space[dict[str, Any]], typing.Mapping[str, Space[Any]]):
    """A mapping of keys to spaces; elements are dicts with an element of each subspace.

    Keys of a plain mapping are sorted (unless ``sort_keys=False`` or they cannot be
    compared); an ``OrderedDict`` or a sequence of pairs keeps its order. Flattening follows
    the key order.

    Example:
        >>> from gymnasium_core.spaces import Box, Dict, Discrete
        >>> space = Dict({"position": Box(-1, 1, shape=(2,)), "color": Discrete(3)}, seed=42)
        >>> space
        Dict('color': Discrete(3), 'position': Box(-1.0, 1.0, (2,), float32))
        >>> sorted(space.sample())
        ['color', 'position']
    """

    spaces: dict[Any, Space[Any]]
    sort_keys: bool

    def __init__(
        self,
        spaces: Any = None,
        seed: dict[Any, Any] | int | np.random.Generator | None = None,
        *,
        sort_keys: bool = True,
        **spaces_kwargs: Space[Any],
    ) -> None:
        """Build the space from a mapping, a sequence of ``(key, space)`` pairs, or keywords.

        Args:
            spaces: A mapping or sequence of pairs of subspaces, or ``None``.
            seed: Seed for :meth:`seed` (an int or a dict of per-key seeds), or a generator.
            sort_keys: Whether to sort the keys of a plain mapping.
            **spaces_kwargs: More subspaces given by keyword.

        Raises:
            TypeError: If ``spaces`` has an unexpected type or a value is not a :class:`Space`.
            ValueError: If a keyword repeats a key of ``spaces``.
        """
        self.sort_keys = sort_keys
        collected: dict[Any, Any]
        if isinstance(spaces, OrderedDict):
            collected = dict(spaces)
        elif isinstance(spaces, collections.abc.Mapping):
            collected = dict(spaces)
            if sort_keys:
                try:
                    # Sorted keys fix the flattening order regardless of insertion order.
                    collected = dict(sorted(collected.items()))
                except TypeError:
                    pass  # keys that cannot be compared keep their insertion order
        elif isinstance(spaces, collections.abc.Sequence):
            collected = dict(spaces)
        elif spaces is None:
            collected = {}
        else:
            raise TypeError(
                "Dict spaces must be a mapping, an OrderedDict or a sequence of (key, space) "
                f"pairs, got {type(spaces).__name__}."
            )
        for key, space in spaces_kwargs.items():
            if key in collected:
                raise ValueError(f"Dict space key {key!r} is given twice.")
            collected[key] = space
        for key, space in collected.items():
            if not isinstance(space, Space):
                raise TypeError(
                    f"Dict subspace {key!r} must be a gymnasium_core.spaces.Space, got "
                    f"{type(space).__name__}: {space!r}."
                )
        self.spaces = collected
        super().__init__(None, None, seed)  # type: ignore[arg-type]

    @property
    def is_np_flattenable(self) -> bool:
        """Whether every subspace can be flattened."""
        return all(space.is_np_flattenable for space in self.spaces.values())

    def seed(self, seed: int | dict[Any, Any] | None = None) -> dict[Any, Any]:
        """Seed every subspace.

        Args:
            seed: ``None`` seeds each subspace from fresh entropy; an int seeds this space's
                generator, which then draws one seed per subspace; a dict gives each key its
                own seed (and must have exactly the space's keys).

        Returns:
            The seeds the subspaces report, by key.

        Raises:
            ValueError: If a dict of seeds has other keys than the space.
            TypeError: For any other type of seed.
        """
        if seed is None:
            return {key: space.seed(None) for key, space in self.spaces.items()}
        if isinstance(seed, int):
            super().seed(seed)
            child_seeds = self.np_random.integers(np.iinfo(np.int32).max, size=len(self.spaces))
            return {
                key: space.seed(int(child))
                for (key, space), child in zip(self.spaces.items(), child_seeds)
            }
        if isinstance(seed, dict):
            if seed.keys() != self.spaces.keys():
                raise ValueError(
                    f"Dict.seed needs a seed for exactly the keys {list(self.spaces)}, got "
                    f"keys {list(seed)}."
                )
            return {key: self.spaces[key].seed(seed[key]) for key in seed}
        raise TypeError(
            f"Dict.seed takes an int, a dict of seeds, or None; got {type(seed).__name__}."
        )

    def sample(
        self,
        mask: dict[Any, Any] | None = None,
        probability: dict[Any, Any] | None = None,
    ) -> dict[Any, Any]:
        """Draw one element from each subspace.

        Args:
            mask: A dict with a mask (or ``None``) for every key.
            probability: A dict with a probability (or ``None``) for every key.

        Returns:
            A dict of the subspaces' samples, in the space's key order.

        Raises:
            ValueError: If both are given or one is not a dict with the space's keys.
        """
        reject_both(mask, probability)
        for what, given in (("mask", mask), ("probability", probability)):
            if given is not None:
                require(
                    isinstance(given, dict),
                    f"A Dict {what} must be a dict, got {type(given).__name__}.",
                )
                require(
                    given.keys() == self.spaces.keys(),
                    f"A Dict {what} needs exactly the keys {list(self.spaces)}, got {list(given)}.",
                )
        if mask is not None:
            return {key: space.sample(mask=mask[key]) for key, space in self.spaces.items()}
        if probability is not None:
            return {
                key: space.sample(probability=probability[key])
                for key, space in self.spaces.items()
            }
        return {key: space.sample() for key, space in self.spaces.items()}

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is a dict with exactly the space's keys and valid values."""
        if isinstance(x, dict) and x.keys() == self.spaces.keys():
            return all(x[key] in space for key, space in self.spaces.items())
        return False

    def __getitem__(self, key: Any) -> Space[Any]:
        """The subspace of ``key``."""
        return self.spaces[key]

    def keys(self) -> KeysView[Any]:
        """The keys, in order."""
        return KeysView(self.spaces)

    def __setitem__(self, key: Any, value: Space[Any]) -> None:
        """Set (or add) the subspace of ``key``.

        Raises:
            TypeError: If ``value`` is not a :class:`Space`.
        """
        if not isinstance(value, Space):
            raise TypeError(
                f"Dict subspace {key!r} must be a gymnasium_core.spaces.Space, got "
                f"{type(value).__name__}."
            )
        self.spaces[key] = value

    def __iter__(self) -> Iterator[Any]:
        """Iterate over the keys."""
        yield from self.spaces

    def __len__(self) -> int:
        """The number of subspaces."""
        return len(self.spaces)

    def __repr__(self) -> str:
        """``Dict('key': subspace, ...)``."""
        return "Dict(" + ", ".join(f"{key!r}: {space}" for key, space in self.spaces.items()) + ")"

    def __eq__(self, other: object) -> bool:
        """Equal keys and subspaces (key order does not matter)."""
        return isinstance(other, Dict) and self.spaces == other.spaces

    def to_jsonable(self, sample_n: Iterable[dict[Any, Any]]) -> dict[Any, Any]:
        """Turn a batch of dicts into one JSON-friendly batch per key."""
        batch = list(sample_n)
        return {
            key: space.to_jsonable([sample[key] for sample in batch])
            for key, space in self.spaces.items()
        }

    def from_jsonable(self, sample_n: Any) -> list[dict[Any, Any]]:
        """Rebuild the batch of dicts from one JSON-friendly batch per key.

        Raises:
            ValueError: If the value is not a dict with a batch for every key, all of equal
                length.
        """
        if not isinstance(sample_n, dict) or not all(key in sample_n for key in self.spaces):
            raise ValueError(
                f"Dict.from_jsonable expects a dict with a batch for each key in "
                f"{list(self.spaces)}, got {sample_n!r}."
            )
        columns = {key: space.from_jsonable(sample_n[key]) for key, space in self.spaces.items()}
        lengths = {len(column) for column in columns.values()}
        if len(lengths) > 1:
            raise ValueError(f"Dict.from_jsonable got batches of different lengths: {lengths}.")
        count = lengths.pop() if lengths else 0
        return [{key: column[i] for key, column in columns.items()} for i in range(count)]
