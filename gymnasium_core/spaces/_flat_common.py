"""What :func:`~gymnasium_core.spaces.utils.flatten`, ``unflatten`` and ``flatten_space`` share.

The type of a flattened element, the dtype a space flattens to, and the stacking of batches.
"""

from __future__ import annotations

from functools import singledispatch
from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from gymnasium_core.spaces._batching import concatenate, create_empty_array
from gymnasium_core.spaces.dict import Dict
from gymnasium_core.spaces.graph import GraphInstance
from gymnasium_core.spaces.multi_discrete import MultiDiscrete
from gymnasium_core.spaces.oneof import OneOf
from gymnasium_core.spaces.space import Space
from gymnasium_core.spaces.text import Text
from gymnasium_core.spaces.tuple import Tuple

__all__ = ["FlatType", "block_starts", "flat_dtype", "stack"]

FlatType: TypeAlias = NDArray[Any] | dict[str, Any] | tuple[Any, ...] | GraphInstance
"""What :func:`flatten` returns: an array, or a dict / tuple / graph of flattened parts."""


def stack(space: Space[Any], items: list[Any]) -> Any:
    """Stack ``items`` of ``space`` into one batched value, as a vector env batches them."""
    out = create_empty_array(space, n=len(items))
    return concatenate(space, items, out)


@singledispatch
def flat_dtype(space: Space[Any]) -> np.dtype[Any]:
    """The dtype of the array a space flattens to, without building the flattened space."""
    if space.dtype is None:
        raise ValueError(
            f"{space} has no dtype, so it cannot be flattened into a numpy array (it may hold "
            "a Graph or a Sequence)."
        )
    return space.dtype


@flat_dtype.register(Text)
def _flat_dtype_text(space: Text) -> np.dtype[Any]:
    return np.dtype(np.int32)


@flat_dtype.register(Tuple)
@flat_dtype.register(Dict)
def _flat_dtype_composite(space: Tuple | Dict) -> np.dtype[Any]:
    subspaces = space.spaces.values() if isinstance(space, Dict) else space.spaces
    return np.result_type(*(flat_dtype(sub) for sub in subspaces))


@flat_dtype.register(OneOf)
def _flat_dtype_oneof(space: OneOf) -> np.dtype[Any]:
    # The flat array starts with the subspace index, so the dtype must also hold the
    # largest index (a bool or a small integer dtype could not).
    dtype = np.result_type(*(flat_dtype(sub) for sub in space.spaces))
    largest_index = len(space.spaces) - 1
    too_small = (dtype.kind == "b" and largest_index > 1) or (
        dtype.kind in "iu" and largest_index > np.iinfo(dtype).max
    )
    if too_small:
        dtype = np.result_type(dtype, np.min_scalar_type(largest_index))
    return dtype


def block_starts(space: MultiDiscrete, dtype: Any) -> NDArray[Any]:
    """Where each entry's one-hot block starts in the flat vector, then the total length.

    Entry ``i`` (in row-major order) owns ``nvec[i]`` consecutive slots.
    """
    starts = np.empty(space.nvec.size + 1, dtype=dtype)
    starts[0] = 0
    np.cumsum(space.nvec.ravel(), out=starts[1:])
    return starts
