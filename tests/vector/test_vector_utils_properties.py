"""Property tests of the vector space utilities over spaces drawn by hypothesis.

* concatenate then iterate gives back the items (batch then iterate is the identity);
* for array spaces, concatenate is ``np.stack``;
* ``create_empty_array`` has the batched space's structure, shapes and dtypes;
* writing items to shared memory and reading them back gives the items;
* ``batch_space`` agrees with the reference's on the same space.
"""

from __future__ import annotations

import multiprocessing
from typing import Any

import gymnasium
import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
strategies = pytest.importorskip("gymnasium_core.testing.spaces")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from gymnasium_core import spaces  # noqa: E402
from gymnasium_core.vector.utils import (  # noqa: E402
    batch_space,
    concatenate,
    create_empty_array,
    create_shared_memory,
    iterate,
    read_from_shared_memory,
    write_to_shared_memory,
)

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def assert_equal(a: Any, b: Any, path: str = "") -> None:
    """Exact equality of nested items (arrays by value, dtype and shape)."""
    if isinstance(b, dict):
        assert isinstance(a, dict) and list(a) == list(b), path
        for key in b:
            assert_equal(a[key], b[key], f"{path}.{key}")
    elif hasattr(b, "edge_links"):  # a GraphInstance, ours or the reference's
        assert hasattr(a, "edge_links"), path
        for field in ("nodes", "edges", "edge_links"):
            assert_equal(getattr(a, field), getattr(b, field), f"{path}.{field}")
    elif isinstance(b, tuple):
        assert isinstance(a, tuple) and len(a) == len(b), (path, a, b)
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            assert_equal(x, y, f"{path}[{i}]")
    elif b is None:
        assert a is None, path
    elif isinstance(b, np.ndarray | np.generic):
        assert isinstance(a, np.ndarray | np.generic), (path, a, b)
        assert a.dtype == b.dtype and a.shape == b.shape, (path, a, b)
        np.testing.assert_array_equal(a, b, err_msg=path)
    else:
        assert a == b, (path, a, b)


@st.composite
def space_and_items(
    draw: st.DrawFn, space_strategy: Any = None, **space_kwargs: Any
) -> tuple[Any, list[Any]]:
    if space_strategy is None:
        space_strategy = strategies.spaces(max_leaves=4, **space_kwargs)
    space = draw(space_strategy)
    items = draw(st.lists(strategies.elements(space), min_size=1, max_size=3))
    return space, items


def has_space(space: Any, kinds: tuple[type, ...]) -> bool:
    """Whether ``space`` is or contains a space of one of ``kinds``."""
    if isinstance(space, kinds):
        return True
    if isinstance(space, spaces.Tuple | spaces.OneOf):
        return any(has_space(sub, kinds) for sub in space.spaces)
    if isinstance(space, spaces.Dict):
        return any(has_space(sub, kinds) for sub in space.spaces.values())
    if isinstance(space, spaces.Sequence):
        return has_space(space.feature_space, kinds)
    return False


@SETTINGS
@given(space_and_items())
def test_concatenate_then_iterate__gives_the_items_back(pair: tuple[Any, list[Any]]) -> None:
    space, items = pair
    n = len(items)
    batched = concatenate(space, items, create_empty_array(space, n))
    unbatched = list(iterate(batch_space(space, n), batched))
    assert len(unbatched) == n
    for got, want in zip(unbatched, items, strict=True):
        assert_equal(got, want)


@SETTINGS
@given(space_and_items())
def test_concatenate__lies_in_the_batched_space(pair: tuple[Any, list[Any]]) -> None:
    space, items = pair
    batched_space = batch_space(space, len(items))
    assert concatenate(space, items, create_empty_array(space, len(items))) in batched_space


@SETTINGS
@given(
    space_and_items(
        st.one_of(
            strategies.box_spaces(),
            strategies.discrete_spaces(),
            strategies.multi_discrete_spaces(),
            strategies.multi_binary_spaces(),
        )
    )
)
def test_concatenate__matches_stacking_for_array_spaces(pair: tuple[Any, list[Any]]) -> None:
    space, items = pair
    out = create_empty_array(space, len(items))
    batched = concatenate(space, items, out)
    stacked = np.stack([np.asarray(item, dtype=space.dtype) for item in items])
    assert batched is out  # written in place
    assert batched.dtype == stacked.dtype
    np.testing.assert_array_equal(batched, stacked)


@SETTINGS
@given(strategies.spaces(max_leaves=4), st.integers(1, 3))
def test_create_empty_array__matches_reference(space: Any, n: int) -> None:
    compat = pytest.importorskip("gymnasium_core.compat")
    ours = create_empty_array(space, n)
    ref = gymnasium.vector.utils.create_empty_array(compat.space_to_gymnasium(space), n)
    assert_equal(ours, ref)
    ours_ones = create_empty_array(space, n, fn=np.ones)
    ref_ones = gymnasium.vector.utils.create_empty_array(
        compat.space_to_gymnasium(space), n, fn=np.ones
    )
    assert_equal(ours_ones, ref_ones)


@SETTINGS
@given(space_and_items(flattenable_only=True))
def test_shared_memory__write_then_read_gives_the_items(pair: tuple[Any, list[Any]]) -> None:
    space, items = pair
    n = len(items)
    memory = create_shared_memory(space, n, ctx=multiprocessing.get_context("fork"))
    for index, item in enumerate(items):
        write_to_shared_memory(space, index, item, memory)
    view = read_from_shared_memory(space, memory, n)
    for got, want in zip(iterate(batch_space(space, n), view), items, strict=True):
        assert_equal(got, want)


@SETTINGS
@given(
    strategies.spaces(max_leaves=4, flattenable_only=True).filter(
        lambda s: not has_space(s, (spaces.Text, spaces.OneOf))
    ),
    st.integers(1, 3),
)
def test_shared_memory__read_is_a_view(space: Any, n: int) -> None:
    """Reads alias the memory: a later write shows in an earlier read's arrays."""
    memory = create_shared_memory(space, n, ctx=multiprocessing.get_context("fork"))
    view = read_from_shared_memory(space, memory, n)
    item = space.sample()
    write_to_shared_memory(space, n - 1, item, memory)
    assert_equal(list(iterate(batch_space(space, n), view))[n - 1], item)


@SETTINGS
@given(strategies.spaces(max_leaves=4), st.integers(1, 3))
def test_batch_space__matches_reference(space: Any, n: int) -> None:
    compat = pytest.importorskip("gymnasium_core.compat")
    ours = batch_space(space, n)
    ref = gymnasium.vector.utils.batch_space(compat.space_to_gymnasium(space), n)
    assert str(ours) == str(ref)
    assert type(ours).__name__ == type(ref).__name__


def test_shared_memory__one_of_with_composite_members() -> None:
    """Each sub-environment reads its own sample of a Tuple or Dict member of a OneOf space.

    Gymnasium indexes the member's batch by the sub-environment number, which picks a Tuple's
    subspace instead (and raises KeyError for a Dict); we split the batch.
    """
    space = spaces.OneOf(
        [
            spaces.Tuple([spaces.Discrete(5), spaces.Discrete(5)]),
            spaces.Dict({"x": spaces.Box(-1.0, 1.0, (2,))}),
        ]
    )
    items = [
        (np.int64(0), (np.int64(1), np.int64(2))),
        (np.int64(1), {"x": np.array([0.5, -0.5], dtype=np.float32)}),
        (np.int64(0), (np.int64(3), np.int64(4))),
    ]
    memory = create_shared_memory(space, 3, ctx=multiprocessing.get_context("fork"))
    for index, item in enumerate(items):
        write_to_shared_memory(space, index, item, memory)
    assert_equal(read_from_shared_memory(space, memory, 3), tuple(items))
