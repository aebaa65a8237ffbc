"""Stable-Baselines3 on a bridged environment (skipped where SB3 / torch are not installed)."""

from __future__ import annotations

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


def _train_and_evaluate(sb3, env_id: str) -> tuple[float, float]:
    from stable_baselines3.common.evaluation import evaluate_policy

    env = gymnasium.make(env_id)
    model = sb3.PPO("MlpPolicy", env, n_steps=256, batch_size=64, seed=0, verbose=0, device="cpu")
    model.learn(total_timesteps=8_000)
    eval_env = gymnasium.make(env_id)
    eval_env.reset(seed=123)
    mean, _ = evaluate_policy(model, eval_env, n_eval_episodes=5)
    return float(mean), float(model.policy.parameters_to_vector().sum())


@pytest.mark.slow
def test_sb3_ppo__trains_on_a_bridged_cartpole_exactly_as_on_the_reference():
    sb3 = _sb3()
    import gymnasium_core.compat  # noqa: F401  (registers our ids in gymnasium)

    ours = _train_and_evaluate(sb3, "gymnasium_core/CartPole-v1")
    reference = _train_and_evaluate(sb3, "CartPole-v1")
    # Same seeds, same trajectories: training is identical, to the last weight.
    assert ours == reference
    # And it learns: a random policy balances for about 20 steps.
    assert ours[0] > 100
