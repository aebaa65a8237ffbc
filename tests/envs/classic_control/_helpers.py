"""Shared helpers for the classic-control tests: ids, env pairs and trajectory comparison."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

import gymnasium_core

CLASSIC_IDS = [
    "CartPole-v0",
    "CartPole-v1",
    "MountainCar-v0",
    "MountainCarContinuous-v0",
    "Pendulum-v1",
    "Acrobot-v1",
]


def make_pair(env_id: str, **kwargs: Any) -> tuple[Any, Any]:
    """Our env and the reference's, made with the same id and kwargs."""
    return gymnasium_core.make(env_id, **kwargs), gymnasium.make(env_id, **kwargs)


def same_step(ours: tuple[Any, ...], ref: tuple[Any, ...]) -> None:
    """Assert two ``step`` results are identical: bit-exact observations, equal types."""
    obs, reward, terminated, truncated, info = ours
    r_obs, r_reward, r_terminated, r_truncated, r_info = ref
    assert obs.dtype == r_obs.dtype and obs.shape == r_obs.shape
    assert obs.tobytes() == r_obs.tobytes(), (obs, r_obs)
    assert reward == r_reward and type(reward) is type(r_reward), (reward, r_reward)
    assert terminated == r_terminated and type(terminated) is type(r_terminated)
    assert truncated == r_truncated
    assert info == r_info


def run_parity(ours: Any, ref: Any, seed: int, options: dict[str, Any] | None = None) -> int:
    """Play one full episode of both envs with the same seeded random actions.

    Returns:
        The number of steps played.
    """
    obs, info = ours.reset(seed=seed, options=options)
    r_obs, r_info = ref.reset(seed=seed, options=options)
    assert obs.tobytes() == r_obs.tobytes() and info == r_info
    ref.action_space.seed(seed)
    steps = 0
    while True:
        action = ref.action_space.sample()
        out, r_out = ours.step(action), ref.step(action)
        same_step(out, r_out)
        steps += 1
        if out[2] or out[3]:
            return steps


def as_rows(batched: np.ndarray[Any, Any]) -> list[np.ndarray[Any, Any]]:
    """The sub-env rows of a batched array."""
    return [batched[i] for i in range(batched.shape[0])]
