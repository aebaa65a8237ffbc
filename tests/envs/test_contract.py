"""Every registered id passes the contract of gymnasium_core.testing.contract.

The ids come from the registry itself, never from a list written here. Functional JAX ids run
the whole contract in the fast tier too: equally configured JAX envs share their compiled reset
and step (gymnasium_core.functional.persistent_cache), so each id compiles about once per process
however many environments the checks make.
"""

from __future__ import annotations

import pytest

from gymnasium_core.testing import contract
from tests._ids import id_params

ALL_IDS = id_params()


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_contract__make_reset_step(env_id: str) -> None:
    contract.check_make_reset_step(env_id)


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_contract__env_checker_passes(env_id: str) -> None:
    contract.check_checker_passes(env_id)


@pytest.mark.parametrize("seed", [0, 7])
@pytest.mark.parametrize("env_id", ALL_IDS)
def test_contract__same_seed_same_trajectory(env_id: str, seed: int) -> None:
    contract.check_determinism(env_id, seed=seed, num_steps=50)


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_contract__outputs_in_spaces_without_nan(env_id: str) -> None:
    contract.check_outputs_in_spaces(env_id, num_steps=100)


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_contract__render_modes_work_headless(env_id: str) -> None:
    contract.check_render_modes(env_id)


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_contract__pickle_and_deepcopy_keep_state(env_id: str) -> None:
    contract.check_pickle_and_deepcopy(env_id)


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_contract__close_twice(env_id: str) -> None:
    contract.check_close_twice(env_id)


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_contract__jax_envs_compile_once(env_id: str) -> None:
    contract.check_compiles_once(env_id)
