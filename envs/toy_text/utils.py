"""Helpers of the toy-text environments."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["categorical_sample"]


def categorical_sample(prob_n: Any, np_random: np.random.Generator) -> np.int64:
    """Draw an index from the categorical distribution ``prob_n`` with one uniform draw.

    The index is the first whose cumulative probability exceeds the draw (0 when none does),
    so the same generator state gives the same index, an ``np.int64``, as the reference's
    helper.

    Args:
        prob_n: ``(n,)`` probabilities.
        np_random: The generator to draw from.

    Returns:
        The drawn index.
    """
    exceeds = np.cumsum(np.asarray(prob_n)) > np_random.random()
    return np.argmax(exceeds)
