"""Small numeric helpers shared by the CarRacing modules."""

from __future__ import annotations

__all__ = ["sign"]


def sign(value: float) -> float:
    """``numpy.sign`` for one float, without numpy's overhead: -1.0, 0.0 or 1.0 (NaN for NaN).

    Args:
        value: A float.

    Returns:
        Its sign as a float. ``value * 0.0`` gives NaN for NaN as numpy does; a zero keeps its
        own sign (numpy's is always +0.0), which compares equal.
    """
    if value > 0:
        return 1.0
    if value < 0:
        return -1.0
    return value * 0.0
