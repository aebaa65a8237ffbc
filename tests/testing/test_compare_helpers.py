"""gymnasium_core.testing.compare: each check passes on equal values and catches a difference."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import gymnasium_core as gym
from gymnasium_core import spaces
from gymnasium_core.testing.compare import (
    Tolerance,
    assert_interface_equal,
    assert_raises_like,
    assert_reset_equal,
    assert_same,
    assert_spaces_equal,
    assert_step_equal,
)

gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")


def _nested() -> dict[str, Any]:
    return {
        "position": np.array([0.5, -1.25], dtype=np.float32),
        "grid": (np.int64(3), [True, False]),
        "label": "a",
        "reward": 1.5,
        "nothing": None,
    }


def test_assert_same__passes_on_equal_nested_values() -> None:
    assert_same(_nested(), _nested())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda v: v["position"].__setitem__(1, -1.0), r"\['position'\]: arrays differ"),
        (lambda v: v.__setitem__("position", v["position"].astype(np.float64)), "dtype float64"),
        (lambda v: v.__setitem__("position", v["position"][:1]), r"shape \(1,\)"),
        (lambda v: v["grid"][1].append(True), r"\['grid'\]\[1\]: length 3"),
        (lambda v: v.__setitem__("grid", (3, [True, False])), r"\['grid'\]\[0\]: .*numpy.int64"),
        (lambda v: v.__setitem__("reward", np.float64(1.5)), r"\['reward'\]: .*builtins.float"),
        (lambda v: v.__setitem__("label", "b"), r"\['label'\]: ours is 'b'"),
        (lambda v: v.__setitem__("extra", 1), "keys"),
        (lambda v: v.__setitem__("grid", list(v["grid"])), r"\['grid'\]: .*builtins.tuple"),
    ],
    ids=["value", "dtype", "shape", "length", "int-type", "float-type", "str", "key", "container"],
)
def test_assert_same__names_the_path_of_a_difference(change: Any, message: str) -> None:
    ours = _nested()
    change(ours)
    with pytest.raises(AssertionError, match=message):
        assert_same(ours, _nested())


def test_assert_same__key_order_is_part_of_a_dict() -> None:
    with pytest.raises(AssertionError, match="keys"):
        assert_same({"b": 1, "a": 2}, {"a": 2, "b": 1})


def test_assert_same__exact_arrays_compare_bytes() -> None:
    assert_same(np.array([np.nan, 1.0]), np.array([np.nan, 1.0]))
    with pytest.raises(AssertionError, match="arrays differ"):
        assert_same(np.array([-0.0]), np.array([0.0]))


def test_assert_same__exact_floats_keep_the_sign_of_zero() -> None:
    assert_same(0.0, 0.0)
    with pytest.raises(AssertionError):
        assert_same(-0.0, 0.0)


def test_assert_same__tolerance_relaxes_only_floats() -> None:
    close = Tolerance(rtol=1e-6, atol=1e-6)
    assert_same(np.array([1.0, 2.0]), np.array([1.0, 2.0 + 1e-7]), tolerance=close)
    assert_same(1.0 + 1e-7, 1.0, tolerance=close)
    with pytest.raises(AssertionError, match="beyond"):
        assert_same(np.array([1.0, 2.1]), np.array([1.0, 2.0]), tolerance=close)
    with pytest.raises(AssertionError, match="beyond"):
        assert_same(1.1, 1.0, tolerance=close)
    # Integers, booleans and dtypes stay exact.
    with pytest.raises(AssertionError, match="arrays differ"):
        assert_same(np.array([3]), np.array([4]), tolerance=Tolerance(atol=10))
    with pytest.raises(AssertionError, match="dtype"):
        assert_same(np.array([1.0], np.float32), np.array([1.0]), tolerance=close)


def test_assert_same__without_type_checks_compares_values_only() -> None:
    assert_same(1.0, np.float64(1.0), check_types=False)
    assert_same([1, 2], (1, 2), check_types=False)
    with pytest.raises(AssertionError):
        assert_same(1.0, np.float64(2.0), check_types=False)


def test_tolerance__rejects_negative_values() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        Tolerance(atol=-1.0)


def _step(reward: Any = 1.0, terminated: Any = False, info: Any = None) -> tuple[Any, ...]:
    obs = np.array([0.1, 0.2], dtype=np.float32)
    return obs, reward, terminated, False, {"k": 1} if info is None else info


def test_assert_step_equal__catches_each_part() -> None:
    assert_step_equal(_step(), _step())
    with pytest.raises(AssertionError, match="reward"):
        assert_step_equal(_step(reward=1.5), _step())
    with pytest.raises(AssertionError, match=r"terminated: .*builtins.bool"):
        assert_step_equal(_step(terminated=np.bool_(False)), _step())
    with pytest.raises(AssertionError, match="info"):
        assert_step_equal(_step(info={"k": 2}), _step())
    assert_step_equal(_step(info={"k": 2}), _step(), compare_info=False)
    with pytest.raises(AssertionError, match="5"):
        assert_step_equal(_step()[:4], _step())


def test_assert_step_equal__reward_tolerance_is_separate_from_obs_tolerance() -> None:
    ours = _step(reward=1.0 + 1e-6)
    assert_step_equal(ours, _step(), reward_tolerance=Tolerance(atol=1e-5))
    with pytest.raises(AssertionError, match="reward"):
        assert_step_equal(ours, _step(), obs_tolerance=Tolerance(atol=1e-5))


def test_assert_reset_equal__compares_obs_and_info() -> None:
    obs = np.zeros(2, np.float32)
    assert_reset_equal((obs, {}), (obs.copy(), {}))
    with pytest.raises(AssertionError, match="info"):
        assert_reset_equal((obs, {"a": 1}), (obs, {}))
    with pytest.raises(AssertionError, match="obs"):
        assert_reset_equal((obs + 1, {}), (obs, {}))


def test_assert_spaces_equal__across_packages() -> None:
    box = spaces.Box(-1.0, 2.0, (3,), np.float32)
    assert_spaces_equal(box, gymnasium.spaces.Box(-1.0, 2.0, (3,), np.float32))
    with pytest.raises(AssertionError):
        assert_spaces_equal(box, gymnasium.spaces.Box(-1.0, 3.0, (3,), np.float32))
    with pytest.raises(AssertionError):
        assert_spaces_equal(spaces.Discrete(4), gymnasium.spaces.Discrete(4, start=1))
    with pytest.raises(AssertionError):
        assert_spaces_equal(spaces.Discrete(4), gymnasium.spaces.MultiDiscrete([4]))
    nested = spaces.Dict({"a": spaces.Discrete(2), "b": spaces.Tuple((box, spaces.Discrete(3)))})
    reference = gymnasium.spaces.Dict(
        {
            "a": gymnasium.spaces.Discrete(2),
            "b": gymnasium.spaces.Tuple(
                (gymnasium.spaces.Box(-1.0, 2.0, (3,), np.float32), gymnasium.spaces.Discrete(3))
            ),
        }
    )
    assert_spaces_equal(nested, reference)
    reference["b"].spaces[1].n = np.int64(5)
    with pytest.raises(AssertionError, match=r"space\['b'\]\[1\]"):
        assert_spaces_equal(nested, reference)


def test_assert_interface_equal__catches_a_spec_field() -> None:
    ours, reference = gym.make("CartPole-v1"), gymnasium.make("CartPole-v1")
    assert_interface_equal(ours, reference)
    other = gymnasium.make("CartPole-v1", max_episode_steps=100)
    with pytest.raises(AssertionError, match="max_episode_steps"):
        assert_interface_equal(ours, other)
    with pytest.raises(AssertionError, match="observation_space"):
        assert_interface_equal(ours, gymnasium.make("Acrobot-v1"))


def _raise(error: Exception) -> None:
    raise error


def test_assert_raises_like__passes_on_the_same_type_or_a_subclass() -> None:
    assert_raises_like(lambda: _raise(KeyError("ours")), lambda: _raise(KeyError("theirs")))

    class UnknownCell(KeyError):
        pass

    caught = assert_raises_like(lambda: _raise(UnknownCell("ours")), lambda: _raise(KeyError()))
    assert isinstance(caught, UnknownCell)


@pytest.mark.parametrize(
    ("ours", "reference", "message"),
    [
        (lambda: _raise(ValueError()), lambda: _raise(TypeError()), "raises TypeError, ours Value"),
        (lambda: None, lambda: _raise(TypeError()), "raises TypeError, ours nothing"),
        (lambda: _raise(ValueError()), lambda: None, "the reference raises nothing"),
        # A base class of the reference's type is too loose: code catching it would miss ours.
        (lambda: _raise(LookupError()), lambda: _raise(KeyError()), "raises KeyError"),
    ],
    ids=["other-type", "ours-nothing", "reference-nothing", "base-class"],
)
def test_assert_raises_like__catches_a_different_outcome(
    ours: Any, reference: Any, message: str
) -> None:
    with pytest.raises(AssertionError, match=message):
        assert_raises_like(ours, reference)


def test_assert_raises_like__on_made_environments() -> None:
    def make(package: Any) -> Any:
        return lambda: package.make("CartPole-v1", no_such_argument=1)

    assert_raises_like(make(gym), make(gymnasium), where="make")
