"""LunarLander: one env from ``make()``, ours against Gymnasium's, discrete and continuous.

Each ``run`` plays ``STEPS`` steps of pre-drawn random actions through the default wrappers
(TimeLimit, OrderEnforcing, PassiveEnvChecker), resetting whenever an episode ends; random
episodes crash after about a hundred steps, so resets are part of the measure. A third group
times ``reset()`` alone: it builds a new Box2D world, terrain, lander and legs each time.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from benchmarks.harness import Case, RunFn

STEPS = 2000
RESETS = 100


def _actions(continuous: bool) -> list[object]:
    rng = np.random.default_rng(0)
    if continuous:
        return list(rng.uniform(-1.0, 1.0, (STEPS, 2)).astype(np.float32))
    return list(rng.integers(0, 4, STEPS).tolist())


def _steps(module_name: str, env_id: str) -> Callable[[], RunFn]:
    def setup() -> RunFn:
        gym = __import__(module_name)
        env = gym.make(env_id)
        env.reset(seed=0)
        actions = _actions(env_id.startswith("LunarLanderContinuous"))

        def run() -> int:
            for action in actions:
                _, _, terminated, truncated, _ = env.step(action)
                if terminated or truncated:
                    env.reset()
            return STEPS

        run()
        return run

    return setup


def _resets(module_name: str) -> Callable[[], RunFn]:
    def setup() -> RunFn:
        gym = __import__(module_name)
        env = gym.make("LunarLander-v3")
        env.reset(seed=0)

        def run() -> int:
            for _ in range(RESETS):
                env.reset()
            return RESETS

        run()
        return run

    return setup


CASES: list[Case] = []
for _id in ("LunarLander-v3", "LunarLanderContinuous-v3"):
    _group = f"{_id} make() single env"
    CASES.append(Case(_group, "ours", _steps("gymnasium_core", _id)))
    CASES.append(Case(_group, "reference", _steps("gymnasium", _id)))
CASES.append(Case("LunarLander-v3 reset()", "ours", _resets("gymnasium_core")))
CASES.append(Case("LunarLander-v3 reset()", "reference", _resets("gymnasium")))
