"""Toy text: single-env steps against the reference, and the JAX tabular envs in a scan.

Single env: ``make(id)`` stepped with a fixed action sequence, ours against Gymnasium's (the
same wrappers on both sides). JAX: each ``tabular/*`` task batched at 16384 envs inside our
``lax.scan`` rollout; the compile lands in ``setup_s``. Gymnax has no tabular tasks of these
rules, so the scan cases are recorded alone in their group.
"""

from __future__ import annotations

import numpy as np

from benchmarks.harness import Case

STEPS = 1000
SCAN_STEPS = 100
SCAN_ENVS = 16384
SINGLE_IDS = ("FrozenLake-v1", "Taxi-v4", "CliffWalking-v1", "Blackjack-v1")


def _single(module_name: str, env_id: str):
    def setup():
        gym = __import__(module_name)
        env = gym.make(env_id)
        env.reset(seed=0)
        actions = np.random.default_rng(0).integers(0, int(env.action_space.n), STEPS).tolist()

        def run() -> int:
            for action in actions:
                _, _, terminated, truncated, _ = env.step(action)
                if terminated or truncated:
                    env.reset()
            return STEPS

        run()
        return run

    return setup


def _scan(module: str, cls: str):
    def setup():
        import importlib

        import jax

        from gymnasium_core.functional import rollout

        task = getattr(importlib.import_module(f"gymnasium_core.envs.toy_text.{module}"), cls)
        env = task()
        num_actions = int(env.action_space.n)

        def policy(obs, key):
            return jax.random.randint(key, (SCAN_ENVS,), 0, num_actions)

        key = jax.random.PRNGKey(0)
        jax.block_until_ready(rollout(env, policy, key, SCAN_STEPS, SCAN_ENVS).reward)

        def run() -> int:
            out = rollout(env, policy, key, SCAN_STEPS, SCAN_ENVS)
            jax.block_until_ready(out.reward)
            return SCAN_STEPS * SCAN_ENVS

        return run

    return setup


CASES: list[Case] = []
for _id in SINGLE_IDS:
    _group = f"{_id} make() single env"
    CASES.append(Case(_group, "ours", _single("gymnasium_core", _id)))
    CASES.append(Case(_group, "reference", _single("gymnasium", _id)))
for _module, _cls in (
    ("frozen_lake", "FrozenLakeFunctional"),
    ("taxi", "TaxiFunctional"),
    ("cliffwalking", "CliffWalkingFunctional"),
    ("blackjack", "BlackjackFunctional"),
):
    CASES.append(
        Case(
            f"tabular {_cls[: -len('Functional')]} scan rollout ({SCAN_STEPS} steps)",
            "ours",
            _scan(_module, _cls),
            {"num_envs": SCAN_ENVS},
        )
    )
