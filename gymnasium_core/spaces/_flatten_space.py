"""The space of flattened elements: :func:`flatten_space` and its registrations."""

from __future__ import annotations

from functools import singledispatch
from typing import Any

import numpy as np

from gymnasium_core.spaces._flat_common import flat_dtype
from gymnasium_core.spaces._flatdim import flatdim
from gymnasium_core.spaces.box import Box
from gymnasium_core.spaces.dict import Dict
from gymnasium_core.spaces.discrete import Discrete
from gymnasium_core.spaces.graph import Graph
from gymnasium_core.spaces.multi_binary import MultiBinary
from gymnasium_core.spaces.multi_discrete import MultiDiscrete
from gymnasium_core.spaces.oneof import OneOf
from gymnasium_core.spaces.sequence import Sequence
from gymnasium_core.spaces.space import Space
from gymnasium_core.spaces.text import Text
from gymnasium_core.spaces.tuple import Tuple

__all__ = ["flatten_space"]


@singledispatch
def flatten_space(space: Space[Any]) -> Box | Dict | Sequence | Tuple | Graph:
    """The space of the flattened elements of ``space``.

    For a space that can be flattened into one array this is a 1-d :class:`Box` of
    :func:`flatdim` entries that contains every ``flatten(space, x)``. Graphs, sequences and
    composites holding them give the same kind of space with flattened parts. Sampling the
    flattened space does not in general give flattened elements (e.g. not one-hot vectors).

    Args:
        space: The space to flatten.

    Returns:
        The flattened space.

    Raises:
        NotImplementedError: For a space type nothing was registered for.

    Example:
        >>> from gymnasium_core.spaces import Box, Dict, Discrete
        >>> flatten_space(Box(0.0, 1.0, shape=(3, 4, 5)))
        Box(0.0, 1.0, (60,), float32)
        >>> flatten_space(Discrete(5))
        Box(0, 1, (5,), int64)
        >>> flatten_space(Dict({"position": Discrete(2), "velocity": Box(0, 1, shape=(2, 2))}))
        Box(0.0, 1.0, (6,), float64)
    """
    raise NotImplementedError(f"flatten_space does not know the space {space}.")


@flatten_space.register(Box)
def _flatten_space_box(space: Box) -> Box:
    return Box(space.low.flatten(), space.high.flatten(), dtype=space.dtype)


@flatten_space.register(Discrete)
@flatten_space.register(MultiBinary)
@flatten_space.register(MultiDiscrete)
def _flatten_space_one_hot(space: Discrete | MultiBinary | MultiDiscrete) -> Box:
    return Box(low=0, high=1, shape=(flatdim(space),), dtype=space.dtype)


def _join_boxes(boxes: list[Box]) -> Box:
    """One box whose bounds are the concatenated bounds of ``boxes``."""
    return Box(
        low=np.concatenate([box.low for box in boxes]),
        high=np.concatenate([box.high for box in boxes]),
        dtype=np.result_type(*(box.dtype for box in boxes)),
    )


@flatten_space.register(Tuple)
def _flatten_space_tuple(space: Tuple) -> Box | Tuple:
    flat = [flatten_space(sub) for sub in space.spaces]
    if space.is_np_flattenable:
        return _join_boxes(flat)  # type: ignore[arg-type]
    return Tuple(flat)


@flatten_space.register(Dict)
def _flatten_space_dict(space: Dict) -> Box | Dict:
    flat = {key: flatten_space(sub) for key, sub in space.spaces.items()}
    if space.is_np_flattenable:
        return _join_boxes(list(flat.values()))  # type: ignore[arg-type]
    return Dict(flat, sort_keys=space.sort_keys)


@flatten_space.register(Graph)
def _flatten_space_graph(space: Graph) -> Graph:
    edge_space = None if space.edge_space is None else flatten_space(space.edge_space)
    return Graph(node_space=flatten_space(space.node_space), edge_space=edge_space)


@flatten_space.register(Text)
def _flatten_space_text(space: Text) -> Box:
    return Box(low=0, high=len(space.character_set), shape=(space.max_length,), dtype=np.int32)


@flatten_space.register(Sequence)
def _flatten_space_sequence(space: Sequence) -> Sequence:
    return Sequence(flatten_space(space.feature_space), stack=space.stack)


@flatten_space.register(OneOf)
def _flatten_space_oneof(space: OneOf) -> Box:
    width = 1 + max(flatdim(sub) for sub in space.spaces)
    flat_subspaces: list[Box] = [flatten_space(sub) for sub in space.spaces]  # type: ignore[misc]
    lowest = np.min([np.min(sub.low) for sub in flat_subspaces])
    highest = np.max([np.max(sub.high) for sub in flat_subspaces])
    # The first entry is the subspace index; the rest share the widest bounds of all.
    low = np.concatenate([[0], np.full(width - 1, lowest)])
    high = np.concatenate([[len(space.spaces) - 1], np.full(width - 1, highest)])
    dtype = flat_dtype(space)
    if dtype.kind == "f":
        # The bounds come from the subspaces' own values, so casting them loses nothing;
        # doing it here avoids Box's precision warning (which Gymnasium emits).
        low, high = low.astype(dtype), high.astype(dtype)
    return Box(low=low, high=high, shape=(width,), dtype=dtype)
