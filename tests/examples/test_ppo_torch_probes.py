"""The PyTorch PPO of ``examples/ppo_mujoco_torch.py`` on the probes.

The example's ``train`` takes any id with a vector entry point; its ``readings`` reads the
trained critic and the policy's mean action at the probe's observations. Its policy is a
Gaussian, so it takes the continuous probe and the probes with a single action (whose action it
ignores), and declines the probes with a choice of discrete actions. It trains one seed at a
time, on the numpy vector env with same-step autoreset, with a short run of its own algorithm:
a larger learning rate and a smaller network and batch than on InvertedPendulum.

It is right on every probe that applies to it, the reward-scale one included (its critic
learns standardised value targets). It has no memory, and the memory probe names that.
"""

from __future__ import annotations

import contextlib
import io
import types

import numpy as np
import pytest

from gymnasium_core.testing import probes
from gymnasium_core.testing.probes import Mistake
from tests.examples._load import load_example

torch = pytest.importorskip("torch", reason="the example needs the torch dependency group")

SEEDS = (0, 1, 2)


def torch_ppo_trainer(example: types.ModuleType) -> probes.Trainer:
    """Train the example's PPO on a probe, one seed at a time; ``None`` where it does not apply."""

    def train_one(task: probes.ProbeTask, seed: int) -> probes.Readings | None:
        if getattr(task.action_space, "n", 1) != 1:
            return None  # a choice of discrete actions: the policy is a Gaussian
        cfg = example.Config(
            num_envs=8,
            num_steps=16,
            total_steps=8192,
            epochs=4,
            minibatches=4,
            lr=3e-3,
            hidden=32,
            gamma=task.gamma,
            seed=seed,
        )
        torch.set_num_threads(cfg.torch_threads)
        with contextlib.redirect_stdout(io.StringIO()):  # its progress lines
            result = example.train(cfg, task.env_id)
        read = example.readings(result["agent"], result["norm"], task.observations)
        return probes.Readings(values=read["values"], actions=read["actions"])

    return probes.per_seed(train_one)


def test_ppo_torch__takes_the_probes_action_spaces() -> None:
    import gymnasium_core as gym

    example = load_example("ppo_mujoco_torch")
    size, to_env = example.action_interface(gym.spaces.Discrete(1))
    assert size == 1
    np.testing.assert_array_equal(to_env(np.array([[0.3], [-7.0]])), [0, 0])
    size, to_env = example.action_interface(gym.spaces.Box(-2.0, 2.0, shape=(1,)))
    assert size == 1
    np.testing.assert_array_equal(to_env(np.array([[0.3], [-7.0]])), [[0.3], [-2.0]])
    with pytest.raises(ValueError, match="Discrete"):
        example.action_interface(gym.spaces.Discrete(2))


@pytest.mark.slow
@pytest.mark.timeout(1800)  # about 4 minutes on a busy 2-core machine
def test_ppo_torch__right_on_every_probe_that_applies() -> None:
    report = probes.run_probes(torch_ppo_trainer(load_example("ppo_mujoco_torch")), seeds=SEEDS)
    discrete = ("probe/ActionReward-v0", "probe/ObservedAction-v0", "probe/DelayedCredit-v0")
    assert {i: report[i].verdict for i in discrete} == dict.fromkeys(discrete, "skipped")
    # A feed-forward agent: the memory probe names what it lacks.
    assert report.named() == {"probe/Memory-v0": Mistake.HISTORY_IGNORED.value}, str(report)
