"""Quick throughput measurements of an environment: steps, construction, rendering.

Each function runs its loop for about ``target_duration`` seconds (the last iteration may run
past it) and returns how many iterations it managed per second, so two environments, or two
versions of one, can be compared as a ratio of the results. They are debugging aids; the
benchmark suite in ``benchmarks/`` is the place for careful measurements.

Example:
    >>> import gymnasium_core as gym
    >>> from gymnasium_core.utils.performance import benchmark_step
    >>> env = gym.make("CartPole-v1")
    >>> benchmark_step(env, target_duration=0.05, seed=0) > 0
    True
    >>> env.close()
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from gymnasium_core.core import Env
    from gymnasium_core.vector import VectorEnv

__all__ = ["benchmark_init", "benchmark_render", "benchmark_step", "benchmark_vector_step"]


def _rate(count: int, start: float, end: float) -> float:
    return count / (end - start)


def benchmark_step(env: Env[Any, Any], target_duration: int = 5, seed: int | None = None) -> float:
    """Measure how many ``step`` calls per second an environment takes with random actions.

    The environment is reset with ``seed`` first and again whenever an episode ends (the resets
    count towards the time, not the steps).

    Args:
        env: The environment to measure.
        target_duration: How long to run, in seconds.
        seed: Seed of the first reset.

    Returns:
        The mean number of steps per second.
    """
    env.reset(seed=seed)
    env.action_space.sample()  # a first sample may build caches; keep it out of the loop
    steps = 0
    start = end = time.perf_counter()
    while end - start <= target_duration:
        _, _, terminated, truncated, _ = env.step(env.action_space.sample())
        steps += 1
        if terminated or truncated:
            env.reset()
        end = time.perf_counter()
    return _rate(steps, start, end)


def benchmark_vector_step(
    env: VectorEnv[Any, Any, Any], target_duration: int = 5, seed: int | None = None
) -> float:
    """Measure how many sub-environment steps per second a vector environment takes.

    A first step (which may compile or start workers) runs before the clock starts. In
    next-step autoreset mode, a sub-environment's reset step is not counted as a step; in
    disabled mode, finished sub-environments are reset through ``reset_mask``.

    Args:
        env: The vector environment to measure.
        target_duration: How long to run, in seconds.
        seed: Seed of the environment's resets and of its action space.

    Returns:
        The mean number of sub-environment steps per second.
    """
    from gymnasium_core.vector import AutoresetMode

    env.action_space.seed(seed)
    env.reset(seed=seed)
    env.step(env.action_space.sample())
    env.reset(seed=seed)

    mode = AutoresetMode(env.metadata.get("autoreset_mode", AutoresetMode.NEXT_STEP))
    resetting = np.zeros(env.num_envs, dtype=np.bool_)
    steps = 0
    start = end = time.perf_counter()
    while end - start <= target_duration:
        _, _, terminated, truncated, _ = env.step(env.action_space.sample())
        done = np.logical_or(terminated, truncated)
        if mode is AutoresetMode.NEXT_STEP:
            steps += env.num_envs - int(np.count_nonzero(resetting))
            resetting = done
        else:
            steps += env.num_envs
        if mode is AutoresetMode.DISABLED and np.any(done):
            env.reset(options={"reset_mask": done})
        end = time.perf_counter()
    return _rate(steps, start, end)


def benchmark_init(
    env_lambda: Callable[[], Env[Any, Any]], target_duration: int = 5, seed: int | None = None
) -> float:
    """Measure how many environments per second can be built and reset once.

    Args:
        env_lambda: Builds one environment (e.g. ``lambda: gym.make("CartPole-v1")``).
        target_duration: How long to run, in seconds.
        seed: Seed of each environment's first reset.

    Returns:
        The mean number of constructions (each with its first reset) per second.
    """
    built = 0
    start = end = time.perf_counter()
    while end - start <= target_duration:
        env = env_lambda()
        env.reset(seed=seed)
        built += 1
        end = time.perf_counter()
    return _rate(built, start, end)


def benchmark_render(env: Env[Any, Any], target_duration: int = 5) -> float:
    """Measure how many ``render`` calls per second an environment serves.

    The environment must have been reset, with a render mode that returns a frame
    (``"human"`` is not meant for this).

    Args:
        env: The environment to measure.
        target_duration: How long to run, in seconds.

    Returns:
        The mean number of renders per second.
    """
    renders = 0
    start = end = time.perf_counter()
    while end - start <= target_duration:
        env.render()
        renders += 1
        end = time.perf_counter()
    return _rate(renders, start, end)
