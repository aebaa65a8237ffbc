"""Every registered id passes the contract of gymnasium_core.testing.contract.

The ids come from the registry itself, never from a list written here. Functional JAX ids
compile on every new environment, so beyond make/reset/step their checks run in the slow tier.
"""

from __future__ import annotations

import pytest

import gymnasium_core as gym
from gymnasium_core._registry_make import JAX_NATIVE_NAMESPACES
from gymnasium_core.testing import contract

ALL_IDS = sorted(gym.registry)


def _ids_with_slow_jax() -> list[object]:
    return [
        pytest.param(env_id, marks=pytest.mark.slow)
        if gym.registry[env_id].namespace in JAX_NATIVE_NAMESPACES
        else env_id
        for env_id in ALL_IDS
    ]


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_contract__make_reset_step(env_id: str) -> None:
    contract.check_make_reset_step(env_id)


@pytest.mark.parametrize("env_id", _ids_with_slow_jax())
def test_contract__env_checker_passes(env_id: str) -> None:
    contract.check_checker_passes(env_id)


@pytest.mark.parametrize("seed", [0, 7])
@pytest.mark.parametrize("env_id", _ids_with_slow_jax())
def test_contract__same_seed_same_trajectory(env_id: str, seed: int) -> None:
    contract.check_determinism(env_id, seed=seed, num_steps=50)


@pytest.mark.parametrize("env_id", _ids_with_slow_jax())
def test_contract__outputs_in_spaces_without_nan(env_id: str) -> None:
    contract.check_outputs_in_spaces(env_id, num_steps=100)


@pytest.mark.parametrize("env_id", _ids_with_slow_jax())
def test_contract__render_modes_work_headless(env_id: str) -> None:
    contract.check_render_modes(env_id)


@pytest.mark.parametrize("env_id", _ids_with_slow_jax())
def test_contract__pickle_and_deepcopy_keep_state(env_id: str) -> None:
    contract.check_pickle_and_deepcopy(env_id)


@pytest.mark.parametrize("env_id", _ids_with_slow_jax())
def test_contract__close_twice(env_id: str) -> None:
    contract.check_close_twice(env_id)
