"""The length of the flat array a space's elements become: :func:`flatdim`."""

from __future__ import annotations

import math
from functools import singledispatch
from typing import Any

import numpy as np

from gymnasium_core.spaces.box import Box
from gymnasium_core.spaces.dict import Dict
from gymnasium_core.spaces.discrete import Discrete
from gymnasium_core.spaces.graph import Graph
from gymnasium_core.spaces.multi_binary import MultiBinary
from gymnasium_core.spaces.multi_discrete import MultiDiscrete
from gymnasium_core.spaces.oneof import OneOf
from gymnasium_core.spaces.space import Space
from gymnasium_core.spaces.text import Text
from gymnasium_core.spaces.tuple import Tuple

__all__ = ["flatdim"]


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
