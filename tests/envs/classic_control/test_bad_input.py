"""Bad input: stepping before reset, actions outside the space, malformed batches and options."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium_core.envs.classic_control import cartpole

import gymnasium_core
import gymnasium_core as gym
from gymnasium_core import error, spaces
from gymnasium_core.testing import parity

gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")

IDS = parity.shared_ids("gymnasium.envs.classic_control")
DISCRETE_IDS = [i for i in IDS if isinstance(gym.make(i).action_space, spaces.Discrete)]
CONTINUOUS_IDS = [i for i in IDS if isinstance(gym.make(i).action_space, spaces.Box)]


def _reference_failure(env_id: str) -> type[BaseException]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gymnasium.make(env_id).unwrapped
        try:
            env.step(env.action_space.sample())
        except Exception as exc:
            return type(exc)
        finally:
            env.close()
    raise AssertionError(f"the reference's {env_id} stepped before reset")


@pytest.mark.parametrize("env_id", IDS)
def test_step_before_reset__caught_by_the_reference_exception_type(env_id: str) -> None:
    expected = _reference_failure(env_id)
    env = gym.make(env_id).unwrapped
    with pytest.raises(expected) as caught:
        env.step(env.action_space.sample())
    # Still our own, clear error.
    assert isinstance(caught.value, error.ResetNeeded) and "reset" in str(caught.value)
    env.close()


@pytest.mark.parametrize("env_id", DISCRETE_IDS)
@pytest.mark.parametrize("action", [3, -1, 1.5, np.array([0, 1])])
def test_bad_input__discrete_action_outside_space_raises(env_id: str, action: object) -> None:
    env = gymnasium_core.make(env_id, disable_env_checker=True).unwrapped
    env.reset(seed=0)
    before = env.state.copy()
    with pytest.raises(AssertionError):
        env.step(action)
    assert np.array_equal(env.state, before)  # nothing moved


@pytest.mark.parametrize("env_id", CONTINUOUS_IDS)
@pytest.mark.parametrize(
    "action",
    [np.array([np.nan], dtype=np.float32), np.zeros((2,), np.float32), np.float32(0.5)],
    ids=["nan", "wrong-shape", "scalar"],
)
def test_bad_input__continuous_nan_or_shape_raises(env_id: str, action: object) -> None:
    env = gymnasium_core.make(env_id, disable_env_checker=True).unwrapped
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(action)


@pytest.mark.parametrize("env_id", CONTINUOUS_IDS)
def test_bad_input__out_of_range_force_is_clipped_like_reference(env_id: str) -> None:
    ours, ref = parity.make_pair(env_id, unwrapped=True, disable_env_checker=True)
    actions = [np.array([value], dtype=np.float32) for value in (5.0, -7.0, 3.0, 0.5, -2.5)]
    parity.assert_rollouts_equal(ours, ref, seed=2, actions=actions, reset_on_end=False)


def test_bad_input__vector_env_rejects_wrong_action_batch() -> None:
    vec = cartpole.CartPoleVectorEnv(4)
    vec.reset(seed=0)
    with pytest.raises((ValueError, AssertionError)):
        vec.step(np.zeros(3, dtype=np.int64))
    with pytest.raises((ValueError, AssertionError)):
        vec.step(np.full(4, 2))


@pytest.mark.parametrize(
    ("env_id", "options"),
    [("CartPole-v1", {"low": 0.1, "high": -0.1}), ("Pendulum-v1", {"x_init": "far"})],
)
def test_bad_input__bad_reset_options_raise(env_id: str, options: dict) -> None:
    env = gymnasium_core.make(env_id)
    with pytest.raises(ValueError):
        env.reset(seed=0, options=options)
