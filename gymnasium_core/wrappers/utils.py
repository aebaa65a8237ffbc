"""Helpers shared by the single-env and vector wrappers.

* :class:`RunningMeanStd` and :func:`update_mean_var_count_from_moments`: running statistics
  for the normalising wrappers.
* :func:`create_zero_array`: a "neutral" element of a space, used as padding.
* :func:`rescale_box`: the affine map between a :class:`~gymnasium_core.spaces.Box` and new
  bounds, used by the rescaling wrappers.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import singledispatch
from typing import Any

import numpy as np

from gymnasium_core.error import CustomSpaceError
from gymnasium_core.spaces import (
    Box,
    Dict,
    Discrete,
    Graph,
    GraphInstance,
    MultiBinary,
    MultiDiscrete,
    OneOf,
    Sequence,
    Space,
    Text,
    Tuple,
)

__all__ = [
    "RunningMeanStd",
    "create_zero_array",
    "rescale_box",
    "update_mean_var_count_from_moments",
]

NDArray = np.ndarray[Any, Any]


class RunningMeanStd:
    """Mean and variance of every sample seen so far, updated batch by batch.

    Batches are merged with the parallel-variance formula of Chan et al. The count starts at
    ``epsilon`` rather than zero so the first merge is well defined.

    Attributes:
        mean: The running mean, of ``shape``.
        var: The running (population) variance, of ``shape``.
        count: The number of samples merged, plus ``epsilon``.
    """

    def __init__(
        self, epsilon: float = 1e-4, shape: tuple[int, ...] = (), dtype: Any = np.float64
    ) -> None:
        """Start from mean 0 and variance 1.

        Args:
            epsilon: The initial count.
            shape: The shape of one sample.
            dtype: The dtype of the statistics.
        """
        self.mean: Any = np.zeros(shape, dtype=dtype)
        self.var: Any = np.ones(shape, dtype=dtype)
        self.count: Any = epsilon

    def update(self, x: Any) -> None:
        """Merge a batch of samples, stacked on axis 0."""
        if x.shape[0] == 1 and x.dtype.kind == "f":
            # One float sample (the single-env wrappers, every step): its mean is the sample and
            # its variance the squared deviation, bit for bit what np.mean / np.var return.
            batch_mean = x[0].copy()
            deviation = x[0] - batch_mean
            self.update_from_moments(batch_mean, deviation * deviation, 1)
            return
        self.update_from_moments(np.mean(x, axis=0), np.var(x, axis=0), x.shape[0])

    def update_from_moments(self, batch_mean: Any, batch_var: Any, batch_count: Any) -> None:
        """Merge a batch given by its mean, variance and size."""
        self.mean, self.var, self.count = update_mean_var_count_from_moments(
            self.mean, self.var, self.count, batch_mean, batch_var, batch_count
        )


def update_mean_var_count_from_moments(
    mean: Any, var: Any, count: Any, batch_mean: Any, batch_var: Any, batch_count: Any
) -> tuple[Any, Any, Any]:
    """Combine running statistics with those of a new batch.

    Args:
        mean: Running mean.
        var: Running variance.
        count: Running count.
        batch_mean: Mean of the batch.
        batch_var: Variance of the batch.
        batch_count: Size of the batch.

    Returns:
        ``(mean, var, count)`` over both.
    """
    total = count + batch_count
    shift = batch_mean - mean
    merged_mean = mean + shift * batch_count / total
    sum_sq = var * count + batch_var * batch_count + np.square(shift) * count * batch_count / total
    return merged_mean, sum_sq / total, total


@singledispatch
def create_zero_array(space: Space[Any]) -> Any:
    """A neutral element of ``space``: zeros, moved inside the bounds where zero is outside.

    Register more space types with ``@create_zero_array.register(MySpace)``.

    Args:
        space: The space.

    Returns:
        An element of ``space``.

    Raises:
        CustomSpaceError: For a space type with no registered function.
        TypeError: If ``space`` is not a space.
    """
    if isinstance(space, Space):
        raise CustomSpaceError(
            f"create_zero_array has no function for {type(space)}; register one with "
            "`@create_zero_array.register`."
        )
    raise TypeError(f"create_zero_array expects a gymnasium_core Space, got {type(space)}")


@create_zero_array.register(Box)
def _zero_box(space: Box) -> NDArray:
    zeros = np.zeros(space.shape, dtype=space.dtype)
    zeros = np.where(space.low > 0, space.low, zeros)
    return np.where(space.high < 0, space.high, zeros)


@create_zero_array.register(Discrete)
def _zero_discrete(space: Discrete) -> Any:
    return space.start


@create_zero_array.register(MultiDiscrete)
def _zero_multi_discrete(space: MultiDiscrete) -> NDArray:
    return np.array(space.start, dtype=space.dtype, copy=True)


@create_zero_array.register(MultiBinary)
def _zero_multi_binary(space: MultiBinary) -> NDArray:
    return np.zeros(space.shape, dtype=space.dtype)


@create_zero_array.register(Tuple)
def _zero_tuple(space: Tuple) -> tuple[Any, ...]:
    return tuple(create_zero_array(sub) for sub in space.spaces)


@create_zero_array.register(Dict)
def _zero_dict(space: Dict) -> dict[str, Any]:
    return {key: create_zero_array(sub) for key, sub in space.spaces.items()}


@create_zero_array.register(Sequence)
def _zero_sequence(space: Sequence) -> Any:
    return create_zero_array(space.stacked_feature_space) if space.stack else ()


@create_zero_array.register(Text)
def _zero_text(space: Text) -> str:
    return space.characters[0] * space.min_length


@create_zero_array.register(Graph)
def _zero_graph(space: Graph) -> GraphInstance:
    from gymnasium_core.vector.utils import batch_space

    # One node, and one self-loop edge when the graph has edge features.
    nodes = create_zero_array(batch_space(space.node_space, 1))
    if space.edge_space is None:
        return GraphInstance(nodes=nodes, edges=None, edge_links=None)
    edges = create_zero_array(batch_space(space.edge_space, 1))
    return GraphInstance(nodes=nodes, edges=edges, edge_links=np.zeros((1, 2), dtype=np.int64))


@create_zero_array.register(OneOf)
def _zero_one_of(space: OneOf) -> tuple[int, Any]:
    return 0, create_zero_array(space.spaces[0])


def _bound_array(value: Any, box: Box, name: str) -> NDArray:
    if isinstance(value, np.ndarray):
        array = value
    elif np.issubdtype(type(value), np.integer) or np.issubdtype(type(value), np.floating):
        array = np.full(box.shape, value)
    else:
        raise TypeError(f"{name} must be an int, a float or a numpy array, got {type(value)}")
    if array.shape != box.shape:
        raise ValueError(f"{name} must have the shape {box.shape} of the box, got {array.shape}")
    return array


def rescale_box(
    box: Box, new_min: Any, new_max: Any
) -> tuple[Box, Callable[[Any], Any], Callable[[Any], Any]]:
    """The box with bounds ``new_min``/``new_max`` and the affine maps to and from it.

    Components unbounded in ``box`` must stay unbounded the same way; a component with one
    finite new bound is shifted, one with two is scaled and shifted.

    Args:
        box: The original box.
        new_min: New lower bounds (a scalar or an array of ``box.shape``).
        new_max: New upper bounds (a scalar or an array of ``box.shape``).

    Returns:
        ``(new_box, forward, backward)``: ``forward`` maps ``box`` onto ``new_box`` and
        ``backward`` maps ``new_box`` back onto ``box``.

    Raises:
        TypeError: If ``box`` is not a Box or a bound has a wrong type.
        ValueError: On a wrong bound shape, infinite bounds that do not match, or min > max.
    """
    if not isinstance(box, Box):
        raise TypeError(f"rescale_box expects a Box, got {type(box)}")
    low = _bound_array(new_min, box, "new_min")
    high = _bound_array(new_max, box, "new_max")
    for target, source in ((low, box.low), (high, box.high)):
        infinite = np.isinf(target) | np.isinf(source)
        if not np.all(target[infinite] == source[infinite]):
            raise ValueError(
                "rescale_box: where a bound is infinite, the new bound must equal the old one"
            )
    if not np.all(low <= high):
        raise ValueError(f"rescale_box: new_min must be <= new_max, got {low} and {high}")
    if not np.all(box.low <= box.high):
        raise ValueError(f"rescale_box: the box has low > high ({box.low}, {box.high})")

    # The span is computed in extended precision where numpy has it, so that float32 boxes
    # with huge bounds do not overflow; the result is cast to the box dtype like Gymnasium's.
    wide = getattr(np, "float128", np.float64)
    low_finite, high_finite = np.isfinite(low), np.isfinite(high)
    scaled = low_finite & high_finite
    span = np.asarray(box.high[scaled], dtype=wide) - np.asarray(box.low[scaled], dtype=wide)
    slope = np.ones_like(low, dtype=box.dtype)
    slope[scaled] = (high[scaled] - low[scaled]) / span
    offset = np.zeros_like(low, dtype=box.dtype)
    offset[high_finite] = high[high_finite] - box.high[high_finite]
    offset[low_finite] = low[low_finite] - slope[low_finite] * box.low[low_finite]
    # A scalar bound (a Python float included) is taken in the box's dtype, so that
    # ``RescaleAction(env, -1.0, 1.0)`` on a float32 box does not warn about lost precision;
    # a bound array keeps its dtype, and Box warns if that dtype is wider than the box's.
    box_low = low.astype(box.dtype) if np.ndim(new_min) == 0 else low
    box_high = high.astype(box.dtype) if np.ndim(new_max) == 0 else high
    new_box = Box(low=box_low, high=box_high, shape=box.shape, dtype=box.dtype)

    def forward(x: Any) -> Any:
        return slope * x + offset

    def backward(y: Any) -> Any:
        return (y - offset) / slope

    return new_box, forward, backward
