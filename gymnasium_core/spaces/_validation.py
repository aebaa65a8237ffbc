"""Checks shared by the spaces for the masks and probabilities given to ``sample``."""

from __future__ import annotations

from typing import Any

import numpy as np


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
