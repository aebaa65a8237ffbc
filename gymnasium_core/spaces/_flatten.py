"""Flattening an element of any space: :func:`flatten` and its registrations."""

from __future__ import annotations

from functools import singledispatch
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gymnasium_core.spaces._batching import iterate
from gymnasium_core.spaces._flat_common import FlatType, block_starts, flat_dtype, stack
from gymnasium_core.spaces._flatdim import flatdim
from gymnasium_core.spaces._flatten_space import flatten_space
from gymnasium_core.spaces.box import Box
from gymnasium_core.spaces.dict import Dict
from gymnasium_core.spaces.discrete import Discrete
from gymnasium_core.spaces.graph import Graph, GraphInstance
from gymnasium_core.spaces.multi_binary import MultiBinary
from gymnasium_core.spaces.multi_discrete import MultiDiscrete
from gymnasium_core.spaces.oneof import OneOf
from gymnasium_core.spaces.sequence import Sequence
from gymnasium_core.spaces.space import Space
from gymnasium_core.spaces.text import Text
from gymnasium_core.spaces.tuple import Tuple

__all__ = ["flatten"]


@singledispatch
def flatten(space: Space[Any], x: Any) -> FlatType:
    """Flatten an element of ``space``, for learning code that wants flat arrays.

    Boxes and multi-binaries are raveled; discrete values become one-hot vectors; texts
    become character indices padded to ``max_length``; composites concatenate their parts.
    Composites holding a Graph or a Sequence keep their structure with flattened parts.

    Args:
        space: The space of ``x``.
        x: An element of ``space``.

    Returns:
        The flattened element.

    Raises:
        NotImplementedError: For a space type nothing was registered for.

    Example:
        >>> import numpy as np
        >>> from gymnasium_core.spaces import Box, Discrete, Tuple
        >>> flatten(Discrete(4), 2)
        array([0, 0, 1, 0])
        >>> space = Tuple((Box(0, 1, shape=(2,)), Discrete(3)))
        >>> flatten(space, (np.array([0.5, 0.25], dtype=np.float32), 1))
        array([0.5 , 0.25, 0.  , 1.  , 0.  ])
    """
    raise NotImplementedError(f"flatten does not know the space {space}.")


@flatten.register(Box)
@flatten.register(MultiBinary)
def _flatten_array(space: Box | MultiBinary, x: Any) -> NDArray[Any]:
    return np.asarray(x, dtype=space.dtype).flatten()


@flatten.register(Discrete)
def _flatten_discrete(space: Discrete, x: Any) -> NDArray[Any]:
    one_hot = np.zeros(space.n, dtype=space.dtype)
    one_hot[x - space.start] = 1
    return one_hot


@flatten.register(MultiDiscrete)
def _flatten_multi_discrete(space: MultiDiscrete, x: Any) -> NDArray[Any]:
    offsets = block_starts(space, np.int32)
    one_hot = np.zeros(offsets[-1], dtype=space.dtype)
    one_hot[offsets[:-1] + (x - space.start).flatten()] = 1
    return one_hot


@flatten.register(Tuple)
def _flatten_tuple(space: Tuple, x: tuple[Any, ...]) -> tuple[Any, ...] | NDArray[Any]:
    parts = [flatten(sub, item) for sub, item in zip(space.spaces, x, strict=True)]
    if space.is_np_flattenable:
        return np.concatenate([np.array(part) for part in parts])
    return tuple(parts)


@flatten.register(Dict)
def _flatten_dict(space: Dict, x: dict[Any, Any]) -> dict[Any, Any] | NDArray[Any]:
    parts = {key: flatten(sub, x[key]) for key, sub in space.spaces.items()}
    if space.is_np_flattenable:
        return np.concatenate([np.array(part) for part in parts.values()])
    return parts


def _flatten_batch(subspace: Space[Any], batch_space: Space[Any], batch: Any) -> Any:
    """Flatten every item of a batch of ``subspace`` elements and stack the results."""
    items = [flatten(subspace, item) for item in iterate(batch_space, batch)]
    return stack(flatten_space(subspace), items)


@flatten.register(Graph)
def _flatten_graph(space: Graph, x: GraphInstance) -> GraphInstance:
    nodes = _flatten_batch(space.node_space, space.batch_node_space, x.nodes)
    edges = None
    if x.edges is not None:
        if space.edge_space is None or space.batch_edge_space is None:
            raise ValueError(f"The graph has edges but {space} has no edge space.")
        edges = _flatten_batch(space.edge_space, space.batch_edge_space, x.edges)
    return GraphInstance(nodes, edges, x.edge_links)


@flatten.register(Text)
def _flatten_text(space: Text, x: str) -> NDArray[np.int32]:
    # Positions past the end of the string hold len(charset), an index no character has.
    indices = np.full(space.max_length, len(space.character_set), dtype=np.int32)
    for position, char in enumerate(x):
        indices[position] = space.character_index(char)
    return indices


@flatten.register(Sequence)
def _flatten_sequence(space: Sequence, x: Any) -> Any:
    if space.stack:
        return _flatten_batch(space.feature_space, space.stacked_feature_space, x)
    return tuple(flatten(space.feature_space, item) for item in x)


@flatten.register(OneOf)
def _flatten_oneof(space: OneOf, x: tuple[int, Any]) -> NDArray[Any]:
    index, value = x
    flat: NDArray[Any] = flatten(space.spaces[index], value)  # type: ignore[assignment]
    width = flatdim(space) - 1
    if flat.size < width:
        # Pad with the first value so the padding stays inside the flattened Box.
        padding = np.full(width - flat.size, flat[0], dtype=flat.dtype)
        flat = np.concatenate([flat, padding])
    dtype = flat_dtype(space)
    return np.concatenate([np.array([index], dtype=dtype), flat.astype(dtype, copy=False)])
