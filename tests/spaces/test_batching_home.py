"""The batching functions live beside the spaces (``gymnasium_core.spaces._batching``).

That spaces never import ``gymnasium_core.vector`` is checked by ``tests/test_import_graph.py``.
``gymnasium_core.vector.utils`` (and its ``space_utils`` module, the reference's path) re-export
them as the same objects, so an implementation registered for a custom space on either path is
seen by the spaces themselves.
"""

from __future__ import annotations

from typing import Any

import gymnasium.vector.utils as ref_vector_utils
import numpy as np
import pytest

import gymnasium_core.vector.utils as vector_utils
import gymnasium_core.vector.utils.space_utils as space_utils
from gymnasium_core.spaces import Box, Sequence, Space, _batching

BATCHING_NAMES = sorted(ref_vector_utils.space_utils.__all__)


@pytest.mark.parametrize("name", BATCHING_NAMES)
def test_vector_utils__reexports_the_spaces_batching_functions(name: str) -> None:
    function = getattr(_batching, name)
    assert getattr(vector_utils, name) is function
    assert getattr(space_utils, name) is function
    assert name in vector_utils.__all__
    assert name in space_utils.__all__


class _Pair(Space[Any]):
    """A custom space with a fixed shape that registers its own batching."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__((2,), np.float64, seed)

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        return self.np_random.random(2)

    def contains(self, x: Any) -> bool:
        return isinstance(x, np.ndarray) and x.shape == (2,)


def _batch_pair(space: _Pair, n: int = 1) -> Box:
    return Box(0.0, 1.0, shape=(n, 2), dtype=np.float64)


def test_custom_space__registered_on_vector_utils_path__is_used_by_spaces() -> None:
    """A registration made at the reference's path reaches ``Sequence(stack=True)``."""
    # The registration stays for the session: only this module's private `_Pair` uses it.
    space_utils.batch_space.register(_Pair, _batch_pair)
    stacked = Sequence(_Pair(), stack=True).stacked_feature_space
    assert stacked == Box(0.0, 1.0, shape=(1, 2), dtype=np.float64)
    assert _batching.batch_space(_Pair(), 3).shape == (3, 2)
