"""The PyTorch PPO example on the batched MuJoCo vector env (InvertedPendulum-v5)."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

import gymnasium_core as gym
from tests.examples._load import load_example

pytest.importorskip("mujoco", reason="the example needs the mujoco extra")
pytest.importorskip("torch", reason="the example needs the torch dependency group")


def test_ppo_mujoco__smoke_trains_evaluates_records_and_compares(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    example = load_example("ppo_mujoco_torch")
    folder = tmp_path / "videos"
    # The video needs moviepy (extra `other`); the rest runs without it.
    filmed = importlib.util.find_spec("moviepy") is not None
    video = ["--video", str(folder)] if filmed else []
    result = example.main(["--smoke", *video])
    out = capsys.readouterr().out
    if filmed:
        assert (folder / "ppo-mujoco-episode-0.mp4").stat().st_size > 0
        assert f"{folder}/ppo-mujoco-episode-0.mp4" in out
    cfg = result["config"]
    assert result["steps"] == cfg.num_envs * cfg.num_steps * cfg.num_updates
    assert 0 < result["steps"] <= 1_000
    assert result["curve"].shape == (cfg.num_updates,)
    assert len(result["eval_returns"]) == cfg.eval_episodes
    assert all(1.0 <= r <= 1_000.0 for r in result["eval_returns"])
    assert result["threshold"] == 950.0
    assert result["vector_steps_per_s"] > 0 and result["sync_steps_per_s"] > 0
    assert "make_vec('InvertedPendulum-v5', 4, 'vector_entry_point')" in out
    assert "InvertedPendulumV5VectorEnv" in out
    assert "evaluation on make('InvertedPendulum-v5')" in out
    assert "MujocoVectorEnv" in out and "SyncVectorEnv" in out and "env steps/s" in out


def test_ppo_mujoco__trains_on_the_batched_mujoco_vector_env() -> None:
    from gymnasium_core.envs.mujoco.vector import MujocoVectorEnv

    example = load_example("ppo_mujoco_torch")
    envs = gym.make_vec(example.ENV_ID, 2, vectorization_mode="vector_entry_point")
    try:
        assert isinstance(envs, MujocoVectorEnv)
    finally:
        envs.close()
    full, smoke = example.Config(), example.SMOKE
    assert full.num_envs >= 16
    assert smoke.num_envs * smoke.num_steps * smoke.num_updates < 1_000
    assert smoke.torch_threads == full.torch_threads == 1  # two shared cores


@pytest.mark.slow
@pytest.mark.timeout(1200)  # about 6 minutes on a busy 2-core machine
def test_ppo_mujoco__full_run_reaches_the_reward_threshold() -> None:
    example = load_example("ppo_mujoco_torch")
    result = example.main(["--seed", "0", "--bench-seconds", "0.5"])
    assert not math.isnan(result["eval_mean"])
    # The greedy policy balances the pendulum: InvertedPendulum-v5's reward threshold (950)
    # on the stateful env, every evaluation episode.
    assert result["eval_mean"] >= result["threshold"] == 950.0


def test_ppo_mujoco__critic_value_is_restored_from_the_targets_statistics() -> None:
    import numpy as np
    import torch

    example = load_example("ppo_mujoco_torch")
    agent = example.Agent(obs_dim=3, act_dim=1, hidden=8)
    obs = torch.ones((2, 3))
    with torch.no_grad():
        standardised = agent.critic(obs).squeeze(-1)
        np.testing.assert_allclose(agent.value(obs), standardised, rtol=1e-4)  # nothing seen
        targets = np.array([[1000.0], [1500.0], [1200.0]])
        scaled = agent.value_norm(targets)  # what the critic learns
        np.testing.assert_allclose(scaled.mean(), 0.0, atol=1e-3)
        # Values are in the environment's units: the targets' mean and spread restored.
        np.testing.assert_allclose(
            agent.value(obs), 1233.33 + standardised * targets.std(), rtol=1e-3
        )
        np.testing.assert_allclose(agent.value_norm.restore(scaled), targets, rtol=1e-4)


def test_ppo_mujoco__a_saved_agent_and_normaliser_reload_to_the_same_readings(
    tmp_path: Path,
) -> None:
    """``state_dict`` carries the value and observation statistics, not only the weights."""
    import numpy as np
    import torch

    example = load_example("ppo_mujoco_torch")
    agent, norm = example.Agent(3, 1, 8), example.RunningNorm(3)
    rng = np.random.default_rng(0)
    norm(rng.normal(5.0, 3.0, size=(64, 3)))
    agent.value_norm(rng.normal(1000.0, 50.0, size=(64, 1)))
    path = tmp_path / "agent.pt"
    torch.save({"agent": agent.state_dict(), "norm": norm.state_dict()}, path)

    saved = torch.load(path, weights_only=False)
    again, again_norm = example.Agent(3, 1, 8), example.RunningNorm(3)
    again.load_state_dict(saved["agent"])
    again_norm.load_state_dict(saved["norm"])
    probe = rng.normal(5.0, 3.0, size=(5, 3))
    with torch.no_grad():
        values = agent.value(norm(probe, update=False))
        values_again = again.value(again_norm(probe, update=False))
    assert torch.equal(values, values_again)
    assert float(values.abs().mean()) > 500.0  # restored to the targets' units, not near 0
    fresh = example.Agent(3, 1, 8)
    fresh.load_state_dict({**saved["agent"], "_extra_state": fresh.get_extra_state()})
    with torch.no_grad():
        assert not torch.equal(fresh.value(norm(probe, update=False)), values)
