"""A vector environment that runs each sub-environment in its own worker process."""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Sequence
from copy import deepcopy
from typing import Any, Generic

import numpy as np
import numpy.typing as npt

from gymnasium_core import logger
from gymnasium_core._public_names import report_here
from gymnasium_core.core import Env
from gymnasium_core.vector._async_pipes import (
    AsyncState,
    WorkerDiedError,
    remaining,
    send,
)
from gymnasium_core.vector._async_pipes import (
    _RemoteTraceback as _RemoteTraceback,  # reported as this module's, below
)
from gymnasium_core.vector._async_startup import (
    Worker,
    WorkerStartup,
    check_worker_signature,
    checked_concurrency,
    warn_if_forking_jax,
)
from gymnasium_core.vector._async_startup import jax_is_running as jax_is_running
from gymnasium_core.vector._async_worker import RESERVED_COMMANDS, async_worker
from gymnasium_core.vector._common import (
    ObservationMode,
    as_autoreset_mode,
    check_not_empty,
    pop_reset_mask,
    seeds_for,
)
from gymnasium_core.vector.utils import concatenate, iterate
from gymnasium_core.vector.vector_env import ActType, AutoresetMode, ObsType, VectorEnv

__all__ = ["AsyncState", "AsyncVectorEnv", "WorkerDiedError"]

# Defined beside the worker bookkeeping; they report this public module (reprs, tracebacks,
# pickles), as before the split.
report_here(globals(), ("AsyncState", "WorkerDiedError", "_RemoteTraceback"))

StepResult = tuple[
    Any, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
]
# Gymnasium's name for the default worker loop in this module; custom workers start from it.
_async_worker = async_worker


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
                :func:`gymnasium_core.vector._async_worker.async_worker`.
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
