"""The :class:`Text` space: strings of bounded length over a character set."""

from __future__ import annotations

import string
from collections.abc import Iterable
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

alphanumeric: frozenset[str] = frozenset(string.ascii_letters + string.digits)
"""The default character set: ASCII letters and digits."""


class Text(Space[str]):
    """Strings of ``min_length`` to ``max_length`` characters (both included) from a charset.

    A set charset is sorted (so sampling does not depend on hash randomisation); a string
    charset keeps its order, without repeated characters.

    Example:
        >>> from gymnasium_core.spaces import Text
        >>> dna = Text(6, min_length=2, charset="ACGT", seed=11)
        >>> dna
        Text(2, 6, charset=ACGT)
        >>> set(dna.sample()) <= {"A", "C", "G", "T"}, "ACGU" in dna
        (True, False)
    """

    min_length: int
    max_length: int

    def __init__(
        self,
        max_length: int,
        *,
        min_length: int = 1,
        charset: frozenset[str] | str = alphanumeric,
        seed: int | np.random.Generator | None = None,
    ) -> None:
        """Build the space.

        Args:
            max_length: The longest string allowed.
            min_length: The shortest string allowed (1 by default, so no empty strings).
            charset: The allowed characters, a set or a string of single characters.
            seed: Seed (or generator) for :meth:`sample`.

        Raises:
            TypeError: If a length is not an integer.
            ValueError: If ``min_length`` is negative or above ``max_length``, or a charset
                element is not one character.
        """
        for name, value in (("min_length", min_length), ("max_length", max_length)):
            if not np.issubdtype(type(value), np.integer):
                raise TypeError(f"Text {name} must be an integer, got {type(value).__name__}.")
        if min_length < 0:
            raise ValueError(f"Text min_length must not be negative, got {min_length}.")
        if min_length > max_length:
            raise ValueError(
                f"Text min_length ({min_length}) must not exceed max_length ({max_length})."
            )
        self.min_length = int(min_length)
        self.max_length = int(max_length)

        if isinstance(charset, (set, frozenset)):
            chars = sorted(charset)
        else:
            chars = list(dict.fromkeys(charset))
        too_long = [c for c in chars if not isinstance(c, str) or len(c) != 1]
        if too_long:
            raise ValueError(
                f"Every Text charset element must be a single character, got {too_long}."
            )
        self._char_list: tuple[str, ...] = tuple(chars)
        self._char_set: frozenset[str] = frozenset(chars)
        self._char_index: dict[str, np.int32] = {c: np.int32(i) for i, c in enumerate(chars)}
        self._char_str: str = "".join(sorted(chars))
        # Strings have no fixed shape; the dtype is numpy's string dtype as in Gymnasium.
        super().__init__(None, str, seed)

    @property
    def character_set(self) -> frozenset[str]:
        """The allowed characters."""
        return self._char_set

    @property
    def character_list(self) -> tuple[str, ...]:
        """The allowed characters in their fixed order (used by masks and flattening)."""
        return self._char_list

    def character_index(self, char: str) -> np.int32:
        """The position of ``char`` in :attr:`character_list`."""
        return self._char_index[char]

    @property
    def characters(self) -> str:
        """The allowed characters, sorted, as one string."""
        return self._char_str

    @property
    def is_np_flattenable(self) -> bool:
        """Always ``True``: strings flatten to fixed-length index arrays."""
        return True

    def sample(
        self,
        mask: tuple[int | None, NDArray[np.int8] | None] | None = None,
        probability: tuple[int | None, NDArray[np.float64] | None] | None = None,
    ) -> str:
        """Draw a string: a length, then each character independently.

        Args:
            mask: ``(length, char_mask)``; ``length`` fixes the length (else drawn uniformly
                between the bounds); ``char_mask`` is an ``np.int8`` array over
                :attr:`character_list` with 1 for allowed characters.
            probability: ``(length, char_probability)`` with an ``np.float64`` array over
                :attr:`character_list` that sums to 1.

        Returns:
            A string of the space.

        Raises:
            ValueError: If both are given, one does not fit the space, or every character is
                masked out while ``min_length > 0``.
        """
        reject_both(mask, probability)
        length: Any = None
        weights: NDArray[np.float64] | None = None
        if mask is not None:
            length, char_mask = self._split_mask(mask, np.int8, "mask")
            if char_mask is not None:
                require(
                    bool(np.all((char_mask == 0) | (char_mask == 1))),
                    f"A Text mask may only hold 0 and 1, got {char_mask}.",
                )
                total = np.sum(char_mask)
                weights = char_mask / total if total > 0 else char_mask.astype(np.float64)
        elif probability is not None:
            length, weights = self._split_mask(probability, np.float64, "probability")
            if weights is not None:
                check_probability_values(weights)

        if length is None:
            length = self.np_random.integers(self.min_length, self.max_length, endpoint=True)
        if weights is None:
            weights = np.ones(len(self._char_list)) / len(self._char_list)
        if np.all(weights == 0):
            if self.min_length == 0:
                return ""
            raise ValueError(
                "Text.sample cannot draw a string: the mask allows no character and "
                f"min_length is {self.min_length}."
            )
        drawn = self.np_random.choice(self._char_list, size=length, p=weights)
        return "".join(drawn)

    def _split_mask(self, given: Any, dtype: type, what: str) -> tuple[Any, Any]:
        """Check a ``(length, char_mask)`` pair and return its two parts."""
        require(
            isinstance(given, tuple) and len(given) == 2,
            f"A Text {what} must be a (length, char_{what}) tuple, got {given!r}.",
        )
        length, char_mask = given
        if length is not None:
            require(
                np.issubdtype(type(length), np.integer),
                f"The length in a Text {what} must be an integer, got {type(length).__name__}.",
            )
            require(
                self.min_length <= length <= self.max_length,
                f"The length in a Text {what} must lie in [{self.min_length}, "
                f"{self.max_length}], got {length}.",
            )
        if char_mask is not None:
            check_mask_array(char_mask, (len(self._char_list),), dtype, what)
        return length, char_mask

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is a string of allowed length made of allowed characters."""
        return (
            isinstance(x, str)
            and self.min_length <= len(x) <= self.max_length
            and all(c in self._char_set for c in x)
        )

    def from_jsonable(self, sample_n: Any) -> list[Any]:
        """Return the strings unchanged (they are already JSON-friendly).

        Raises:
            TypeError: If an entry is not a string.
        """
        samples = list(sample_n)
        for sample in samples:
            if not isinstance(sample, str):
                raise TypeError(
                    f"Text.from_jsonable expects strings, got {type(sample).__name__}: {sample!r}."
                )
        return samples

    def to_jsonable(self, sample_n: Iterable[str]) -> list[Any]:
        """Return the strings as a list."""
        return list(sample_n)

    def __repr__(self) -> str:
        """``Text(min_length, max_length, charset=...)``."""
        return f"Text({self.min_length}, {self.max_length}, charset={self.characters})"

    def __eq__(self, other: object) -> bool:
        """Equal length bounds and character sets."""
        if not isinstance(other, Text):
            return False
        mine = (self.min_length, self.max_length, self._char_set)
        return mine == (other.min_length, other.max_length, other._char_set)
