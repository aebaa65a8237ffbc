"""Helpers shared by the space tests: comparing nested elements and rebuilding reference spaces."""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core import spaces as ours


def assert_same_element(a: Any, b: Any) -> None:
    """Equal values, types and dtypes, recursively through tuples, dicts and graphs."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        assert isinstance(a, np.ndarray) and isinstance(b, np.ndarray), (a, b)
        assert a.dtype == b.dtype and a.shape == b.shape, (a, b)
        np.testing.assert_array_equal(a, b)
    elif isinstance(a, dict):
        assert isinstance(b, dict) and list(a) == list(b), (a, b)
        for key in a:
            assert_same_element(a[key], b[key])
    elif isinstance(a, tuple):
        assert isinstance(b, tuple) and len(a) == len(b), (a, b)
        for x, y in zip(a, b):
            assert_same_element(x, y)
    elif a is None:
        assert b is None
    else:
        assert type(a).__name__ == type(b).__name__, (type(a), type(b))
        assert a == b, (a, b)


class Unrepresentable(Exception):
    """The reference cannot build this space correctly (a known reference bug)."""


def has_columnar_oneof(space: ours.Space[Any]) -> bool:
    """Whether a OneOf in ``space`` holds a Tuple or Dict (json differs from the reference)."""
    if isinstance(space, ours.OneOf):
        if any(isinstance(s, (ours.Tuple, ours.Dict)) for s in space.spaces):
            return True
        return any(has_columnar_oneof(s) for s in space.spaces)
    if isinstance(space, ours.Tuple):
        return any(has_columnar_oneof(s) for s in space.spaces)
    if isinstance(space, ours.Dict):
        return any(has_columnar_oneof(s) for s in space.spaces.values())
    if isinstance(space, ours.Sequence):
        return has_columnar_oneof(space.feature_space)
    return False


def to_reference(space: ours.Space[Any]) -> Any:
    """Build the gymnasium space with the same constructor arguments as ``space``."""
    import gymnasium.spaces as ref

    if isinstance(space, ours.Box):
        low, high = space.low, space.high
        if space.dtype == np.int64 and not space.is_bounded():
            # Gymnasium turns an infinite int64 array bound into float(2**63), which wraps.
            raise Unrepresentable(space)
        if space.dtype.kind == "i" and not space.is_bounded():
            # Integer boxes store infinite bounds as the dtype's extremes: pass the infinities.
            low = np.where(space.bounded_below, low.astype(np.float64), -np.inf)
            high = np.where(space.bounded_above, high.astype(np.float64), np.inf)
        return ref.Box(low, high, dtype=space.dtype)
    if isinstance(space, ours.Discrete):
        return ref.Discrete(space.n, start=space.start, dtype=space.dtype)
    if isinstance(space, ours.MultiDiscrete):
        return ref.MultiDiscrete(space.nvec, dtype=space.dtype, start=space.start)
    if isinstance(space, ours.MultiBinary):
        return ref.MultiBinary(space.n)
    if isinstance(space, ours.Text):
        return ref.Text(
            space.max_length, min_length=space.min_length, charset="".join(space.character_list)
        )
    if isinstance(space, ours.Tuple):
        return ref.Tuple([to_reference(s) for s in space.spaces])
    if isinstance(space, ours.Dict):
        return ref.Dict({k: to_reference(s) for k, s in space.spaces.items()}, sort_keys=False)
    if isinstance(space, ours.OneOf):
        return ref.OneOf([to_reference(s) for s in space.spaces])
    if isinstance(space, ours.Sequence):
        return ref.Sequence(to_reference(space.feature_space), stack=space.stack)
    if isinstance(space, ours.Graph):
        edge = None if space.edge_space is None else to_reference(space.edge_space)
        return ref.Graph(to_reference(space.node_space), edge)
    raise TypeError(space)


def to_reference_element(x: Any) -> Any:
    """Replace our GraphInstance by the reference's, recursively, so its contains accepts it."""
    import gymnasium.spaces as ref

    if isinstance(x, ours.GraphInstance):
        return ref.GraphInstance(x.nodes, x.edges, x.edge_links)
    if isinstance(x, tuple):
        return tuple(to_reference_element(item) for item in x)
    if isinstance(x, dict):
        return {key: to_reference_element(item) for key, item in x.items()}
    return x
