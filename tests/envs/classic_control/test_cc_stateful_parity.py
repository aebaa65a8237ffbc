"""Stateful envs vs the reference: same kwargs, seed and actions give identical episodes."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import gymnasium_core

from ._helpers import CLASSIC_IDS, make_pair, run_parity, same_step

SEEDS = range(12)


@pytest.mark.parametrize("env_id", CLASSIC_IDS)
def test_stateful__full_episodes_match_reference(env_id: str) -> None:
    ours, ref = make_pair(env_id)
    total = sum(run_parity(ours, ref, seed) for seed in SEEDS)
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
    ours, ref = make_pair(env_id, **kwargs)
    for seed in range(4):
        run_parity(ours, ref, seed)


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
    ours, ref = make_pair(env_id)
    for seed in range(3):
        run_parity(ours, ref, seed, options=options)


@pytest.mark.parametrize("variant", [{"book_or_nips": "nips"}, {"torque_noise_max": 0.3}])
def test_acrobot__variants_match_reference_attributes(variant: dict) -> None:
    ours = gymnasium_core.make("Acrobot-v1", **variant)
    ref = gymnasium.make("Acrobot-v1")
    for name, value in variant.items():
        setattr(ref.unwrapped, name, value)
    for seed in range(4):
        run_parity(ours, ref, seed)


@pytest.mark.parametrize("sutton_barto", [False, True])
def test_cartpole__steps_after_termination_match_reference(sutton_barto: bool) -> None:
    kwargs = {"sutton_barto_reward": sutton_barto, "disable_env_checker": True}
    ours = gymnasium_core.make("CartPole-v1", **kwargs).unwrapped
    ref = gymnasium.make("CartPole-v1", **kwargs).unwrapped
    ours.reset(seed=1)
    ref.reset(seed=1)
    for _ in range(300):
        out, r_out = ours.step(1), ref.step(1)
        same_step(out, r_out)
        if out[2]:
            break
    # The first step beyond the end warns; later ones do not, and all earn the same reward.
    with pytest.warns(UserWarning, match="terminated"):
        out = ours.step(1)
    with pytest.warns(UserWarning):
        r_out = ref.step(1)
    same_step(out, r_out)
    same_step(ours.step(1), ref.step(1))
    assert ours.steps_beyond_terminated == ref.steps_beyond_terminated == 2


def test_stateful__spaces_and_spec_match_reference() -> None:
    for env_id in CLASSIC_IDS:
        ours, ref = make_pair(env_id)
        assert ours.observation_space.shape == ref.observation_space.shape
        assert np.array_equal(ours.observation_space.low, ref.observation_space.low)
        assert np.array_equal(ours.observation_space.high, ref.observation_space.high)
        assert ours.observation_space.dtype == ref.observation_space.dtype
        assert ours.spec.max_episode_steps == ref.spec.max_episode_steps
        assert ours.spec.reward_threshold == ref.spec.reward_threshold
        assert ours.metadata["render_fps"] == ref.metadata["render_fps"]
        assert ours.metadata["render_modes"] == ref.metadata["render_modes"]


@pytest.mark.slow
@pytest.mark.parametrize("env_id", CLASSIC_IDS)
def test_stateful__many_seeds_match_reference(env_id: str) -> None:
    ours, ref = make_pair(env_id)
    for seed in range(200):
        run_parity(ours, ref, seed)
