"""The types of the public functional API resolve to what they say (mypy checks the uses)."""

from __future__ import annotations

import typing

import numpy as np
import pytest

jax = pytest.importorskip("jax")

from numpy.typing import NDArray  # noqa: E402

from gymnasium_core.functional import func_env  # noqa: E402
from gymnasium_core.functional.func_env import FuncEnv  # noqa: E402


def _resolve(alias: str, namespace: dict[str, object]) -> object:
    """Evaluate a string type alias as a type checker would read it."""
    return eval(alias, {**vars(func_env), **namespace})


def test_func_env__rng_is_a_numpy_generator_or_a_jax_key() -> None:
    for name in ("initial", "transition", "observation", "reward", "terminal"):
        assert getattr(FuncEnv, name).__annotations__["rng"] == "RNG", name
    rng = _resolve(func_env.RNG, {"jax": jax})
    assert set(typing.get_args(rng)) == {np.random.Generator, jax.Array}


def test_func_env__frames_are_uint8_arrays() -> None:
    frame = _resolve(func_env.RGBFrame, {"NDArray": NDArray})
    assert frame == NDArray[np.uint8]
    assert "RGBFrame" in FuncEnv.render_image.__annotations__["return"]


def test_func_env__copies_keep_their_class_in_their_type() -> None:
    assert FuncEnv.with_xp.__annotations__["return"] == "Self"
    assert FuncEnv.transformed.__annotations__["return"] == "Self"


@pytest.mark.parametrize("task", ["acrobot", "cartpole", "mountain_car", "pendulum"])
def test_classic_control_state__fields_are_real_numbers(task: str) -> None:
    import importlib

    module = importlib.import_module(f"gymnasium_core.envs.classic_control._{task}_func")
    (state_type,) = (
        v for k, v in vars(module).items() if k.endswith("State") and hasattr(v, "_fields")
    )
    # NamedTuple keeps each field's annotation as a forward reference.
    names = {getattr(a, "__forward_arg__", a) for a in state_type.__annotations__.values()}
    assert names == {"Real"}
    real = _resolve(module.Real, {"jax": jax, "NDArray": NDArray, "Any": typing.Any})
    assert float in typing.get_args(real) and jax.Array in typing.get_args(real)
