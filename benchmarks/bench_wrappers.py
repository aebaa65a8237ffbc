"""Per-step overhead of wrapper stacks, ours against the reference's.

A null environment (constant observation, no dynamics) is wrapped in the same stack by both
packages, so the time measured is the wrappers' own. The CartPole-v1 cases measure what a
user gets: ``make("CartPole-v1")`` (its default TimeLimit, OrderEnforcing and
PassiveEnvChecker around the real dynamics), alone and with common wrappers on top, resetting
at the end of each episode.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from benchmarks.harness import Case, RunFn

STEPS = 1000


def _null_env(gym: Any) -> Any:
    class NullEnv(gym.Env):
        metadata = {"render_modes": [], "render_fps": 30}

        def __init__(self) -> None:
            self.observation_space = gym.spaces.Box(-1.0, 1.0, (4,), np.float32)
            self.action_space = gym.spaces.Box(-1.0, 1.0, (2,), np.float32)
            self._obs = np.zeros(4, np.float32)

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            return self._obs.copy(), {}

        def step(self, action):
            return self._obs.copy(), 1.0, False, False, {}

    return NullEnv()


STACKS = {
    "make() stack (TimeLimit, OrderEnforcing, PassiveEnvChecker)": lambda w, env: w.TimeLimit(
        w.OrderEnforcing(w.PassiveEnvChecker(env)), 10**9
    ),
    "RecordEpisodeStatistics + ClipAction over RescaleAction": lambda w, env: (
        w.RecordEpisodeStatistics(w.ClipAction(w.RescaleAction(env, np.float32(0), np.float32(1))))
    ),
    "NormalizeObservation + NormalizeReward": lambda w, env: w.NormalizeReward(
        w.NormalizeObservation(env)
    ),
    "FrameStackObservation(4)": lambda w, env: w.FrameStackObservation(env, 4),
}


def _setup(package: str, build: Any) -> RunFn:
    import importlib

    gym = importlib.import_module(package)
    wrappers = importlib.import_module(f"{package}.wrappers")
    env = build(wrappers, _null_env(gym))
    env.reset(seed=0)
    action = np.full(2, 0.5, np.float32)
    for _ in range(10):
        env.step(action)

    def run() -> int:
        step = env.step
        for _ in range(STEPS):
            step(action)
        return STEPS

    return run


CARTPOLE_STACKS = {
    "CartPole-v1 make() stack": lambda w, env: env,
    "CartPole-v1 make() + RecordEpisodeStatistics + FrameStackObservation(4)": lambda w, env: (
        w.RecordEpisodeStatistics(w.FrameStackObservation(env, 4))
    ),
}


def _setup_cartpole(package: str, build: Any) -> RunFn:
    import importlib

    gym = importlib.import_module(package)
    wrappers = importlib.import_module(f"{package}.wrappers")
    env = build(wrappers, gym.make("CartPole-v1"))
    env.reset(seed=0)
    # A fixed action sequence, the same for both packages.
    actions = [int(a) for a in np.random.default_rng(0).integers(0, 2, STEPS)]

    def run() -> int:
        step, reset = env.step, env.reset
        for action in actions:
            _, _, terminated, truncated, _ = step(action)
            if terminated or truncated:
                reset()
        return STEPS

    run()
    return run


IMPLS = (("ours", "gymnasium_core"), ("reference", "gymnasium"))

CASES: list[Case] = [
    Case(
        group=f"wrapper overhead: {name}",
        impl=impl,
        setup=lambda package=package, build=build: _setup(package, build),
    )
    for name, build in STACKS.items()
    for impl, package in IMPLS
] + [
    Case(
        group=name,
        impl=impl,
        setup=lambda package=package, build=build: _setup_cartpole(package, build),
    )
    for name, build in CARTPOLE_STACKS.items()
    for impl, package in IMPLS
]
