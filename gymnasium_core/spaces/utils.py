"""Flattening elements of any space into one numpy array, and back.

Every function here is a :func:`functools.singledispatch` function: a custom space adds
support with ``flatten.register(MySpace)`` (and likewise for :func:`flatdim`,
:func:`flatten_space`, :func:`unflatten` and :func:`is_space_dtype_shape_equiv`).

Spaces whose size varies (:class:`Graph`, :class:`Sequence`, and composites holding one)
cannot become one array: they flatten to the same structure with flattened parts.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import singledispatch
from typing import Any, TypeAlias, TypeVar

import numpy as np
from numpy.typing import NDArray

from gymnasium_core.spaces._batching import concatenate, create_empty_array, iterate
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

__all__ = [
    "FlatType",
    "flatdim",
    "flatten",
    "flatten_space",
    "is_space_dtype_shape_equiv",
    "unflatten",
]


FlatType: TypeAlias = NDArray[Any] | dict[str, Any] | tuple[Any, ...] | GraphInstance
"""What :func:`flatten` returns: an array, or a dict / tuple / graph of flattened parts."""


def _stack(space: Space[Any], items: list[Any]) -> Any:
    """Stack ``items`` of ``space`` into one batched value, as a vector env batches them."""
    out = create_empty_array(space, n=len(items))
    return concatenate(space, items, out)


@singledispatch
def _flat_dtype(space: Space[Any]) -> np.dtype[Any]:
    """The dtype of the array a space flattens to, without building the flattened space."""
    if space.dtype is None:
        raise ValueError(
            f"{space} has no dtype, so it cannot be flattened into a numpy array (it may hold "
            "a Graph or a Sequence)."
        )
    return space.dtype


@_flat_dtype.register(Text)
def _flat_dtype_text(space: Text) -> np.dtype[Any]:
    return np.dtype(np.int32)


@_flat_dtype.register(Tuple)
@_flat_dtype.register(Dict)
def _flat_dtype_composite(space: Tuple | Dict) -> np.dtype[Any]:
    subspaces = space.spaces.values() if isinstance(space, Dict) else space.spaces
    return np.result_type(*(_flat_dtype(sub) for sub in subspaces))


@_flat_dtype.register(OneOf)
def _flat_dtype_oneof(space: OneOf) -> np.dtype[Any]:
    # The flat array starts with the subspace index, so the dtype must also hold the
    # largest index (a bool or a small integer dtype could not).
    dtype = np.result_type(*(_flat_dtype(sub) for sub in space.spaces))
    largest_index = len(space.spaces) - 1
    too_small = (dtype.kind == "b" and largest_index > 1) or (
        dtype.kind in "iu" and largest_index > np.iinfo(dtype).max
    )
    if too_small:
        dtype = np.result_type(dtype, np.min_scalar_type(largest_index))
    return dtype


def _block_starts(space: MultiDiscrete, dtype: Any) -> NDArray[Any]:
    """Where each entry's one-hot block starts in the flat vector, then the total length.

    Entry ``i`` (in row-major order) owns ``nvec[i]`` consecutive slots.
    """
    starts = np.empty(space.nvec.size + 1, dtype=dtype)
    starts[0] = 0
    np.cumsum(space.nvec.ravel(), out=starts[1:])
    return starts


def _not_flattenable(space: Space[Any]) -> ValueError:
    return ValueError(
        f"{space} cannot be flattened into one numpy array: it holds a space of varying size "
        "(a Graph or a Sequence)."
    )


@singledispatch
def flatdim(space: Space[Any]) -> int:
    """The length of the array that elements of ``space`` flatten to.

    Args:
        space: A space that can be flattened into one array.

    Returns:
        The number of entries of ``flatten(space, x)``.

    Raises:
        ValueError: If the space has a varying size (Graph, Sequence).
        NotImplementedError: For a space type nothing was registered for.

    Example:
        >>> from gymnasium_core.spaces import Dict, Discrete
        >>> flatdim(Dict({"position": Discrete(2), "velocity": Discrete(3)}))
        5
    """
    if space.is_np_flattenable is False:
        raise _not_flattenable(space)
    raise NotImplementedError(f"flatdim does not know the space {space}.")


@flatdim.register(Box)
@flatdim.register(MultiBinary)
def _flatdim_array(space: Box | MultiBinary) -> int:
    return math.prod(space.shape)


@flatdim.register(Discrete)
def _flatdim_discrete(space: Discrete) -> int:
    return int(space.n)


@flatdim.register(MultiDiscrete)
def _flatdim_multi_discrete(space: MultiDiscrete) -> int:
    return int(np.sum(space.nvec))


@flatdim.register(Tuple)
@flatdim.register(Dict)
def _flatdim_composite(space: Tuple | Dict) -> int:
    if not space.is_np_flattenable:
        raise _not_flattenable(space)
    subspaces = space.spaces.values() if isinstance(space, Dict) else space.spaces
    return sum(flatdim(sub) for sub in subspaces)


@flatdim.register(Graph)
def _flatdim_graph(space: Graph) -> int:
    raise ValueError("A Graph space has no fixed flat size: its node and edge counts vary.")


@flatdim.register(Text)
def _flatdim_text(space: Text) -> int:
    return space.max_length


@flatdim.register(OneOf)
def _flatdim_oneof(space: OneOf) -> int:
    return 1 + max(flatdim(sub) for sub in space.spaces)


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
    dtype = _flat_dtype(space)
    if dtype.kind == "f":
        # The bounds come from the subspaces' own values, so casting them loses nothing;
        # doing it here avoids Box's precision warning (which Gymnasium emits).
        low, high = low.astype(dtype), high.astype(dtype)
    return Box(low=low, high=high, shape=(width,), dtype=dtype)


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
    offsets = _block_starts(space, np.int32)
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
    return _stack(flatten_space(subspace), items)


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
    dtype = _flat_dtype(space)
    return np.concatenate([np.array([index], dtype=dtype), flat.astype(dtype, copy=False)])


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
    offsets = _block_starts(space, space.dtype)
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
    return _stack(subspace, [unflatten(subspace, row) for row in rows])


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
    piece = x[1 : 1 + flatdim(chosen)].astype(_flat_dtype(chosen))
    return index, unflatten(chosen, piece)


T = TypeVar("T")

# Defined in private modules beside their helpers; they report this public module (reprs,
# pickles, docs), where Gymnasium has them.


@singledispatch
def is_space_dtype_shape_equiv(space_1: Space[Any], space_2: Space[Any]) -> bool:
    """Whether two spaces have elements of the same structure, dtypes and shapes.

    Bounds may differ. Vector environments use this to check that their sub-environments'
    spaces can be batched together.

    Args:
        space_1: A space.
        space_2: Another space.

    Returns:
        ``True`` if elements of one have the layout of elements of the other.

    Raises:
        NotImplementedError: For a space type nothing was registered for.
        TypeError: If ``space_1`` is not a :class:`Space`.

    Example:
        >>> from gymnasium_core.spaces import Box
        >>> is_space_dtype_shape_equiv(Box(0, 1, (2,)), Box(-5, 5, (2,)))
        True
    """
    if isinstance(space_1, Space) and isinstance(space_2, Space):
        raise NotImplementedError(
            f"is_space_dtype_shape_equiv does not know the space type {type(space_1).__name__}."
        )
    raise TypeError(
        "is_space_dtype_shape_equiv compares two spaces, got "
        f"{type(space_1).__name__} and {type(space_2).__name__}."
    )


@is_space_dtype_shape_equiv.register(Box)
@is_space_dtype_shape_equiv.register(Discrete)
@is_space_dtype_shape_equiv.register(MultiDiscrete)
@is_space_dtype_shape_equiv.register(MultiBinary)
def _equiv_array(first: Space[Any], second: Space[Any]) -> bool:
    if type(first) is not type(second):
        return False
    return first.shape == second.shape and first.dtype == second.dtype


@is_space_dtype_shape_equiv.register(Text)
def _equiv_text(first: Text, second: Space[Any]) -> bool:
    if not isinstance(second, Text):
        return False
    # min_length does not change how an element is stored, so it may differ.
    return (first.max_length, first.character_set) == (second.max_length, second.character_set)


@is_space_dtype_shape_equiv.register(Dict)
def _equiv_dict(first: Dict, second: Space[Any]) -> bool:
    if not isinstance(second, Dict) or set(first.keys()) != set(second.keys()):
        return False
    return all(is_space_dtype_shape_equiv(sub, second[key]) for key, sub in first.items())


@is_space_dtype_shape_equiv.register(Tuple)
@is_space_dtype_shape_equiv.register(OneOf)
def _equiv_ordered(first: Tuple | OneOf, second: Space[Any]) -> bool:
    kind = Tuple if isinstance(first, Tuple) else OneOf
    if not isinstance(second, kind) or len(first.spaces) != len(second.spaces):
        return False
    pairs = zip(first.spaces, second.spaces, strict=True)
    return all(is_space_dtype_shape_equiv(mine, theirs) for mine, theirs in pairs)


@is_space_dtype_shape_equiv.register(Graph)
def _equiv_graph(space_1: Graph, space_2: Space[Any]) -> bool:
    if not isinstance(space_2, Graph):
        return False
    if not is_space_dtype_shape_equiv(space_1.node_space, space_2.node_space):
        return False
    if space_1.edge_space is None or space_2.edge_space is None:
        return space_1.edge_space is None and space_2.edge_space is None
    return is_space_dtype_shape_equiv(space_1.edge_space, space_2.edge_space)


@is_space_dtype_shape_equiv.register(Sequence)
def _equiv_sequence(first: Sequence, second: Space[Any]) -> bool:
    if not isinstance(second, Sequence) or first.stack != second.stack:
        return False
    return is_space_dtype_shape_equiv(first.feature_space, second.feature_space)
