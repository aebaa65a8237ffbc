"""The passive checker and ``check_env`` fail in the reference's situations, with its types.

Each case crafts one bad space, observation, environment or call, builds it with each library
(the same code, with that library's classes) and runs that library's checker on it. The
outcome compared is the exception type raised (by name: ``Error`` is each library's own base
error) and the kinds of warning emitted (``UserWarning``, ``DeprecationWarning``).
"""

from __future__ import annotations

import importlib
import re
import types
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np
import pytest

import gymnasium_core

LIBS = {"core": gymnasium_core, "reference": gymnasium}
Case = Callable[[types.ModuleType], Callable[[], object]]


def _checker(lib: types.ModuleType, name: str = "passive_env_checker") -> Any:
    return importlib.import_module(f"{lib.__name__}.utils.{name}")


def _outcome(thunk: Callable[[], object]) -> tuple[str, tuple[str, ...]]:
    """``(exception type name or "ok", the kinds of warning emitted)``."""
    return _Report(thunk).outcome


def _set(space: Any, **attributes: Any) -> Any:
    for name, value in attributes.items():
        setattr(space, name, value)
    return space


def _env(lib: types.ModuleType, **overrides: Any) -> Any:
    """An environment that passes every check, with methods or attributes replaced."""

    class Probe(lib.Env):  # type: ignore[misc, name-defined]
        metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 4}

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

    instance_attrs = {k: overrides.pop(k) for k in list(overrides) if k.startswith("i_")}
    for name, value in overrides.items():
        setattr(Probe, name, value)
    env = Probe(render_mode=instance_attrs.pop("i_render_mode", None))
    for name, value in instance_attrs.items():
        setattr(env, name.removeprefix("i_"), value)
    return env


# Passive checker: spaces -------------------------------------------------------------------------


def _space_case(make: Callable[[Any], Any], check: str = "check_observation_space") -> Case:
    def case(lib: types.ModuleType) -> Callable[[], object]:
        space = make(lib.spaces)
        return lambda: getattr(_checker(lib), check)(space)

    return case


_SPACES: dict[str, Callable[[Any], Any]] = {
    "string": lambda s: "not a space",
    "none": lambda s: None,
    "box_low_shape": lambda s: _set(s.Box(np.zeros(2), np.ones(2)), low=np.zeros(3)),
    "box_high_shape": lambda s: _set(s.Box(np.zeros(2), np.ones(2)), high=np.ones(3)),
    "box_equal_bounds": lambda s: s.Box(np.zeros(5), np.zeros(5)),
    "box_low_above_high": lambda s: _set(s.Box(np.zeros(2), np.ones(2)), low=np.full(2, 2.0)),
    "box_valid": lambda s: s.Box(-1.0, 1.0, (3,), np.float32),
    "discrete_negative": lambda s: _set(s.Discrete(5), n=np.int64(-1)),
    "discrete_zero": lambda s: _set(s.Discrete(5), n=np.int64(0)),
    "discrete_shape": lambda s: _set(s.Discrete(5), _shape=(2,)),
    "multi_discrete_nvec": lambda s: _set(s.MultiDiscrete([2, 2]), nvec=np.array([2, -1])),
    "multi_discrete_shape": lambda s: _set(s.MultiDiscrete([2, 2]), _shape=(2, 1, 2)),
    "multi_binary_shape": lambda s: _set(s.MultiBinary((2, 2)), _shape=(2, -1)),
    "tuple_empty": lambda s: s.Tuple([]),
    "dict_empty": lambda s: s.Dict({}),
    "tuple_bad_child": lambda s: s.Tuple([s.Discrete(2), _set(s.Discrete(3), n=np.int64(0))]),
    "dict_bad_child": lambda s: s.Dict({"a": _set(s.MultiBinary(2), _shape=(0,))}),
    "tuple_of_box_equal": lambda s: s.Tuple([s.Box(np.zeros(2), np.zeros(2))]),
    "text": lambda s: s.Text(5),
    "sequence": lambda s: s.Sequence(s.Discrete(2)),
    "graph": lambda s: s.Graph(s.Box(0, 1, (2,)), s.Discrete(2)),
    "one_of": lambda s: s.OneOf([s.Discrete(2), s.Box(0, 1, (2,))]),
}

SPACE_CASES: dict[str, Case] = {}
for _name, _make in _SPACES.items():
    SPACE_CASES[f"observation_space-{_name}"] = _space_case(_make)
    SPACE_CASES[f"action_space-{_name}"] = _space_case(_make, "check_action_space")


# Passive checker: observations -----------------------------------------------------------------


def _obs_case(obs: Callable[[], Any], space: Callable[[Any], Any]) -> Case:
    def case(lib: types.ModuleType) -> Callable[[], object]:
        checked, in_space = obs(), space(lib.spaces)
        return lambda: _checker(lib).check_obs(checked, in_space, "testing")

    return case


OBS_CASES: dict[str, Case] = {
    "discrete_outside": _obs_case(lambda: 3, lambda s: s.Discrete(2)),
    "discrete_uint8": _obs_case(lambda: np.uint8(0), lambda s: s.Discrete(1)),
    "discrete_string": _obs_case(lambda: "a", lambda s: s.Discrete(1)),
    "box_list": _obs_case(lambda: [0.0, 0.0], lambda s: s.Box(0, 1, (2,))),
    "box_dtype": _obs_case(lambda: np.zeros(2), lambda s: s.Box(0, 1, (2,), np.float32)),
    "box_none": _obs_case(lambda: None, lambda s: s.Box(0, 1, (2,))),
    "box_scalar_space_float": _obs_case(lambda: 0.5, lambda s: s.Box(0, 1, ())),
    "multi_binary_list": _obs_case(lambda: [0, 1], lambda s: s.MultiBinary(2)),
    "tuple_list": _obs_case(lambda: [0, 1], lambda s: s.Tuple([s.Discrete(1), s.Discrete(2)])),
    "tuple_length": _obs_case(lambda: (1, 2, 3), lambda s: s.Tuple([s.Discrete(1), s.Discrete(2)])),
    "tuple_int": _obs_case(lambda: 1, lambda s: s.Tuple([s.Discrete(1)])),
    "dict_set": _obs_case(lambda: {1, 2}, lambda s: s.Dict(a=s.Discrete(1), b=s.Discrete(2))),
    "dict_keys": _obs_case(
        lambda: {"a": 0, "c": 1}, lambda s: s.Dict(a=s.Discrete(1), b=s.Discrete(2))
    ),
    "dict_nested_bad": _obs_case(
        lambda: {"a": (1, 2)}, lambda s: s.Dict(a=s.Tuple([s.Discrete(2)]))
    ),
    "text_int": _obs_case(lambda: 5, lambda s: s.Text(3)),
    "discrete_bool": _obs_case(lambda: True, lambda s: s.Discrete(2)),
    "discrete_int32": _obs_case(lambda: np.int32(1), lambda s: s.Discrete(2)),
    "discrete_array": _obs_case(lambda: np.array(1), lambda s: s.Discrete(2)),
    "box_scalar_space_numpy": _obs_case(lambda: np.float32(0.5), lambda s: s.Box(0, 1, ())),
    "box_wrong_shape": _obs_case(lambda: np.zeros(3, np.float32), lambda s: s.Box(0, 1, (2,))),
    "multi_discrete_tuple": _obs_case(lambda: (0, 1), lambda s: s.MultiDiscrete([2, 2])),
    "multi_discrete_outside": _obs_case(
        lambda: np.array([5, 0]), lambda s: s.MultiDiscrete([2, 2])
    ),
    "sequence_list": _obs_case(lambda: [0, 1], lambda s: s.Sequence(s.Discrete(2))),
    "dict_inside_tuple": _obs_case(
        lambda: ({"a": np.int64(0)},), lambda s: s.Tuple([s.Dict(a=s.Discrete(1))])
    ),
    "tuple_inside_dict_short": _obs_case(
        lambda: {"a": (0,)}, lambda s: s.Dict(a=s.Tuple([s.Discrete(1), s.Discrete(1)]))
    ),
    "dict_of_plain_dict_obs": _obs_case(lambda: {"a": 0}, lambda s: s.Dict(a=s.Discrete(1))),
}


# Passive checker: reset, step, render ----------------------------------------------------------


def _reset_case(reset: Callable[..., Any], **kwargs: Any) -> Case:
    def case(lib: types.ModuleType) -> Callable[[], object]:
        env = _env(lib, reset=reset)
        return lambda: _checker(lib).env_reset_passive_checker(env, **kwargs)

    return case


def _reset_returning(result: Any) -> Callable[..., Any]:
    def reset(self: Any, *, seed: Any = None, options: Any = None) -> Any:
        return result

    return reset


def _no_seed(self: Any, options: Any = None) -> Any:
    return np.zeros(3, np.float32), {}


def _seed_default(self: Any, seed: Any = "bad", options: Any = None) -> Any:
    return np.zeros(3, np.float32), {}


def _no_options(self: Any, seed: Any = None) -> Any:
    return np.zeros(3, np.float32), {}


def _raises_type_error(self: Any, *, seed: Any = None, options: Any = None) -> Any:
    raise TypeError("inside reset")


RESET_CASES: dict[str, Case] = {
    "no_seed": _reset_case(_no_seed),
    "seed_default": _reset_case(_seed_default),
    "no_options": _reset_case(_no_options),
    "list_result": _reset_case(_reset_returning([np.zeros(3, np.float32), {}])),
    "none_result": _reset_case(_reset_returning(None)),
    "three_tuple": _reset_case(_reset_returning((np.zeros(3, np.float32), {}, 1))),
    "info_set": _reset_case(_reset_returning((np.zeros(3, np.float32), {1, 2}))),
    "info_none": _reset_case(_reset_returning((np.zeros(3, np.float32), None))),
    "obs_outside": _reset_case(_reset_returning((np.full(3, 9, np.float32), {}))),
    "raises": _reset_case(_raises_type_error),
    "unknown_kwarg": _reset_case(_reset_returning((np.zeros(3, np.float32), {})), bogus=1),
}


def _step_case(result: Any) -> Case:
    def case(lib: types.ModuleType) -> Callable[[], object]:
        env = _env(lib, step=lambda self, action: result)
        return lambda: _checker(lib).env_step_passive_checker(env, 0)

    return case


_OBS = np.zeros(3, np.float32)
STEP_CASES: dict[str, Case] = {
    "string": _step_case("error"),
    "list": _step_case([_OBS, 0.0, False, False, {}]),
    "none": _step_case(None),
    "three": _step_case((_OBS, 0.0, False)),
    "six": _step_case((_OBS, 0.0, False, False, {}, 1)),
    "empty": _step_case(()),
    "old_api": _step_case((_OBS, 0.0, False, {})),
    "old_api_done_string": _step_case((_OBS, 0.0, "x", {})),
    "old_api_info_list": _step_case((_OBS, 0.0, False, [])),
    "terminated_string": _step_case((_OBS, 0.0, "x", False, {})),
    "truncated_int": _step_case((_OBS, 0.0, False, 0, {})),
    "reward_string": _step_case((_OBS, "x", False, False, {})),
    "reward_none": _step_case((_OBS, None, False, False, {})),
    "reward_bool": _step_case((_OBS, True, False, False, {})),
    "reward_nan": _step_case((_OBS, np.nan, False, False, {})),
    "reward_inf": _step_case((_OBS, -np.inf, False, False, {})),
    "reward_array": _step_case((_OBS, np.zeros(1), False, False, {})),
    "info_string": _step_case((_OBS, 0.0, False, False, "x")),
    "info_none": _step_case((_OBS, 0.0, False, False, None)),
    "obs_outside": _step_case((np.full(3, 9, np.float32), 0.0, False, False, {})),
    "obs_wrong_dtype": _step_case((np.zeros(3), 0.0, False, False, {})),
    "obs_none": _step_case((None, 0.0, False, False, {})),
}


def _render_case(
    metadata: Any = None, render_mode: str | None = "rgb_array", frame: Any = "default"
) -> Case:
    def case(lib: types.ModuleType) -> Callable[[], object]:
        overrides: dict[str, Any] = {"i_render_mode": render_mode}
        if metadata is not None:
            overrides["i_metadata"] = metadata
        if not isinstance(frame, str):
            overrides["render"] = lambda self: frame
        env = _env(lib, **overrides)
        return lambda: _checker(lib).env_render_passive_checker(env)

    return case


RENDER_CASES: dict[str, Case] = {
    "modes_none": _render_case({"render_modes": None}),
    "modes_missing": _render_case({"render_fps": 4}),
    "modes_string": _render_case({"render_modes": "rgb_array", "render_fps": 4}),
    "modes_set": _render_case({"render_modes": {"rgb_array"}, "render_fps": 4}),
    "modes_int": _render_case({"render_modes": 3, "render_fps": 4}),
    "modes_not_strings": _render_case({"render_modes": ["rgb_array", 1], "render_fps": 4}),
    "modes_empty_with_mode": _render_case({"render_modes": []}),
    "modes_empty_no_mode": _render_case({"render_modes": []}, render_mode=None),
    "mode_undeclared": _render_case({"render_modes": ["human"], "render_fps": 4}),
    "fps_missing": _render_case({"render_modes": ["rgb_array"]}),
    "fps_string": _render_case({"render_modes": ["rgb_array"], "render_fps": "4"}),
    "fps_zero": _render_case({"render_modes": ["rgb_array"], "render_fps": 0}),
    "fps_negative": _render_case({"render_modes": ["rgb_array"], "render_fps": -1.5}),
    "frame_list": _render_case(frame=[[0]]),
    "frame_float": _render_case(frame=np.zeros((2, 2, 3), np.float32)),
    "frame_2d": _render_case(frame=np.zeros((2, 2), np.uint8)),
    "frame_4_channels": _render_case(frame=np.zeros((2, 2, 4), np.uint8)),
    "human_returns_frame": _render_case(
        {"render_modes": ["human"], "render_fps": 4}, "human", np.zeros((2, 2, 3), np.uint8)
    ),
    "ansi_returns_int": _render_case({"render_modes": ["ansi"], "render_fps": 4}, "ansi", 3),
    "depth_3d": _render_case(
        {"render_modes": ["depth_array"], "render_fps": 4}, "depth_array", np.zeros((2, 2, 1))
    ),
    "depth_list": _render_case(
        {"render_modes": ["depth_array"], "render_fps": 4}, "depth_array", [[0.0]]
    ),
    "list_mode_not_list": _render_case(
        {"render_modes": ["rgb_array_list"], "render_fps": 4}, "rgb_array_list", 3
    ),
    "modes_tuple": _render_case({"render_modes": ("rgb_array",), "render_fps": 4}),
    "fps_bool": _render_case({"render_modes": ["rgb_array"], "render_fps": True}),
    "fps_numpy": _render_case({"render_modes": ["rgb_array"], "render_fps": np.float32(30)}),
    "no_mode_declared_modes": _render_case(render_mode=None),
    "no_mode_modes_missing": _render_case({}, render_mode=None),
    "ascii_returns_str": _render_case({"render_modes": ["ascii"], "render_fps": 4}, "ascii", "x"),
    "list_mode_bad_items": _render_case(
        {"render_modes": ["rgb_array_list"], "render_fps": 4}, "rgb_array_list", [3]
    ),
}


# check_env --------------------------------------------------------------------------------------


def _check_env_case(**overrides: Any) -> Case:
    def case(lib: types.ModuleType) -> Callable[[], object]:
        env = _env(lib, **overrides)
        checker = _checker(lib, "env_checker")
        return lambda: checker.check_env(env, skip_render_check=True)

    return case


def _step_returning(result: Callable[[Any], Any]) -> Callable[..., Any]:
    def step(self: Any, action: Any) -> Any:
        return result(self)

    return step


def _fresh_obs(self: Any) -> Any:
    return self.np_random.uniform(-1, 1, 3).astype(np.float32)


def _unseeded_reset(self: Any, *, seed: Any = None, options: Any = None) -> Any:
    return np.zeros(3, np.float32), {}


def _random_reset(self: Any, *, seed: Any = None, options: Any = None) -> Any:
    super(type(self), self).reset(seed=seed)
    return np.random.default_rng().uniform(-1, 1, 3).astype(np.float32), {}


def _reset_type_error_with_seed(self: Any, *, seed: Any = None, options: Any = None) -> Any:
    if seed is not None:
        raise TypeError("seed not handled")
    super(type(self), self).reset(seed=seed)
    return np.zeros(3, np.float32), {}


def _reset_type_error_with_options(self: Any, *, seed: Any = None, options: Any = None) -> Any:
    if options is not None:
        raise TypeError("options not handled")
    super(type(self), self).reset(seed=seed)
    return np.zeros(3, np.float32), {}


def _reset_outside(self: Any, *, seed: Any = None, options: Any = None) -> Any:
    super(type(self), self).reset(seed=seed)
    return np.full(3, 9, np.float32), {}


def _reset_with_return_info(
    self: Any, *, seed: Any = None, options: Any = None, return_info: bool = False
) -> Any:
    super(type(self), self).reset(seed=seed)
    return np.zeros(3, np.float32), {}


def _reset_kwargs_only(self: Any, **kwargs: Any) -> Any:
    super(type(self), self).reset(seed=kwargs.get("seed"))
    return np.zeros(3, np.float32), {}


def _random_step(self: Any, action: Any) -> Any:
    return _fresh_obs(self), float(np.random.default_rng().random()), False, False, {}


def _shared_info_step(self: Any, action: Any) -> Any:
    info = getattr(self, "_info", None) or {"x": np.zeros(1)}
    self._info = info
    return _fresh_obs(self), 0.0, False, False, info


class _NoSpace:
    """A descriptor standing for an attribute that is absent."""

    def __get__(self, instance: Any, owner: Any) -> Any:
        raise AttributeError("absent")

    def __set__(self, instance: Any, value: Any) -> None:
        pass


CHECK_ENV_CASES: dict[str, Case] = {
    "valid": _check_env_case(),
    "not_an_env": lambda lib: lambda: _checker(lib, "env_checker").check_env(object()),
    "no_action_space": _check_env_case(action_space=_NoSpace()),
    "no_observation_space": _check_env_case(observation_space=_NoSpace()),
    "action_space_string": _check_env_case(i_action_space="x"),
    "observation_space_empty_tuple": lambda lib: _check_env_case(
        i_observation_space=lib.spaces.Tuple([])
    )(lib),
    "unseeded_reset": _check_env_case(reset=_unseeded_reset),
    "random_reset": _check_env_case(reset=_random_reset),
    "reset_no_seed": _check_env_case(reset=_no_seed),
    "reset_no_options": _check_env_case(reset=_no_options),
    "reset_kwargs_only": _check_env_case(reset=_reset_kwargs_only),
    "reset_type_error_with_seed": _check_env_case(reset=_reset_type_error_with_seed),
    "reset_type_error_with_options": _check_env_case(reset=_reset_type_error_with_options),
    "reset_outside": _check_env_case(reset=_reset_outside),
    "reset_list": _check_env_case(reset=_reset_returning([np.zeros(3, np.float32), {}])),
    "reset_three_tuple": _check_env_case(reset=_reset_returning((np.zeros(3, np.float32), {}, 1))),
    "reset_info_list": _check_env_case(reset=_reset_returning((np.zeros(3, np.float32), []))),
    "reset_return_info": _check_env_case(reset=_reset_with_return_info),
    "seed_method": _check_env_case(seed=lambda self, seed=None: [seed]),
    "step_old_api": _check_env_case(
        step=_step_returning(lambda self: (_fresh_obs(self), 0.0, False, {}))
    ),
    "step_three": _check_env_case(step=_step_returning(lambda self: (_fresh_obs(self), 0.0, 1))),
    "step_random": _check_env_case(step=_random_step),
    "step_truncates": _check_env_case(
        step=_step_returning(lambda self: (_fresh_obs(self), 0.0, False, True, {}))
    ),
    "step_truncated_numpy_bool": _check_env_case(
        step=_step_returning(lambda self: (_fresh_obs(self), 0.0, False, np.False_, {}))
    ),
    "step_terminated_differs": _check_env_case(
        step=_step_returning(
            lambda self: (
                _fresh_obs(self),
                0.0,
                bool(np.random.default_rng().random() < 2),
                False,
                {},
            )
        )
    ),
    "step_shared_info": _check_env_case(step=_shared_info_step),
    "step_info_list": _check_env_case(
        step=_step_returning(lambda self: (_fresh_obs(self), 0.0, False, False, []))
    ),
    "step_reward_nan": _check_env_case(
        step=_step_returning(lambda self: (_fresh_obs(self), np.nan, False, False, {}))
    ),
    "infinite_observation_box": lambda lib: _check_env_case(
        i_observation_space=lib.spaces.Box(-np.inf, np.inf, (3,), np.float32)
    )(lib),
    "unnormalised_action_box": lambda lib: _check_env_case(
        i_action_space=lib.spaces.Box(-5.0, 5.0, (2,), np.float32)
    )(lib),
    "wrapped": lambda lib: (
        lambda: _checker(lib, "env_checker").check_env(
            lib.wrappers.OrderEnforcing(_env(lib)), skip_render_check=True
        )
    ),
}


def _direct_case(function: str, *args: Any, **overrides: Any) -> Case:
    """One of ``env_checker``'s check functions called on its own, as users also do."""

    def case(lib: types.ModuleType) -> Callable[[], object]:
        env = _env(lib, **overrides)
        return lambda: getattr(_checker(lib, "env_checker"), function)(env, *args)

    return case


def _seed_positional_no_super(self: Any, seed: Any, *args: Any) -> Any:
    return np.zeros(3, np.float32), {}


def _no_super_draws(self: Any, seed: Any = None, options: Any = None) -> Any:
    return self.np_random.uniform(-1, 1, 3).astype(np.float32), {}


def _fixed_seed_super(self: Any, seed: Any = None, options: Any = None) -> Any:
    super(type(self), self).reset(seed=1)
    return self.np_random.uniform(-1, 1, 3).astype(np.float32), {}


def _default_seed(self: Any, seed: Any = 23, options: Any = None) -> Any:
    super(type(self), self).reset(seed=seed)
    return self.np_random.uniform(-1, 1, 3).astype(np.float32), {}


def _no_arguments(self: Any) -> Any:
    return np.zeros(3, np.float32), {}


def _float_obs_step(self: Any, action: Any) -> Any:
    return np.random.default_rng().normal(), 0, False, False, {}


def _random_info_step(self: Any, action: Any) -> Any:
    return _fresh_obs(self), 0, False, False, {"value": np.random.default_rng().normal()}


_OLD_STEP = _step_returning(lambda self: (_fresh_obs(self), 0.0, False, {}))
_SIX_STEP = _step_returning(lambda self: (_fresh_obs(self), 0.0, False, False, {}, 0))
DIRECT_CASES: dict[str, Case] = {
    "seed-no_super_positional": _direct_case(
        "check_reset_seed_determinism", reset=_seed_positional_no_super
    ),
    "seed-no_super_draws": _direct_case("check_reset_seed_determinism", reset=_no_super_draws),
    "seed-fixed_seed": _direct_case("check_reset_seed_determinism", reset=_fixed_seed_super),
    "seed-default_seed": _direct_case("check_reset_seed_determinism", reset=_default_seed),
    "seed-no_arguments": _direct_case("check_reset_seed_determinism", reset=_no_arguments),
    "seed-kwargs_only": _direct_case("check_reset_seed_determinism", reset=_reset_kwargs_only),
    "seed-outside": _direct_case("check_reset_seed_determinism", reset=_reset_outside),
    "seed-three_tuple": _direct_case(
        "check_reset_seed_determinism", reset=_reset_returning((_OBS, {}, 1))
    ),
    "options-no_arguments": _direct_case("check_reset_options", reset=_no_arguments),
    "options-type_error": _direct_case("check_reset_options", reset=_reset_type_error_with_options),
    "return_type-list": _direct_case("check_reset_return_type", reset=_reset_returning([_OBS, {}])),
    "return_type-three": _direct_case("check_reset_return_type", reset=_reset_returning((1, 2, 3))),
    "return_type-outside": _direct_case("check_reset_return_type", reset=_reset_outside),
    "return_type-info_list": _direct_case(
        "check_reset_return_type", reset=_reset_returning((_OBS, ["key"]))
    ),
    "return_type-none": _direct_case("check_reset_return_type", reset=_reset_returning(None)),
    "step_determinism-obs": _direct_case("check_step_determinism", step=_float_obs_step),
    "step_determinism-reward": _direct_case("check_step_determinism", step=_random_step),
    "step_determinism-info": _direct_case("check_step_determinism", step=_random_info_step),
    "step_determinism-old_api": _direct_case("check_step_determinism", step=_OLD_STEP),
    "step_determinism-six": _direct_case("check_step_determinism", step=_SIX_STEP),
    "step_determinism-unseeded": _direct_case("check_step_determinism", reset=_unseeded_reset),
    "not_reused-old_api": _direct_case("check_returned_data_not_reused", step=_OLD_STEP),
    "not_reused-six": _direct_case("check_returned_data_not_reused", step=_SIX_STEP),
    "not_reused-shared_info": _direct_case(
        "check_returned_data_not_reused", step=_shared_info_step
    ),
    "seed_deprecation-list": _direct_case("check_seed_deprecation", i_seed=[]),
    "seed_deprecation-callable": _direct_case("check_seed_deprecation", i_seed=lambda s=None: []),
    "return_info": _direct_case(
        "check_reset_return_info_deprecation", reset=_reset_with_return_info
    ),
}


def _space_limit_case(make: Callable[[Any], Any], space_type: str) -> Case:
    def case(lib: types.ModuleType) -> Callable[[], object]:
        space = make(lib.spaces)
        return lambda: _checker(lib, "env_checker").check_space_limit(space, space_type)

    return case


SPACE_LIMIT_CASES: dict[str, Case] = {
    "box_inf_observation": _space_limit_case(lambda s: s.Box(-np.inf, np.inf, (2,)), "observation"),
    "box_wide_action": _space_limit_case(lambda s: s.Box(-2.0, 2.0, (2,)), "action"),
    "box_asymmetric_action": _space_limit_case(lambda s: s.Box(-1.0, 0.5, (2,)), "action"),
    "box_image_action": _space_limit_case(lambda s: s.Box(0, 255, (2, 2), np.uint8), "action"),
    "nested_inf": _space_limit_case(
        lambda s: s.Dict(a=s.Tuple([s.Box(-np.inf, 0.0, (1,))])), "observation"
    ),
    "discrete": _space_limit_case(lambda s: s.Discrete(3), "action"),
    "string": _space_limit_case(lambda s: "x", "action"),
}


def _full_check_case(register: bool = False, **overrides: Any) -> Case:
    """``check_env`` with its render and close checks, on a bare or a made environment."""

    def case(lib: types.ModuleType) -> Callable[[], object]:
        checker = _checker(lib, "env_checker")
        if not register:
            env = _env(lib, **overrides)
            return lambda: checker.check_env(env)
        env_type = type(_env(lib, **overrides))

        def run() -> None:
            lib.register("checker/Probe-v0", entry_point=env_type)
            try:
                made = lib.make("checker/Probe-v0", disable_env_checker=True)
                checker.check_env(made.unwrapped)
            finally:
                del lib.registry["checker/Probe-v0"]

        return run

    return case


def _close_once(self: Any) -> None:
    if getattr(self, "_closed_once", False):
        raise RuntimeError("closed twice")
    self._closed_once = True


FULL_CHECK_CASES: dict[str, Case] = {
    "no_spec": _full_check_case(i_render_mode="rgb_array"),
    "no_spec_undeclared_mode": _full_check_case(i_render_mode="human"),
    "made": _full_check_case(register=True),
    "made_close_twice_raises": _full_check_case(register=True, close=_close_once),
    "made_bad_frame": _full_check_case(register=True, render=lambda self: [1]),
    "made_render_raises": _full_check_case(
        register=True, render=lambda self: (_ for _ in ()).throw(RuntimeError("render"))
    ),
    "made_modes_missing": _full_check_case(register=True, metadata={"render_fps": 4}),
}


ALL_CASES = {
    **{f"full_check-{k}": v for k, v in FULL_CHECK_CASES.items()},
    **{f"direct-{k}": v for k, v in DIRECT_CASES.items()},
    **{f"space_limit-{k}": v for k, v in SPACE_LIMIT_CASES.items()},
    **{f"space-{k}": v for k, v in SPACE_CASES.items()},
    **{f"obs-{k}": v for k, v in OBS_CASES.items()},
    **{f"reset-{k}": v for k, v in RESET_CASES.items()},
    **{f"step-{k}": v for k, v in STEP_CASES.items()},
    **{f"render-{k}": v for k, v in RENDER_CASES.items()},
    **{f"check_env-{k}": v for k, v in CHECK_ENV_CASES.items()},
}


def _built_outcome(lib: types.ModuleType, case: Case) -> tuple[str, tuple[str, ...]]:
    with warnings.catch_warnings():
        # Building may warn (a Box casting its bounds); only the check's warnings count.
        warnings.simplefilter("ignore")
        thunk = case(lib)
    return _outcome(thunk)


@pytest.mark.parametrize("name", sorted(ALL_CASES))
def test_checkers__same_outcome_as_reference(name: str) -> None:
    case = ALL_CASES[name]
    assert _built_outcome(gymnasium_core, case) == _built_outcome(gymnasium, case)


def test_check_env__takes_a_gymnasium_env_through_the_bridge() -> None:
    # A deliberate difference: our checker takes a gymnasium.Env (a third-party package's env,
    # or its wrapper over ours) through the bridge and checks it as gymnasium's checker does;
    # gymnasium's checker refuses one of ours.
    ours = _outcome(lambda: _checker(gymnasium_core, "env_checker").check_env(_env(gymnasium)))
    theirs = _outcome(lambda: _checker(gymnasium, "env_checker").check_env(_env(gymnasium)))
    assert ours[0] == "ok" and ours == theirs
    refused = _outcome(lambda: _checker(gymnasium, "env_checker").check_env(_env(gymnasium_core)))
    assert refused[0] == "TypeError"


@pytest.mark.parametrize("name", ["check_observation_space", "check_action_space"])
def test_check_space_functions__take_the_reference_parameters(name: str) -> None:
    import inspect

    def shape(lib: types.ModuleType) -> list[tuple[str, Any, bool]]:
        parameters = inspect.signature(getattr(_checker(lib), name)).parameters.values()
        return [(p.name, p.kind, p.default is inspect.Parameter.empty) for p in parameters]

    assert shape(gymnasium_core) == shape(gymnasium)
    for lib in LIBS.values():
        seen: list[Any] = []
        space = lib.spaces.Tuple([lib.spaces.Box(0.0, 1.0, (2,)), lib.spaces.Discrete(2)])
        getattr(_checker(lib), name)(space=space, space_type="goal", check_box_space_fn=seen.append)
        assert seen == [space[0]]
        with pytest.raises(AssertionError, match="goal"):
            getattr(_checker(lib), name)(lib.spaces.Tuple([]), space_type="goal")


# The situations of Gymnasium's own checker tests --------------------------------------------------
#
# One case per parametrised row (and per sub-case of the unparametrised tests) of Gymnasium's
# tests/utils/test_passive_env_checker.py and tests/utils/test_env_checker.py, including rows that
# earlier releases had, built here with our own subject environment. Besides the outcome, each
# case names the check that must fire: a pattern found in the raised error or in a warning, in
# each library's own words, so that both libraries fail for the same reason.


class _Unset:
    """Marks a subject attribute that is left unset."""


_UNSET = _Unset()


def _subject(
    lib: types.ModuleType,
    *,
    observation_space: Any = None,
    action_space: Any = None,
    metadata: Any = None,
    render_mode: str | None = None,
    with_spec: bool = True,
    **methods: Any,
) -> Any:
    """A correct environment with one-dimensional unit boxes, no render modes and a spec.

    Args:
        lib: The library whose classes build the environment.
        observation_space: ``spaces -> space``; ``_UNSET`` leaves the attribute unset.
        action_space: As ``observation_space``.
        metadata: The instance's metadata, if not ``{"render_modes": []}``.
        render_mode: The instance's render mode.
        with_spec: Whether the class carries a spec (whose entry point is the class).
        **methods: ``reset``, ``step``, ``render``, ``seed`` replacements.
    """

    def space_of(choice: Any) -> Any:
        if choice is None:
            return lib.spaces.Box(0.0, 1.0, (1,), np.float32)
        return choice if choice is _UNSET else choice(lib.spaces)

    class Subject(lib.Env):  # type: ignore[misc, name-defined]
        def __init__(self, render_mode: str | None = None) -> None:
            self.metadata = {"render_modes": []} if metadata is None else metadata
            self.render_mode = render_mode
            for name, choice in (("observation", observation_space), ("action", action_space)):
                space = space_of(choice)
                if space is not _UNSET:
                    setattr(self, f"{name}_space", space)

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
            super().reset(seed=seed)
            # Every draw follows from the environment's generator, so seeded resets repeat.
            self.observation_space.seed(int(self.np_random.integers(2**31)))
            return self.observation_space.sample(), {}

        def step(self, action: Any) -> Any:
            return self.observation_space.sample(), 0.0, False, False, {}

        def render(self) -> Any:
            return None

    for name, method in methods.items():
        setattr(Subject, name, method)
    if with_spec:
        registration = importlib.import_module(f"{lib.__name__}.envs.registration")
        Subject.spec = registration.EnvSpec(
            "checker/Subject-v0", entry_point=Subject, max_episode_steps=100
        )
    return Subject(render_mode=render_mode)


class _Report:
    """What one checker call did: the error it raised and the warnings it emitted."""

    def __init__(self, thunk: Callable[[], object]) -> None:
        self.error: BaseException | None = None
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                thunk()
            except Exception as exc:
                self.error = exc
        self.warnings = [(_kind(w.category), str(w.message)) for w in caught]

    @property
    def outcome(self) -> tuple[str, tuple[str, ...]]:
        """The exception type name (or ``"ok"``) and the kind of each warning emitted."""
        raised = "ok" if self.error is None else type(self.error).__name__
        return raised, tuple(sorted(kind for kind, _ in self.warnings))

    def mentions(self, pattern: str) -> bool:
        """Whether the error (if raised) or else a warning matches ``pattern``."""
        if self.error is not None:
            return re.search(pattern, str(self.error)) is not None
        return any(re.search(pattern, message) for _, message in self.warnings)


def _kind(category: type[Warning]) -> str:
    # Our warnings have their own UserWarning subclass; the kind compared is the base class.
    bases = (DeprecationWarning, UserWarning, Warning)
    return next(base.__name__ for base in bases if issubclass(category, base))


@dataclass(frozen=True)
class SuiteCase:
    """A case with the check expected to fire, as a pattern for each library's message.

    ``ours`` and ``reference`` are regular expressions (``reference`` defaults to ``ours``);
    ``None`` expects the check to pass.
    """

    build: Case
    ours: str | None
    reference: str | None = None

    @property
    def reference_pattern(self) -> str | None:
        return self.ours if self.reference is None else self.reference


def _on_space(check: str, make: Callable[[Any], Any], built_in_check: bool = False) -> Case:
    """``check`` on the space ``make`` builds; inside the checked call if ``built_in_check``."""

    def case(lib: types.ModuleType) -> Callable[[], object]:
        function = getattr(_checker(lib), check)
        if built_in_check:
            return lambda: function(make(lib.spaces))
        space = make(lib.spaces)
        return lambda: function(space)

    return case


_SUITE_SPACES: dict[str, tuple[Callable[[Any], Any], str | None, str | None]] = {
    # name: (space, our pattern, the reference's pattern)
    "not_a_space": (lambda s: "error", "inherit", None),
    "box_equal_bounds": (
        lambda s: s.Box(np.zeros(5, np.float32), np.zeros(5, np.float32)),
        "low and high bounds are equal",
        "maximum and minimum values are equal",
    ),
    "box_low_shape": (
        lambda s: _set(s.Box(np.zeros(2, np.float32), np.ones(2, np.float32)), low=np.zeros(3)),
        r"low has shape \(3,\)",
        r"low shape: \(3,\)",
    ),
    "box_high_shape": (
        lambda s: _set(s.Box(np.zeros(2, np.float32), np.ones(2, np.float32)), high=np.ones(3)),
        r"high has shape \(3,\)",
        r"high shape: \(3,\)",
    ),
    "discrete_n_negative": (lambda s: _set(s.Discrete(5), n=-1), "n > 0", "must be positive"),
    "multi_discrete_nvec_negative": (
        lambda s: _set(s.MultiDiscrete([2, 2]), nvec=np.array([2, -1])),
        "every nvec entry",
        "all nvec elements",
    ),
    "multi_discrete_shape_3d": (
        lambda s: _set(s.MultiDiscrete([2, 2]), _shape=(2, 1, 2)),
        "differs from its nvec shape",
        "equal to the nvec shape",
    ),
    "multi_discrete_shape_negative": (
        lambda s: _set(s.MultiDiscrete([2, 2]), _shape=(2, -1)),
        "differs from its nvec shape",
        "equal to the nvec shape",
    ),
    "multi_binary_shape_negative": (
        lambda s: _set(s.MultiBinary((2, 2)), _shape=(2, -1)),
        "every dimension > 0",
        "all shape elements",
    ),
    "tuple_empty": (lambda s: s.Tuple([]), "Tuple .*needs at least one subspace", "empty Tuple"),
    "dict_empty": (lambda s: s.Dict(), "Dict .*needs at least one subspace", "empty Dict"),
    # Rows of earlier releases: image-like boxes no longer warn.
    "box_image_int32": (
        lambda s: s.Box(np.zeros((5, 5, 1)), 255 * np.ones((5, 5, 1)), dtype=np.int32),
        None,
        None,
    ),
    "box_image_uint8_from_one": (
        lambda s: s.Box(np.ones((2, 2, 1)), 255 * np.ones((2, 2, 1)), dtype=np.uint8),
        None,
        None,
    ),
    "box_image_uint8_unit": (
        lambda s: s.Box(np.zeros((5, 5, 1)), np.ones((5, 5, 1)), dtype=np.uint8),
        None,
        None,
    ),
    "box_matrix": (lambda s: s.Box(np.zeros((5, 5)), np.ones((5, 5))), None, None),
}

SUITE_CASES: dict[str, SuiteCase] = {}
for _check in ("check_observation_space", "check_action_space"):
    for _name, (_make, _ours, _reference) in _SUITE_SPACES.items():
        SUITE_CASES[f"passive-{_check}-{_name}"] = SuiteCase(
            _on_space(_check, _make), _ours, _reference
        )
    # An earlier release's row: a box whose low lies above its high cannot even be built now.
    SUITE_CASES[f"passive-{_check}-box_low_above_high"] = SuiteCase(
        _on_space(_check, lambda s: s.Box(np.ones(5), np.zeros(5)), built_in_check=True),
        "less than or equal",
    )


def _suite_obs(
    obs: Any, space: Callable[[Any], Any], ours: str, reference: str | None = None
) -> SuiteCase:
    return SuiteCase(_obs_case(lambda: obs, space), ours, reference)


_TWO_DISCRETE = lambda s: s.Tuple([s.Discrete(1), s.Discrete(2)])  # noqa: E731
_AB_DICT = lambda s: s.Dict(a=s.Discrete(1), b=s.Discrete(2))  # noqa: E731
SUITE_CASES |= {
    "passive-check_obs-discrete_outside": _suite_obs(
        3, lambda s: s.Discrete(2), "outside the observation space", "not within the"
    ),
    "passive-check_obs-discrete_uint8": _suite_obs(
        np.uint8(0), lambda s: s.Discrete(1), "should be an int or np.int64"
    ),
    "passive-check_obs-tuple_as_list": _suite_obs(
        [0, 1], _TWO_DISCRETE, "is not a tuple", "expecting a tuple"
    ),
    "passive-check_obs-tuple_too_long": _suite_obs(
        (1, 2, 3), _TWO_DISCRETE, "has 3 elements", "obs length: 3"
    ),
    "passive-check_obs-dict_as_set": _suite_obs(
        {1, 2, 3}, _AB_DICT, "is not a dict", "must be a dict"
    ),
    "passive-check_obs-dict_other_keys": _suite_obs({"a": 1, "c": 2}, _AB_DICT, r"\['a', 'c'\]"),
}


def _on_subject(
    function: str, *args: Any, module: str = "passive_env_checker", **subject: Any
) -> Case:
    """``function(subject, *args)`` from ``module``, on a :func:`_subject` environment."""

    def case(lib: types.ModuleType) -> Callable[[], object]:
        env = _subject(lib, **subject)
        return lambda: getattr(_checker(lib, module), function)(env, *args)

    return case


def _subject_sample(self: Any) -> Any:
    return self.observation_space.sample()


def _reset_without_seed(self: Any, options: Any = None) -> Any:
    return _subject_sample(self), {}


def _reset_seed_not_none(self: Any, seed: Any = "error", options: Any = None) -> Any:
    return _subject_sample(self), {}


def _reset_without_options(self: Any, seed: Any = None) -> Any:
    return _subject_sample(self), {}


def _returning(result: Any) -> Callable[..., Any]:
    def reset(self: Any, seed: Any = None, options: Any = None) -> Any:
        return result

    return reset


def _resetting(reset: Callable[..., Any], ours: str, reference: str | None = None) -> SuiteCase:
    return SuiteCase(_on_subject("env_reset_passive_checker", reset=reset), ours, reference)


SUITE_CASES |= {
    "passive-reset-no_seed": _resetting(_reset_without_seed, "`seed`"),
    "passive-reset-seed_default_not_none": _resetting(
        _reset_seed_not_none, "should default to `None`", "default seed"
    ),
    "passive-reset-no_options": _resetting(_reset_without_options, "`options`"),
    "passive-reset-list_result": _resetting(
        _returning([0, {}]), "should return the tuple", "was not a tuple"
    ),
    "passive-reset-info_set": _resetting(
        _returning((np.zeros(1, np.float32), {1, 2})), "info that is not a dict", "not a dictionary"
    ),
}


def _stepping(result: Callable[[Any], Any], ours: str, reference: str | None = None) -> SuiteCase:
    build = _on_subject("env_step_passive_checker", 0, step=lambda self, action: result(self))
    return SuiteCase(build, ours, reference)


SUITE_CASES |= {
    "passive-step-string": _stepping(lambda self: "error", "tuple"),
    "passive-step-done_string": _stepping(
        lambda self: (_subject_sample(self), 0, "error", {}), "`done` flag", "`done` signal"
    ),
    "passive-step-terminated_string": _stepping(
        lambda self: (_subject_sample(self), 0, "error", False, {}),
        "`terminated` flag",
        "`terminated` signal",
    ),
    "passive-step-truncated_string": _stepping(
        lambda self: (_subject_sample(self), 0, False, "error", {}),
        "`truncated` flag",
        "`truncated` signal",
    ),
    "passive-step-three_values": _stepping(
        lambda self: (1, 2, 3), "returned 3 values", "four or five element"
    ),
    "passive-step-reward_string": _stepping(
        lambda self: (_subject_sample(self), "error", False, False, {}),
        "reward that is not a number",
        "must be a float, int",
    ),
    "passive-step-reward_nan": _stepping(
        lambda self: (_subject_sample(self), np.nan, False, False, {}), "NaN"
    ),
    "passive-step-reward_inf": _stepping(
        lambda self: (_subject_sample(self), np.inf, False, False, {}), "inf"
    ),
    "passive-step-info_string": _stepping(
        lambda self: (_subject_sample(self), 0, False, False, "error"),
        "info as a dict",
        "`info`.*dictionary",
    ),
}


def _rendering(
    metadata: dict[str, Any],
    ours: str,
    reference: str | None = None,
    render_mode: str | None = None,
    frame: Any = None,
) -> SuiteCase:
    build = _on_subject(
        "env_render_passive_checker",
        metadata=metadata,
        render_mode=render_mode,
        render=lambda self: frame,
    )
    return SuiteCase(build, ours, reference)


SUITE_CASES |= {
    "passive-render-modes_none": _rendering(
        {"render_modes": None}, "declares no render modes", "No render modes"
    ),
    "passive-render-modes_string": _rendering(
        {"render_modes": "Testing mode", "render_fps": 1}, "list or tuple", "to be a sequence"
    ),
    "passive-render-modes_string_no_fps": _rendering(
        {"render_modes": "Testing mode"}, "list or tuple", "to be a sequence"
    ),
    "passive-render-modes_not_strings": _rendering(
        {"render_modes": ["Testing mode", 1], "render_fps": 1},
        "should hold only strings",
        "all render modes to be strings",
    ),
    "passive-render-fps_none": _rendering(
        {"render_modes": ["Testing mode"], "render_fps": None},
        "declares no frame rate",
        "No render fps",
        render_mode="Testing mode",
        frame=0,
    ),
    "passive-render-fps_string": _rendering(
        {"render_modes": ["Testing mode"], "render_fps": "fps"},
        "an int or a float",
        "integer or a float",
    ),
    "passive-render-mode_without_modes": _rendering(
        {"render_modes": [], "render_fps": 30},
        "is empty, so `render_mode` should be None",
        "With no render_modes",
        render_mode="Test",
    ),
    "passive-render-mode_undeclared": _rendering(
        {"render_modes": ["Testing mode"], "render_fps": 30},
        "does not declare",
        "unsupported render mode",
        render_mode="Non mode",
    ),
}


# env_checker: the environments that pass, the reset seeding, reset results, step determinism.


def _made_unwrapped(env_id: str) -> Case:
    def case(lib: types.ModuleType) -> Callable[[], object]:
        env = lib.make(env_id, disable_env_checker=True).unwrapped
        return lambda: _checker(lib, "env_checker").check_env(env)

    return case


def _active(
    function: str, ours: str | None, reference: str | None = None, **subject: Any
) -> SuiteCase:
    return SuiteCase(_on_subject(function, module="env_checker", **subject), ours, reference)


_UNIT_PAIR = lambda s: s.Box(np.zeros(2, np.float32), np.ones(2, np.float32))  # noqa: E731
SUITE_CASES |= {
    "env_checker-passes-CartPole-v1": SuiteCase(_made_unwrapped("CartPole-v1"), None),
    "env_checker-passes-MountainCar-v0": SuiteCase(_made_unwrapped("MountainCar-v0"), None),
    "env_checker-passes-dict_observation": _active(
        "check_env", None, observation_space=lambda s: s.Dict(a=s.Discrete(10), b=_UNIT_PAIR(s))
    ),
    "env_checker-passes-tuple_observation": _active(
        "check_env", None, observation_space=lambda s: s.Tuple([s.Discrete(10), _UNIT_PAIR(s)])
    ),
    "env_checker-passes-nested_observation": _active(
        "check_env",
        None,
        observation_space=lambda s: s.Dict(
            a=s.Tuple([s.Discrete(10), _UNIT_PAIR(s)]), b=_UNIT_PAIR(s)
        ),
    ),
}


def _reset_takes_nothing(self: Any) -> Any:
    return _subject_sample(self), {}


def _reset_seed_unused(self: Any, seed: Any, *args: Any) -> Any:
    return _subject_sample(self), {}


def _reset_draws_without_seeding(self: Any, seed: Any = None, options: Any = None) -> Any:
    self.np_random.random()  # the generator advances, but a seed never resets it
    return np.full(1, 0.5, np.float32), {}


def _reset_seed_fixed(self: Any, seed: Any = None, options: Any = None) -> Any:
    super(type(self), self).reset(seed=1)
    return self.np_random.random(1).astype(np.float32), {}


def _reset_seed_23(self: Any, seed: Any = 23, options: Any = None) -> Any:
    super(type(self), self).reset(seed=seed)
    return self.np_random.random(1).astype(np.float32), {}


def _seeding(reset: Callable[..., Any], ours: str, reference: str | None = None) -> SuiteCase:
    return _active("check_reset_seed_determinism", ours, reference, reset=reset)


SUITE_CASES |= {
    "env_checker-seed-no_arguments": _seeding(
        _reset_takes_nothing, "cannot be seeded", r"`seed` or `\*\*kwargs`"
    ),
    "env_checker-seed-never_seeded": _seeding(
        _reset_seed_unused, "did not create the random generator", "to have been generated"
    ),
    "env_checker-seed-same_seed_other_state": _seeding(
        _reset_draws_without_seeding, "different states", "not same when the same seeds"
    ),
    "env_checker-seed-other_seed_same_state": _seeding(
        _reset_seed_fixed, "seeds 123 and 456 gave the same", "not different when different seeds"
    ),
    "env_checker-seed-default_23": _seeding(
        _reset_seed_23, "should default to `None`", "default seed argument"
    ),
}


def _reset_returns_outside(self: Any, seed: Any = None, options: Any = None) -> Any:
    return _subject_sample(self) + self.observation_space.high, {}


def _result_type(reset: Callable[..., Any], ours: str, reference: str | None = None) -> SuiteCase:
    return _active("check_reset_return_type", ours, reference, reset=reset)


def _reset_return_info(self: Any, return_info: bool = False) -> Any:
    return (_subject_sample(self), {}) if return_info else _subject_sample(self)


def _seed_method(seed: Any) -> Any:
    return None


SUITE_CASES |= {
    "env_checker-reset_type-list": _result_type(
        lambda self, seed=None, options=None: [_subject_sample(self), {}],
        "should return the tuple",
        "was not a tuple",
    ),
    "env_checker-reset_type-three_values": _result_type(
        _returning((1, 2, 3)), "must return 2 values", "2-tuple"
    ),
    "env_checker-reset_type-outside": _result_type(
        _reset_returns_outside, "observation outside the observation space", "not within"
    ),
    "env_checker-reset_type-info_list": _result_type(
        lambda self, seed=None, options=None: (_subject_sample(self), ["key", "value"]),
        "info that is not a dict",
        "not a dictionary",
    ),
    "env_checker-return_info": _active(
        "check_reset_return_info_deprecation", "`return_info`", reset=_reset_return_info
    ),
    "env_checker-seed_method-callable": SuiteCase(
        lambda lib: _seed_deprecation(lib, _seed_method), "`seed` method", "`seed` function"
    ),
    "env_checker-seed_method-list": SuiteCase(lambda lib: _seed_deprecation(lib, []), None),
    "env_checker-seed_method-int": SuiteCase(lambda lib: _seed_deprecation(lib, 123), None),
    "env_checker-seed_method-absent": SuiteCase(lambda lib: _seed_deprecation(lib, _UNSET), None),
    "env_checker-options-no_arguments": _active(
        "check_reset_options", "`options`", reset=lambda self: (0, {})
    ),
}


def _seed_deprecation(lib: types.ModuleType, seed: Any) -> Callable[[], object]:
    """``check_seed_deprecation`` on a subject whose instance ``seed`` is ``seed``."""
    env = _subject(lib)
    if seed is not _UNSET:
        env.seed = seed
    return lambda: _checker(lib, "env_checker").check_seed_deprecation(env)


def _determinism(step: Callable[..., Any], ours: str, reference: str | None = None) -> SuiteCase:
    return _active("check_step_determinism", ours, reference, step=step)


SUITE_CASES |= {
    "env_checker-step-observation_random": _determinism(
        lambda self, action: (np.random.default_rng().normal(), 0, False, False, {}),
        "returned different observations",
        "step observations",
    ),
    "env_checker-step-reward_random": _determinism(
        lambda self, action: (0, np.random.default_rng().normal(), False, False, {}),
        "returned different rewards",
        "step rewards",
    ),
    "env_checker-step-info_random": _determinism(
        lambda self, action: (0, 0, False, False, {"value": np.random.default_rng().normal()}),
        "returned different info",
        "step info",
    ),
    "env_checker-check_env-not_an_env": SuiteCase(
        lambda lib: lambda: _checker(lib, "env_checker").check_env("Error"), "must inherit from"
    ),
    "env_checker-check_env-no_action_space": _active(
        "check_env", "no `action_space`", "action space", action_space=_UNSET
    ),
    "env_checker-check_env-no_observation_space": _active(
        "check_env", "no `observation_space`", "observation space", observation_space=_UNSET
    ),
}


# Gymnasium's tests of the PassiveEnvChecker wrapper, which runs the passive checks: the spaces
# when it is built, then the first reset, step and render.


def _through_wrapper(call: Callable[[Any], object] | None = None, **subject: Any) -> Case:
    def case(lib: types.ModuleType) -> Callable[[], object]:
        env = _subject(lib, **subject)

        def run() -> None:
            checked = lib.wrappers.PassiveEnvChecker(env)
            if call is not None:
                call(checked)

        return run

    return case


def _reset_below_unit_box(self: Any, seed: Any = None, options: Any = None) -> Any:
    return np.array([-1.0], np.float32), {}


SUITE_CASES |= {
    "wrapper-no_action_space": SuiteCase(
        _through_wrapper(action_space=_UNSET), "action_space", "action space"
    ),
    "wrapper-action_space_string": SuiteCase(
        _through_wrapper(action_space=lambda s: "error"), "action space must inherit", "inherit"
    ),
    "wrapper-no_observation_space": SuiteCase(
        _through_wrapper(observation_space=_UNSET), "observation_space", "observation space"
    ),
    "wrapper-observation_space_string": SuiteCase(
        _through_wrapper(observation_space=lambda s: "error"),
        "observation space must inherit",
        "inherit",
    ),
    "wrapper-first_reset_outside": SuiteCase(
        _through_wrapper(lambda env: env.reset(), reset=_reset_below_unit_box),
        "outside the observation space",
        "not within the observation space",
    ),
    "wrapper-first_step_string": SuiteCase(
        _through_wrapper(
            lambda env: (env.reset(), env.step(env.action_space.sample())),
            step=lambda self, action: "error",
        ),
        "must return a tuple",
        "to be a tuple",
    ),
    "wrapper-first_render_modes_string": SuiteCase(
        _through_wrapper(lambda env: env.render(), metadata={"render_modes": "error"}),
        "list or tuple",
        "to be a sequence",
    ),
}


# Gymnasium's tests with the `gym` package: environments and spaces written for it. The package
# is not installed; stand-ins carry the qualified names of its base classes, which is all the
# checkers look at.


def _gym_class(module: str, name: str) -> type:
    return type(name, (), {"__module__": module, "__qualname__": name})


_GYM_ENV = _gym_class("gym.core", "Env")
_GYM_SPACE = _gym_class("gym.spaces.space", "Space")


class _GymDiscrete(_GYM_SPACE):  # type: ignore[misc, valid-type]
    def __init__(self, n: int) -> None:
        self.n = n


class _GymEnv(_GYM_ENV):  # type: ignore[misc, valid-type]
    def __init__(self) -> None:
        self.action_space = _GymDiscrete(2)
        self.observation_space = _GymDiscrete(2)


class _NoClassEnv:
    def __init__(self) -> None:
        self.action_space = _GymDiscrete(2)
        self.observation_space = _GymDiscrete(2)


def _with_gym_space(lib: types.ModuleType, gym_side: str) -> Any:
    """A ``lib`` environment whose ``gym_side`` space comes from the `gym` package."""

    class Half(lib.Env):  # type: ignore[misc, name-defined]
        def __init__(self) -> None:
            self.action_space = lib.spaces.Discrete(2)
            self.observation_space = lib.spaces.Discrete(2)
            setattr(self, f"{gym_side}_space", _GymDiscrete(2))

    return Half


_GYM_SUBJECTS: dict[str, Callable[[types.ModuleType], Any]] = {
    "not_an_env": lambda lib: _NoClassEnv,
    "gym_env": lambda lib: _GymEnv,
    "gym_observation_space": lambda lib: _with_gym_space(lib, "observation"),
    "gym_action_space": lambda lib: _with_gym_space(lib, "action"),
}
_GYM_PATTERNS = {
    "not_an_env": ("must inherit from", None),
    "gym_env": ("`gym` package", "Gym is incompatible"),
    "gym_observation_space": ("observation_space is a space of the `gym`", "Gym is incompatible"),
    "gym_action_space": ("action_space is a space of the `gym`", "Gym is incompatible"),
}


def _checked_gym_subject(subject: Callable[[types.ModuleType], Any]) -> Case:
    def case(lib: types.ModuleType) -> Callable[[], object]:
        env = subject(lib)()
        return lambda: _checker(lib, "env_checker").check_env(env)

    return case


def _made_gym_subject(subject: Callable[[types.ModuleType], Any]) -> Case:
    def case(lib: types.ModuleType) -> Callable[[], object]:
        def run() -> None:
            lib.register("checker/GymSubject-v0", entry_point=subject(lib))
            try:
                lib.make("checker/GymSubject-v0")
            finally:
                del lib.registry["checker/GymSubject-v0"]

        return run

    return case


class _GymWrapper(_gym_class("gym.core", "Wrapper")):  # type: ignore[misc]
    def __init__(self) -> None:
        self.action_space = _GymDiscrete(2)
        self.observation_space = _GymDiscrete(2)


SUITE_CASES["with_gym-check_env-gym_wrapper"] = SuiteCase(
    _checked_gym_subject(lambda lib: _GymWrapper), "`gym` package", "Gym is incompatible"
)
for _name, _subject_class in _GYM_SUBJECTS.items():
    _ours, _reference = _GYM_PATTERNS[_name]
    SUITE_CASES[f"with_gym-check_env-{_name}"] = SuiteCase(
        _checked_gym_subject(_subject_class), _ours, _reference
    )
    SUITE_CASES[f"with_gym-make-{_name}"] = SuiteCase(
        _made_gym_subject(_subject_class), _ours, _reference
    )


# Situations next to those of Gymnasium's tests, where our checker used to differ from its.


def _reset_catch_all_kw(self: Any, **kw: Any) -> Any:
    super(type(self), self).reset(seed=kw.get("seed"))
    return self.np_random.random(1).astype(np.float32), {}


def _reset_seed_and_catch_all_kw(self: Any, seed: Any = None, **kw: Any) -> Any:
    super(type(self), self).reset(seed=seed)
    return self.np_random.random(1).astype(np.float32), {}


def _reset_into_one_buffer(self: Any, seed: Any = None, options: Any = None) -> Any:
    super(type(self), self).reset(seed=seed)
    buffer = self.__dict__.setdefault("_buffer", np.zeros(1, np.float32))
    buffer[:] = self.np_random.random(1)
    return buffer, {}


def _reset_three_values(self: Any, seed: Any = None, options: Any = None) -> Any:
    super(type(self), self).reset(seed=seed)
    return _subject_sample(self), {}, 1


def _count_call(env: Any) -> int:
    env._calls = getattr(env, "_calls", 0) + 1
    return int(env._calls)


def _step_info_and_terminated_differ(self: Any, action: Any) -> Any:
    call = _count_call(self)
    return np.zeros(1, np.float32), 0.0, call == 1, False, {"call": call}


def _step_info_differs_and_truncates(self: Any, action: Any) -> Any:
    return np.zeros(1, np.float32), 0.0, False, True, {"call": _count_call(self)}


def _step_into_one_info(self: Any, action: Any) -> Any:
    info = self.__dict__.setdefault("_info", {})
    info["call"] = _count_call(self)
    return np.zeros(1, np.float32), 0.0, False, False, info


MORE_CASES: dict[str, SuiteCase] = {
    "seed-catch_all_not_named_kwargs": _seeding(
        _reset_catch_all_kw, "cannot be seeded", r"`seed` or `\*\*kwargs`"
    ),
    "seed-reset_reuses_its_buffer": _seeding(
        _reset_into_one_buffer, "not deterministic", "non-deterministic"
    ),
    "options-catch_all_not_named_kwargs": _active(
        "check_reset_options", "`options`", reset=_reset_catch_all_kw
    ),
    "options-seed_and_catch_all_not_named_kwargs": _active(
        "check_reset_options", "`options`", reset=_reset_seed_and_catch_all_kw
    ),
    "check_env-catch_all_not_named_kwargs": _active(
        "check_env", "cannot be seeded", r"`seed` or `\*\*kwargs`", reset=_reset_catch_all_kw
    ),
    "step-terminated_checked_before_info": _determinism(
        _step_info_and_terminated_differ, "different `terminated` flags", "termination are not"
    ),
    "step-truncated_checked_before_info": _determinism(
        _step_info_differs_and_truncates, "truncated after a single step", "truncates after 1"
    ),
    "step-info_reused_between_steps": _determinism(_step_into_one_info, None),
    "not_reused-reset_three_values": _active(
        "check_returned_data_not_reused", "too many values", reset=_reset_three_values
    ),
}


# Known differences outside the checkers, kept visible.
_SUITE_XFAILS: dict[str, str] = {}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=_SUITE_XFAILS[name]))
        if name in _SUITE_XFAILS
        else name
        for name in [*sorted(SUITE_CASES), *sorted(f"more-{k}" for k in MORE_CASES)]
    ],
)
def test_checkers__reference_suite_situations(name: str) -> None:
    suite = (
        MORE_CASES[name.removeprefix("more-")] if name.startswith("more-") else SUITE_CASES[name]
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # building may warn (a Box casting its bounds)
        thunks = {lib: suite.build(lib) for lib in (gymnasium_core, gymnasium)}
    ours, reference = (_Report(thunks[lib]) for lib in (gymnasium_core, gymnasium))
    assert ours.outcome == reference.outcome, (ours.error, ours.warnings, reference.warnings)
    if suite.ours is None:
        assert reference.error is None and ours.error is None
        return
    pattern = suite.reference_pattern
    assert pattern is not None and reference.mentions(pattern), (
        reference.error,
        reference.warnings,
    )
    assert ours.mentions(suite.ours), (ours.error, ours.warnings)
