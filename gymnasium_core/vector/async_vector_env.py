"""A vector environment that runs each sub-environment in its own worker process."""

from __future__ import annotations

import inspect
import multiprocessing
import pickle
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from copy import deepcopy
from enum import Enum
from multiprocessing.connection import Connection, wait
from typing import Any, Generic

import numpy as np
import numpy.typing as npt

from gymnasium_core import logger
from gymnasium_core.core import Env, accept_env
from gymnasium_core.error import (
    AlreadyPendingCallError,
    ClosedEnvironmentError,
    CustomSpaceError,
    NoAsyncCallError,
    SharedMemoryUnsupported,
)
from gymnasium_core.spaces import Space
from gymnasium_core.vector.utils import (
    CloudpickleWrapper,
    batch_space,
    clear_mpi_env_vars,
    concatenate,
    create_empty_array,
    create_shared_memory,
    iterate,
    read_from_shared_memory,
    write_to_shared_memory,
)
from gymnasium_core.vector.vector_env import (
    ActType,
    AutoresetMode,
    EpisodeNotResetError,
    ObservationMode,
    ObsType,
    VectorEnv,
    as_autoreset_mode,
    check_not_empty,
    observation_spaces,
    pop_reset_mask,
    seeds_for,
)

__all__ = ["AsyncState", "AsyncVectorEnv", "WorkerDiedError"]


# Names `call` may not reach: they are commands of their own.
RESERVED_COMMANDS = ("reset", "step", "close", "_setattr", "_check_spaces")


def _async_worker(
    index: int,
    env_fn: Callable[[], Any],
    pipe: Connection,
    parent_pipe: Connection,
    shared_memory: Any,
    error_queue: Any,
    autoreset_mode: AutoresetMode,
    semaphore: Any,
) -> None:
    """Serve one sub-environment until ``close`` or an error.

    Args:
        index: The sub-environment's index.
        env_fn: Its factory (called here, in the worker).
        pipe: This worker's end of the pipe.
        parent_pipe: The main process's end, closed here (a fork inherits it).
        shared_memory: The observation buffer, or ``None`` to send observations over the pipe.
        error_queue: Where errors are reported.
        autoreset_mode: The vector environment's autoreset mode.
        semaphore: Bounds how many workers run ``reset`` / ``step`` at once, or ``None``.
    """
    parent_pipe.close()
    env = None
    try:
        env = accept_env(env_fn(), "AsyncVectorEnv")
        server = _Server(index, env, pipe, shared_memory, autoreset_mode, semaphore)
        while server.serve(*pipe.recv()):
            pass
    except (KeyboardInterrupt, Exception) as exc:
        _report(index, exc, pipe, error_queue)
    finally:
        if env is not None:
            env.close()


def _report(index: int, exc: BaseException, pipe: Connection, error_queue: Any) -> None:
    trace = traceback.format_exc()
    try:
        pickle.dumps(exc)
        sendable: BaseException = exc
    except Exception:
        # The queue pickles in a background thread where a failure would be lost.
        sendable = RuntimeError(f"{type(exc).__name__}: {exc}")
    error_queue.put((index, type(sendable), sendable, trace))
    try:
        pipe.send((None, False))
    except (BrokenPipeError, OSError):
        pass


class _Server:
    """The state one worker keeps between commands."""

    def __init__(
        self,
        index: int,
        env: Any,
        pipe: Connection,
        shared_memory: Any,
        autoreset_mode: AutoresetMode,
        semaphore: Any,
    ) -> None:
        self.index = index
        self.env = env
        self.pipe = pipe
        self.shared_memory = shared_memory
        self.uses_shared_memory = bool(shared_memory)
        self.mode = autoreset_mode
        self.semaphore = semaphore
        self.needs_reset = False
        self.last_obs: Any = None

    def serve(self, command: str, data: Any) -> bool:
        """Run one command and answer it; ``False`` once the worker should stop."""
        reply: Any
        if command == "step" or command == "reset":
            run = self._step if command == "step" else self._reset
            if self.semaphore is None:
                reply = run(data)
            else:
                with self.semaphore:
                    reply = run(data)
                # The permit is released before `send`, which may block until the parent reads.
        elif command == "reset-noop":
            reply = (self.last_obs, {})
        elif command == "close":
            self.pipe.send((None, True))
            return False
        elif command == "_call":
            reply = self._call(*data)
        elif command == "_setattr":
            name, value = data
            self.env.set_wrapper_attr(name, value)
            reply = None
        elif command == "_check_spaces":
            reply = self._check_spaces(*data)
        else:
            raise RuntimeError(
                f"Unknown command {command!r}; expected one of reset, reset-noop, step, close, "
                "_call, _setattr or _check_spaces."
            )
        self.pipe.send((reply, True))
        return True

    def _publish(self, obs: Any) -> Any:
        """Put ``obs`` in shared memory (returning ``None``) or return it for the pipe."""
        if self.uses_shared_memory:
            write_to_shared_memory(self.env.observation_space, self.index, obs, self.shared_memory)
            self.last_obs = None
            return None
        self.last_obs = obs
        return obs

    def _reset(self, kwargs: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        # Any reset starts a fresh episode, whatever the previous step said.
        self.needs_reset = False
        return self._publish(obs), info

    def _step(self, action: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        if self.needs_reset:  # set in the next-step and disabled modes
            if self.mode is AutoresetMode.DISABLED:
                raise EpisodeNotResetError(
                    f"Sub-environment {self.index} ended its episode and autoreset is disabled: "
                    "reset it with `reset(options={'reset_mask': mask})` before stepping it again."
                )
            obs, info = self.env.reset()
            self.needs_reset = False
            return self._publish(obs), 0, False, False, info
        obs, reward, terminated, truncated, info = self.env.step(action)
        if terminated or truncated:
            if self.mode is not AutoresetMode.SAME_STEP:
                self.needs_reset = True
            elif self.mode is AutoresetMode.SAME_STEP:
                first_obs, reset_info = self.env.reset()
                info = {"final_info": info, "final_obs": obs, **reset_info}
                obs = first_obs
        return self._publish(obs), reward, terminated, truncated, info

    def _call(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        if name in RESERVED_COMMANDS:
            raise ValueError(f"`call({name!r})` is not allowed: use `{name}` directly.")
        attr = self.env.get_wrapper_attr(name)
        return attr(*args, **kwargs) if callable(attr) else attr

    def _check_spaces(
        self, obs_mode: Any, single_obs: Any, single_action: Any
    ) -> tuple[bool, bool]:
        own_obs = self.env.observation_space
        if obs_mode == "same":
            obs_ok = bool(single_obs == own_obs)
        else:
            from gymnasium_core.spaces.utils import is_space_dtype_shape_equiv

            obs_ok = bool(is_space_dtype_shape_equiv(single_obs, own_obs))
        return obs_ok, bool(single_action == self.env.action_space)


# How long to wait for a failed worker's report on the error queue, and for a terminated worker
# to exit before it is killed.
_ERROR_REPORT_TIMEOUT = 5.0
_JOIN_TIMEOUT = 5.0
# How long a worker whose pipe closed is given to exit before its exit code is read.
_REAP_TIMEOUT = 2.0


class AsyncState(Enum):
    """Which asynchronous call an :class:`AsyncVectorEnv` is waiting for."""

    DEFAULT = "default"
    WAITING_RESET = "reset"
    WAITING_STEP = "step"
    WAITING_CALL = "call"


class WorkerDiedError(RuntimeError):
    """A worker process stopped: it crashed, was killed, or exited after an error.

    Attributes:
        indices: The indices of the stopped workers.
    """

    def __init__(self, message: str, indices: Sequence[int]) -> None:
        super().__init__(message)
        self.indices = tuple(indices)

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from both arguments (an exception's default passes only `args`), so the error
        # survives a queue or a pickle; the state keeps `indices` and any notes.
        return type(self), (self.args[0], self.indices), self.__dict__


class _RemoteTraceback(Exception):
    """Carries a worker's formatted traceback as the ``__cause__`` of the re-raised error."""

    def __str__(self) -> str:
        return str(self.args[0])


class WorkerPipes:
    """The worker bookkeeping :class:`~gymnasium_core.vector.AsyncVectorEnv` inherits.

    The attributes are Gymnasium's (``parent_pipes``, ``processes``, ``error_queue``,
    ``_state``) plus ours: ``_stale`` counts the replies still owed by calls that timed out or
    were abandoned, and ``_dead`` says why each stopped worker stopped.
    """

    num_envs: int
    closed: bool
    parent_pipes: list[Connection | None]
    processes: list[Any]
    error_queue: Any
    _state: AsyncState
    _stale: list[int]
    _dead: dict[int, str]

    def _assert_is_running(self) -> None:
        if self.closed:
            raise ClosedEnvironmentError(
                f"`{type(self).__name__}` was closed: it cannot be used any more."
            )
        if self._dead:
            stopped = ", ".join(f"{i} ({why})" for i, why in sorted(self._dead.items()))
            raise WorkerDiedError(
                f"Worker(s) {stopped} of `{type(self).__name__}` stopped; close this environment "
                "and make a new one.",
                sorted(self._dead),
            )

    def _assert_no_pending(self, caller: str) -> None:
        if self._state is not AsyncState.DEFAULT:
            raise AlreadyPendingCallError(
                f"`{caller}` was called while `{self._state.value}` is still pending; call "
                f"`{self._state.value}_wait` first.",
                str(self._state.value),
            )
        self._drain_stale(None)
        self._assert_is_running()

    def _poll_pipe_envs(self, timeout: float | None = None) -> bool:
        """Whether every worker has a reply ready within ``timeout`` seconds.

        ``None`` does not wait and answers ``True``: the replies are then read as they come.
        Kept for subclasses written against Gymnasium's ``AsyncVectorEnv``.
        """
        self._assert_is_running()
        if timeout is None:
            return True
        deadline = time.monotonic() + timeout
        for pipe in self.parent_pipes:
            if pipe is None or pipe.closed:
                return False
            if not pipe.poll(max(deadline - time.monotonic(), 0.0)):
                return False
        return True

    def _live_pipes(self) -> list[Connection]:
        return [pipe for pipe in self.parent_pipes if pipe is not None]

    def _wait_for(self, state: AsyncState, caller: str, timeout: float | None) -> list[Any]:
        self._assert_is_running()
        if self._state is not state:
            raise NoAsyncCallError(
                f"`{caller}` was called without a pending `{state.value}_async`.", state.value
            )
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            replies = self._collect(range(self.num_envs), deadline, caller)
        finally:
            self._state = AsyncState.DEFAULT
        results = []
        for result, ok in replies:
            if not ok:
                self._raise_if_errors(replies)
            results.append(result)
        return results

    def _mark_pending_stale(self) -> None:
        for i, pipe in enumerate(self.parent_pipes):
            if pipe is not None:
                self._stale[i] += 1
        self._state = AsyncState.DEFAULT

    def _collect(
        self,
        indices: Iterable[int],
        deadline: float | None,
        caller: str,
        drop_errors: bool = False,
    ) -> list[tuple[Any, bool]]:
        """One reply per worker in ``indices``, in order.

        A worker that has not answered by ``deadline`` leaves its reply pending (it is read and
        dropped before the next command); a worker that exits without answering is marked dead.

        Raises:
            multiprocessing.TimeoutError: If the deadline passes.
            WorkerDiedError: If a worker exits without answering.
        """
        order = list(indices)
        replies: dict[int, tuple[Any, bool]] = {}
        died: list[int] = []
        if deadline is None:
            # Fast path: only the worker holds its end of the pipe, so a worker that dies
            # shows up here as end-of-file rather than a hang.
            for i in order:
                pipe = self.parent_pipes[i]
                if pipe is not None:
                    try:
                        replies[i] = pipe.recv()
                    except (EOFError, OSError):
                        died.append(i)
            if not died:
                return list(replies.values())
            waiting: set[int] = set()
        else:
            waiting = {i for i in order if self.parent_pipes[i] is not None}
        while waiting:
            handles: dict[Any, int] = {}
            for i in waiting:
                handles[self.parent_pipes[i]] = i
                handles[self.processes[i].sentinel] = i
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready = wait(list(handles), remaining)
            if not ready:
                for i in waiting:
                    self._stale[i] += 1
                raise multiprocessing.TimeoutError(
                    f"`{caller}` timed out: worker(s) {sorted(waiting)} did not answer in time."
                )
            for handle in ready:
                i = handles[handle]
                if i not in waiting:
                    continue
                pipe = self.parent_pipes[i]
                assert pipe is not None
                try:
                    # The sentinel fires when the worker exits; it may still have answered first.
                    if pipe.poll():
                        replies[i] = pipe.recv()
                        waiting.discard(i)
                        continue
                except (EOFError, OSError):
                    pass
                if not self.processes[i].is_alive() or isinstance(handle, Connection):
                    waiting.discard(i)
                    died.append(i)
        codes = {i: self._exit_code(i) for i in died}
        for i in died:
            self._mark_dead(i, f"exit code {codes[i]}")
        if died and not drop_errors:
            self._state = AsyncState.DEFAULT
            raise WorkerDiedError(
                f"Worker(s) {sorted(died)} of `{type(self).__name__}` died during `{caller}` "
                f"(exit codes {[codes[i] for i in sorted(died)]}).",
                sorted(died),
            )
        return [replies[i] for i in order if i in replies]

    def _drain_stale(self, deadline: float | None) -> None:
        """Read and drop the replies of calls that timed out or were abandoned."""
        while any(self._stale):
            late = [i for i, count in enumerate(self._stale) if count > 0]
            replies = self._collect(late, deadline, "a late reply", drop_errors=True)
            for i in late:
                self._stale[i] -= 1
            failed = [reply for reply in replies if not reply[1]]
            if failed:
                self._raise_if_errors(replies, reraise=False)

    def _exit_code(self, index: int) -> int | str:
        """The exit code of a worker whose pipe closed, once the process is reaped.

        Its end of the pipe closes a moment before the process is gone, so it is joined for up
        to ``_REAP_TIMEOUT`` seconds first; a worker still running then is reported as such.
        """
        process = self.processes[index]
        process.join(_REAP_TIMEOUT)
        code = process.exitcode
        return "unknown (still running)" if code is None else int(code)

    def _mark_dead(self, index: int, why: str) -> None:
        self._dead[index] = why
        pipe = self.parent_pipes[index]
        if pipe is not None:
            pipe.close()
            self.parent_pipes[index] = None
        self._stale[index] = 0

    def _raise_if_errors(
        self, successes: Sequence[tuple[Any, bool]] | Iterable[bool], reraise: bool = True
    ) -> None:
        """Re-raise a worker's error with its index and traceback (the last if several).

        Args:
            successes: The workers' ``success`` flags (Gymnasium's form, which subclasses
                written for it pass), or their whole ``(result, success)`` replies.
            reraise: Whether to raise the error (otherwise it is only logged).
        """
        failures = sum(1 for reply in successes if not _succeeded(reply))
        if failures == 0:
            return
        last: BaseException | None = None
        for _ in range(failures):
            index, _, exc, trace = self.error_queue.get(timeout=_ERROR_REPORT_TIMEOUT)
            logger.error(f"Worker {index} raised an error and stopped:\n{trace}")
            self._mark_dead(index, f"raised {type(exc).__name__}")
            exc.add_note(f"Raised in worker {index} of {type(self).__name__}.")
            exc.__cause__ = _RemoteTraceback(f"\nTraceback in worker {index}:\n{trace}")
            last = exc
        self._state = AsyncState.DEFAULT
        if reraise and last is not None:
            raise last

    def _stop(self, index: int, process: Any) -> None:
        """Terminate a worker; kill it if it ignores that for ``_JOIN_TIMEOUT`` seconds."""
        if not process.is_alive():
            process.join()
            return
        process.terminate()
        process.join(_JOIN_TIMEOUT)
        if process.is_alive():
            logger.warn(f"Worker {index} ignored terminate; killing it.")
            process.kill()
            process.join()

    def _close_workers(self, deadline: float | None) -> bool:
        """Ask the live workers to close; ``False`` if some did not answer in time."""
        live = [i for i, pipe in enumerate(self.parent_pipes) if pipe is not None]
        try:
            self._drain_stale(deadline)
            for i in live:
                if self.parent_pipes[i] is not None:
                    send(self.parent_pipes[i], ("close", None))  # type: ignore[arg-type]
            live = [i for i in live if self.parent_pipes[i] is not None]
            self._collect(live, deadline, "close", drop_errors=True)
        except (multiprocessing.TimeoutError, WorkerDiedError, OSError):
            return False
        return True


def _succeeded(reply: Any) -> bool:
    # A bare success flag, or a `(result, success)` reply.
    if isinstance(reply, bool | np.bool_):
        return bool(reply)
    return bool(reply[1])


def send(pipe: Connection, message: Any) -> None:
    """Send ``message`` to a worker, unless its end of the pipe is already gone."""
    # A worker that already stopped cannot take the message; its error report (or its end of
    # file) is still read from the pipe by `_collect`.
    try:
        pipe.send(message)
    except (BrokenPipeError, ConnectionResetError):
        pass


def remaining(deadline: float | None) -> float | None:
    """Seconds left until ``deadline`` (a ``time.monotonic`` value), or ``None`` for none."""
    return None if deadline is None else max(0.0, deadline - time.monotonic())


Worker = Callable[..., None]


def jax_is_running() -> bool:
    """Whether JAX is imported in this process and has started its runtime.

    A started runtime owns threads that ``fork`` does not copy, so a forked child can crash or
    hang inside JAX / XLA. When it cannot be told whether the runtime started, ``True``.
    """
    if "jax" not in sys.modules:
        return False
    bridge = sys.modules.get("jax._src.xla_bridge")
    started = getattr(bridge, "backends_are_initialized", None)
    if started is None:
        return True
    try:
        return bool(started())
    except Exception:  # a JAX internal we could not query: assume the worst
        return True


def warn_if_forking_jax(ctx: Any) -> None:
    """Warn when ``ctx`` forks the workers of a process whose JAX runtime has started."""
    if ctx.get_start_method() == "fork" and jax_is_running():
        logger.warn(
            "AsyncVectorEnv forks its workers from a process where JAX is running; forking a "
            "multithreaded JAX process can crash or hang the workers (and later JAX/XLA work "
            'in this process). Pass `context="forkserver"` or `context="spawn"`.'
        )


def checked_concurrency(max_concurrency: int | None) -> int | None:
    """``max_concurrency`` as an int (or ``None``); a ``ValueError`` unless it is positive."""
    if max_concurrency is None:
        return None
    if not isinstance(max_concurrency, int | np.integer) or isinstance(max_concurrency, bool):
        raise ValueError(f"`max_concurrency` must be an int or None, got {type(max_concurrency)}.")
    if max_concurrency < 1:
        raise ValueError(f"`max_concurrency` must be positive, got {max_concurrency}.")
    return int(max_concurrency)


def check_worker_signature(worker: Worker) -> None:
    """Raise a ``ValueError`` unless ``worker`` takes the eight arguments of the worker loop."""
    # Checked here: in the worker process a wrong signature only shows as a closed pipe.
    try:
        inspect.signature(worker).bind(*range(8))
    except TypeError as exc:
        raise ValueError(
            f"A custom `worker` must take 8 arguments, like `_async_worker`; got the signature "
            f"{inspect.signature(worker)}."
        ) from exc


class WorkerStartup(WorkerPipes):
    """How :class:`~gymnasium_core.vector.AsyncVectorEnv` reads its spaces and starts workers."""

    env_fns: Sequence[Callable[[], Env[Any, Any]]]
    metadata: dict[str, Any]
    render_mode: str | None
    observation_space: Space[Any]
    action_space: Space[Any]
    single_observation_space: Space[Any]
    single_action_space: Space[Any]
    observation_mode: ObservationMode
    autoreset_mode: AutoresetMode
    shared_memory: bool
    observations: Any
    worker: Worker | None
    max_concurrency: int | None
    daemon: bool
    _obs_buffer: Any
    _semaphore: Any

    def _read_spaces(self) -> None:
        probe = self.env_fns[0]()
        # A new dict: the sub-environment's class-level metadata must stay untouched.
        self.metadata = {**probe.metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = probe.render_mode
        self.single_action_space = probe.action_space
        self.action_space = batch_space(probe.action_space, n=self.num_envs)
        self.single_observation_space, self.observation_space = observation_spaces(
            self.observation_mode,
            probe.observation_space,
            lambda: [env_fn().observation_space for env_fn in self.env_fns],
            self.num_envs,
        )
        probe.close()

    def _make_observation_buffer(self, ctx: Any) -> Any:
        if not self.shared_memory:
            self.observations = create_empty_array(self.single_observation_space, self.num_envs)
            return None
        try:
            buffer = create_shared_memory(self.single_observation_space, n=self.num_envs, ctx=ctx)
        except (CustomSpaceError, TypeError) as exc:
            raise SharedMemoryUnsupported(
                f"Shared memory cannot hold {self.single_observation_space}; use "
                "`AsyncVectorEnv(..., shared_memory=False)` (observations then go over pipes)."
            ) from exc
        self.observations = read_from_shared_memory(
            self.single_observation_space, buffer, n=self.num_envs
        )
        return buffer

    def _start_workers(self, ctx: Any) -> None:
        target = self.worker or _async_worker
        semaphore = (
            ctx.BoundedSemaphore(self.max_concurrency) if self.max_concurrency is not None else None
        )
        # Kept alive with the environment: under spawn / forkserver a worker opens the semaphore
        # by name, and it is unlinked as soon as the last reference here goes.
        self._semaphore = semaphore
        with clear_mpi_env_vars():
            for index, env_fn in enumerate(self.env_fns):
                ours, theirs = ctx.Pipe()
                worker_args: tuple[Any, ...] = (index, CloudpickleWrapper(env_fn), theirs, ours)
                worker_args += (self._obs_buffer, self.error_queue, self.autoreset_mode, semaphore)
                proc = ctx.Process(
                    target=target,
                    name=f"Worker<{type(self).__name__}>-{index}",
                    args=worker_args,
                    daemon=self.daemon,
                )
                self.parent_pipes += [ours]
                self.processes += [proc]
                proc.start()
                # Dropping our copy of the worker's end makes its death read as end-of-file.
                theirs.close()

    def _check_spaces(self) -> None:
        for pipe in self._live_pipes():
            send(
                pipe,
                (
                    "_check_spaces",
                    (
                        self.observation_mode,
                        self.single_observation_space,
                        self.single_action_space,
                    ),
                ),
            )
        replies = self._collect(range(self.num_envs), None, "space check")
        self._raise_if_errors(replies)
        obs_ok, action_ok = zip(*(result for result, _ in replies), strict=True)
        if not all(obs_ok):
            bad = [i for i, ok in enumerate(obs_ok) if not ok]
            what = (
                "are not equal to the first one's; use observation_mode='different' if intended"
                if self.observation_mode == "same"
                else "do not share the first one's shape and dtype"
            )
            raise RuntimeError(f"The observation spaces of sub-environment(s) {bad} {what}.")
        if not all(action_ok):
            bad = [i for i, ok in enumerate(action_ok) if not ok]
            raise RuntimeError(
                f"The action spaces of sub-environment(s) {bad} differ from "
                f"{self.single_action_space}: actions can only be batched for equal spaces."
            )


StepResult = tuple[
    Any, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
]


class AsyncVectorEnv(
    WorkerStartup,
    VectorEnv[ObsType, ActType, np.ndarray[Any, Any]],
    Generic[ObsType, ActType],
):
    """Runs each sub-environment in a worker process, talking to it over a pipe.

    Observations come back through shared memory (``shared_memory=True``) or the pipes. An error
    in a worker is re-raised in the caller with its type and message, the worker index and the
    worker's traceback (as the ``__cause__``); the worker then exits, and further calls raise
    :class:`WorkerDiedError` until the environment is closed. A worker that dies without
    answering (killed, crashed) raises :class:`WorkerDiedError` at once instead of hanging.

    Example:
        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.vector import AsyncVectorEnv
        >>> # A fork server is safe even in a process where JAX runs (plain `fork` is not).
        >>> makers = [lambda: gym.make("MountainCar-v0") for _ in range(3)]
        >>> vec = AsyncVectorEnv(makers, context="forkserver")
        >>> first, _ = vec.reset(seed=7)
        >>> first.shape, first.dtype
        ((3, 2), dtype('float32'))
        >>> _, reward, done, cut, _ = vec.step(np.array([2, 1, 0]))
        >>> reward.tolist(), done.any(), cut.any()
        ([-1.0, -1.0, -1.0], np.False_, np.False_)
        >>> vec.close()
    """

    def __init__(
        self,
        env_fns: Sequence[Callable[[], Env[Any, Any]]],
        shared_memory: bool = True,
        copy: bool = True,
        context: str | None = None,
        daemon: bool = True,
        worker: Worker | None = None,
        observation_mode: ObservationMode = "same",
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        max_concurrency: int | None = None,
    ) -> None:
        """Start one worker process per sub-environment.

        Args:
            env_fns: One factory per sub-environment; each is pickled with ``cloudpickle`` and
                called in its worker (the first is also called once here to read the spaces).
            shared_memory: Whether observations travel through shared memory (faster for large
                observations such as images) rather than the pipes.
            copy: Whether :meth:`reset` and :meth:`step` return a copy of the observation batch.
            context: The ``multiprocessing`` start method (``"spawn"``, ``"fork"``,
                ``"forkserver"``) or ``None`` for the default.
            daemon: Whether the workers are daemonic (they die with the main process, but may not
                start processes of their own).
            worker: A replacement for the worker loop, with the eight arguments of
                :func:`gymnasium_core.vector.async_vector_env._async_worker`.
            observation_mode: ``"same"``, ``"different"`` or a ``(batched, single)`` pair of
                spaces, as for :class:`~gymnasium_core.vector.SyncVectorEnv`.
            autoreset_mode: An :class:`AutoresetMode` or its value.
            max_concurrency: At most this many workers run ``reset`` / ``step`` at once, or
                ``None`` for no limit.

        Raises:
            ValueError: For a bad ``max_concurrency`` or a ``worker`` with the wrong arity.
            SharedMemoryUnsupported: With ``shared_memory=True``, for an observation space that
                shared memory cannot hold (a ``ValueError`` and a ``TypeError``).
            RuntimeError: If a sub-environment's spaces do not match.
            NoSubEnvironmentsError: If ``env_fns`` is empty (a ``ValueError`` and an
                ``IndexError``).
        """
        self.env_fns = env_fns
        self.shared_memory = shared_memory
        self.copy = copy
        self.context = context
        self.daemon = daemon
        self.worker = worker
        self.observation_mode = observation_mode
        self.autoreset_mode = as_autoreset_mode(autoreset_mode)
        self.max_concurrency = checked_concurrency(max_concurrency)
        if worker is not None:
            check_worker_signature(worker)

        self.num_envs = len(env_fns)
        check_not_empty(self.num_envs, type(self).__name__)
        self._read_spaces()

        mp_context = multiprocessing.get_context(context)
        warn_if_forking_jax(mp_context)
        self._obs_buffer = self._make_observation_buffer(mp_context)
        self.error_queue = mp_context.Queue()
        self._state = AsyncState.DEFAULT
        self._stale = [0] * self.num_envs
        self._dead = {}
        self.parent_pipes = []
        self.processes = []
        self._start_workers(mp_context)
        try:
            self._check_spaces()
        except BaseException:
            self.close(terminate=True)
            raise

    @staticmethod
    def _copy_observations(observations: Any) -> Any:
        # A plain array is copied directly; nested batches (dicts, tuples, objects) go deep.
        if type(observations) is np.ndarray and not observations.dtype.hasobject:
            return observations.copy()
        return deepcopy(observations)

    @property
    def np_random_seed(self) -> tuple[int, ...]:  # type: ignore[override]
        """The seed of each sub-environment's generator."""
        return self.get_attr("np_random_seed")

    @property  # type: ignore[misc]
    def np_random(self) -> tuple[np.random.Generator, ...]:  # type: ignore[override]
        """Each sub-environment's random generator (copies, from the workers)."""
        return self.get_attr("np_random")

    # -- reset ---------------------------------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[ObsType, dict[str, Any]]:
        """Reset the sub-environments in parallel; see :meth:`SyncVectorEnv.reset`.

        Args:
            seed: ``None``, an int ``s`` (sub-environment ``i`` gets ``s + i``) or a list.
            options: Reset options, with an optional boolean ``"reset_mask"``.

        Returns:
            The batched observations and infos.
        """
        self.reset_async(seed, options)
        return self.reset_wait()

    def reset_async(
        self,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        """Send ``reset`` to the workers; :meth:`reset_wait` collects the results.

        Args:
            seed: ``None``, an int ``s`` (sub-environment ``i`` gets ``s + i``) or a list.
            options: Reset options, with an optional boolean ``"reset_mask"``.

        Raises:
            ClosedEnvironmentError: After :meth:`close`.
            AlreadyPendingCallError: While another call is pending.
        """
        self._assert_is_running()
        seeds = seeds_for(seed, self.num_envs)
        self._assert_no_pending("reset_async")
        mask = pop_reset_mask(options, self.num_envs)
        for i, pipe in enumerate(self._live_pipes()):
            if mask is None or mask[i]:
                send(pipe, ("reset", {"seed": seeds[i], "options": options}))
            else:
                send(pipe, ("reset-noop", None))
        self._state = AsyncState.WAITING_RESET

    def reset_wait(self, timeout: float | None = None) -> tuple[ObsType, dict[str, Any]]:
        """Collect the results of :meth:`reset_async`.

        Args:
            timeout: Seconds to wait, or ``None`` to wait as long as it takes.

        Returns:
            The batched observations and infos.

        Raises:
            NoAsyncCallError: Without a pending :meth:`reset_async`.
            multiprocessing.TimeoutError: If the workers take longer than ``timeout``.
            WorkerDiedError: If a worker stops without answering.
        """
        replies = self._wait_for(AsyncState.WAITING_RESET, "reset_wait", timeout)
        merged: dict[str, Any] = {}
        for index, (_, sub_info) in enumerate(replies):
            merged = self._add_info(merged, sub_info, index)
        return self._batched_observations([first for first, _ in replies]), merged

    # -- step ----------------------------------------------------------------------------------

    def step(self, actions: ActType) -> StepResult:
        """Step the sub-environments in parallel.

        Args:
            actions: A batch of actions, an element of :attr:`action_space`.

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``.
        """
        self.step_async(actions)
        return self.step_wait()

    def step_async(self, actions: ActType) -> None:
        """Send each worker its action; :meth:`step_wait` collects the results.

        Args:
            actions: A batch of actions, an element of :attr:`action_space`.

        Raises:
            ClosedEnvironmentError: After :meth:`close`.
            AlreadyPendingCallError: While another call is pending (two ``step_async`` in a row).
            ValueError: If the batch does not hold one action per sub-environment.
        """
        if self.closed or self._dead or self._state is not AsyncState.DEFAULT or any(self._stale):
            self._assert_is_running()
            self._assert_no_pending("step_async")
        per_env = list(iterate(self.action_space, actions))
        if len(per_env) != self.num_envs:
            raise ValueError(f"Got {len(per_env)} actions for {self.num_envs} sub-environments.")
        for pipe, action in zip(self.parent_pipes, per_env, strict=True):
            send(pipe, ("step", action))  # type: ignore[arg-type]
        self._state = AsyncState.WAITING_STEP

    def step_wait(self, timeout: float | None = None) -> StepResult:
        """Collect the results of :meth:`step_async`.

        Args:
            timeout: Seconds to wait, or ``None`` to wait as long as it takes.

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``.

        Raises:
            NoAsyncCallError: Without a pending :meth:`step_async`.
            multiprocessing.TimeoutError: If the workers take longer than ``timeout``.
            WorkerDiedError: If a worker stops without answering.
        """
        replies = self._wait_for(AsyncState.WAITING_STEP, "step_wait", timeout)
        merged: dict[str, Any] = {}
        for index, reply in enumerate(replies):
            merged = self._add_info(merged, reply[4], index)
        columns = list(zip(*replies, strict=True))
        return (
            self._batched_observations(list(columns[0])),
            np.asarray(columns[1], dtype=np.float64),
            np.asarray(columns[2], dtype=np.bool_),
            np.asarray(columns[3], dtype=np.bool_),
            merged,
        )

    def _batched_observations(self, observations: list[Any]) -> Any:
        if not self.shared_memory:
            self.observations = concatenate(
                self.single_observation_space, observations, self.observations
            )
        return self._copy_observations(self.observations) if self.copy else self.observations

    # -- call, attributes, render --------------------------------------------------------------

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Call a method (or read an attribute) of every sub-environment.

        Args:
            name: The method or attribute name.
            *args: Positional arguments of the call.
            **kwargs: Keyword arguments of the call.

        Returns:
            One result per sub-environment.
        """
        self.call_async(name, *args, **kwargs)
        results = self.call_wait()
        return results

    def render(self) -> tuple[Any, ...] | None:
        """Render every sub-environment in its worker.

        Returns:
            One frame (or ``None``) per sub-environment.
        """
        return self.call("render")

    def call_async(self, name: str, /, *args: Any, **kwargs: Any) -> None:
        """Send a call to every worker; :meth:`call_wait` collects the results.

        Args:
            name: The method or attribute name.
            *args: Positional arguments of the call.
            **kwargs: Keyword arguments of the call.

        Raises:
            ValueError: For ``reset``, ``step``, ``close`` and the internal commands.
            AlreadyPendingCallError: While another call is pending.
        """
        self._assert_is_running()
        self._assert_no_pending("call_async")
        if name in RESERVED_COMMANDS:
            raise ValueError(f"`call({name!r})` is not allowed: use `{name}` directly.")
        for pipe in self._live_pipes():
            send(pipe, ("_call", (name, args, kwargs)))
        self._state = AsyncState.WAITING_CALL

    def call_wait(self, timeout: float | None = None) -> tuple[Any, ...]:
        """Collect the results of :meth:`call_async`.

        Args:
            timeout: Seconds to wait, or ``None`` to wait as long as it takes.

        Returns:
            One result per sub-environment.

        Raises:
            NoAsyncCallError: Without a pending :meth:`call_async`.
            multiprocessing.TimeoutError: If the workers take longer than ``timeout``.
        """
        return tuple(self._wait_for(AsyncState.WAITING_CALL, "call_wait", timeout))

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """Read an attribute of every sub-environment.

        Args:
            name: The attribute name.

        Returns:
            One value per sub-environment.
        """
        return self.call(name)

    def set_attr(self, name: str, values: list[Any] | tuple[Any, ...] | Any) -> None:
        """Set an attribute of every sub-environment.

        Args:
            name: The attribute name.
            values: One value per sub-environment as a list or tuple, or one value for all.

        Raises:
            ValueError: If a list or tuple does not have ``num_envs`` values.
            AlreadyPendingCallError: While another call is pending.
        """
        self._assert_is_running()
        if not isinstance(values, list | tuple):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise ValueError(
                f"`set_attr` needs one value per sub-environment ({self.num_envs}), "
                f"got {len(values)}."
            )
        self._assert_no_pending("set_attr")
        for pipe, value in zip(self._live_pipes(), values, strict=True):
            send(pipe, ("_setattr", (name, value)))
        self._raise_if_errors(self._collect(range(self.num_envs), None, "set_attr"))

    # -- closing -------------------------------------------------------------------------------

    def close_extras(  # type: ignore[override]
        self, timeout: float | None = None, terminate: bool = False
    ) -> None:
        """Stop the workers and release the pipes; always returns and leaves no process behind.

        Args:
            timeout: Seconds to wait for a pending call and for the workers to close their
                environments; past it the workers are terminated. ``None`` waits as long as
                the environments take to close.
            terminate: Terminate the workers at once instead of asking them to close.
        """
        if terminate:
            timeout = 0
        deadline = None if timeout is None else time.monotonic() + timeout
        if self._state is not AsyncState.DEFAULT:
            logger.warn(f"Closing while the call `{self._state.value}` is still pending.")
            self._mark_pending_stale()
        if not terminate:
            terminate = not self._close_workers(deadline)
        for index, process in enumerate(self.processes):
            if not terminate:
                # The worker answered `close` and is closing its environment (which may take
                # a while, e.g. writing a video): wait for it, within the timeout.
                process.join(remaining(deadline))
                if not process.is_alive():
                    continue
                logger.warn(f"Worker {index} was still closing when the timeout passed.")
            self._stop(index, process)
        for pipe in self.parent_pipes:
            if pipe is not None:
                pipe.close()
        self.error_queue.close()
        self.error_queue.join_thread()

    def __del__(self) -> None:
        """Terminate the workers of an environment that was never closed."""
        if not getattr(self, "closed", True) and hasattr(self, "_state"):
            self.close(terminate=True)
