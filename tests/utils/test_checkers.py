"""The passive and active env checkers, compared with the reference where cheap."""

from __future__ import annotations

import importlib
import pickle
import re
import types
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest

import gymnasium_core
from gymnasium_core.utils import EzPickle, RecordConstructorArgs, seeding
from gymnasium_core.utils.env_checker import CheckResult, check_env_report

LIBS = {"core": gymnasium_core, "reference": gymnasium}


@pytest.fixture(params=list(LIBS), ids=list(LIBS))
def lib(request: pytest.FixtureRequest) -> types.ModuleType:
    return LIBS[request.param]


def _utils(lib: types.ModuleType, name: str) -> Any:
    return importlib.import_module(f"{lib.__name__}.utils.{name}")


def _env_class(lib: types.ModuleType, **overrides: Any) -> type:
    class Probe(lib.Env):  # type: ignore[misc, name-defined]
        metadata = {"render_modes": ["rgb_array"], "render_fps": 4}

        def __init__(self, render_mode: str | None = None) -> None:
            self.render_mode = render_mode
            self.observation_space = lib.spaces.Box(-1.0, 1.0, (3,), np.float32)
            self.action_space = lib.spaces.Discrete(2)

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
            super().reset(seed=seed)
            return self.np_random.uniform(-1, 1, 3).astype(np.float32), {}

        def step(self, action: Any) -> Any:
            obs = self.np_random.uniform(-1, 1, 3).astype(np.float32)
            return obs, 0.5, False, False, {}

        def render(self) -> Any:
            return np.zeros((2, 2, 3), np.uint8)

    for name, value in overrides.items():
        setattr(Probe, name, value)
    return Probe


def _warnings_of(function: Any, *args: Any) -> list[str]:
    """Messages of every warning ``function(*args)`` emits (several may fire at once)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        function(*args)
    return [str(w.message) for w in caught]


# Passive checker -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make_space", "error"),
    [
        (lambda s: "not a space", TypeError),
        (lambda s: s.Tuple([]), AssertionError),
        (lambda s: s.Dict({}), AssertionError),
    ],
)
def test_check_space__rejects_invalid_spaces(
    lib: types.ModuleType, make_space: Any, error: type[Exception]
) -> None:
    checker = _utils(lib, "passive_env_checker")
    with pytest.raises(error):
        checker.check_observation_space(make_space(lib.spaces))


def test_check_space__warns_on_equal_box_bounds(lib: types.ModuleType) -> None:
    checker = _utils(lib, "passive_env_checker")
    with pytest.warns(
        UserWarning, match="(maximum and minimum values|low and high bounds) are equal"
    ):
        checker.check_action_space(lib.spaces.Box(0.0, 0.0, (2,), np.float32))


@pytest.mark.parametrize(
    ("obs", "message"),
    [
        (np.zeros(3, np.float64), "dtype"),
        ([0.0, 0.0, 0.0], "numpy array"),
        (np.full(3, 5.0, np.float32), "(not within|outside) the observation space"),
    ],
)
def test_check_obs__warns_on_wrong_observation(
    lib: types.ModuleType, obs: Any, message: str
) -> None:
    checker = _utils(lib, "passive_env_checker")
    space = lib.spaces.Box(-1.0, 1.0, (3,), np.float32)
    messages = _warnings_of(checker.check_obs, obs, space, "reset")
    assert any(re.search(message, text) for text in messages)


def test_check_obs__dict_keys_must_match(lib: types.ModuleType) -> None:
    checker = _utils(lib, "passive_env_checker")
    space = lib.spaces.Dict({"a": lib.spaces.Discrete(2)})
    with pytest.raises(AssertionError):
        checker.check_obs({"b": 0}, space, "step")


@pytest.mark.parametrize(
    ("step_result", "expectation"),
    [
        ((np.zeros(3, np.float32), 1.0, 0, False, {}), ("warn", "terminated")),
        ((np.zeros(3, np.float32), np.nan, False, False, {}), ("warn", "NaN")),
        ((np.zeros(3, np.float32), "1", False, False, {}), ("warn", "reward")),
        ((np.zeros(3, np.float32), 1.0, False, False, []), ("raise", AssertionError)),
        ((np.zeros(3, np.float32), 1.0, False), ("raise", "Error")),
    ],
)
def test_env_step_passive_checker__flags_bad_results(
    lib: types.ModuleType, step_result: tuple[Any, ...], expectation: tuple[str, Any]
) -> None:
    checker = _utils(lib, "passive_env_checker")
    env = _env_class(lib, step=lambda self, action: step_result)()
    kind, what = expectation
    if kind == "warn":
        with pytest.warns(UserWarning, match=what):
            checker.env_step_passive_checker(env, 0)
    else:
        error = lib.error.Error if what == "Error" else what
        with pytest.raises(error):
            checker.env_step_passive_checker(env, 0)


def test_env_reset_passive_checker__info_must_be_dict(lib: types.ModuleType) -> None:
    checker = _utils(lib, "passive_env_checker")
    env = _env_class(
        lib, reset=lambda self, seed=None, options=None: (np.zeros(3, np.float32), None)
    )()
    with pytest.raises(AssertionError):
        checker.env_reset_passive_checker(env)


def test_env_render_passive_checker__checks_frame(lib: types.ModuleType) -> None:
    checker = _utils(lib, "passive_env_checker")
    env = _env_class(lib, render=lambda self: np.zeros((2, 2), np.float32))(render_mode="rgb_array")
    messages = _warnings_of(checker.env_render_passive_checker, env)
    assert any("uint8" in text for text in messages)


def test_data_shares_objects(lib: types.ModuleType) -> None:
    checker = _utils(lib, "passive_env_checker")
    buffer = np.zeros(3)
    assert checker.data_shares_objects(buffer, buffer[:])
    assert not checker.data_shares_objects(buffer, buffer.copy())
    assert checker.data_shares_objects({"a": buffer}, {"a": buffer})
    assert not checker.data_shares_objects(1, 1)


# Active checker --------------------------------------------------------------------------------


def test_check_env__passes_on_a_correct_env(lib: types.ModuleType) -> None:
    checker = _utils(lib, "env_checker")
    checker.check_env(_env_class(lib)(), skip_render_check=True)


def test_check_env__detects_unseeded_reset(lib: types.ModuleType) -> None:
    checker = _utils(lib, "env_checker")

    def reset(self: Any, *, seed: int | None = None, options: Any = None) -> Any:
        return np.zeros(3, np.float32), {}

    with pytest.raises(AssertionError):
        checker.check_env(_env_class(lib, reset=reset)(), skip_render_check=True)


def test_check_env__detects_reused_buffer(lib: types.ModuleType) -> None:
    checker = _utils(lib, "env_checker")
    shared = np.zeros(3, np.float32)

    def step(self: Any, action: Any) -> Any:
        return shared, 0.0, False, False, {}

    with pytest.raises(AssertionError, match="share"):
        checker.check_env(_env_class(lib, step=step)(), skip_render_check=True)


def test_check_env__rejects_non_env(lib: types.ModuleType) -> None:
    checker = _utils(lib, "env_checker")
    with pytest.raises(TypeError):
        checker.check_env(object())


def test_check_env__warn_argument_is_ignored_with_warning(lib: types.ModuleType) -> None:
    checker = _utils(lib, "env_checker")
    with pytest.warns(UserWarning, match="ignored"):
        checker.check_env(_env_class(lib)(), warn=True, skip_render_check=True)


@pytest.mark.parametrize(
    ("a", "b", "exact", "equal"),
    [
        (np.zeros(2), np.zeros(2), True, True),
        (np.zeros(2), np.full(2, 1e-7), False, True),
        (np.zeros(2), np.full(2, 1e-7), True, False),
        (np.zeros(2, np.float32), np.zeros(2), False, False),
        ({"a": (1, [2])}, {"a": (1, [2])}, True, True),
        ({"a": 1}, {"b": 1}, True, False),
        (1, 1.0, True, False),
    ],
)
def test_data_equivalence__matches_reference(a: Any, b: Any, exact: bool, equal: bool) -> None:
    ours = _utils(gymnasium_core, "env_checker").data_equivalence(a, b, exact)
    ref = _utils(gymnasium, "env_checker").data_equivalence(a, b, exact)
    assert ours == ref == equal


def test_check_env_report__statuses() -> None:
    good = check_env_report(_env_class(gymnasium_core)(), skip_render_check=True)
    assert [r.name for r in good] == [
        "environment",
        "spaces",
        "reset",
        "returned_values",
        "step",
        "close",
    ]
    assert all(isinstance(r, CheckResult) for r in good)
    # The close check needs a spec, so it passes trivially here; spaces are bounded.
    assert {r.status for r in good} == {"pass"}

    def step(self: Any, action: Any) -> Any:
        return np.zeros(3, np.float32), float("nan"), False, False, {}

    bad = {r.name: r for r in check_env_report(_env_class(gymnasium_core, step=step)())}
    assert bad["returned_values"].status == "warn" and "NaN" in bad["returned_values"].detail
    assert bad["step"].status == "fail" and "reward" in bad["step"].detail
    assert check_env_report(object())[0].status == "fail"  # type: ignore[arg-type]


# Small utilities -------------------------------------------------------------------------------


class _Pickled(EzPickle):
    def __init__(self, a: int, b: str = "x") -> None:
        EzPickle.__init__(self, a, b=b)
        self.a, self.b = a, b
        self.handle = lambda: None  # not picklable on its own


def test_ezpickle__rebuilds_from_constructor_arguments() -> None:
    clone = pickle.loads(pickle.dumps(_Pickled(3, b="y")))
    assert (clone.a, clone.b) == (3, "y")


def test_utils__exports_like_reference() -> None:
    import gymnasium_core.utils as ours

    assert {"EzPickle", "RecordConstructorArgs"} <= set(ours.__all__)
    assert ours.RecordConstructorArgs is RecordConstructorArgs
    assert ours.seeding is seeding


@pytest.mark.parametrize(
    "step",
    [
        (0, 1.0, False, True, {}),
        (0, 1.0, True, False, {}),
        (0, 1.0, False, False, {}),
    ],
)
def test_step_api_compatibility__round_trip_matches_reference(step: tuple[Any, ...]) -> None:
    ours = _utils(gymnasium_core, "step_api_compatibility")
    ref = _utils(gymnasium, "step_api_compatibility")
    old_ours = ours.step_api_compatibility((*step[:4], {}), output_truncation_bool=False)
    old_ref = ref.step_api_compatibility((*step[:4], {}), output_truncation_bool=False)
    assert old_ours == old_ref
    assert ours.step_api_compatibility(old_ours) == ref.step_api_compatibility(old_ref)


def test_step_api_compatibility__vector_dict_infos() -> None:
    ours = _utils(gymnasium_core, "step_api_compatibility")
    terminated, truncated = np.array([True, False, False]), np.array([False, True, False])
    done_form = ours.convert_to_done_step_api((0, 0, terminated, truncated, {}), is_vector_env=True)
    np.testing.assert_array_equal(done_form[2], [True, True, False])
    back = ours.convert_to_terminated_truncated_step_api(done_form, is_vector_env=True)
    np.testing.assert_array_equal(back[2], terminated)
    np.testing.assert_array_equal(back[3], truncated)
    with pytest.raises(TypeError):
        ours.convert_to_done_step_api((0, 0, terminated, truncated, "x"), is_vector_env=True)


def test_check_environments_match__same_and_different() -> None:
    env_match = _utils(gymnasium_core, "env_match")
    cls = _env_class(gymnasium_core)
    env_match.check_environments_match(cls(), cls(), num_steps=10, seed=3)

    def step(self: Any, action: Any) -> Any:
        return np.zeros(3, np.float32), 1.0, False, False, {}

    with pytest.raises(AssertionError, match="step 0"):
        env_match.check_environments_match(cls(), _env_class(gymnasium_core, step=step)(), 5)
    with pytest.raises(AssertionError):
        env_match.check_environments_match(cls(), cls(), 1, info_comparison="bogus")


def test_env_checker__functions_report_their_public_module(lib: types.ModuleType) -> None:
    # The checks live in private modules beside their helpers; like Gymnasium's, each reports
    # (and pickles by) `utils.env_checker`.
    module = _utils(lib, "env_checker")
    names = [
        name
        for name, value in vars(_utils(gymnasium, "env_checker")).items()
        if isinstance(value, types.FunctionType)
        and not name.startswith("_")
        and value.__module__ == "gymnasium.utils.env_checker"
    ]
    assert "check_reset_seed_determinism" in names
    for name in names:
        function = getattr(module, name)
        assert function.__module__ == module.__name__, name
        assert pickle.loads(pickle.dumps(function)) is function
