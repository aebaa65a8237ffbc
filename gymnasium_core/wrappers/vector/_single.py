"""Helpers for vector wrappers built from single-env wrappers.

:class:`SpaceOnlyEnv` lets a single-env wrapper be built over one space; :func:`map_over_batch`
applies its function to each sub-environment's value of a batch.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

from gymnasium_core.core import Env
from gymnasium_core.spaces import Space


class SpaceOnlyEnv(Env[Any, Any]):
    """An environment that only has spaces: single-env wrappers read them at construction.

    Its ``step`` and ``reset`` are never called; the vector wrappers only use the single-env
    wrapper's spaces and its ``func``.
    """

    def __init__(
        self,
        observation_space: Space[Any] | None = None,
        action_space: Space[Any] | None = None,
    ) -> None:
        """Hold the given spaces.

        Args:
            observation_space: The single observation space, if the wrapper needs one.
            action_space: The single action space, if the wrapper needs one.
        """
        if observation_space is not None:
            self.observation_space = observation_space
        if action_space is not None:
            self.action_space = action_space


def map_over_batch(
    func: Callable[[Any], Any],
    batch: Any,
    batch_space: Space[Any],
    result_space: Space[Any],
    into: Any,
    *,
    fresh: bool,
) -> Any:
    """Apply a single-env ``func`` to each element of ``batch`` and batch the results again.

    Args:
        func: Maps one sub-environment's value to its new value.
        batch: The batched values, elements of ``batch_space``.
        batch_space: The batched space ``batch`` is split along.
        result_space: The single space of ``func``'s results.
        into: The array (or nested arrays) the results are written to.
        fresh: Return a deep copy of ``into`` (when ``into`` is a buffer kept between calls).

    Returns:
        The batch of results.
    """
    from gymnasium_core.vector.utils import concatenate, iterate

    results = [func(item) for item in iterate(batch_space, batch)]
    joined = concatenate(result_space, results, into)
    return deepcopy(joined) if fresh else joined
