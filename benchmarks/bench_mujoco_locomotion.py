"""MuJoCo locomotion: single-env steps of each v5 task against the reference.

Each case is ``make(id)`` stepped with a fixed sequence of seeded random actions (drawn up
front, so the sampling is not timed), resetting when an episode ends, ours against Gymnasium's
with the same wrappers and the same MuJoCo build (see :func:`.bench_mujoco.single_env_cases`).
The physics dominates; the difference is the Python around it: observation assembly, reward
terms and health checks.
"""

from __future__ import annotations

from benchmarks.bench_mujoco import single_env_cases
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

CASES: list[Case] = single_env_cases(IDS, STEPS)
