"""Stable-Baselines3 on a bridged environment (skipped where SB3 / torch are not installed)."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the bridge needs gymnasium")


def _sb3():
    pytest.importorskip("torch", reason="Stable-Baselines3 needs torch")
    return pytest.importorskip("stable_baselines3", reason="Stable-Baselines3 is not installed")


def test_sb3_check_env__accepts_a_bridged_cartpole():
    sb3 = _sb3()
    from stable_baselines3.common.env_checker import check_env

    import gymnasium_core as gym
    from gymnasium_core.compat import to_gymnasium

    check_env(to_gymnasium(gym.make("CartPole-v1")), warn=True)
    check_env(gymnasium.make("gymnasium_core.compat:gymnasium_core/CartPole-v1"), warn=True)
    assert sb3.__version__


@pytest.mark.slow
def test_sb3_ppo__learns_on_a_bridged_cartpole():
    sb3 = _sb3()
    from stable_baselines3.common.evaluation import evaluate_policy

    import gymnasium_core.compat  # noqa: F401  (registers our ids in gymnasium)

    env = gymnasium.make("gymnasium_core/CartPole-v1")
    model = sb3.PPO("MlpPolicy", env, n_steps=256, batch_size=64, seed=0, verbose=0)
    before, _ = evaluate_policy(model, env, n_eval_episodes=5)
    model.learn(total_timesteps=8_000)
    after, _ = evaluate_policy(model, env, n_eval_episodes=5)
    assert np.isfinite(after)
    assert after > before
