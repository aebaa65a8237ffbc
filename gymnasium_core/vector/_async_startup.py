"""How :class:`~gymnasium_core.vector.AsyncVectorEnv` starts its workers.

The checks of its arguments, the warning before forking a process where JAX runs, the spaces read
from a first sub-environment, the observation buffer, the worker processes, and the check that
every worker's spaces match.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.core import Env
from gymnasium_core.error import CustomSpaceError, SharedMemoryUnsupported
from gymnasium_core.spaces import Space
from gymnasium_core.vector._async_pipes import WorkerPipes, send
from gymnasium_core.vector._async_worker import async_worker
from gymnasium_core.vector._common import ObservationMode, observation_spaces
from gymnasium_core.vector.utils import (
    CloudpickleWrapper,
    batch_space,
    clear_mpi_env_vars,
    create_empty_array,
    create_shared_memory,
    read_from_shared_memory,
)
from gymnasium_core.vector.vector_env import AutoresetMode

__all__ = [
    "Worker",
    "WorkerStartup",
    "check_worker_signature",
    "checked_concurrency",
    "jax_is_running",
    "warn_if_forking_jax",
]

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
            f"A custom `worker` must take 8 arguments, like `async_worker`; got the signature "
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
        target = self.worker or async_worker
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
