"""Stateful envs vs the reference: same kwargs, seed and actions give identical episodes.

The ids are every classic-control id both registries hold; the comparisons are exact.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core.testing import parity
from gymnasium_core.testing.compare import assert_interface_equal, assert_step_equal

gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")

IDS = parity.shared_ids("gymnasium.envs.classic_control")
SEEDS = range(12)
# More steps than any classic-control time limit: an episode always ends before.
EPISODE = 10_000


def _play_episode(ours: Any, ref: Any, seed: int, options: dict[str, Any] | None = None) -> int:
    """One whole episode of both with the same seeded random actions; its length."""
    summary = parity.assert_rollouts_equal(
        ours, ref, seed=seed, num_steps=EPISODE, reset_on_end=False, options=options
    )
    assert summary.episodes_ended == 1
    return summary.steps


def test_ids__are_the_reference_classic_control_ids() -> None:
    assert {"CartPole-v1", "MountainCar-v0", "Pendulum-v1", "Acrobot-v1"} <= set(IDS)


@pytest.mark.parametrize("env_id", IDS)
def test_stateful__full_episodes_match_reference(env_id: str) -> None:
    ours, ref = parity.make_pair(env_id)
    total = sum(_play_episode(ours, ref, seed) for seed in SEEDS)
    assert total >= len(SEEDS)


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        ("CartPole-v1", {"sutton_barto_reward": True}),
        ("MountainCar-v0", {"goal_velocity": 0.01}),
        ("MountainCarContinuous-v0", {"goal_velocity": 0.02}),
        ("Pendulum-v1", {"g": 9.81}),
    ],
    ids=lambda v: v if isinstance(v, str) else "-".join(f"{k}={x}" for k, x in v.items()),
)
def test_stateful__constructor_options_match_reference(env_id: str, kwargs: dict) -> None:
    ours, ref = parity.make_pair(env_id, **kwargs)
    for seed in range(4):
        _play_episode(ours, ref, seed)


@pytest.mark.parametrize(
    ("env_id", "options"),
    [
        ("CartPole-v1", {"low": -0.2, "high": 0.2}),
        ("MountainCar-v0", {"low": -0.9, "high": -0.1}),
        ("MountainCarContinuous-v0", {"low": -0.3, "high": 0.1}),
        ("Pendulum-v1", {"x_init": 0.5, "y_init": 0.25}),
        ("Acrobot-v1", {"low": -0.5, "high": 0.5}),
    ],
)
def test_stateful__reset_options_match_reference(env_id: str, options: dict) -> None:
    ours, ref = parity.make_pair(env_id)
    for seed in range(3):
        _play_episode(ours, ref, seed, options=options)


@pytest.mark.parametrize("variant", [{"book_or_nips": "nips"}, {"torque_noise_max": 0.3}])
def test_acrobot__variants_match_reference_attributes(variant: dict) -> None:
    ours = gymnasium_core.make("Acrobot-v1", **variant)
    ref = gymnasium.make("Acrobot-v1")
    for name, value in variant.items():
        setattr(ref.unwrapped, name, value)
    for seed in range(4):
        _play_episode(ours, ref, seed)


@pytest.mark.parametrize("sutton_barto", [False, True])
def test_cartpole__steps_after_termination_match_reference(sutton_barto: bool) -> None:
    kwargs = {"sutton_barto_reward": sutton_barto, "disable_env_checker": True}
    ours, ref = parity.make_pair("CartPole-v1", unwrapped=True, **kwargs)
    summary = parity.assert_rollouts_equal(ours, ref, seed=1, actions=[1] * 300, reset_on_end=False)
    assert summary.episodes_ended == 1
    # The first step beyond the end warns; later ones do not, and all earn the same reward.
    with pytest.warns(UserWarning, match="terminated"):
        out = ours.step(1)
    with pytest.warns(UserWarning):
        r_out = ref.step(1)
    assert_step_equal(out, r_out)
    assert_step_equal(ours.step(1), ref.step(1))
    assert ours.steps_beyond_terminated == ref.steps_beyond_terminated == 2


@pytest.mark.parametrize("env_id", IDS)
def test_stateful__spaces_spec_and_metadata_match_reference(env_id: str) -> None:
    ours, ref = parity.make_pair(env_id)
    assert_interface_equal(ours, ref)


def _random_states(env: Any, count: int, seed: int) -> list[np.ndarray]:
    """States spread over a sane range, with the dtype the (reset) env holds its state in."""
    rng = np.random.default_rng(seed)
    dtype = np.asarray(env.unwrapped.state).dtype
    if env.spec.id.startswith("Pendulum"):  # (theta, theta_dot), not the observation
        high = np.array([np.pi, 8.0])
        low = -high
    elif env.spec.id.startswith("Acrobot"):  # (theta1, theta2, dtheta1, dtheta2)
        high = np.array([np.pi, np.pi, 4 * np.pi, 9 * np.pi])
        low = -high
    else:  # the state is the observation: its bounds, the infinite ones cut at 3
        space = env.observation_space
        low, high = np.maximum(space.low, -3.0), np.minimum(space.high, 3.0)
    return [rng.uniform(low, high).astype(dtype) for _ in range(count)]


@pytest.mark.parametrize("env_id", IDS)
def test_stateful__one_step_from_injected_states_matches_reference(env_id: str) -> None:
    """One step from many states written into both, so no error can hide in a trajectory."""
    ours, ref = parity.make_pair(env_id, disable_env_checker=True)
    ref.reset(seed=0)
    states = _random_states(ref, 64, seed=0)
    ref.action_space.seed(0)
    actions = [ref.action_space.sample() for _ in states]
    assert parity.assert_injected_steps_equal(ours, ref, states, actions) == 64


@pytest.mark.slow
@pytest.mark.parametrize("env_id", IDS)
def test_stateful__many_seeds_match_reference(env_id: str) -> None:
    ours, ref = parity.make_pair(env_id)
    for seed in range(200):
        _play_episode(ours, ref, seed)
