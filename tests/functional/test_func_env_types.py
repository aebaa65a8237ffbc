"""The types of the public functional API resolve to what they say (mypy checks the uses)."""

from __future__ import annotations

import typing

import numpy as np
import pytest

jax = pytest.importorskip("jax")

from numpy.typing import NDArray  # noqa: E402

from gymnasium_core.functional import func_env, random  # noqa: E402
from gymnasium_core.functional.func_env import FuncEnv  # noqa: E402

FUNCTIONS = ("initial", "transition", "observation", "reward", "terminal")
# The modules holding the classic-control definitions, each the task's public module; the
# continuous MountainCar's builds on the state of the discrete one.
CLASSIC_STATES = ["acrobot", "cartpole", "mountain_car", "pendulum"]
CLASSIC_TASKS = [*CLASSIC_STATES, "continuous_mountain_car"]


def _resolve(alias: str, namespace: dict[str, object]) -> object:
    """Evaluate a string type alias as a type checker would read it."""
    return eval(alias, {**vars(func_env), **namespace})


def test_func_env__rng_is_a_generator_a_batched_generator_or_a_jax_key() -> None:
    for name in FUNCTIONS:
        assert getattr(FuncEnv, name).__annotations__["rng"] == "RNG", name
    assert func_env.RNG is random.RNG
    rng = eval(random.RNG, {**vars(random), "jax": jax})
    assert set(typing.get_args(rng)) == {np.random.Generator, random.BatchedRng, jax.Array}


def test_random__draws_take_an_rng() -> None:
    for draw in (random.uniform, random.normal, random.integers, random.choice, random.bernoulli):
        assert draw.__annotations__["rng"] == "RNG", draw.__name__
    assert random.split.__annotations__ == {"rng": "RNG", "num": "int", "return": "list[RNG]"}


def test_func_env__frames_are_uint8_arrays() -> None:
    frame = _resolve(func_env.RGBFrame, {"NDArray": NDArray})
    assert frame == NDArray[np.uint8]
    assert "RGBFrame" in FuncEnv.render_image.__annotations__["return"]


def test_func_env__copies_keep_their_class_in_their_type() -> None:
    assert FuncEnv.with_xp.__annotations__["return"] == "Self"
    assert FuncEnv.transformed.__annotations__["return"] == "Self"


@pytest.mark.parametrize("task", CLASSIC_STATES)
def test_classic_control_state__fields_are_real_numbers(task: str) -> None:
    import importlib

    module = importlib.import_module(f"gymnasium_core.envs.classic_control.{task}")
    (state_type,) = (
        v for k, v in vars(module).items() if k.endswith("State") and hasattr(v, "_fields")
    )
    # NamedTuple keeps each field's annotation as a forward reference.
    names = {getattr(a, "__forward_arg__", a) for a in state_type.__annotations__.values()}
    assert names == {"Real"}
    real = _resolve(module.Real, {"jax": jax, "NDArray": NDArray, "Any": typing.Any})
    assert float in typing.get_args(real) and jax.Array in typing.get_args(real)


@pytest.mark.parametrize("task", CLASSIC_TASKS)
def test_classic_control_functions__rng_is_an_rng(task: str) -> None:
    import importlib

    module = importlib.import_module(f"gymnasium_core.envs.classic_control.{task}")
    classes = [v for v in vars(module).values() if isinstance(v, type) and issubclass(v, FuncEnv)]
    assert classes
    for cls in classes:
        for name in FUNCTIONS:
            annotation = vars(cls)[name].__annotations__["rng"] if name in vars(cls) else "RNG"
            assert annotation == "RNG", f"{cls.__name__}.{name}"


def _any_parameters(function: typing.Any) -> list[str]:
    return [k for k, v in function.__annotations__.items() if k != "return" and v == "Any"]


def test_array_state_functional__says_what_it_takes_and_gives() -> None:
    from gymnasium_core.envs.phys2d._jax import ArrayStateFunctional

    for name in (*FUNCTIONS[1:], "to_record", "to_array", "record_extras", "render_image"):
        method = vars(ArrayStateFunctional)[name]
        assert _any_parameters(method) == [], name
        assert method.__annotations__["return"] != "Any", name
    assert ArrayStateFunctional.__annotations__["record_type"] != "Any"


def test_jax_vector_env__helpers_say_what_they_take() -> None:
    from gymnasium_core.functional import jax_vector_env as module

    helpers = (
        module.make_mesh,
        module.device_list,
        module.without_placement,
        module.batch_sharding,
        module.canonical_dtype,
        module.dispatch_leaf,
        module.dispatch_params,
        module.fit_leaf,
    )
    for helper in helpers:
        assert _any_parameters(helper) == [], helper.__name__
        assert helper.__annotations__["return"] != "Any", helper.__name__
    init = module.FunctionalJaxVectorEnv.__init__.__annotations__
    assert (init["devices"], init["mesh"]) == ("Devices | None", "Mesh | None")
