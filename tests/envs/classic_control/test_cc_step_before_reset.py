"""Stepping an unwrapped environment that was never reset fails as the reference's does."""

from __future__ import annotations

import warnings

import pytest

import gymnasium_core as gym
from gymnasium_core import error

gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")

IDS = ["CartPole-v1", "Acrobot-v1", "MountainCar-v0", "MountainCarContinuous-v0", "Pendulum-v1"]


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
