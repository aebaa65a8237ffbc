"""Flattening elements of any space into one numpy array, and back.

Every function here is a :func:`functools.singledispatch` function: a custom space adds
support with ``flatten.register(MySpace)`` (and likewise for :func:`flatdim`,
:func:`flatten_space`, :func:`unflatten` and :func:`is_space_dtype_shape_equiv`).

Spaces whose size varies (:class:`Graph`, :class:`Sequence`, and composites holding one)
cannot become one array: they flatten to the same structure with flattened parts.
"""

from __future__ import annotations

from functools import singledispatch
from typing import Any, TypeVar

from gymnasium_core._public_names import report_here
from gymnasium_core.spaces._flat_common import FlatType
from gymnasium_core.spaces._flatdim import flatdim
from gymnasium_core.spaces._flatten import flatten
from gymnasium_core.spaces._flatten_space import flatten_space
from gymnasium_core.spaces._unflatten import unflatten
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

__all__ = [
    "FlatType",
    "flatdim",
    "flatten",
    "flatten_space",
    "is_space_dtype_shape_equiv",
    "unflatten",
]

T = TypeVar("T")

# Defined in private modules beside their helpers; they report this public module (reprs,
# pickles, docs), where Gymnasium has them.
report_here(globals(), ("flatdim", "flatten", "unflatten", "flatten_space"))


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
