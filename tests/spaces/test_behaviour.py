"""Behaviour and bad-input tests per space; run against gymnasium too where it behaves the same."""

from __future__ import annotations

import pickle
import warnings
from typing import Any

import gymnasium.spaces as ref
import numpy as np
import pytest

import gymnasium_core.spaces as ours
from gymnasium_core import error
from gymnasium_core.logger import GymnasiumCoreWarning
from gymnasium_core.spaces import utils
from gymnasium_core.spaces.space import InvalidMaskError

BOTH = pytest.mark.parametrize("m", [ours, ref], ids=["ours", "gymnasium"])
I8 = np.int8


# --------------------------------------------------------------------------- Box


@BOTH
@pytest.mark.parametrize(
    ("kwargs", "exc"),
    [
        ({"low": 1.0, "high": 0.0}, ValueError),
        ({"low": np.zeros(2), "high": np.ones(3)}, ValueError),
        ({"low": 0.0, "high": 1.0, "shape": (2,), "dtype": None}, ValueError),
        ({"low": 0.0, "high": 1.0, "dtype": np.complex64}, ValueError),
        ({"low": 0.0, "high": 1.0, "dtype": str}, ValueError),
        ({"low": 0.0, "high": 1.0, "shape": 3}, TypeError),
        ({"low": 0.0, "high": 1.0, "shape": (2.0,)}, TypeError),
        ({"low": [0.0], "high": [1.0]}, ValueError),
        ({"low": np.nan, "high": 1.0}, ValueError),
        ({"low": -np.inf, "high": 1, "dtype": np.uint8}, ValueError),
        ({"low": 0, "high": 256, "dtype": np.uint8}, ValueError),
        ({"low": 0.0, "high": np.ones(3, np.float32), "shape": (2,)}, ValueError),
        ({"low": np.array(["a"]), "high": np.array(["b"])}, ValueError),
    ],
)
def test_box__bad_construction_raises(m: Any, kwargs: dict[str, Any], exc: type) -> None:
    with pytest.raises(exc):
        m.Box(**kwargs)


def test_box__scalar_bounds_broadcast_and_bounded_flags() -> None:
    space = ours.Box(-np.inf, 1.0, shape=(2, 3))
    assert space.shape == (2, 3) and space.low.shape == (2, 3)
    assert not space.bounded_below.any() and space.bounded_above.all()
    assert space.is_bounded("above") and not space.is_bounded("below")
    assert not space.is_bounded()
    with pytest.raises(ValueError):
        space.is_bounded("sideways")  # type: ignore[arg-type]


def test_box__int_infinite_bounds_become_dtype_extremes() -> None:
    space = ours.Box(np.array([-np.inf, 0.0]), np.array([3.0, np.inf]), dtype=np.int64)
    assert space.low[0] == np.iinfo(np.int64).min and space.high[1] == np.iinfo(np.int64).max
    assert list(space.bounded_below) == [False, True]
    for _ in range(20):
        assert space.sample() in space


def test_box__does_not_modify_caller_bounds() -> None:
    low = np.array([-np.inf, 0.0])
    ours.Box(low, np.array([1.0, 1.0]), dtype=np.int32)
    assert np.isneginf(low[0])


def test_box__precision_loss_warns() -> None:
    with pytest.warns(GymnasiumCoreWarning, match="precision"):
        ours.Box(np.zeros(2), np.ones(2), dtype=np.float32)


def test_box__contains_casts_non_arrays_with_warning() -> None:
    space = ours.Box(0, 1, (2,))
    with pytest.warns(GymnasiumCoreWarning):
        assert space.contains([0.5, 0.5])
    with pytest.warns(GymnasiumCoreWarning):
        assert not space.contains("not a number")


@BOTH
def test_box__contains_checks_dtype_shape_and_range(m: Any) -> None:
    space = m.Box(0, 1, (2,), dtype=np.float32)
    assert np.array([0.0, 1.0], dtype=np.float32) in space
    assert np.array([0.0, 1.0], dtype=np.float64) not in space
    assert np.array([0.0, 1.5], dtype=np.float32) not in space
    assert np.zeros(3, dtype=np.float32) not in space


@BOTH
def test_box__sample_rejects_masks(m: Any) -> None:
    space = m.Box(0, 1, (2,))
    with pytest.raises(Exception, match="mask"):
        space.sample(mask=np.ones(2, dtype=I8))
    with pytest.raises(Exception, match="probability"):
        space.sample(probability=np.ones(2))


def test_box__sample_error_is_gymnasium_core_error() -> None:
    with pytest.raises(error.Error):
        ours.Box(0, 1, (2,)).sample(mask=np.ones(2, dtype=I8))


def test_box__int64_extreme_bounds_sample_inside() -> None:
    info = np.iinfo(np.int64)
    space = ours.Box(info.min, info.max, (50,), dtype=np.int64, seed=0)
    assert space.sample() in space


def test_box__eq_uses_allclose() -> None:
    assert ours.Box(0.0, 1.0, (2,)) == ours.Box(0.0, 1.0 + 1e-10, (2,))
    assert ours.Box(0.0, 1.0, (2,)) != ours.Box(0.0, 1.0, (2,), dtype=np.float64)


# --------------------------------------------------------------------------- discrete family


@BOTH
@pytest.mark.parametrize(
    ("build", "exc"),
    [
        (lambda m: m.Discrete(0), ValueError),
        (lambda m: m.Discrete(2.0), TypeError),
        (lambda m: m.Discrete(2, start=0.5), TypeError),
        (lambda m: m.Discrete(2, dtype=np.float32), TypeError),
        (lambda m: m.MultiDiscrete([2, 0]), ValueError),
        (lambda m: m.MultiDiscrete([2, 3], start=[0]), ValueError),
        (lambda m: m.MultiDiscrete([2, 3], dtype=np.float32), ValueError),
        (lambda m: m.MultiBinary(0), ValueError),
        (lambda m: m.MultiBinary(2.0), ValueError),
        (lambda m: m.Text(3, min_length=4), ValueError),
        (lambda m: m.Text(3, min_length=-1), ValueError),
        (lambda m: m.Text(3, charset=["ab", "c"]), ValueError),
        (lambda m: m.Text(3.0), TypeError),
    ],
)
def test_fundamental__bad_construction_raises(m: Any, build: Any, exc: type) -> None:
    with pytest.raises(exc):
        build(m)


@BOTH
def test_discrete__contains(m: Any) -> None:
    space = m.Discrete(3, start=-1)
    assert -1 in space and 1 in space and np.int32(0) in space
    assert 2 not in space and 0.0 not in space and np.array([0]) not in space
    assert 2**70 not in space
    assert np.int64(0) not in m.Discrete(3, dtype=np.int32)


@pytest.mark.parametrize(
    ("space", "kwargs"),
    [
        (ours.Discrete(3), {"mask": np.ones(3, dtype=np.int32)}),
        (ours.Discrete(3), {"mask": np.ones(4, dtype=I8)}),
        (ours.Discrete(3), {"mask": np.array([0, 2, 1], dtype=I8)}),
        (ours.Discrete(3), {"mask": [1, 1, 1]}),
        (ours.Discrete(3), {"probability": np.array([0.5, 0.6, -0.1])}),
        (ours.Discrete(3), {"probability": np.array([0.2, 0.2, 0.2])}),
        (ours.MultiBinary(2), {"mask": np.array([3, 0], dtype=I8)}),
        (ours.MultiBinary(2), {"probability": np.ones(3)}),
        (ours.MultiDiscrete([2, 3]), {"mask": np.ones(2, dtype=I8)}),
        (ours.MultiDiscrete([2, 3]), {"mask": (np.ones(2, dtype=I8),)}),
        (ours.MultiDiscrete([2, 3]), {"mask": (np.ones(2, dtype=I8), np.ones(2, dtype=I8))}),
        (ours.Text(3), {"mask": (5, None)}),
        (ours.Text(3), {"mask": (None, np.ones(3, dtype=I8))}),
        (ours.Tuple([ours.Discrete(2)]), {"mask": [None]}),
        (ours.Dict(a=ours.Discrete(2)), {"mask": {"b": None}}),
        (ours.OneOf([ours.Discrete(2)]), {"mask": (None, None)}),
        (ours.Sequence(ours.Discrete(2)), {"mask": (-1, None)}),
        (ours.Sequence(ours.Discrete(2)), {"mask": (np.array([1.5]), None)}),
    ],
)
def test_sample__bad_mask_raises_clear_error(space: ours.Space[Any], kwargs: Any) -> None:
    with pytest.raises(InvalidMaskError) as info:
        space.sample(**kwargs)
    # Both a ValueError and, as in Gymnasium, an AssertionError.
    assert isinstance(info.value, ValueError) and isinstance(info.value, AssertionError)


@BOTH
def test_sample__mask_and_probability_together_raise(m: Any) -> None:
    with pytest.raises(ValueError):
        m.Discrete(2).sample(mask=np.ones(2, dtype=I8), probability=np.full(2, 0.5))


@BOTH
def test_discrete__empty_mask_gives_start(m: Any) -> None:
    assert m.Discrete(4, start=3).sample(mask=np.zeros(4, dtype=I8)) == 3


@BOTH
def test_text__empty_mask_with_min_length_raises(m: Any) -> None:
    space = m.Text(3, charset="ab")
    with pytest.raises(ValueError):
        space.sample(mask=(None, np.zeros(2, dtype=I8)))
    assert m.Text(3, min_length=0, charset="ab").sample(mask=(None, np.zeros(2, I8))) == ""


def test_text__set_charset_is_sorted() -> None:
    assert ours.Text(3, charset=frozenset("cba")).character_list == ("a", "b", "c")
    assert ours.Text(3, charset="cbac").character_list == ("c", "b", "a")


@BOTH
def test_multi_discrete__len_and_getitem(m: Any) -> None:
    space = m.MultiDiscrete([2, 3, 4], start=[1, 0, -1])
    assert len(space) == 3
    assert space[2] == m.Discrete(4, start=-1)
    assert space[0:2] == m.MultiDiscrete([2, 3], start=[1, 0])


def test_multi_discrete__len_of_2d_warns() -> None:
    with pytest.warns(GymnasiumCoreWarning):
        assert len(ours.MultiDiscrete(np.ones((2, 3), dtype=int) + 1)) == 2


# --------------------------------------------------------------------------- composite


@BOTH
def test_composite__rejects_non_spaces(m: Any) -> None:
    with pytest.raises(TypeError):
        m.Tuple([m.Discrete(2), 3])
    with pytest.raises(TypeError):
        m.Dict(a=3)
    with pytest.raises(TypeError):
        m.Dict(5)
    with pytest.raises(ValueError):
        m.Dict({"a": m.Discrete(2)}, a=m.Discrete(3))
    with pytest.raises(ValueError):
        m.OneOf([])
    with pytest.raises(TypeError):
        m.Sequence(3)


@BOTH
def test_dict__key_order(m: Any) -> None:
    assert list(m.Dict({"b": m.Discrete(2), "a": m.Discrete(2)})) == ["a", "b"]
    assert list(m.Dict({"b": m.Discrete(2), "a": m.Discrete(2)}, sort_keys=False)) == ["b", "a"]
    assert list(m.Dict([("b", m.Discrete(2)), ("a", m.Discrete(2))])) == ["b", "a"]
    assert list(m.Dict({1: m.Discrete(2), "a": m.Discrete(2)})) == [1, "a"]


@BOTH
def test_composite__seed_validation(m: Any) -> None:
    with pytest.raises(ValueError):
        m.Tuple([m.Discrete(2)]).seed([1, 2])
    with pytest.raises(TypeError):
        m.Tuple([m.Discrete(2)]).seed("1")
    with pytest.raises(ValueError):
        m.Dict(a=m.Discrete(2)).seed({"b": 1})
    with pytest.raises(ValueError):
        m.OneOf([m.Discrete(2)]).seed([1])
    with pytest.raises(ValueError):
        m.Sequence(m.Discrete(2)).seed([1, 2, 3])
    with pytest.raises(ValueError):
        m.Graph(m.Discrete(2), None).seed([1, 2, 3])


def test_space__seed_rejects_negative() -> None:
    with pytest.raises(error.Error):
        ours.Discrete(2).seed(-1)


def test_space__generator_seed_is_used_as_is() -> None:
    rng = np.random.default_rng(0)
    assert ours.Discrete(3, seed=rng).np_random is rng


@BOTH
def test_dict__setitem_and_mapping(m: Any) -> None:
    space = m.Dict(a=m.Discrete(2))
    space["b"] = m.Discrete(3)
    assert len(space) == 2 and set(space.keys()) == {"a", "b"}
    with pytest.raises(TypeError):
        space["c"] = 1


# --------------------------------------------------------------------------- graph


def test_graph__contains_rejects_inconsistent_graphs() -> None:
    space = ours.Graph(ours.Box(0, 1, (2,)), ours.Discrete(3), seed=0)
    graph = space.sample(num_nodes=3, num_edges=2)
    assert graph in space
    assert ours.GraphInstance(graph.nodes, graph.edges, None) not in space
    assert ours.GraphInstance(graph.nodes, graph.edges, graph.edge_links + 3) not in space
    assert ours.GraphInstance(graph.nodes, graph.edges, graph.edge_links[:1]) not in space
    assert ours.GraphInstance(graph.nodes * 5, None, None) not in space
    assert ours.GraphInstance(np.zeros((2, 3), np.float32), None, None) not in space
    assert (graph.nodes, graph.edges, graph.edge_links) not in space


def test_graph__bad_inputs_raise() -> None:
    with pytest.raises(TypeError):
        ours.Graph(3, None)  # type: ignore[arg-type]
    space = ours.Graph(ours.Discrete(2), None)
    with pytest.raises(ValueError):
        space.sample(num_nodes=0)
    with pytest.warns(GymnasiumCoreWarning):
        space.sample(num_edges=2)


@pytest.mark.parametrize(
    "payload",
    [[{"edges": [[1]]}], [{"nodes": [[0.5, 0.5]], "edges": [[1]]}], ["not a dict"]],
)
def test_graph__from_jsonable_rejects_garbage(payload: Any) -> None:
    with pytest.raises(ValueError):
        ours.Graph(ours.Box(0, 1, (2,)), None).from_jsonable(payload)


# --------------------------------------------------------------------------- json garbage


@pytest.mark.parametrize(
    ("space", "payload", "exc"),
    [
        (ours.Box(0, 1, (2,)), [["a", "b"]], ValueError),
        (ours.Discrete(3), ["x"], TypeError),
        (ours.Text(3), [5], TypeError),
        (ours.Tuple([ours.Discrete(2), ours.Discrete(2)]), [[0]], ValueError),
        (ours.Tuple([ours.Discrete(2), ours.Discrete(2)]), [[0, 1], [1]], ValueError),
        (ours.Dict(a=ours.Discrete(2)), {"b": [0]}, ValueError),
        (ours.Dict(a=ours.Discrete(2)), [0], ValueError),
        (ours.OneOf([ours.Discrete(2)]), [[3, 0]], ValueError),
        (ours.OneOf([ours.Discrete(2)]), [7], ValueError),
    ],
)
def test_from_jsonable__garbage_raises(space: ours.Space[Any], payload: Any, exc: type) -> None:
    with pytest.raises(exc):
        space.from_jsonable(payload)


# --------------------------------------------------------------------------- pickling, utils


def test_space__legacy_pickle_state_is_upgraded() -> None:
    space = ours.Discrete(3)
    state = {k: v for k, v in space.__dict__.items() if k not in ("start", "_shape")}
    state["shape"] = ()
    restored = ours.Discrete.__new__(ours.Discrete)
    restored.__setstate__(state)
    assert restored == space and restored.shape == ()
    box = pickle.loads(pickle.dumps(ours.Box(0, 1, (2,))))
    assert repr(box) == "Box(0.0, 1.0, (2,), float32)"


def test_utils__custom_space_registration() -> None:
    class Custom(ours.Space[int]):
        @property
        def is_np_flattenable(self) -> bool:
            return True

    with pytest.raises(NotImplementedError):
        utils.flatdim(Custom())
    utils.flatdim.register(Custom)(lambda space: 7)
    assert utils.flatdim(Custom()) == 7


@BOTH
def test_utils__registrations_reach_composite_spaces(m: Any) -> None:
    # A custom space registered on the public functions is flattened inside a Tuple too: the
    # recursive calls go through the same dispatchers that `utils` shows.
    import importlib

    mod_utils = importlib.import_module(m.__name__ + ".utils")

    class Pair(m.Space):  # type: ignore[misc, name-defined]
        def __init__(self) -> None:
            super().__init__((2,), np.float32)

        @property
        def is_np_flattenable(self) -> bool:
            return True

    mod_utils.flatdim.register(Pair)(lambda space: 2)
    mod_utils.flatten.register(Pair)(lambda space, x: np.asarray(x, dtype=np.float32))
    mod_utils.unflatten.register(Pair)(lambda space, x: tuple(x.tolist()))
    mod_utils.flatten_space.register(Pair)(lambda space: m.Box(-1, 1, (2,), np.float32))
    space = m.Tuple([m.Discrete(2), Pair()])
    flat = mod_utils.flatten(space, (1, (0.5, -0.5)))
    assert flat.tolist() == [0, 1, 0.5, -0.5]
    assert mod_utils.flatdim(space) == 4
    assert mod_utils.flatten_space(space).shape == (4,)
    assert mod_utils.unflatten(space, flat) == (1, (0.5, -0.5))
    for name in ("flatdim", "flatten", "unflatten", "flatten_space"):
        assert getattr(mod_utils, name).__module__ == mod_utils.__name__


@BOTH
def test_utils__variable_size_spaces_cannot_flatdim(m: Any) -> None:
    import importlib

    mod_utils = importlib.import_module(m.__name__ + ".utils")
    with pytest.raises(ValueError):
        mod_utils.flatdim(m.Graph(m.Discrete(2), None))
    with pytest.raises(ValueError):
        mod_utils.flatdim(m.Tuple([m.Sequence(m.Discrete(2))]))


@BOTH
def test_utils__unflatten_rejects_non_one_hot(m: Any) -> None:
    import importlib

    mod_utils = importlib.import_module(m.__name__ + ".utils")
    with pytest.raises(ValueError):
        mod_utils.unflatten(m.Discrete(3), np.zeros(3))
    with pytest.raises(ValueError):
        mod_utils.unflatten(m.MultiDiscrete([2, 2]), np.zeros(4))


@BOTH
def test_utils__is_space_dtype_shape_equiv(m: Any) -> None:
    import importlib

    eq = importlib.import_module(m.__name__ + ".utils").is_space_dtype_shape_equiv
    assert eq(m.Box(0, 1, (2,)), m.Box(-3, 3, (2,)))
    assert not eq(m.Box(0, 1, (2,)), m.Box(0, 1, (3,)))
    assert not eq(m.Discrete(2), m.Box(0, 1, ()))
    assert eq(m.Dict(a=m.Discrete(2)), m.Dict(a=m.Discrete(5)))
    assert eq(m.Tuple([m.Text(3)]), m.Tuple([m.Text(3)]))
    assert not eq(m.Sequence(m.Discrete(2)), m.Sequence(m.Discrete(2), stack=True))
    assert eq(m.Graph(m.Discrete(2), None), m.Graph(m.Discrete(3), None))
    assert not eq(m.OneOf([m.Discrete(2)]), m.Tuple([m.Discrete(2)]))
    with pytest.raises(TypeError):
        eq(3, m.Discrete(2))


def test_spaces__public_names_match_reference() -> None:
    assert set(ref.__all__) == set(ours.__all__)
    for name in ("flatdim", "flatten", "unflatten", "flatten_space", "is_space_dtype_shape_equiv"):
        assert hasattr(ref.utils, name) and callable(getattr(utils, name))


def test_spaces__import_does_not_load_heavy_modules() -> None:
    import subprocess
    import sys

    code = (
        "import sys, gymnasium_core.spaces; "
        "print([m for m in ('jax', 'pygame', 'mujoco', 'Box2D', 'moviepy') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_warnings__not_emitted_for_clean_construction() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ours.Box(np.zeros(2, np.float32), np.ones(2, np.float32))
        ours.Dict(a=ours.Box(0, 1, (2,)), b=ours.Text(4))
