"""Helpers of the toy-text environments."""

from __future__ import annotations

from typing import Any

import numpy as np


def categorical_sample(prob_n: Any, np_random: np.random.Generator) -> int:
    """Draw an index from the categorical distribution ``prob_n`` with one uniform draw.

    The index is the first whose cumulative probability exceeds the draw, so the same
    generator state gives the same index as the reference's helper.

    Args:
        prob_n: ``(n,)`` probabilities.
        np_random: The generator to draw from.

    Returns:
        The drawn index.
    """
    cumulative = np.cumsum(np.asarray(prob_n))
    return int(np.argmax(cumulative > np_random.random()))
