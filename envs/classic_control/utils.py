"""Helpers shared by the classic-control environments: reading reset options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsFloat

__all__ = ["maybe_parse_reset_bounds", "verify_number_and_cast"]


def option(options: Any, key: str, default: Any) -> Any:
    """``options[key]`` if present, else ``default``, with the reference's tolerance.

    As in the reference, ``options`` that do not contain ``key`` (a string, a list, ...) give
    the default; ``options`` that cannot be searched raise ``TypeError``, and a container
    that holds ``key`` without being a mapping raises ``AttributeError``.

    Raises:
        TypeError: If ``key in options`` cannot be evaluated.
        AttributeError: If ``options`` holds ``key`` but is not a mapping.
    """
    try:
        present = key in options
    except TypeError as err:
        raise TypeError(
            f"Reset options must be a dict; got {type(options).__name__} {options!r}."
        ) from err
    if not present:
        return default
    if not isinstance(options, Mapping):
        raise AttributeError(
            f"Reset options must be a dict; got {type(options).__name__} {options!r}."
        )
    return options[key]


def verify_number_and_cast(x: SupportsFloat) -> float:
    """Return ``x`` as a Python float.

    Args:
        x: A number (or anything ``float()`` accepts).

    Returns:
        ``float(x)``.

    Raises:
        ValueError: If ``x`` is not convertible to a float.
    """
    try:
        return float(x)
    except (TypeError, ValueError) as err:
        raise ValueError(f"Reset option {x!r} is not a number.") from err


def maybe_parse_reset_bounds(
    options: dict[str, Any] | None, default_low: float, default_high: float
) -> tuple[float, float]:
    """Read the ``low`` / ``high`` reset bounds from ``options``.

    Args:
        options: The ``options`` passed to ``reset`` (may be ``None``).
        default_low: The lower bound used when ``options`` has no ``"low"``.
        default_high: The upper bound used when ``options`` has no ``"high"``.

    Returns:
        The pair ``(low, high)`` as floats.

    Raises:
        ValueError: If a bound is not a number, or ``low > high``.
    """
    if options is None:
        return default_low, default_high
    low = verify_number_and_cast(option(options, "low", default_low))
    high = verify_number_and_cast(option(options, "high", default_high))
    if low > high:
        raise ValueError(f"Reset bounds are inverted: low={low} is above high={high}.")
    return low, high
