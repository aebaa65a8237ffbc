"""AsyncVectorEnv under faults: worker errors, dead workers, timeouts and misuse never hang."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys

import cloudpickle
import numpy as np
import pytest
from _vector_testenvs import counter_env_class, faulty_env_class, image_env_class

import gymnasium_core
import gymnasium_core.vector
from gymnasium_core.error import AlreadyPendingCallError, ClosedEnvironmentError, NoAsyncCallError
from gymnasium_core.vector import AsyncVectorEnv
from gymnasium_core.vector.async_vector_env import WorkerDiedError

pytestmark = pytest.mark.timeout(60)

Faulty = faulty_env_class(gymnasium_core)


def make_faulty(n: int = 3, fault: str | None = None, **kwargs) -> AsyncVectorEnv:
    envs = AsyncVectorEnv([Faulty] * n, context="fork", **kwargs)
    envs.reset(seed=0)
    if fault is not None:
        envs.set_attr("fault", [None, fault, None][:n])
    return envs


def assert_no_live_workers(envs: AsyncVectorEnv) -> None:
    for process in envs.processes:
        assert not process.is_alive()
        assert process.exitcode is not None  # joined: no zombie left


def test_async__worker_error_reaches_caller_with_index_and_traceback() -> None:
    envs = make_faulty(fault="raise")
    with pytest.raises(ValueError, match="bad action 2") as info:
        envs.step(np.array([0, 2, 0]))
    notes = "\n".join(getattr(info.value, "__notes__", []))
    assert "worker 1" in notes
    assert "FaultyEnv" in str(info.value.__cause__) or "step" in str(info.value.__cause__)
    assert "Traceback" in str(info.value.__cause__)
    # Defined state afterwards: a clear error naming the stopped worker, and close still works.
    with pytest.raises(WorkerDiedError) as died:
        envs.step(np.array([0, 0, 0]))
    assert died.value.indices == (1,)
    envs.close()
    assert envs.closed
    assert_no_live_workers(envs)


def test_async__killed_worker_raises_instead_of_hanging() -> None:
    envs = make_faulty()
    os.kill(envs.processes[2].pid, signal.SIGKILL)
    with pytest.raises(WorkerDiedError, match=r"\[2\]"):
        envs.step(np.array([0, 0, 0]))
    envs.close()
    assert_no_live_workers(envs)


def test_async__worker_exiting_mid_step_raises_instead_of_hanging() -> None:
    envs = make_faulty(fault="exit")
    with pytest.raises(WorkerDiedError) as info:
        envs.step(np.array([1, 2, 1]))
    assert info.value.indices == (1,)
    envs.close()
    assert_no_live_workers(envs)


def test_async__step_wait_without_step_async_raises() -> None:
    envs = make_faulty()
    with pytest.raises(NoAsyncCallError):
        envs.step_wait()
    with pytest.raises(NoAsyncCallError):
        envs.reset_wait()
    with pytest.raises(NoAsyncCallError):
        envs.call_wait()
    envs.close()


def test_async__two_step_async_in_a_row_raises() -> None:
    envs = make_faulty()
    envs.step_async(np.array([0, 0, 0]))
    with pytest.raises(AlreadyPendingCallError) as info:
        envs.step_async(np.array([0, 0, 0]))
    assert info.value.name == "step"
    with pytest.raises(AlreadyPendingCallError):
        envs.reset_async()
    envs.step_wait()
    envs.close()


def test_async__timeout_then_recovers_on_the_next_call() -> None:
    envs = make_faulty(fault="sleep")
    envs.step_async(np.array([0, 2, 0]))
    with pytest.raises(multiprocessing.TimeoutError):
        envs.step_wait(timeout=0.2)
    # The late replies are dropped before the next command, so results stay in sync.
    _, rewards, *_ = envs.step(np.array([1, 1, 1]))
    np.testing.assert_array_equal(rewards, [0.75, 0.75, 0.75])
    envs.close()
    assert_no_live_workers(envs)


def test_async__close_with_pending_call_and_terminate() -> None:
    envs = make_faulty(fault="sleep")
    envs.step_async(np.array([0, 2, 0]))
    with pytest.warns(UserWarning, match="pending"):
        envs.close(terminate=True)
    assert_no_live_workers(envs)
    with pytest.raises(ClosedEnvironmentError):
        envs.step(np.array([0, 0, 0]))
    envs.close()  # a second close does nothing


def test_async__error_while_making_the_env_is_reported() -> None:
    def broken():
        raise RuntimeError("cannot build")

    calls = {"n": 0}

    def first_ok_then_broken():
        calls["n"] += 1
        if calls["n"] > 1:
            return broken()
        return counter_env_class(gymnasium_core)()

    with pytest.raises(RuntimeError, match="cannot build"):
        AsyncVectorEnv([first_ok_then_broken, broken], context="fork")


def test_async__call_rejects_reserved_names() -> None:
    envs = make_faulty(n=2)
    with pytest.raises(ValueError, match="step"):
        envs.call("step", 0)
    assert len(envs.call("render")) == 2
    envs.close()


def test_async__max_concurrency_and_bad_arguments() -> None:
    Counter = counter_env_class(gymnasium_core)
    with pytest.raises(ValueError, match="max_concurrency"):
        AsyncVectorEnv([Counter] * 2, max_concurrency=0)
    with pytest.raises(ValueError, match="8 arguments"):
        AsyncVectorEnv([Counter] * 2, worker=lambda a, b: None)
    envs = AsyncVectorEnv([Counter] * 3, context="fork", max_concurrency=1)
    envs.reset(seed=0)
    envs.step(np.array([0, 1, 2]))
    envs.close()


@pytest.mark.skipif(sys.platform == "win32", reason="forkserver is POSIX-only")
@pytest.mark.parametrize("context", ["spawn", "forkserver"])
def test_async__spawn_and_forkserver_contexts(context: str) -> None:
    import _vector_testenvs

    # The test helper module is not importable from a fresh interpreter: pickle it by value.
    cloudpickle.register_pickle_by_value(_vector_testenvs)
    try:
        Image = image_env_class(gymnasium_core, size=8)
        envs = AsyncVectorEnv([Image] * 2, context=context, shared_memory=True)
        obs, _ = envs.reset(seed=0)
        assert obs.shape == (2, 8, 8, 3) and obs.dtype == np.uint8
        obs2, *_ = envs.step(np.array([0, 1]))
        assert not np.array_equal(obs, obs2)
        envs.close()
        assert_no_live_workers(envs)
    finally:
        cloudpickle.unregister_pickle_by_value(_vector_testenvs)


@pytest.mark.parametrize("daemon", [True, False])
def test_async__daemon_flag_and_shared_memory_buffer(daemon: bool) -> None:
    Image = image_env_class(gymnasium_core, size=8)
    envs = AsyncVectorEnv([Image] * 2, context="fork", daemon=daemon, copy=False)
    assert all(process.daemon is daemon for process in envs.processes)
    obs, _ = envs.reset(seed=1)
    assert obs is envs.observations  # copy=False hands out the shared buffer itself
    envs.close()


def test_async__custom_worker_is_used() -> None:
    from gymnasium_core.vector._async_worker import async_worker

    Counter = counter_env_class(gymnasium_core)
    seen = multiprocessing.get_context("fork").Value("i", 0)

    def worker(index, env_fn, pipe, parent_pipe, shared_memory, error_queue, mode, semaphore):
        with seen.get_lock():
            seen.value += 1
        async_worker(index, env_fn, pipe, parent_pipe, shared_memory, error_queue, mode, semaphore)

    envs = AsyncVectorEnv([Counter] * 2, context="fork", worker=worker)
    envs.reset(seed=0)
    envs.close()
    assert seen.value == 2


def test_sync__disabled_mode_refuses_to_step_an_ended_env() -> None:
    Counter = counter_env_class(gymnasium_core)
    envs = gymnasium_core.vector.SyncVectorEnv([Counter], autoreset_mode="Disabled")
    envs.reset(seed=0)
    for _ in range(10):
        *_, terminated, truncated, _ = envs.step(np.array([0]))
        if terminated[0] or truncated[0]:
            break
    with pytest.raises(RuntimeError, match="reset_mask"):
        envs.step(np.array([0]))
