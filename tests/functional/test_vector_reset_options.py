"""``reset(options=...)`` of the JAX vector env sets params, per sub-env or broadcast."""

from __future__ import annotations

import numpy as np
import pytest
from functional_test_envs import Walk, WalkParams

jax = pytest.importorskip("jax")

from gymnasium_core.functional import FunctionalJaxVectorEnv  # noqa: E402
from gymnasium_core.logger import GymnasiumCoreWarning  # noqa: E402
from gymnasium_core.testing.contract import compilations  # noqa: E402
from gymnasium_core.vector.vector_env import AutoresetMode  # noqa: E402

N = 3
ACTIONS = np.array([1, 0, 1], dtype=np.int64)


def _rollout(env: FunctionalJaxVectorEnv, first_obs: object, steps: int = 6) -> np.ndarray:
    observations = [np.asarray(first_obs)]
    for _ in range(steps):
        observations.append(np.asarray(env.step(ACTIONS)[0]))
    return np.stack(observations)


def _compiled_programs(compiled: list[str]) -> list[str]:
    return [name for name in compiled if name.endswith("_fn")]


def test_reset_options__a_shared_value_is_broadcast_as_if_built_with_it() -> None:
    changed = FunctionalJaxVectorEnv(Walk(), N)
    built = FunctionalJaxVectorEnv(Walk(), N, params=WalkParams(push=3.0, dt=0.2))
    got = _rollout(changed, changed.reset(seed=5, options={"push": 3.0, "dt": 0.2})[0])
    expected = _rollout(built, built.reset(seed=5)[0])
    np.testing.assert_array_equal(got, expected)
    assert changed.params == WalkParams(push=3.0, dt=0.2)
    again = _rollout(changed, changed.reset(seed=5)[0])  # kept by later resets
    np.testing.assert_array_equal(again, expected)


def test_reset_options__per_env_values_as_if_built_with_them() -> None:
    pushes = np.array([0.5, 1.0, 2.0], dtype=np.float32)
    changed = FunctionalJaxVectorEnv(Walk(), N)
    built = FunctionalJaxVectorEnv(Walk(), N, params=WalkParams(push=pushes))  # type: ignore[arg-type]
    got = _rollout(changed, changed.reset(seed=1, options={"push": pushes.tolist()})[0])
    expected = _rollout(built, built.reset(seed=1)[0])
    np.testing.assert_array_equal(got, expected)
    np.testing.assert_array_equal(np.asarray(changed.params.push), pushes)


def test_reset_options__whole_params() -> None:
    env = FunctionalJaxVectorEnv(Walk(), N)
    env.reset(seed=0, options={"params": WalkParams(limit=5.0)})
    assert env.params == WalkParams(limit=5.0)


def test_reset_options__a_mask_sets_only_the_selected_sub_envs() -> None:
    env = FunctionalJaxVectorEnv(Walk(), N, autoreset_mode=AutoresetMode.DISABLED)
    env.reset(seed=0)
    mask = np.array([False, True, False])
    env.reset(options={"reset_mask": mask, "push": 4.0, "limit": [7.0, 8.0, 9.0]})
    np.testing.assert_array_equal(np.asarray(env.params.push), [1.0, 4.0, 1.0])
    np.testing.assert_array_equal(np.asarray(env.params.limit), [1.0, 8.0, 1.0])
    assert env.params.dt == 0.1  # untouched fields stay shared


def test_reset_options__new_values_keep_the_compiled_programs() -> None:
    shared = FunctionalJaxVectorEnv(Walk(), N)
    per_env = FunctionalJaxVectorEnv(
        Walk(),
        N,
        params=WalkParams(push=np.ones(N, np.float32)),  # type: ignore[arg-type]
        autoreset_mode=AutoresetMode.DISABLED,
    )
    for env in (shared, per_env):
        env.reset(seed=0)
        env.step(ACTIONS)
    per_env.reset(options={"reset_mask": np.ones(N, dtype=bool)})
    with compilations() as compiled:
        for value in (2.0, np.float32(1.5), np.float64(0.5), 3):
            shared.reset(seed=1, options={"push": value})
            shared.step(ACTIONS)
            per_env.reset(seed=1, options={"push": value})  # broadcast into the batched leaf
            per_env.step(ACTIONS)
        per_env.reset(options={"push": [1.0, 2.0, 3.0]})
        per_env.reset(options={"reset_mask": np.array([True, False, True]), "push": 9.0})
        per_env.step(ACTIONS)
    assert _compiled_programs(compiled) == []
    np.testing.assert_array_equal(np.asarray(per_env.params.push), [9.0, 2.0, 9.0])


def test_reset_options__bad_values_raise_and_unknown_keys_warn() -> None:
    env = FunctionalJaxVectorEnv(Walk(), N)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="push"):
        env.reset(options={"push": [1.0, 2.0]})
    assert env.params == WalkParams()
    with pytest.warns(GymnasiumCoreWarning, match="not params fields"):
        env.reset(options={"gravty": 1.0, "push": 2.0})
    assert env.params == WalkParams(push=2.0)


def test_reset_options__registered_env() -> None:
    import gymnasium_core as gym

    envs = gym.make_vec("phys2d/CartPole-v1", 2, vectorization_mode="vector_entry_point")
    envs.reset(seed=0, options={"gravity": [9.0, 12.0]})
    np.testing.assert_array_equal(np.asarray(envs.unwrapped.params.gravity), [9.0, 12.0])
    envs.close()
