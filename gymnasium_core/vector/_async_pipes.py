"""The parent's end of the pipes to :class:`~gymnasium_core.vector.AsyncVectorEnv`'s workers.

Sending commands, collecting one reply per worker within a deadline, reading and dropping the
late replies of calls that timed out, noticing workers that died, re-raising a worker's error
with its traceback, and stopping the workers. The worker's end of the protocol is in
:mod:`gymnasium_core.vector._async_worker`.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Iterable, Sequence
from enum import Enum
from multiprocessing.connection import Connection, wait
from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.error import AlreadyPendingCallError, ClosedEnvironmentError, NoAsyncCallError

__all__ = ["AsyncState", "WorkerDiedError", "WorkerPipes", "remaining", "send"]

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
