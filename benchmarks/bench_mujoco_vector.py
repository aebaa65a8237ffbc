"""Batched native MuJoCo: the threaded vector env against Sync/AsyncVectorEnv and EnvPool.

For Ant, HalfCheetah, Humanoid and Hopper (v5) at 16, 64 and 256 sub-environments, one step
of the batch is timed as users call it (``make_vec(id, n, vectorization_mode=...)``, random
actions drawn up front, autoreset in the default next-step mode):

- ``ours``: the threaded vector env (``vectorization_mode="vector_entry_point"``), one thread
  per usable core;
- ``SyncVectorEnv`` / ``AsyncVectorEnv``: our single envs in our sync and async vector envs
  (async: one worker process per sub-environment, forked);
- ``EnvPool``: EnvPool's own MuJoCo tasks with the same number of threads, when the
  ``envpool`` package is installed (its MuJoCo ids are the v4 tasks);
- ``physics bound``: only ``mj_step`` (``frame_skip`` steps and ``mj_rnePostConstraint``) on
  ``n`` ``MjData`` in the same threads: what the physics alone costs, with no task terms.

``GC_BENCH_MUJOCO_IDS`` (comma-separated) picks the ids, ``GC_BENCH_MUJOCO_MAX_ENVS``
(default 256) leaves out the larger sizes, and
``GC_BENCH_MUJOCO_ASYNC_MAX_ENVS`` (default 256) the larger async rows: on a small machine 256
worker processes mostly measure the scheduler.
"""

from __future__ import annotations

import atexit
import itertools
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from benchmarks.harness import Case

RunFn = Callable[[], int]

ENV_IDS = tuple(
    os.environ.get("GC_BENCH_MUJOCO_IDS", "Ant-v5,HalfCheetah-v5,Humanoid-v5,Hopper-v5").split(",")
)
SIZES = tuple(
    n for n in (16, 64, 256) if n <= int(os.environ.get("GC_BENCH_MUJOCO_MAX_ENVS", "256"))
)
ASYNC_MAX_ENVS = int(os.environ.get("GC_BENCH_MUJOCO_ASYNC_MAX_ENVS", "256"))
CHUNK = 10  # batch steps per timed call
NUM_ACTION_BATCHES = 8


def _actions(space: Any, num_envs: int) -> list[Any]:
    rng = np.random.default_rng(0)
    low, high = space.low, space.high
    shape = (num_envs, *space.shape)
    return [rng.uniform(low, high, shape).astype(np.float32) for _ in range(NUM_ACTION_BATCHES)]


def _ours(env_id: str, num_envs: int, mode: str) -> Callable[[], RunFn]:
    def setup() -> RunFn:
        import gymnasium_core

        kwargs: dict[str, Any] = {}
        if mode == "async":
            kwargs["vector_kwargs"] = {"context": "fork"}
        envs = gymnasium_core.make_vec(env_id, num_envs, vectorization_mode=mode, **kwargs)
        atexit.register(envs.close)
        envs.reset(seed=0)
        batches = _actions(envs.single_action_space, num_envs)

        def run() -> int:
            for step in range(CHUNK):
                envs.step(batches[step % NUM_ACTION_BATCHES])
            return CHUNK * num_envs

        run()
        return run

    return setup


def _envpool(env_id: str, num_envs: int) -> Callable[[], RunFn]:
    def setup() -> RunFn:
        import envpool  # type: ignore[import-not-found]
        from gymnasium_core.envs.mujoco.vector import usable_cores

        task = env_id.replace("-v5", "-v4")  # EnvPool's MuJoCo tasks are the v4 ones
        threads = min(num_envs, usable_cores())
        envs = envpool.make(task, env_type="gymnasium", num_envs=num_envs, num_threads=threads)
        atexit.register(envs.close)
        envs.reset()
        batches = _actions(envs.action_space, num_envs)

        def run() -> int:
            for step in range(CHUNK):
                envs.step(batches[step % NUM_ACTION_BATCHES])
            return CHUNK * num_envs

        run()
        return run

    return setup


def _physics_bound(env_id: str, num_envs: int) -> Callable[[], RunFn]:
    def setup() -> RunFn:
        import mujoco
        from gymnasium_core.envs.mujoco.vector import usable_cores

        import gymnasium_core

        env = gymnasium_core.make(env_id).unwrapped
        env.reset(seed=0)
        model, frame_skip = env.model, env.frame_skip
        datas = [mujoco.MjData(model) for _ in range(num_envs)]
        threads = min(num_envs, usable_cores())
        bounds = np.linspace(0, num_envs, threads + 1).round().astype(int)
        chunks = [datas[lo:hi] for lo, hi in itertools.pairwise(bounds)]
        pool = ThreadPoolExecutor(threads)
        atexit.register(pool.shutdown)

        def advance(chunk: list[Any]) -> None:
            for data in chunk:
                mujoco.mj_step(model, data, nstep=frame_skip)
                mujoco.mj_rnePostConstraint(model, data)

        def run() -> int:
            for _ in range(CHUNK):
                list(pool.map(advance, chunks))
            for data in datas:  # keep the states in the range the envs visit
                mujoco.mj_resetData(model, data)
            return CHUNK * num_envs

        run()
        return run

    return setup


def _has_envpool() -> bool:
    try:
        import envpool  # noqa: F401
    except ImportError:
        return False
    return True


def _cases() -> list[Case]:
    cases = []
    for env_id in ENV_IDS:
        for num_envs in SIZES:
            group = f"{env_id} batched native MuJoCo"
            params = {"num_envs": num_envs}
            cases += [
                Case(group, "ours", _ours(env_id, num_envs, "vector_entry_point"), params),
                Case(group, "SyncVectorEnv", _ours(env_id, num_envs, "sync"), params),
                Case(group, "physics bound", _physics_bound(env_id, num_envs), params),
            ]
            if num_envs <= ASYNC_MAX_ENVS:
                cases.append(
                    Case(group, "AsyncVectorEnv", _ours(env_id, num_envs, "async"), params)
                )
            if _has_envpool():
                cases.append(Case(group, "EnvPool", _envpool(env_id, num_envs), params))
    return cases


CASES: list[Case] = _cases()
