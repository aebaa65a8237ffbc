"""Rebuilding an element from its flat form: :func:`unflatten` and its registrations."""

from __future__ import annotations

from collections.abc import Iterable
from functools import singledispatch
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gymnasium_core.spaces._batching import iterate
from gymnasium_core.spaces._flat_common import block_starts, flat_dtype, stack
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

__all__ = ["unflatten"]


@singledispatch
def unflatten(space: Space[Any], x: Any) -> Any:
    """Rebuild an element of ``space`` from :func:`flatten`'s output.

    Args:
        space: The space that was used to flatten.
        x: The flattened element.

    Returns:
        The element, structured as the space.

    Raises:
        ValueError: If ``x`` is not something :func:`flatten` can produce for ``space``
            (e.g. a one-hot block with no 1).
        NotImplementedError: For a space type nothing was registered for.

    Example:
        >>> import numpy as np
        >>> from gymnasium_core.spaces import Discrete
        >>> int(unflatten(Discrete(4, start=1), np.array([0, 0, 1, 0])))
        3
    """
    raise NotImplementedError(f"unflatten does not know the space {space}.")


def _require_array(space: Space[Any], x: Any, size: int) -> NDArray[Any]:
    """Check that ``x`` is a 1-d array of ``size`` entries for ``space``."""
    if not isinstance(x, np.ndarray):
        raise ValueError(
            f"{space} unflattens numpy arrays only; got {type(x).__name__}.",
        )
    if x.shape != (size,):
        raise ValueError(f"{space} unflattens arrays of shape {(size,)}, got shape {x.shape}.")
    return x


@unflatten.register(Box)
@unflatten.register(MultiBinary)
def _unflatten_array(space: Box | MultiBinary, x: Any) -> NDArray[Any]:
    return np.asarray(x, dtype=space.dtype).reshape(space.shape)


@unflatten.register(Discrete)
def _unflatten_discrete(space: Discrete, x: Any) -> Any:
    (hot,) = np.nonzero(x)
    if hot.size == 0:
        raise ValueError(
            f"{x} is not a one-hot vector, so it does not unflatten to an element of {space}."
        )
    return space.start + hot[0].astype(space.dtype)


@unflatten.register(MultiDiscrete)
def _unflatten_multi_discrete(space: MultiDiscrete, x: Any) -> NDArray[Any]:
    offsets = block_starts(space, space.dtype)
    (hot,) = np.nonzero(x)
    if hot.size != space.nvec.size:
        raise ValueError(
            f"{x} is not one one-hot block per entry, so it does not unflatten to an element "
            f"of {space}."
        )
    values = np.asarray(hot - offsets[:-1], dtype=space.dtype).reshape(space.shape)
    return values + space.start  # type: ignore[no-any-return]


def _split_flat(space: Space[Any], subspaces: Iterable[Space[Any]], x: Any) -> list[Any]:
    """Cut a flat array into one piece per subspace."""
    sizes = [flatdim(sub) for sub in subspaces]
    array = _require_array(space, x, sum(sizes))
    return np.split(array, np.cumsum(sizes[:-1], dtype=np.int_))


@unflatten.register(Tuple)
def _unflatten_tuple(space: Tuple, x: Any) -> tuple[Any, ...]:
    if space.is_np_flattenable:
        pieces = _split_flat(space, space.spaces, x)
    else:
        if not isinstance(x, tuple):
            raise ValueError(f"{space} unflattens tuples only; got {type(x).__name__}.")
        pieces = list(x)
    return tuple(unflatten(sub, piece) for sub, piece in zip(space.spaces, pieces, strict=True))


@unflatten.register(Dict)
def _unflatten_dict(space: Dict, x: Any) -> dict[Any, Any]:
    if space.is_np_flattenable:
        pieces = _split_flat(space, space.spaces.values(), x)
        return {
            key: unflatten(sub, piece)
            for (key, sub), piece in zip(space.spaces.items(), pieces, strict=True)
        }
    if not isinstance(x, dict):
        raise ValueError(f"{space} unflattens dicts only; got {type(x).__name__}.")
    return {key: unflatten(sub, x[key]) for key, sub in space.spaces.items()}


def _unflatten_batch(subspace: Space[Any], flat_batch: Any) -> Any:
    """Unflatten every row of a stacked batch of flat ``subspace`` elements and restack."""
    rows = iterate(flatten_space(subspace), flat_batch)
    return stack(subspace, [unflatten(subspace, row) for row in rows])


@unflatten.register(Graph)
def _unflatten_graph(space: Graph, x: GraphInstance) -> GraphInstance:
    nodes = _unflatten_batch(space.node_space, x.nodes)
    edges = None
    if x.edges is not None:
        if space.edge_space is None:
            raise ValueError(f"The graph has edges but {space} has no edge space.")
        edges = _unflatten_batch(space.edge_space, x.edges)
    return GraphInstance(nodes, edges, x.edge_links)


@unflatten.register(Text)
def _unflatten_text(space: Text, x: Any) -> str:
    chars = space.character_list
    # Integer indices even when a composite flattened them to floats (Gymnasium fails there).
    indices = np.asarray(x).astype(np.int64)
    return "".join(chars[index] for index in indices if index < len(chars))


@unflatten.register(Sequence)
def _unflatten_sequence(space: Sequence, x: Any) -> Any:
    if space.stack:
        return _unflatten_batch(space.feature_space, x)
    return tuple(unflatten(space.feature_space, item) for item in x)


@unflatten.register(OneOf)
def _unflatten_oneof(space: OneOf, x: Any) -> tuple[Any, Any]:
    index = np.int64(x[0])
    if not 0 <= index < len(space.spaces):
        raise ValueError(f"{x} starts with {index}, which is not a subspace index of {space}.")
    chosen = space.spaces[index]
    piece = x[1 : 1 + flatdim(chosen)].astype(flat_dtype(chosen))
    return index, unflatten(chosen, piece)
