"""Space conversion between gymnasium_core.spaces and gymnasium.spaces."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

gymnasium = pytest.importorskip("gymnasium", reason="the bridge needs gymnasium")

import gymnasium.spaces as gs  # noqa: E402

from gymnasium_core import spaces as cs  # noqa: E402
from gymnasium_core.compat import (  # noqa: E402
    space_from_gymnasium,
    space_to_gymnasium,
    value_from_gymnasium,
    value_to_gymnasium,
)
from gymnasium_core.testing.spaces import spaces as space_strategy  # noqa: E402


def assert_same_value(a: Any, b: Any) -> None:
    """Equal values, across both packages' types (graph instances compare field by field)."""
    if isinstance(a, tuple) and hasattr(a, "_fields"):
        assert type(a).__name__ == type(b).__name__ == "GraphInstance"
        for x, y in zip(a, b, strict=True):
            assert_same_value(x, y)
    elif isinstance(a, dict):
        assert list(a) == list(b)
        for key in a:
            assert_same_value(a[key], b[key])
    elif isinstance(a, tuple | list):
        assert type(a) is type(b) and len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            assert_same_value(x, y)
    elif isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape
        np.testing.assert_array_equal(a, b)
    else:
        assert type(a) is type(b)
        assert a == b


# (our space, the equal gymnasium space), built with the same arguments.
def pairs() -> list[tuple[str, Any, Any]]:
    box_args: dict[str, Any] = {"low": np.array([-1.0, -np.inf]), "high": np.array([2.0, 3.0])}
    return [
        ("box-f32", cs.Box(-1, 1, (3, 2)), gs.Box(-1, 1, (3, 2))),
        ("box-f64-inf", cs.Box(**box_args, dtype=np.float64), gs.Box(**box_args, dtype=np.float64)),
        ("box-u8", cs.Box(0, 255, (4,), np.uint8), gs.Box(0, 255, (4,), np.uint8)),
        ("box-i16", cs.Box(-5, 7, (2,), np.int16), gs.Box(-5, 7, (2,), np.int16)),
        ("discrete", cs.Discrete(5, start=-2), gs.Discrete(5, start=-2)),
        ("discrete-i32", cs.Discrete(3, dtype=np.int32), gs.Discrete(3, dtype=np.int32)),
        (
            "multi-discrete",
            cs.MultiDiscrete([[2, 3], [4, 5]], dtype=np.int32, start=[[0, 1], [-1, 2]]),
            gs.MultiDiscrete([[2, 3], [4, 5]], dtype=np.int32, start=[[0, 1], [-1, 2]]),
        ),
        ("multi-binary", cs.MultiBinary([2, 3]), gs.MultiBinary([2, 3])),
        (
            "text",
            cs.Text(6, min_length=2, charset="xyz12"),
            gs.Text(6, min_length=2, charset="xyz12"),
        ),
        (
            "tuple",
            cs.Tuple([cs.Discrete(2), cs.Box(0, 1, (2,))]),
            gs.Tuple([gs.Discrete(2), gs.Box(0, 1, (2,))]),
        ),
        (
            "dict",
            cs.Dict({"b": cs.Discrete(3), "a": cs.MultiBinary(2)}),
            gs.Dict({"b": gs.Discrete(3), "a": gs.MultiBinary(2)}),
        ),
        ("sequence", cs.Sequence(cs.Discrete(4)), gs.Sequence(gs.Discrete(4))),
        (
            "sequence-stacked",
            cs.Sequence(cs.Box(0, 1, (2,)), stack=True),
            gs.Sequence(gs.Box(0, 1, (2,)), stack=True),
        ),
        (
            "graph",
            cs.Graph(cs.Box(0, 1, (3,)), cs.Discrete(4)),
            gs.Graph(gs.Box(0, 1, (3,)), gs.Discrete(4)),
        ),
        ("graph-no-edges", cs.Graph(cs.Discrete(3), None), gs.Graph(gs.Discrete(3), None)),
        (
            "oneof",
            cs.OneOf([cs.Discrete(2), cs.Box(-1, 1, (2,))]),
            gs.OneOf([gs.Discrete(2), gs.Box(-1, 1, (2,))]),
        ),
        (
            "nested-graph",
            cs.Dict({"g": cs.Tuple([cs.Graph(cs.Discrete(3), cs.Box(0, 1, (1,)))])}),
            gs.Dict({"g": gs.Tuple([gs.Graph(gs.Discrete(3), gs.Box(0, 1, (1,)))])}),
        ),
    ]


PAIRS = pairs()
PAIR_IDS = [name for name, _, _ in PAIRS]


@pytest.mark.parametrize(("name", "core", "gym"), PAIRS, ids=PAIR_IDS)
def test_space_to_gymnasium__equals_the_reference_space(name, core, gym):
    converted = space_to_gymnasium(core)
    assert type(converted) is type(gym)
    assert converted == gym
    assert converted.dtype == gym.dtype
    assert converted.shape == gym.shape
    if isinstance(gym, gs.Box):
        np.testing.assert_array_equal(converted.low, gym.low)
        np.testing.assert_array_equal(converted.high, gym.high)


@pytest.mark.parametrize(("name", "core", "gym"), PAIRS, ids=PAIR_IDS)
def test_space_from_gymnasium__equals_our_space(name, core, gym):
    converted = space_from_gymnasium(gym)
    assert type(converted) is type(core)
    assert converted == core
    assert converted.dtype == core.dtype


@pytest.mark.parametrize(("name", "core", "gym"), PAIRS, ids=PAIR_IDS)
def test_space_to_gymnasium__samples_continue_the_original_stream(name, core, gym):
    core.seed(123)
    core.sample()
    converted = space_to_gymnasium(core)
    for _ in range(3):
        assert_same_value(value_to_gymnasium(core, core.sample()), converted.sample())


@pytest.mark.parametrize(("name", "core", "gym"), PAIRS, ids=PAIR_IDS)
def test_space_from_gymnasium__samples_continue_the_original_stream(name, core, gym):
    gym.seed(7)
    gym.sample()
    converted = space_from_gymnasium(gym)
    for _ in range(3):
        assert_same_value(value_from_gymnasium(gym, gym.sample()), converted.sample())


@pytest.mark.parametrize(("name", "core", "gym"), PAIRS, ids=PAIR_IDS)
def test_space_conversion__copies_the_generator_instead_of_sharing_it(name, core, gym):
    core.seed(5)
    converted = space_to_gymnasium(core)
    assert converted.np_random is not core.np_random
    first = core.sample()
    assert_same_value(value_to_gymnasium(core, first), converted.sample())


@pytest.mark.parametrize(("name", "core", "gym"), PAIRS, ids=PAIR_IDS)
def test_space_conversion__same_seed_same_samples_as_the_reference(name, core, gym):
    converted = space_to_gymnasium(core)
    converted.seed(99)
    gym.seed(99)
    for _ in range(3):
        assert_same_value(converted.sample(), gym.sample())


@pytest.mark.parametrize(("name", "core", "gym"), PAIRS, ids=PAIR_IDS)
def test_value_conversion__samples_belong_to_the_other_space(name, core, gym):
    core.seed(3)
    gym.seed(3)
    for _ in range(3):
        assert value_to_gymnasium(core, core.sample()) in gym
        assert value_from_gymnasium(gym, gym.sample()) in core


def test_value_conversion__graph_instance_types():
    core = cs.Graph(cs.Box(0, 1, (2,)), cs.Discrete(3), seed=0)
    gym_value = value_to_gymnasium(core, core.sample())
    assert isinstance(gym_value, gs.GraphInstance)
    back = value_from_gymnasium(space_to_gymnasium(core), gym_value)
    assert isinstance(back, cs.GraphInstance)


def test_value_conversion__is_identity_without_graphs():
    space = cs.Dict({"a": cs.Box(0, 1, (2,))}, seed=0)
    value = space.sample()
    assert value_to_gymnasium(space, value) is value


def test_text_conversion__keeps_the_character_order():
    core = cs.Text(5, charset="zyxw", seed=1)
    converted = space_to_gymnasium(core)
    assert converted.character_list == core.character_list


def test_unseeded_space__stays_unseeded():
    core = cs.Discrete(4)
    assert space_to_gymnasium(core)._np_random is None


class OddSpace(gs.Space[int]):
    def sample(self, mask=None, probability=None):
        return 0

    def contains(self, x):
        return x == 0


class MyBox(gs.Box):
    pass


@pytest.mark.parametrize(
    "space",
    [OddSpace(), gs.Tuple([gs.Discrete(2), OddSpace()]), MyBox(0, 1, (2,))],
    ids=["custom", "nested-custom", "box-subclass"],
)
def test_space_from_gymnasium__unknown_space_crosses_as_it_is(space):
    space = copy.deepcopy(space)
    space.seed(3)
    converted = space_from_gymnasium(space)
    assert isinstance(converted, cs.Space)
    unknown = [s for s in _leaves(converted) if isinstance(s, OddSpace | MyBox)]
    assert len(unknown) == 1 and isinstance(unknown[0], cs.Space)
    # Its own class, behaviour and random generator: the same samples as the original's.
    original = next(s for s in _leaves(space) if isinstance(s, OddSpace | MyBox))
    assert unknown[0].contains(unknown[0].sample())
    assert unknown[0].np_random is original.np_random


def _leaves(space):
    if isinstance(space, cs.Tuple | gs.Tuple):
        return [leaf for sub in space.spaces for leaf in _leaves(sub)]
    return [space]


def test_space_to_gymnasium__unknown_space_crosses_as_it_is():
    class LocalSpace(cs.Space[int]):
        def contains(self, x):
            return x == 1

    converted = space_to_gymnasium(cs.Dict({"x": LocalSpace()}))
    assert isinstance(converted, gs.Dict)
    inner = converted["x"]
    assert isinstance(inner, LocalSpace) and isinstance(inner, gs.Space)
    assert inner.contains(1) and not inner.contains(0)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(space_strategy())
def test_space_round_trip__any_space(space):
    space.seed(11)
    there = space_to_gymnasium(space)
    back = space_from_gymnasium(there)
    assert back == space
    assert type(back) is type(space)
    sample = space.sample()
    assert_same_value(value_to_gymnasium(space, sample), there.sample())
    assert_same_value(sample, back.sample())


def _graph_types(value: object) -> set[type]:
    """The classes of every graph instance inside a (nested) value."""
    if isinstance(value, tuple) and type(value).__name__ == "GraphInstance":
        return {type(value)}
    if isinstance(value, dict):
        return set().union(*(_graph_types(v) for v in value.values()))
    if isinstance(value, tuple | list):
        return set().union(*(_graph_types(v) for v in value))
    return set()


@pytest.mark.parametrize("feature", ["tuple", "dict", "graph", "oneof"])
def test_values__a_stacked_sequence_crosses_both_ways_with_its_graphs_rebuilt(feature: str) -> None:
    graph = cs.Graph(node_space=cs.Box(-1, 1, (2,)), edge_space=cs.Discrete(3), seed=0)
    features = {
        "tuple": cs.Tuple((cs.Discrete(3), graph)),
        "dict": cs.Dict({"g": graph, "d": cs.Discrete(2)}),
        "graph": graph,
        "oneof": cs.OneOf((cs.Discrete(2), cs.Box(0, 1, (1,)))),
    }
    space = cs.Sequence(features[feature], stack=True, seed=1)
    value = space.sample()
    theirs = space_to_gymnasium(space)
    crossed = value_to_gymnasium(space, value)
    assert theirs.contains(crossed)
    back = value_from_gymnasium(theirs, crossed)
    assert space.contains(back)
    if feature in ("tuple", "dict", "graph"):
        assert _graph_types(crossed) == {gs.GraphInstance}
        assert _graph_types(back) == {cs.GraphInstance}
