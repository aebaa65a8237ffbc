"""The :class:`Space` base class that every observation and action space derives from.

Also the checks that the spaces' ``sample`` methods run on the ``mask`` and ``probability``
they are given, and :class:`InvalidMaskError`, which they raise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, TypeAlias, TypeVar

import numpy as np
import numpy.typing as npt

from gymnasium_core.utils import seeding

T_co = TypeVar("T_co", covariant=True)

MaskNDArray: TypeAlias = npt.NDArray[np.int8]


class Space(Generic[T_co]):
    """The set of valid actions or observations of an environment.

    A space says what its elements look like (``shape`` and ``dtype`` when they are arrays),
    tests membership (``x in space``), draws random elements (:meth:`sample`) from its own
    seeded generator, and converts batches of elements to and from JSON-friendly values.
    Composite spaces (:class:`~gymnasium_core.spaces.Tuple`, :class:`~gymnasium_core.spaces.Dict`,
    ...) nest other spaces.

    Subclass it for a custom space; the utilities in :mod:`gymnasium_core.spaces.utils` are
    ``functools.singledispatch`` functions, so a custom space can register its own
    ``flatten``, ``flatdim``, ... implementations.

    Example:
        >>> from gymnasium_core.spaces import Discrete
        >>> space = Discrete(4, seed=1)
        >>> space.sample() in space
        True
    """

    dtype: np.dtype[Any] | None
    _shape: tuple[int, ...] | None
    _np_random: np.random.Generator | None

    def __init__(
        self,
        shape: Sequence[int] | None = None,
        dtype: npt.DTypeLike | None = None,
        seed: int | np.random.Generator | None = None,
    ) -> None:
        """Set the shape, dtype and (optionally) the random generator of the space.

        Args:
            shape: The shape of the elements when they are numpy arrays, else ``None``.
            dtype: The dtype of the elements when they are numpy arrays, else ``None``.
            seed: A seed for :meth:`seed`, or a ``np.random.Generator`` used as is.
        """
        self._shape = tuple(shape) if shape is not None else None
        self.dtype = np.dtype(dtype) if dtype is not None else None
        # A generator is adopted as it is; an int seeds a new one; None defers to first use.
        self._np_random = seed if isinstance(seed, np.random.Generator) else None
        if seed is not None and self._np_random is None:
            self.seed(seed)

    @property
    def np_random(self) -> np.random.Generator:
        """The generator that :meth:`sample` draws from, seeded from fresh entropy on first use."""
        if self._np_random is None:
            self.seed()
        # A composite space's seed() seeds its children only, so it may still be unset.
        if self._np_random is None:
            self._np_random = seeding.np_random()[0]
        return self._np_random

    @property
    def shape(self) -> tuple[int, ...] | None:
        """The shape of the elements, or ``None`` when they are not arrays."""
        return self._shape

    @property
    def is_np_flattenable(self) -> bool:
        """Whether the elements can be flattened into one numpy array (a :class:`Box`)."""
        raise NotImplementedError

    def sample(self, mask: Any | None = None, probability: Any | None = None) -> T_co:
        """Draw a random element of the space.

        Args:
            mask: Restricts which values may be drawn (``np.int8``, shape per space).
            probability: Weights for the values (``np.float64``, shape per space); not
                together with ``mask``.

        Returns:
            An element of the space.
        """
        raise NotImplementedError

    def seed(self, seed: Any | None = None) -> Any:
        """Reset the generator of the space (and of its subspaces for composite spaces).

        Args:
            seed: A non-negative integer, or ``None`` for fresh entropy. Composite spaces
                also accept one seed per subspace.

        Returns:
            The seed(s) used: an int here, a tuple or dict of them for composite spaces.
        """
        self._np_random, used = seeding.np_random(seed)
        return used

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is an element of the space."""
        raise NotImplementedError

    def __contains__(self, x: Any) -> bool:
        """Whether ``x`` is an element of the space (``x in space``)."""
        return self.contains(x)

    def __setstate__(self, state: Iterable[tuple[str, Any]] | Mapping[str, Any]) -> None:
        """Restore a pickled space, renaming the attributes of older pickles.

        Args:
            state: The pickled attributes.
        """
        restored = dict(state)
        # Old pickles stored these two under their public names.
        for old, new in (("shape", "_shape"), ("np_random", "_np_random")):
            if old in restored:
                restored[new] = restored.pop(old)
        self.__dict__.update(restored)

    def to_jsonable(self, sample_n: Iterable[Any]) -> Any:
        """Turn a batch of elements into JSON-friendly values (here: a list of them)."""
        return list(sample_n)

    def from_jsonable(self, sample_n: Any) -> list[Any]:
        """Turn JSON-friendly values back into a batch of elements (here: unchanged)."""
        return sample_n  # type: ignore[no-any-return]


class InvalidMaskError(AssertionError, ValueError):
    """A ``mask`` or ``probability`` given to ``sample`` does not fit the space.

    It is a :class:`ValueError`, and also an :class:`AssertionError` because Gymnasium signals
    the same problems with ``assert`` statements: code that catches either keeps working.
    """


def require(condition: object, message: str) -> None:
    """Raise :class:`InvalidMaskError` with ``message`` unless ``condition`` holds.

    Args:
        condition: The check; any truthy value passes.
        message: What went wrong, shown to the user.

    Raises:
        InvalidMaskError: If ``condition`` is falsy.
    """
    if not condition:
        raise InvalidMaskError(message)


def check_mask_array(mask: Any, shape: tuple[int, ...], dtype: type, what: str) -> None:
    """Check that ``mask`` is a numpy array of the given shape and dtype.

    Args:
        mask: The value to check.
        shape: The shape it must have.
        dtype: The numpy scalar type it must have (``np.int8`` or ``np.float64``).
        what: The name of the argument, for the message (``"mask"`` or ``"probability"``).

    Raises:
        InvalidMaskError: If any check fails.
    """
    require(
        isinstance(mask, np.ndarray),
        f"The {what} must be a np.ndarray, got {type(mask).__name__}.",
    )
    require(
        mask.dtype == dtype,
        f"The {what} must have dtype {np.dtype(dtype)}, got {mask.dtype}.",
    )
    require(
        mask.shape == shape,
        f"The {what} must have shape {shape}, got {mask.shape}.",
    )


def check_probability_values(probability: Any, *, sums_to_one: bool = True) -> None:
    """Check that every probability lies in ``[0, 1]`` and, optionally, that they sum to one.

    Args:
        probability: A float64 array.
        sums_to_one: Whether the values must add up to one (within ``np.isclose``).

    Raises:
        InvalidMaskError: If a check fails.
    """
    require(
        bool(np.all((probability >= 0) & (probability <= 1))),
        f"Every probability must lie in [0, 1], got {probability}.",
    )
    if sums_to_one:
        total = np.sum(probability)
        require(
            bool(np.isclose(total, 1)), f"The probabilities must sum to 1, got a sum of {total}."
        )


def reject_both(mask: object, probability: object) -> None:
    """Raise if both a mask and a probability were given.

    Args:
        mask: The ``mask`` argument of ``sample``.
        probability: The ``probability`` argument of ``sample``.

    Raises:
        ValueError: If neither is ``None``.
    """
    if mask is not None and probability is not None:
        raise ValueError(
            "Give either `mask` or `probability` to sample, not both; "
            f"got mask={mask} and probability={probability}."
        )
