"""Bad arguments to the Sync and Async vector envs raise what the reference raises.

Each case is run on both libraries; ours must raise the reference's exception type (a caller's
``except`` written against Gymnasium keeps working) with a message of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import gymnasium
import numpy as np
import pytest

import gymnasium_core

ENV_ID = "CartPole-v1"
NUM_ENVS = 2


def _make(lib: ModuleType, mode: str, **vector_kwargs: Any) -> Any:
    return lib.make_vec(ENV_ID, NUM_ENVS, vectorization_mode=mode, vector_kwargs=vector_kwargs)


def _reset_after_one(options: dict[str, Any] | None = None, seed: Any = None) -> Callable:
    def case(lib: ModuleType, mode: str) -> None:
        env = _make(lib, mode)
        try:
            env.reset(seed=0)
            # a copy each time: the vector envs take the mask out of the dict they are given
            env.reset(seed=seed, options=None if options is None else dict(options))
        finally:
            env.close()

    return case


def _build(**vector_kwargs: Any) -> Callable:
    def case(lib: ModuleType, mode: str) -> None:
        _make(lib, mode, **vector_kwargs).close()

    return case


CASES: dict[str, Callable[[ModuleType, str], None]] = {
    "reset_mask-a-list": _reset_after_one({"reset_mask": [True, False]}),
    "reset_mask-wrong-shape": _reset_after_one({"reset_mask": np.array([True, False, True])}),
    "reset_mask-int-dtype": _reset_after_one({"reset_mask": np.array([1, 0])}),
    "reset_mask-selects-none": _reset_after_one({"reset_mask": np.array([False, False])}),
    "seed-list-too-long": _reset_after_one(seed=[1, 2, 3]),
    "observation_mode-unknown": _build(observation_mode="mixed"),
    "observation_mode-pair-of-non-spaces": _build(observation_mode=("same", "same")),
}


def _raised(case: Callable[[ModuleType, str], None], lib: ModuleType, mode: str) -> BaseException:
    with pytest.raises(Exception) as caught:
        case(lib, mode)
    return caught.value


# Forked workers after JAX ran in this test process (an earlier test) get our warning about it;
# these envs never touch JAX.
@pytest.mark.filterwarnings("ignore:.*forks its workers from a process where JAX is running")
@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("name", list(CASES))
def test_vector_bad_input__raises_the_reference_exception_type(name: str, mode: str) -> None:
    reference = _raised(CASES[name], gymnasium, mode)
    ours = _raised(CASES[name], gymnasium_core, mode)
    assert type(ours) is type(reference), (type(ours), type(reference), ours, reference)
    assert str(ours) and "gymnasium." not in str(ours)
