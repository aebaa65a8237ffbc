"""Spaces: the sets that actions and observations belong to.

Every environment has an ``action_space`` and an ``observation_space``. A grid world with four
moves that observes its (row, column) position on a 5 x 5 board might declare::

    self.action_space = spaces.Discrete(4)
    self.observation_space = spaces.MultiDiscrete([5, 5])

All spaces derive from :class:`Space`. :mod:`gymnasium_core.spaces.utils` flattens elements
of any space into one array and back.
"""

from __future__ import annotations

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
from gymnasium_core.spaces.utils import flatdim, flatten, flatten_space, unflatten

__all__ = [
    "Box",
    "Dict",
    "Discrete",
    "Graph",
    "GraphInstance",
    "MultiBinary",
    "MultiDiscrete",
    "OneOf",
    "Sequence",
    "Space",
    "Text",
    "Tuple",
    "flatdim",
    "flatten",
    "flatten_space",
    "unflatten",
]
