"""BipedalWalker: single-env steps and resets, ours against Gymnasium's.

Steps: ``make(id)`` stepped with a fixed sequence of random float32 actions (resetting when an
episode ends, as a training loop would), normal and hardcore tracks, the same wrappers on both
sides. Random actions fall often, so resets are part of the mix. Resets: ``reset()`` alone,
which generates a track and rebuilds the walker; each counts as one step in the table.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from benchmarks.harness import Case

STEPS = 500
RESETS = 20
IDS = ("BipedalWalker-v3", "BipedalWalkerHardcore-v3")


def _steps(module_name: str, env_id: str) -> Callable[[], Callable[[], int]]:
    def setup() -> Callable[[], int]:
        gym = __import__(module_name)
        env = gym.make(env_id)
        env.reset(seed=0)
        actions = list(np.random.default_rng(0).uniform(-1, 1, (STEPS, 4)).astype(np.float32))

        def run() -> int:
            for action in actions:
                _, _, terminated, truncated, _ = env.step(action)
                if terminated or truncated:
                    env.reset()
            return STEPS

        run()
        return run

    return setup


def _resets(module_name: str, env_id: str) -> Callable[[], Callable[[], int]]:
    def setup() -> Callable[[], int]:
        gym = __import__(module_name)
        env = gym.make(env_id)
        env.reset(seed=0)

        def run() -> int:
            for _ in range(RESETS):
                env.reset()
            return RESETS

        run()
        return run

    return setup


CASES: list[Case] = []
for _id in IDS:
    for _impl, _module in (("ours", "gymnasium_core"), ("reference", "gymnasium")):
        CASES.append(Case(f"{_id} make() single env steps", _impl, _steps(_module, _id)))
    for _impl, _module in (("ours", "gymnasium_core"), ("reference", "gymnasium")):
        CASES.append(Case(f"{_id} reset()", _impl, _resets(_module, _id)))
