"""``reset(options=...)`` of the functional JAX env sets its params (Gymnasium's open request)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from functional_test_envs import Walk, WalkParams

jax = pytest.importorskip("jax")

from gymnasium_core.functional import FunctionalJaxEnv  # noqa: E402
from gymnasium_core.functional.numpy_vector_env import (  # noqa: E402
    params_with_options,
    replace_fields,
)
from gymnasium_core.logger import GymnasiumCoreWarning  # noqa: E402
from gymnasium_core.testing.contract import compilations  # noqa: E402


def _rollout(env: FunctionalJaxEnv, first_obs: object, steps: int = 8) -> list[np.ndarray]:
    observations = [np.asarray(first_obs)]
    for t in range(steps):
        observations.append(np.asarray(env.step(t % 2)[0]))
    return observations


def test_reset_options__fields_become_the_params_of_this_and_later_episodes() -> None:
    changed = FunctionalJaxEnv(Walk())
    built = FunctionalJaxEnv(Walk(), params=WalkParams(push=3.0, dt=0.2))
    got = _rollout(changed, changed.reset(seed=5, options={"push": 3.0, "dt": 0.2})[0])
    expected = _rollout(built, built.reset(seed=5)[0])
    np.testing.assert_array_equal(got, expected)
    assert changed.params == WalkParams(push=3.0, dt=0.2)
    # The next reset without options keeps them.
    again = _rollout(changed, changed.reset(seed=5)[0])
    np.testing.assert_array_equal(again, expected)


def test_reset_options__whole_params_replace_the_params() -> None:
    env = FunctionalJaxEnv(Walk())
    env.reset(seed=0, options={"params": WalkParams(limit=5.0)})
    assert env.params == WalkParams(limit=5.0)


def test_reset_options__new_values_keep_the_compiled_programs() -> None:
    env = FunctionalJaxEnv(Walk())
    env.reset(seed=0)
    env.step(1)
    with compilations() as compiled:
        for value in (2.0, np.float32(1.5), np.float64(0.5), 3, jax.numpy.float32(1.25)):
            env.reset(seed=1, options={"push": value})
            env.step(0)
    assert [name for name in compiled if name.endswith("_fn")] == []
    assert isinstance(env.params.push, float)


def test_reset_options__unknown_keys_and_non_dicts_are_ignored_with_a_warning() -> None:
    env = FunctionalJaxEnv(Walk())
    env.reset(seed=2)
    with pytest.warns(GymnasiumCoreWarning, match="not params fields"):
        env.reset(seed=2, options={"gravty": 1.0, "push": 2.0})
    assert env.params == WalkParams(push=2.0)
    with pytest.warns(GymnasiumCoreWarning, match="should be a dict"):
        obs, _ = env.reset(seed=2, options="x")  # type: ignore[arg-type]
    assert env.params == WalkParams(push=2.0) and np.asarray(obs).shape == (2,)


def test_reset_options__none_changes_nothing_and_warns_nothing() -> None:
    params = WalkParams(limit=2.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert params_with_options(params, None, owner="Walk") is params
        assert params_with_options(params, {}, owner="Walk") is params
        assert (
            params_with_options(
                params, {"reset_mask": 1}, owner="W", ignore=frozenset({"reset_mask"})
            )
            is params
        )


def test_replace_fields__records_of_every_kind() -> None:
    import dataclasses

    @dataclasses.dataclass(frozen=True)
    class Record:
        a: float = 1.0
        b: int = 2

    assert replace_fields(Record(), {"a": np.float32(3.0)}) == Record(a=3.0)
    assert type(replace_fields(Record(), {"a": np.float32(3.0)}).a) is float
    assert replace_fields({"a": 1.0}, {"a": 2}) == {"a": 2.0}
    assert replace_fields(WalkParams(), {"limit": 4}) == WalkParams(limit=4.0)
    with pytest.raises(KeyError, match="no field"):
        replace_fields(WalkParams(), {"nope": 1})


def test_reset_options__registered_phys2d_env() -> None:
    import gymnasium_core as gym

    env = gym.make("phys2d/CartPole-v1")
    env.reset(seed=0, options={"gravity": 12.0})
    assert env.unwrapped.params.gravity == 12.0
    env.close()
