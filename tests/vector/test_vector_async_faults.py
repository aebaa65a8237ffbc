"""AsyncVectorEnv under faults: worker errors, dead workers, timeouts and misuse never hang."""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import subprocess
import sys
import types

import cloudpickle
import numpy as np
import pytest
from _vector_testenvs import (
    async_context,
    counter_env_class,
    faulty_env_class,
    image_env_class,
    slow_close_env_class,
)

import gymnasium_core
import gymnasium_core.vector
from gymnasium_core.error import (
    AlreadyPendingCallError,
    ClosedEnvironmentError,
    NoAsyncCallError,
    SharedMemoryUnsupported,
)
from gymnasium_core.spaces import Box, Dict, Discrete, Graph, Sequence, Space
from gymnasium_core.vector import AsyncVectorEnv, async_vector_env
from gymnasium_core.vector.async_vector_env import WorkerDiedError

pytestmark = pytest.mark.timeout(60)

Faulty = faulty_env_class(gymnasium_core)


def make_faulty(n: int = 3, fault: str | None = None, **kwargs) -> AsyncVectorEnv:
    envs = AsyncVectorEnv([Faulty] * n, context=async_context(), **kwargs)
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
        AsyncVectorEnv([first_ok_then_broken, broken], context=async_context())


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
    envs = AsyncVectorEnv([Counter] * 3, context=async_context(), max_concurrency=1)
    envs.reset(seed=0)
    envs.step(np.array([0, 1, 2]))
    envs.close()


def space_env(space: Space) -> gymnasium_core.Env:
    env = gymnasium_core.Env()
    env.observation_space = space
    env.action_space = Discrete(2)
    return env


DYNAMIC_SPACES = {
    "graph": Graph(Box(0.0, 1.0, shape=(2,)), None),
    "sequence": Sequence(Discrete(3)),
    "dict-of-sequence": Dict(a=Sequence(Discrete(3))),
}


@pytest.mark.parametrize("space", DYNAMIC_SPACES.values(), ids=DYNAMIC_SPACES.keys())
@pytest.mark.parametrize("caught", [TypeError, ValueError])
def test_async__shared_memory_refuses_a_dynamic_shape_space(space: Space, caught: type) -> None:
    # Gymnasium raises TypeError here; ours must be caught by that and by ValueError alike.
    with pytest.raises(caught, match="shared_memory=False") as info:
        AsyncVectorEnv(
            [functools.partial(space_env, space)] * 2, shared_memory=True, context=async_context()
        )
    assert isinstance(info.value, SharedMemoryUnsupported)


def test_worker_died_error__survives_pickling() -> None:
    # It crosses process boundaries (an AsyncVectorEnv inside a worker reports it on the error
    # queue), so it must load back with its message, indices and notes.
    import pickle

    exc = WorkerDiedError("Worker(s) [1, 2] stopped.", [1, 2])
    exc.add_note("Raised in worker 0 of AsyncVectorEnv.")
    restored = pickle.loads(pickle.dumps(exc))
    assert type(restored) is WorkerDiedError
    assert (str(restored), restored.indices) == ("Worker(s) [1, 2] stopped.", (1, 2))
    assert restored.__notes__ == ["Raised in worker 0 of AsyncVectorEnv."]


@pytest.mark.skipif(sys.platform == "win32", reason="forkserver is POSIX-only")
@pytest.mark.parametrize("context", ["spawn", "forkserver"])
def test_async__spawn_and_forkserver_contexts(context: str) -> None:
    import _vector_testenvs

    # The test helper module is not importable from a fresh interpreter: pickle it by value.
    cloudpickle.register_pickle_by_value(_vector_testenvs)
    try:
        Image = image_env_class(gymnasium_core, size=8)
        # A bounded semaphore too: the workers open it by name under these start methods.
        envs = AsyncVectorEnv([Image] * 2, context=context, shared_memory=True, max_concurrency=1)
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
    envs = AsyncVectorEnv([Image] * 2, context=async_context(), daemon=daemon, copy=False)
    assert all(process.daemon is daemon for process in envs.processes)
    obs, _ = envs.reset(seed=1)
    assert obs is envs.observations  # copy=False hands out the shared buffer itself
    envs.close()


def _tagged(env_fn):
    env = env_fn()
    env.unwrapped.served_by = "custom worker"
    return env


def custom_worker(index, env_fn, pipe, parent_pipe, shared_memory, error_queue, mode, semaphore):
    """A worker of our own (module level, so every start method can pickle it)."""
    from gymnasium_core.vector.async_vector_env import _async_worker as async_worker

    tagged = functools.partial(_tagged, env_fn)
    async_worker(index, tagged, pipe, parent_pipe, shared_memory, error_queue, mode, semaphore)


def test_async__custom_worker_is_used() -> None:
    Counter = counter_env_class(gymnasium_core)
    envs = AsyncVectorEnv([Counter] * 2, context=async_context(), worker=custom_worker)
    envs.reset(seed=0)
    assert envs.get_attr("served_by") == ("custom worker", "custom worker")
    envs.close()


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
    # Code written for the reference catches its AssertionError.
    with pytest.raises(AssertionError):
        envs.step(np.array([0]))


def test_async__worker_dying_after_its_pipe_reports_its_exit_code() -> None:
    envs = make_faulty(fault="late-exit")
    with pytest.raises(WorkerDiedError) as info:
        envs.step(np.array([0, 2, 0]))
    assert info.value.indices == (1,)
    assert "exit codes [3]" in str(info.value) and "None" not in str(info.value)
    with pytest.raises(WorkerDiedError, match="exit code 3"):
        envs.step(np.array([0, 0, 0]))
    envs.close()
    assert_no_live_workers(envs)


SlowClose = slow_close_env_class(gymnasium_core)


def _slow_closing(tmp_path, delay: float) -> AsyncVectorEnv:
    factory = functools.partial(
        SlowClose, marker=str(tmp_path / "closed"), delay=delay, parent=os.getpid()
    )
    envs = AsyncVectorEnv([factory] * 2, context=async_context())
    envs.reset(seed=0)
    return envs


def test_async__close_without_timeout_waits_for_slow_env_close(tmp_path, monkeypatch) -> None:
    """``timeout=None`` waits for every sub-environment to finish closing (no fixed limit)."""
    # The fixed grace for terminated workers, shortened: a clean close must not depend on it.
    monkeypatch.setattr(async_vector_env, "_JOIN_TIMEOUT", 0.1)
    envs = _slow_closing(tmp_path, delay=1.0)
    pids = [process.pid for process in envs.processes]
    envs.close()  # our warnings are errors here: neither "ignored terminate" nor a timeout
    assert_no_live_workers(envs)
    assert [process.exitcode for process in envs.processes] == [0, 0]
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        f"closed-{pid}" for pid in pids
    )


def test_async__close_timeout_terminates_a_worker_still_closing(tmp_path) -> None:
    envs = _slow_closing(tmp_path, delay=30.0)
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="still closing"):
        envs.close(timeout=0.5)
    assert_no_live_workers(envs)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("context", "running", "warns"),
    [
        ("fork", True, True),
        ("fork", False, False),
        ("forkserver", True, False),
        ("spawn", True, False),
    ],
)
def test_fork_check__warns_only_for_fork_while_jax_runs(
    monkeypatch, context: str, running: bool, warns: bool
) -> None:
    monkeypatch.setattr(async_vector_env, "jax_is_running", lambda: running)
    ctx = multiprocessing.get_context(context)
    if warns:
        with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="forkserver"):
            async_vector_env.warn_if_forking_jax(ctx)
    else:
        async_vector_env.warn_if_forking_jax(ctx)


@pytest.mark.parametrize("context", ["fork", None])
def test_async__warns_before_forking_a_process_running_jax(monkeypatch, context) -> None:
    if multiprocessing.get_context(context).get_start_method() != "fork":
        pytest.skip("the default start method here is not fork")
    monkeypatch.setattr(async_vector_env, "jax_is_running", lambda: True)
    # No worker is started: JAX may really be running in this process.
    monkeypatch.setattr(AsyncVectorEnv, "_start_workers", lambda self, ctx: None)
    monkeypatch.setattr(AsyncVectorEnv, "_check_spaces", lambda self: None)
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="forkserver"):
        envs = AsyncVectorEnv([counter_env_class(gymnasium_core)], context=context)
    envs.close()


def test_jax_is_running__reads_the_runtime_state(monkeypatch) -> None:
    bridge = types.ModuleType("jax._src.xla_bridge")
    monkeypatch.setitem(sys.modules, "jax", types.ModuleType("jax"))
    monkeypatch.setitem(sys.modules, "jax._src.xla_bridge", bridge)
    for started in (False, True):
        bridge.backends_are_initialized = lambda started=started: started
        assert async_vector_env.jax_is_running() is started
    del bridge.backends_are_initialized  # an unknown JAX: assume the worst
    assert async_vector_env.jax_is_running() is True
    monkeypatch.delitem(sys.modules, "jax")
    assert async_vector_env.jax_is_running() is False


@pytest.mark.slow
def test_jax_is_running__with_real_jax_in_a_fresh_process() -> None:
    pytest.importorskip("jax")
    script = (
        "import gymnasium_core.vector.async_vector_env as a\n"
        "print(a.jax_is_running())\n"
        "import jax.numpy as jnp\n"
        "print(a.jax_is_running())\n"
        "jnp.zeros(1).block_until_ready()\n"
        "print(a.jax_is_running())\n"
    )
    env = {**os.environ, "JAX_PLATFORMS": "cpu"}
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
    )
    assert out.stdout.split() == ["False", "False", "True"]


def test_async__disabled_mode_refuses_to_step_an_ended_env() -> None:
    """As in the reference, the worker refuses (an AssertionError there; ours is one too)."""
    Counter = counter_env_class(gymnasium_core)
    envs = AsyncVectorEnv([Counter], context=async_context(), autoreset_mode="Disabled")
    envs.reset(seed=0)
    for _ in range(10):
        *_, terminated, truncated, _ = envs.step(np.array([0]))
        if terminated[0] or truncated[0]:
            break
    # A masked reset clears it.
    envs.reset(options={"reset_mask": np.array([True])})
    for _ in range(10):
        *_, terminated, truncated, _ = envs.step(np.array([0]))
        if terminated[0] or truncated[0]:
            break
    with pytest.raises(AssertionError, match="reset_mask") as info:
        envs.step(np.array([0]))
    assert isinstance(info.value, RuntimeError)
    envs.close()
    assert_no_live_workers(envs)
