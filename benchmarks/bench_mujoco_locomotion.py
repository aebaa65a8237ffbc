"""MuJoCo locomotion: single-env steps of each v5 task against the reference.

Each case is ``make(id)`` stepped with a fixed sequence of seeded random actions (drawn up
front, so the sampling is not timed), resetting when an episode ends, ours against Gymnasium's
with the same wrappers and the same MuJoCo build. The physics dominates; the difference is the
Python around it: observation assembly, reward terms and health checks.
"""

from __future__ import annotations

import numpy as np

from benchmarks.harness import Case

STEPS = 300
IDS = (
    "Ant-v5",
    "HalfCheetah-v5",
    "Hopper-v5",
    "Humanoid-v5",
    "HumanoidStandup-v5",
    "Swimmer-v5",
    "Walker2d-v5",
)


def _single(module_name: str, env_id: str):
    def setup():
        import warnings

        gym = __import__(module_name)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env = gym.make(env_id)
        env.reset(seed=0)
        space = env.action_space
        rng = np.random.default_rng(0)
        actions = [rng.uniform(space.low, space.high).astype(np.float32) for _ in range(STEPS)]

        def run() -> int:
            for action in actions:
                _, _, terminated, truncated, _ = env.step(action)
                if terminated or truncated:
                    env.reset()
            return STEPS

        run()
        return run

    return setup


CASES: list[Case] = []
for _id in IDS:
    _group = f"{_id} make() single env"
    CASES.append(Case(_group, "ours", _single("gymnasium_core", _id)))
    CASES.append(Case(_group, "reference", _single("gymnasium", _id)))
