"""Batched native MuJoCo: the threaded vector env against Sync/AsyncVectorEnv and EnvPool.

For Ant, HalfCheetah, Humanoid and Hopper (v5) at 16, 64 and 256 sub-environments and for
each thread count of ``THREADS``, one step of the batch is timed as users call it
(``make_vec(id, n, vectorization_mode=...)``, random actions drawn up front, autoreset in the
default next-step mode). The cases of one group share ``num_envs`` and ``threads``:

- ``ours``: the threaded vector env (``vectorization_mode="vector_entry_point"``,
  ``num_threads=threads``);
- ``EnvPool``: EnvPool's own v5 task with ``num_threads=threads``, when the ``envpool``
  package (the ``bench`` dependency group) is installed;
- ``physics bound``: only the physics that ``ours`` runs (the action written to ``ctrl``,
  ``mj_step`` with ``nstep=frame_skip`` and ``mj_rnePostConstraint``) on the same ``MjData``
  objects, split over the same threads as ours splits them (the caller's thread steps the
  first chunk), from states the env visited: no task terms, no copies of the fields they read,
  no resets. ``1 / ours - 1 / bound`` is what everything but the physics costs;
- ``SyncVectorEnv`` / ``AsyncVectorEnv``: our single envs in our sync vector env and in our
  async one (one forked worker process per sub-environment). They do not take a thread
  count, so they are measured once per size, in the group with the most threads.

Environment variables pick the sizes on a small or busy machine:

- ``GC_BENCH_MUJOCO_IDS``: comma-separated ids (default the four above);
- ``GC_BENCH_MUJOCO_MAX_ENVS``: leave out the sizes above it (default 256);
- ``GC_BENCH_MUJOCO_THREADS``: comma-separated thread counts (default ``1`` and every usable
  core);
- ``GC_BENCH_MUJOCO_ASYNC_MAX_ENVS``: leave out the async rows above it (default 256).

Every case keeps what it opened (threads, worker processes) until the next group is set up,
which closes it: 256 worker processes per group, kept for the whole run, would fill the memory.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from benchmarks.harness import Case

RunFn = Callable[[], int]


def _usable_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(sorted({int(item) for item in text.split(",") if item.strip()}))


ENV_IDS = tuple(
    os.environ.get("GC_BENCH_MUJOCO_IDS", "Ant-v5,HalfCheetah-v5,Humanoid-v5,Hopper-v5").split(",")
)
SIZES = tuple(
    n for n in (16, 64, 256) if n <= int(os.environ.get("GC_BENCH_MUJOCO_MAX_ENVS", "256"))
)
THREADS = _ints(os.environ.get("GC_BENCH_MUJOCO_THREADS", f"1,{_usable_cores()}"))
ASYNC_MAX_ENVS = int(os.environ.get("GC_BENCH_MUJOCO_ASYNC_MAX_ENVS", "256"))
STEPS_PER_RUN = 256  # environment steps per timed call (batch steps: 256 // num_envs, >= 1)
NUM_ACTION_BATCHES = 8
WARM_STEPS = 20  # batch steps taken before the physics bound snapshots the states

GROUP = "{env_id} batched native MuJoCo"

# What the cases of the group being measured opened, closed when another group is set up.
_OPEN: dict[str, list[Callable[[], None]]] = {}


def _enter(group_key: str) -> None:
    """Close what the cases of every other group opened."""
    for other in [key for key in _OPEN if key != group_key]:
        for close in _OPEN.pop(other):
            close()


def _keep(group_key: str, close: Callable[[], None]) -> None:
    _OPEN.setdefault(group_key, []).append(close)


def _actions(low: Any, high: Any, num_envs: int, dtype: Any = np.float32) -> list[Any]:
    rng = np.random.default_rng(0)
    shape = (num_envs, *np.shape(low))
    return [rng.uniform(low, high, shape).astype(dtype) for _ in range(NUM_ACTION_BATCHES)]


def _batch_steps(num_envs: int) -> int:
    return max(1, STEPS_PER_RUN // num_envs)


def _stepper(envs: Any, batches: list[Any], num_envs: int) -> RunFn:
    steps = _batch_steps(num_envs)
    counter = iter(range(1 << 62))

    def run() -> int:
        for _ in range(steps):
            envs.step(batches[next(counter) % NUM_ACTION_BATCHES])
        return steps * num_envs

    run()
    return run


def _ours(env_id: str, num_envs: int, mode: str, threads: int, key: str) -> Callable[[], RunFn]:
    def setup() -> RunFn:
        import gymnasium_core

        _enter(key)
        kwargs: dict[str, Any] = {}
        if mode == "async":
            kwargs["vector_kwargs"] = {"context": "fork"}
        elif mode == "vector_entry_point":
            kwargs["num_threads"] = threads
        envs = gymnasium_core.make_vec(env_id, num_envs, vectorization_mode=mode, **kwargs)
        _keep(key, envs.close)
        envs.reset(seed=0)
        space: Any = envs.single_action_space
        return _stepper(envs, _actions(space.low, space.high, num_envs), num_envs)

    return setup


def _envpool(env_id: str, num_envs: int, threads: int, key: str) -> Callable[[], RunFn]:
    def setup() -> RunFn:
        envpool = importlib.import_module("envpool")  # the bench group only

        _enter(key)
        envs = envpool.make(
            env_id, env_type="gymnasium", num_envs=num_envs, num_threads=threads, seed=0
        )
        _keep(key, envs.close)
        envs.reset()
        space = envs.action_space
        batches = _actions(space.low, space.high, num_envs, space.dtype)
        return _stepper(envs, batches, num_envs)

    return setup


def _physics_bound(env_id: str, num_envs: int, threads: int, key: str) -> Callable[[], RunFn]:
    def setup() -> RunFn:
        import mujoco

        import gymnasium_core

        _enter(key)
        vec: Any = gymnasium_core.make_vec(
            env_id, num_envs, vectorization_mode="vector_entry_point", num_threads=1
        )
        _keep(key, vec.close)
        vec.reset(seed=0)
        space = vec.single_action_space
        batches = _actions(space.low, space.high, num_envs)
        for step in range(WARM_STEPS):  # states the env visits, resets included
            vec.step(batches[step % NUM_ACTION_BATCHES])
        model, frame_skip = vec.envs[0].model, vec.envs[0].frame_skip
        datas = [env.data for env in vec.envs]
        spec = mujoco.mjtState.mjSTATE_INTEGRATION  # warm starts too: runs repeat exactly
        snapshot = np.empty((num_envs, mujoco.mj_stateSize(model, spec)))
        for data, state in zip(datas, snapshot, strict=True):
            mujoco.mj_getState(model, data, state, spec)
        chunks = [c.tolist() for c in np.array_split(np.arange(num_envs), threads)]
        # as in ours: the caller's thread steps the first chunk, the pool's the others
        pool = ThreadPoolExecutor(threads - 1) if threads > 1 else None
        if pool is not None:
            _keep(key, pool.shutdown)
        steps = _batch_steps(num_envs)

        def advance(chunk: list[int], actions: Any) -> None:
            for index in chunk:
                data = datas[index]
                data.ctrl[:] = actions[index]
                mujoco.mj_step(model, data, nstep=frame_skip)
                mujoco.mj_rnePostConstraint(model, data)

        def run() -> int:
            for data, state in zip(datas, snapshot, strict=True):
                mujoco.mj_setState(model, data, state, spec)
            for step in range(steps):
                actions = batches[step % NUM_ACTION_BATCHES]
                if pool is None:
                    advance(chunks[0], actions)
                else:
                    futures = [pool.submit(advance, chunk, actions) for chunk in chunks[1:]]
                    advance(chunks[0], actions)
                    for future in futures:
                        future.result()
            return steps * num_envs

        run()
        return run

    return setup


def _has_envpool() -> bool:
    return importlib.util.find_spec("envpool") is not None


def _cases() -> list[Case]:
    cases = []
    with_envpool = _has_envpool()
    for env_id in ENV_IDS:
        group = GROUP.format(env_id=env_id)
        for num_envs in SIZES:
            for threads in THREADS:
                params = {"num_envs": num_envs, "threads": threads}
                key = f"{group} {num_envs} {threads}"
                # Worker processes are forked first, while this group runs no threads yet.
                if threads == max(THREADS) and num_envs <= ASYNC_MAX_ENVS:
                    setup = _ours(env_id, num_envs, "async", threads, key)
                    cases.append(Case(group, "AsyncVectorEnv", setup, params))
                setup = _ours(env_id, num_envs, "vector_entry_point", threads, key)
                cases.append(Case(group, "ours", setup, params))
                if threads == max(THREADS):
                    setup = _ours(env_id, num_envs, "sync", threads, key)
                    cases.append(Case(group, "SyncVectorEnv", setup, params))
                if with_envpool:
                    setup = _envpool(env_id, num_envs, threads, key)
                    cases.append(Case(group, "EnvPool", setup, params))
                setup = _physics_bound(env_id, num_envs, threads, key)
                cases.append(Case(group, "physics bound", setup, params))
    return cases


CASES: list[Case] = _cases()
