"""Soak test: 100k steps of AsyncVectorEnv with autoreset keep memory flat and leak nothing.

Marked slow: a few minutes on two cores. Run with ``pytest -m slow tests/vector``.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from pathlib import Path

import numpy as np
import pytest
from _vector_testenvs import async_context

import gymnasium_core
from gymnasium_core.vector import AsyncVectorEnv

STEPS = 100_000
NUM_ENVS = 2
# Growth allowed between the end of the warm-up and the end of the run, per process. A leak
# of one small array per step would be tens of megabytes by then.
RSS_SLACK_KB = 8 * 1024


def rss_kb(pid: int) -> int:
    """Resident memory of a process in kB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for process {pid}")


def shm_entries() -> set[str]:
    shm = Path("/dev/shm")
    return {p.name for p in shm.iterdir()} if shm.is_dir() else set()


def shm_mapped(pids: list[int]) -> set[str]:
    """The ``/dev/shm`` entries (named semaphores, shared memory) these processes map.

    Only names still linked count: an entry already unlinked reads ``(deleted)``. Counting the
    entries our own processes map, not the folder's growth, keeps the check true while other
    programs on the machine create and remove their own.
    """
    names = set()
    for pid in pids:
        for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
            path = line.split(maxsplit=5)[5] if len(line.split(maxsplit=5)) == 6 else ""
            if path.startswith("/dev/shm/") and not path.endswith("(deleted)"):
                names.add(path.removeprefix("/dev/shm/"))
    return names


def is_zombie(pid: int) -> bool:
    """Whether ``pid`` is a process that exited but was never reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state == "Z"


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("shared_memory", [True, False])
def test_async__100k_steps_memory_flat_and_nothing_leaks(shared_memory: bool) -> None:
    envs = AsyncVectorEnv(
        [lambda: gymnasium_core.make("CartPole-v1")] * NUM_ENVS,
        shared_memory=shared_memory,
        context=async_context(),
    )
    pids = [os.getpid(), *(process.pid for process in envs.processes)]
    rng = np.random.default_rng(0)
    actions = rng.integers(0, 2, size=(1000, NUM_ENVS))
    envs.reset(seed=0)
    episodes = 0
    baseline: list[int] = []
    for step in range(STEPS):
        if step == STEPS // 10:  # after the warm-up: caches and allocator pools are filled
            baseline = [rss_kb(pid) for pid in pids]
        _, _, terminations, truncations, _ = envs.step(actions[step % 1000])
        episodes += int(np.sum(terminations | truncations))
    final = [rss_kb(pid) for pid in pids]
    in_use = shm_mapped(pids)
    envs.close()
    processes = envs.processes
    # A closed env keeps its queue's and buffer's locks (as Gymnasium's does); their names go
    # when it is collected. Under fork they are unlinked at creation, under forkserver then.
    del envs
    gc.collect()

    assert episodes > STEPS // 100  # random CartPole episodes are short: autoreset ran a lot
    for pid, before, after in zip(pids, baseline, final, strict=True):
        assert after - before < RSS_SLACK_KB, f"process {pid} grew from {before} to {after} kB"
    for process in processes:
        assert process.exitcode is not None
        assert not is_zombie(process.pid)
    assert not multiprocessing.active_children()
    assert not in_use & shm_entries(), in_use & shm_entries()
