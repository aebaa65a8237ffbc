"""Hypothesis strategies that generate spaces and elements of spaces.

Use them to property-test code that must work for any space (wrappers, vector envs,
serialisation)::

    from hypothesis import given
    from gymnasium_core.testing.spaces import space_and_element

    @given(space_and_element())
    def test_round_trip(pair):
        space, x = pair
        assert space.from_jsonable(space.to_jsonable([x]))[0] in space

Elements come from hypothesis itself (not from ``space.sample``), so they reach corner
cases that sampling rarely hits: bounds, extreme integers, empty strings.
Needs the ``testing`` extra (``hypothesis``).
"""

from __future__ import annotations

import string
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

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
    "box_spaces",
    "composite_spaces",
    "discrete_spaces",
    "elements",
    "fundamental_spaces",
    "graph_spaces",
    "multi_binary_spaces",
    "multi_discrete_spaces",
    "sequence_spaces",
    "space_and_element",
    "spaces",
    "text_spaces",
]

_FLOAT_DTYPES = (np.float16, np.float32, np.float64)
_INT_DTYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32)

_shapes = hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4)


@st.composite
def box_spaces(draw: st.DrawFn, *, allow_unbounded: bool = True) -> Box:
    """Boxes of float, integer or bool dtype, with scalar or per-entry bounds.

    Args:
        draw: Supplied by hypothesis.
        allow_unbounded: Whether float and signed integer boxes may have infinite bounds.
    """
    dtype: np.dtype[Any] = np.dtype(draw(st.sampled_from((*_FLOAT_DTYPES, *_INT_DTYPES, np.bool_))))
    shape = draw(_shapes)
    if dtype.kind == "b":
        return Box(0, 1, shape=shape, dtype=dtype)
    if dtype.kind == "f":
        limit = 1000.0 if dtype == np.float16 else 1e6
        width: Any = dtype.itemsize * 8
        values = st.floats(-limit, limit, allow_nan=False, width=width)
    else:
        info = np.iinfo(dtype)
        values = st.integers(max(int(info.min), -(2**40)), min(int(info.max), 2**40))
    a = draw(hnp.arrays(dtype, shape, elements=values))
    b = draw(hnp.arrays(dtype, shape, elements=values))
    low, high = np.minimum(a, b), np.maximum(a, b)
    if allow_unbounded and dtype.kind in "fi":
        low = low.astype(np.float64)
        high = high.astype(np.float64)
        low[draw(hnp.arrays(np.bool_, shape))] = -np.inf
        high[draw(hnp.arrays(np.bool_, shape))] = np.inf
        if dtype.kind == "f":
            low, high = low.astype(dtype), high.astype(dtype)
        else:
            return Box(_int_bound(low, a.dtype), _int_bound(high, a.dtype), dtype=dtype)
    if draw(st.booleans()) and low.size > 0:
        # Scalar bounds broadcast over the shape.
        return Box(low.flat[0], max(high.flat[0], low.flat[0]), shape=shape, dtype=dtype)
    return Box(low, high, dtype=dtype)


def _int_bound(values: np.ndarray[Any, Any], dtype: np.dtype[Any]) -> np.ndarray[Any, Any]:
    """Integer bounds as float64 when some are infinite (as users write them), else ``dtype``."""
    if np.all(np.isfinite(values)):
        return values.astype(dtype)
    return values


@st.composite
def discrete_spaces(draw: st.DrawFn) -> Discrete:
    """Discrete spaces with any start and an integer dtype wide enough for them."""
    dtype: np.dtype[Any] = np.dtype(draw(st.sampled_from((np.int64, np.int32, np.int16))))
    n = draw(st.integers(1, 50))
    info = np.iinfo(dtype)
    start = draw(st.integers(max(int(info.min), -1000), min(int(info.max) - n, 1000)))
    return Discrete(n, start=start, dtype=dtype)


@st.composite
def multi_discrete_spaces(draw: st.DrawFn) -> MultiDiscrete:
    """MultiDiscrete spaces with one or two axes, with or without starts."""
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=4))
    nvec = draw(hnp.arrays(np.int64, shape, elements=st.integers(1, 10)))
    start = None
    if draw(st.booleans()):
        start = draw(hnp.arrays(np.int64, shape, elements=st.integers(-10, 10)))
    dtype = draw(st.sampled_from((np.int64, np.int32)))
    return MultiDiscrete(nvec, dtype=dtype, start=start)


@st.composite
def multi_binary_spaces(draw: st.DrawFn) -> MultiBinary:
    """MultiBinary spaces given by a count or by a shape."""
    if draw(st.booleans()):
        return MultiBinary(draw(st.integers(1, 10)))
    return MultiBinary(list(draw(_shapes)))


@st.composite
def text_spaces(draw: st.DrawFn) -> Text:
    """Text spaces with various length bounds and character sets."""
    min_length = draw(st.integers(0, 4))
    max_length = draw(st.integers(max(min_length, 1), 8))
    charsets: tuple[str | frozenset[str], ...] = (
        string.ascii_letters + string.digits,
        string.digits,
        "abc",
        frozenset("xyz "),
    )
    charset = draw(st.sampled_from(charsets))
    return Text(max_length, min_length=min_length, charset=charset)


def fundamental_spaces() -> st.SearchStrategy[Space[Any]]:
    """Any non-composite space: Box, Discrete, MultiDiscrete, MultiBinary or Text."""
    return st.one_of(
        box_spaces(),
        discrete_spaces(),
        multi_discrete_spaces(),
        multi_binary_spaces(),
        text_spaces(),
    )


@st.composite
def sequence_spaces(
    draw: st.DrawFn, feature: st.SearchStrategy[Space[Any]] | None = None
) -> Sequence:
    """Sequence spaces (stacked or not) over a feature space drawn from ``feature``."""
    feature_space = draw(feature if feature is not None else fundamental_spaces())
    # Stacking is only well defined for spaces that batch into arrays.
    stackable = isinstance(feature_space, (Box, Discrete, MultiDiscrete, MultiBinary))
    stack = stackable and draw(st.booleans())
    return Sequence(feature_space, stack=stack)


@st.composite
def graph_spaces(draw: st.DrawFn) -> Graph:
    """Graph spaces with Box or Discrete node features and optional edge features."""
    node_space = draw(st.one_of(box_spaces(allow_unbounded=False), discrete_spaces()))
    edge_space = draw(st.none() | box_spaces(allow_unbounded=False) | discrete_spaces())
    return Graph(node_space, edge_space)


def composite_spaces(
    children: st.SearchStrategy[Space[Any]], *, flattenable_only: bool = False
) -> st.SearchStrategy[Space[Any]]:
    """Tuple, Dict and OneOf spaces (and Sequence unless ``flattenable_only``) of ``children``.

    Args:
        children: The strategy for the subspaces.
        flattenable_only: Only spaces that flatten into one array.
    """
    names = st.text(string.ascii_lowercase, min_size=1, max_size=4)
    options = [
        st.lists(children, min_size=1, max_size=3).map(Tuple),
        st.dictionaries(names, children, min_size=1, max_size=3).map(Dict),
        st.lists(children, min_size=1, max_size=3).map(OneOf),
    ]
    if not flattenable_only:
        options.append(sequence_spaces(children))
    return st.one_of(options)


def spaces(*, max_leaves: int = 6, flattenable_only: bool = False) -> st.SearchStrategy[Space[Any]]:
    """Any space, nested composites included.

    Args:
        max_leaves: A bound on the number of fundamental spaces in one draw.
        flattenable_only: Only spaces that flatten into one array (no Graph or Sequence).
    """
    leaves = fundamental_spaces()
    if not flattenable_only:
        leaves = st.one_of(leaves, graph_spaces())
    return st.recursive(
        leaves,
        lambda children: composite_spaces(children, flattenable_only=flattenable_only),
        max_leaves=max_leaves,
    )


def elements(space: Space[Any]) -> st.SearchStrategy[Any]:
    """Elements of ``space``, built by hypothesis (bounds and extremes included).

    Args:
        space: A space of a type defined in :mod:`gymnasium_core.spaces`.

    Raises:
        NotImplementedError: For other space types.
    """
    if isinstance(space, Box):
        return _box_elements(space)
    if isinstance(space, Discrete):
        low = int(space.start)
        return st.integers(low, low + int(space.n) - 1).map(space.dtype.type)
    if isinstance(space, MultiDiscrete):
        return hnp.arrays(np.float64, space.shape, elements=st.floats(0, 1, exclude_max=True)).map(
            lambda u: (u * space.nvec).astype(space.dtype) + space.start
        )
    if isinstance(space, MultiBinary):
        return hnp.arrays(np.int8, space.shape, elements=st.integers(0, 1))
    if isinstance(space, Text):
        alphabet = st.sampled_from(space.character_list)
        return st.text(alphabet, min_size=space.min_length, max_size=space.max_length)
    if isinstance(space, Tuple):
        return st.tuples(*(elements(sub) for sub in space.spaces))
    if isinstance(space, Dict):
        keys = list(space.spaces)
        return st.tuples(*(elements(space.spaces[k]) for k in keys)).map(
            lambda values: dict(zip(keys, values))
        )
    if isinstance(space, OneOf):
        return st.one_of([elements(sub).map(_tagger(i)) for i, sub in enumerate(space.spaces)])
    if isinstance(space, Sequence):
        return _sequence_elements(space)
    if isinstance(space, Graph):
        return _graph_elements(space)
    raise NotImplementedError(f"No element strategy for {space}.")


def _tagger(index: int) -> Any:
    """A function that tags an element of subspace ``index`` for a OneOf space."""
    return lambda x: (np.int64(index), x)


def _box_elements(space: Box) -> st.SearchStrategy[np.ndarray[Any, Any]]:
    """Arrays inside the box: each entry a point of its interval, clipped to finite values."""
    finite_low = np.where(space.bounded_below, space.low, -1e3).astype(np.float64)
    finite_high = np.where(space.bounded_above, space.high, 1e3).astype(np.float64)
    finite_low = np.minimum(finite_low, finite_high)
    fractions = hnp.arrays(np.float64, space.shape, elements=st.floats(0, 1))

    def place(u: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        point = finite_low + u * (finite_high - finite_low)
        if space.dtype.kind in "iub":
            point = np.round(point)
        clipped: np.ndarray[Any, Any] = np.clip(point.astype(space.dtype), space.low, space.high)
        return clipped

    return fractions.map(place)


@st.composite
def _sequence_elements(draw: st.DrawFn, space: Sequence) -> Any:
    # A stacked sequence needs at least one item: numpy cannot stack an empty list.
    min_size = 1 if space.stack else 0
    items = draw(st.lists(elements(space.feature_space), min_size=min_size, max_size=4))
    if not space.stack:
        return tuple(items)
    from gymnasium_core.vector.utils import concatenate, create_empty_array

    out = create_empty_array(space.feature_space, len(items))
    return concatenate(space.feature_space, items, out)


@st.composite
def _graph_elements(draw: st.DrawFn, space: Graph) -> GraphInstance:
    from gymnasium_core.vector.utils import concatenate, create_empty_array

    def stack(sub: Space[Any], items: list[Any]) -> Any:
        return concatenate(sub, items, create_empty_array(sub, len(items)))

    nodes = draw(st.lists(elements(space.node_space), min_size=1, max_size=4))
    if space.edge_space is None:
        return GraphInstance(stack(space.node_space, nodes), None, None)
    edges = draw(st.lists(elements(space.edge_space), min_size=1, max_size=4))
    links = draw(hnp.arrays(np.int32, (len(edges), 2), elements=st.integers(0, len(nodes) - 1)))
    return GraphInstance(stack(space.node_space, nodes), stack(space.edge_space, edges), links)


@st.composite
def space_and_element(
    draw: st.DrawFn, space_strategy: st.SearchStrategy[Space[Any]] | None = None
) -> tuple[Space[Any], Any]:
    """A space and one of its elements.

    Args:
        draw: Supplied by hypothesis.
        space_strategy: Where the space comes from (:func:`spaces` by default).
    """
    space = draw(space_strategy if space_strategy is not None else spaces())
    return space, draw(elements(space))
