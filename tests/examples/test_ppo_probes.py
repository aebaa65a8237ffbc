"""The PPO of ``examples/ppo_cartpole_scan.py`` on the probes, and a copy with a planted bug.

The example's ``make_train`` takes any batched env with CartPole's interface: here each probe,
through its JAX functional definition. Each probe trains every seed in one compiled program
(the training ``vmap``-ed over seeds and initial parameters) and reads the trained actor-critic
at the probe's observations.

The example is right on every probe that applies to it, the reward-scale one included (its
critic learns standardised value targets). It has no memory, which the memory probe names.
Copies of the example with a planted bug (truncation treated as termination; the discount
applied twice) are named on the probes that measure them.
"""

from __future__ import annotations

import types
from typing import Any

import numpy as np
import pytest

from gymnasium_core.testing import probes
from gymnasium_core.testing.probes import Mistake
from tests.examples._load import EXAMPLES, load_example

pytest.importorskip("jax", reason="the example needs the jax extra")
pytest.importorskip("optax", reason="the example needs the examples extra")

import jax
import jax.flatten_util
import jax.numpy as jnp

import gymnasium_core as gym

SEEDS = (0, 1, 2)


def _batched_probe(example: types.ModuleType, env_id: str, num_envs: int) -> Any:
    """The probe as the example's batched env (its ``BatchedCartPole`` over the probe)."""

    class BatchedProbe(example.BatchedCartPole):  # type: ignore[name-defined,misc]
        def __init__(self) -> None:
            vec = gym.make_vec(env_id, num_envs, vectorization_mode="jax")
            f = vec.func_env
            self.time_limit = vec.time_limit or 2**30  # 0: no time limit
            self.params = vec.params
            vec.close()
            self.num_envs = num_envs
            self.obs_dim = int(f.observation_space.shape[0])
            self.num_actions = int(f.action_space.n)
            self._initial = jax.vmap(f.initial, in_axes=(0, None))
            self._observation = jax.vmap(f.observation, in_axes=(0, 0, None))
            self._transition = jax.vmap(f.transition, in_axes=(0, 0, 0, None))
            self._reward = jax.vmap(f.reward, in_axes=(0, 0, 0, 0, None))
            self._terminal = jax.vmap(f.terminal, in_axes=(0, 0, None))

    return BatchedProbe()


def ppo_trainer(example: types.ModuleType) -> probes.Trainer:
    """Train the example's PPO on a probe, every seed in one program; discrete actions only."""

    def train(task: probes.ProbeTask) -> probes.Readings | None:
        if not hasattr(task.action_space, "n"):
            return None
        cfg = example.Config(
            num_envs=16,
            num_steps=16,
            num_updates=60,
            epochs=4,
            minibatches=4,
            hidden=16,
            lr=3e-3,
            gamma=task.gamma,
        )
        env = _batched_probe(example, task.env_id, cfg.num_envs)
        run_training = example.make_train(cfg, env)
        initials = jnp.stack(
            [
                jax.flatten_util.ravel_pytree(
                    example.init_params(seed, env.obs_dim, env.num_actions, cfg.hidden)
                )[0]
                for seed in task.seeds
            ]
        )
        keys = jnp.stack([jax.random.key_data(jax.random.key(seed)) for seed in task.seeds])
        observations = jnp.asarray(task.observations)

        def one_seed(key: jax.Array, initial: jax.Array) -> tuple[jax.Array, jax.Array]:
            params, _ = run_training(jax.random.wrap_key_data(key), initial)
            logits, values = example.forward(params, observations)
            return values, jax.nn.softmax(logits)

        values, probabilities = jax.jit(jax.vmap(one_seed))(keys, initials)
        return probes.Readings(values=np.asarray(values), probabilities=np.asarray(probabilities))

    return train


def planted_copy(name: str, replacements: dict[str, str]) -> types.ModuleType:
    """``examples/<name>.py`` loaded from its text with ``replacements`` made (each must hit)."""
    text = (EXAMPLES / f"{name}.py").read_text()
    for old, new in replacements.items():
        assert text.count(old) == 1, f"{old!r} is not in {name}.py exactly once"
        text = text.replace(old, new)
    module = types.ModuleType(f"{name}_planted")
    exec(compile(text, f"{name}_planted.py", "exec"), module.__dict__)
    return module


@pytest.mark.slow
@pytest.mark.timeout(1800)  # about 4 minutes on a busy 2-core machine
def test_ppo_scan__right_on_every_probe_that_applies() -> None:
    report = probes.run_probes(ppo_trainer(load_example("ppo_cartpole_scan")), seeds=SEEDS)
    assert report["probe/ContinuousAction-v0"].verdict == "skipped"  # discrete actions only
    # A feed-forward agent: the memory probe names what it lacks.
    assert report.named() == {"probe/Memory-v0": Mistake.HISTORY_IGNORED.value}, str(report)


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_ppo_scan_copy_treating_truncation_as_termination__is_named() -> None:
    planted = planted_copy(
        "ppo_cartpole_scan",
        {"jnp.where(t.truncated, t.final_value, value_next * live)": "value_next * live"},
    )
    report = probes.run_probes(ppo_trainer(planted), ["probe/TimeLimit-v0"], seeds=SEEDS)
    assert report.named() == {"probe/TimeLimit-v0": Mistake.TRUNCATION_AS_TERMINATION.value}


@pytest.mark.slow
@pytest.mark.timeout(1800)  # about a minute on a busy 2-core machine
def test_ppo_scan_copy_with_the_discount_applied_twice__is_named() -> None:
    planted = planted_copy(
        "ppo_cartpole_scan",
        {
            "cfg.gamma * after": "cfg.gamma**2 * after",
            "cfg.gamma * cfg.gae_lambda": "cfg.gamma**2 * cfg.gae_lambda",
        },
    )
    ids = ["probe/ConstantReward-v0", "probe/DelayedReward-v0", "probe/DelayedCredit-v0"]
    report = probes.run_probes(ppo_trainer(planted), ids, seeds=SEEDS)
    twice = Mistake.DISCOUNT_TWICE.value
    assert report["probe/ConstantReward-v0"].verdict == "right"  # no discounting to get wrong
    for env_id in ("probe/DelayedReward-v0", "probe/DelayedCredit-v0"):
        # The closest explanation comes first.
        assert report[env_id].verdict.split(" or ")[0] == twice, report
