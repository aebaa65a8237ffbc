"""Property tests over generated spaces: sampling, membership, flattening, json, pickling."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gymnasium_core import spaces
from gymnasium_core.spaces import utils
from gymnasium_core.testing.spaces import (
    box_spaces,
    discrete_spaces,
    elements,
    fundamental_spaces,
    multi_binary_spaces,
    multi_discrete_spaces,
    space_and_element,
    text_spaces,
)
from gymnasium_core.testing.spaces import spaces as any_space
from tests.spaces._helpers import assert_same_element

# Large arrays overrun older Hypothesis releases' smaller example buffer now and then; an
# overrun example is only discarded, so that health check is not a failure here.
SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _oneof_of_unflattenable(space: spaces.Space[Any]) -> bool:
    """Whether a OneOf inside ``space`` holds a Graph or Sequence (flatten fails, as Gymnasium)."""
    if isinstance(space, spaces.OneOf):
        return not space.is_np_flattenable or any(_oneof_of_unflattenable(s) for s in space.spaces)
    if isinstance(space, (spaces.Tuple,)):
        return any(_oneof_of_unflattenable(s) for s in space.spaces)
    if isinstance(space, spaces.Dict):
        return any(_oneof_of_unflattenable(s) for s in space.spaces.values())
    if isinstance(space, spaces.Sequence):
        return _oneof_of_unflattenable(space.feature_space)
    return False


@SETTINGS
@given(any_space(), st.integers(0, 2**31 - 1))
def test_space__sample_is_contained(space: spaces.Space[Any], seed: int) -> None:
    space.seed(seed)
    for _ in range(3):
        assert space.sample() in space


@SETTINGS
@given(space_and_element())
def test_space__generated_element_is_contained(pair: tuple[spaces.Space[Any], Any]) -> None:
    space, x = pair
    assert space.contains(x)


@SETTINGS
@given(any_space(), st.integers(0, 2**31 - 1))
def test_space__same_seed_same_samples(space: spaces.Space[Any], seed: int) -> None:
    other = copy.deepcopy(space)
    assert space.seed(seed) == other.seed(seed)
    for _ in range(3):
        assert_same_element(space.sample(), other.sample())


@SETTINGS
@given(space_and_element())
def test_space__json_round_trip(pair: tuple[spaces.Space[Any], Any]) -> None:
    space, x = pair
    encoded = json.loads(json.dumps(space.to_jsonable([x, x])))
    decoded = space.from_jsonable(encoded)
    assert len(decoded) == 2
    for item in decoded:
        assert item in space
        assert_same_element(item, x)


@SETTINGS
@given(space_and_element(any_space(flattenable_only=True)))
def test_space__flatten_round_trip(pair: tuple[spaces.Space[Any], Any]) -> None:
    space, x = pair
    flat = utils.flatten(space, x)
    flat_space = utils.flatten_space(space)
    assert isinstance(flat, np.ndarray)
    assert flat.shape == (utils.flatdim(space),)
    assert flat in flat_space
    assert_same_element(utils.unflatten(space, flat), x)


@SETTINGS
@given(space_and_element())
def test_space__flatten_round_trip_any_space(pair: tuple[spaces.Space[Any], Any]) -> None:
    space, x = pair
    assume(not _oneof_of_unflattenable(space))
    restored = utils.unflatten(space, utils.flatten(space, x))
    assert restored in space
    assert_same_element(restored, x)


@SETTINGS
@given(any_space(), st.integers(0, 2**31 - 1))
def test_space__pickle_round_trip_keeps_rng(space: spaces.Space[Any], seed: int) -> None:
    space.seed(seed)
    restored = pickle.loads(pickle.dumps(space))
    assert restored == space
    assert repr(restored) == repr(space)
    assert_same_element(restored.sample(), space.sample())


@SETTINGS
@given(space_and_element(fundamental_spaces()))
def test_space__contains_rejects_wrong_shape(pair: tuple[spaces.Space[Any], Any]) -> None:
    space, x = pair
    if isinstance(space, spaces.Text):
        assert x + "?" * (space.max_length + 1 - len(x)) not in space
    elif isinstance(space, spaces.Discrete):
        assert np.array([x]) not in space
    else:
        assert np.stack([x, x]) not in space
        assert np.asarray(x).reshape(-1)[:0] not in space or space.shape == (0,)


@SETTINGS
@given(space_and_element(st.one_of(box_spaces(), multi_discrete_spaces())))
def test_space__contains_rejects_wider_dtype(pair: tuple[spaces.Space[Any], Any]) -> None:
    space, x = pair
    wider = {"f": np.complex128, "i": np.float64, "u": np.float64, "b": np.float64}
    assert np.asarray(x).astype(wider[space.dtype.kind]) not in space


@SETTINGS
@given(space_and_element(st.one_of(box_spaces(allow_unbounded=False), discrete_spaces())))
def test_space__contains_rejects_out_of_range(pair: tuple[spaces.Space[Any], Any]) -> None:
    space, x = pair
    if isinstance(space, spaces.Discrete):
        assert space.start + space.n not in space
        assert int(space.start) - 1 not in space
        return
    high = space.high.astype(np.float64)
    if np.any(high < np.finfo(np.float64).max / 2) and space.dtype.kind == "f":
        beyond = np.asarray(x, dtype=np.float64).copy()
        beyond.flat[0] = abs(high.flat[0]) * 2 + 1
        if beyond.astype(space.dtype).flat[0] > space.high.flat[0]:
            assert beyond.astype(space.dtype) not in space


@SETTINGS
@given(space_and_element(st.one_of(multi_binary_spaces(), text_spaces())))
def test_space__contains_rejects_foreign_values(pair: tuple[spaces.Space[Any], Any]) -> None:
    space, x = pair
    if isinstance(space, spaces.Text):
        bad = "\u00e9" if space.max_length > 0 else ""
        assert (bad not in space) or bad == ""
    else:
        y = np.array(x)
        y.flat[0] = 2
        assert y not in space


@SETTINGS
@given(space_and_element(fundamental_spaces()))
def test_space__element_of_generated_space_survives_deepcopy(
    pair: tuple[spaces.Space[Any], Any],
) -> None:
    space, x = pair
    clone = copy.deepcopy(space)
    assert clone == space
    assert x in clone


@pytest.mark.parametrize("seed", [0, 1, 123])
@SETTINGS
@given(space=any_space())
def test_space__composite_int_seed_is_reproducible(seed: int, space: spaces.Space[Any]) -> None:
    first = space.seed(seed)
    samples = [space.sample() for _ in range(2)]
    assert space.seed(seed) == first
    for expected in samples:
        assert_same_element(space.sample(), expected)


def test_elements__unknown_space_type_raises() -> None:
    class Custom(spaces.Space[int]):
        pass

    with pytest.raises(NotImplementedError):
        elements(Custom())
