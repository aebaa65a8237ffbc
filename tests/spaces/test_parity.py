"""Parity with gymnasium.spaces: equal repr, samples, json and flattening for equal arguments."""

from __future__ import annotations

from typing import Any

import gymnasium.spaces as ref
import gymnasium.spaces.utils as ref_utils
import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import gymnasium_core.spaces as ours
import gymnasium_core.spaces.utils as our_utils
from gymnasium_core.testing.spaces import space_and_element
from gymnasium_core.testing.spaces import spaces as any_space
from tests.spaces._helpers import (
    Unrepresentable,
    assert_same_element,
    has_columnar_oneof,
    to_reference,
    to_reference_element,
)

I8 = np.int8
F64 = np.float64

# Each recipe builds one space from a module (ours or the reference), with the same arguments.
RECIPES: dict[str, Any] = {
    "box_float": lambda m: m.Box(-1, 1, (3,)),
    "box_mixed_bounds": lambda m: m.Box(
        np.array([-np.inf, 0, -np.inf, 1.0]), np.array([np.inf, np.inf, 0, 2.0]), dtype=F64
    ),
    "box_int": lambda m: m.Box(0, 10, (2, 2), dtype=np.int32),
    "box_int_unbounded": lambda m: m.Box(-np.inf, np.inf, (3,), dtype=np.int64),
    "box_int_half_bounded": lambda m: m.Box(
        np.array([-np.inf, 0.0]), np.array([5.0, np.inf]), dtype=np.int16
    ),
    "box_uint8": lambda m: m.Box(0, 255, (2, 3), dtype=np.uint8),
    "box_bool": lambda m: m.Box(0, 1, (4,), dtype=np.bool_),
    "box_scalar_shape": lambda m: m.Box(-2.5, 3.0, (), dtype=F64),
    "discrete": lambda m: m.Discrete(5),
    "discrete_start_dtype": lambda m: m.Discrete(3, start=-2, dtype=np.int32),
    "multi_binary": lambda m: m.MultiBinary(4),
    "multi_binary_2d": lambda m: m.MultiBinary([2, 3]),
    "multi_discrete": lambda m: m.MultiDiscrete([3, 4, 2]),
    "multi_discrete_2d_start": lambda m: m.MultiDiscrete(
        np.array([[2, 3], [4, 5]]), start=[[1, 1], [0, -1]]
    ),
    "text": lambda m: m.Text(5),
    "text_digits": lambda m: m.Text(8, min_length=0, charset="0123456789"),
    "tuple": lambda m: m.Tuple((m.Discrete(2), m.Box(0, 1, (2,)))),
    "dict": lambda m: m.Dict({"b": m.Discrete(3), "a": m.MultiBinary(2)}),
    "dict_unsorted": lambda m: m.Dict({"b": m.Discrete(3), "a": m.Discrete(2)}, sort_keys=False),
    "nested": lambda m: m.Dict(x=m.Tuple([m.Discrete(3), m.Dict(y=m.Box(-1, 1))])),
    "sequence": lambda m: m.Sequence(m.Discrete(4)),
    "sequence_stacked": lambda m: m.Sequence(m.Box(0, 1, (2,)), stack=True),
    "graph": lambda m: m.Graph(m.Box(-1, 1, (3,)), m.Discrete(3)),
    "graph_no_edges": lambda m: m.Graph(m.Discrete(5), None),
    "oneof": lambda m: m.OneOf([m.Discrete(3), m.Box(0, 1, (2,))]),
    "composite_mix": lambda m: m.Dict(
        a=m.Sequence(m.Tuple([m.Discrete(2), m.Text(3)])),
        b=m.OneOf([m.MultiBinary(3), m.Discrete(2)]),
    ),
}
FLATTENABLE = [
    name
    for name in RECIPES
    if name not in {"sequence", "sequence_stacked", "graph", "graph_no_edges", "composite_mix"}
]


def _pair(name: str) -> tuple[Any, Any]:
    return RECIPES[name](ours), RECIPES[name](ref)


@pytest.mark.parametrize("name", list(RECIPES))
def test_parity__repr_and_eq(name: str) -> None:
    space, reference = _pair(name)
    assert repr(space) == repr(reference)
    assert space == RECIPES[name](ours)
    assert space.is_np_flattenable == reference.is_np_flattenable
    assert space.shape == reference.shape
    assert space.dtype == reference.dtype


@pytest.mark.parametrize("seed", [0, 7, 2**31 - 1])
@pytest.mark.parametrize("name", list(RECIPES))
def test_parity__seeded_samples_and_json(name: str, seed: int) -> None:
    space, reference = _pair(name)
    assert repr(space.seed(seed)) == repr(reference.seed(seed))
    for _ in range(4):
        x, y = space.sample(), reference.sample()
        assert_same_element(x, y)
        assert x in space
    assert repr(space.to_jsonable([x])) == repr(reference.to_jsonable([y]))


@pytest.mark.parametrize("name", FLATTENABLE)
def test_parity__flattening(name: str) -> None:
    space, reference = _pair(name)
    space.seed(3)
    assert our_utils.flatdim(space) == ref_utils.flatdim(reference)
    assert repr(our_utils.flatten_space(space)) == repr(ref_utils.flatten_space(reference))
    for _ in range(3):
        x = space.sample()
        flat = our_utils.flatten(space, x)
        assert_same_element(flat, ref_utils.flatten(reference, x))
        assert_same_element(our_utils.unflatten(space, flat), ref_utils.unflatten(reference, flat))


@pytest.mark.parametrize("name", ["graph", "sequence", "sequence_stacked", "composite_mix"])
def test_parity__flatten_structured(name: str) -> None:
    space, reference = _pair(name)
    space.seed(5)
    assert repr(our_utils.flatten_space(space)) == repr(ref_utils.flatten_space(reference))
    x = space.sample()
    assert_same_element(our_utils.flatten(space, x), ref_utils.flatten(reference, x))


MASKED: list[tuple[str, Any, Any]] = [
    ("discrete", np.array([0, 1, 0, 1, 1], dtype=I8), None),
    ("discrete", np.zeros(5, dtype=I8), None),
    ("discrete", None, np.array([0.1, 0.2, 0.3, 0.4, 0.0])),
    ("multi_binary", np.array([0, 1, 2, 2], dtype=I8), None),
    ("multi_binary", None, np.array([0.0, 0.5, 0.9, 1.0])),
    (
        "multi_discrete",
        (np.array([1, 0, 1], dtype=I8), np.array([0, 0, 0, 0], dtype=I8), np.ones(2, I8)),
        None,
    ),
    ("multi_discrete", None, (np.array([0.5, 0, 0.5]), np.full(4, 0.25), np.array([1.0, 0]))),
    ("text", (3, np.eye(62, dtype=I8)[4]), None),
    ("text", (None, None), None),
    ("text_digits", None, (2, np.full(10, 0.1))),
    ("tuple", (np.array([0, 1], dtype=I8), None), None),
    ("dict", {"a": np.array([2, 0], dtype=I8), "b": None}, None),
    ("sequence", (np.array([2, 4]), np.array([1, 0, 0, 1], dtype=I8)), None),
    ("sequence", (3, None), None),
    ("oneof", (np.array([0, 0, 1], dtype=I8), None), None),
    ("graph", (None, np.array([0, 1, 1], dtype=I8)), None),
]


@pytest.mark.parametrize(("name", "mask", "probability"), MASKED)
def test_parity__masked_samples(name: str, mask: Any, probability: Any) -> None:
    space, reference = _pair(name)
    space.seed(11)
    reference.seed(11)
    for _ in range(3):
        assert_same_element(
            space.sample(mask=mask, probability=probability),
            reference.sample(mask=mask, probability=probability),
        )


def test_parity__graph_sample_counts() -> None:
    space, reference = _pair("graph")
    space.seed(2)
    reference.seed(2)
    assert_same_element(
        space.sample(num_nodes=4, num_edges=6), reference.sample(num_nodes=4, num_edges=6)
    )


def test_parity__multi_discrete_getitem_keeps_rng() -> None:
    space, reference = _pair("multi_discrete_2d_start")
    space.seed(4)
    reference.seed(4)
    assert repr(space[0]) == repr(reference[0])
    assert repr(space[1, 1]) == repr(reference[1, 1])
    assert_same_element(space[1].sample(), reference[1].sample())


@pytest.mark.parametrize(
    ("name", "seed"),
    [("tuple", [1, 2]), ("dict", {"a": 3, "b": 4}), ("oneof", (1, 2, 3)), ("graph", (1, 2, 3))],
)
def test_parity__structured_seeds(name: str, seed: Any) -> None:
    space, reference = _pair(name)
    assert repr(space.seed(seed)) == repr(reference.seed(seed))
    assert_same_element(space.sample(), reference.sample())


def _reference_or_skip(space: ours.Space[Any]) -> Any:
    try:
        return to_reference(space)
    except Unrepresentable:
        assume(False)


PARITY_SETTINGS = settings(
    max_examples=30,
    deadline=None,
    # Older Hypothesis releases overrun their example buffer on large arrays now and then.
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@PARITY_SETTINGS
@given(any_space(), st.integers(0, 2**31 - 1))
def test_parity__generated_spaces_sample_alike(space: ours.Space[Any], seed: int) -> None:
    reference = _reference_or_skip(space)
    assert repr(space) == repr(reference)
    assert repr(space.seed(seed)) == repr(reference.seed(seed))
    for _ in range(2):
        assert_same_element(space.sample(), reference.sample())


@PARITY_SETTINGS
@given(space_and_element())
def test_parity__generated_elements_agree(pair: tuple[ours.Space[Any], Any]) -> None:
    space, x = pair
    reference = _reference_or_skip(space)
    y = to_reference_element(x)
    assert reference.contains(y)
    if not has_columnar_oneof(space):
        assert repr(space.to_jsonable([x])) == repr(reference.to_jsonable([y]))
    if space.is_np_flattenable:
        assert_same_element(our_utils.flatten(space, x), ref_utils.flatten(reference, y))
        assert our_utils.flatdim(space) == ref_utils.flatdim(reference)
        assert repr(our_utils.flatten_space(space)) == repr(ref_utils.flatten_space(reference))
