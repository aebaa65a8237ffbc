"""The loop a worker process of :class:`~gymnasium_core.vector.AsyncVectorEnv` runs.

Protocol: the main process sends ``(command, data)`` over the pipe; the worker answers every
command with ``(result, True)``. When a command raises, the worker puts
``(index, exception type, exception, formatted traceback)`` on the error queue, answers
``(None, False)``, closes its environment and exits. Commands: ``reset``, ``reset-noop``,
``step``, ``close``, ``_call``, ``_setattr`` and ``_check_spaces``. A custom ``worker`` given to
``AsyncVectorEnv`` must speak the same protocol and take the same eight arguments.
"""

from __future__ import annotations

import pickle
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from gymnasium_core.core import accept_env
from gymnasium_core.vector._common import EpisodeNotResetError
from gymnasium_core.vector.utils import write_to_shared_memory
from gymnasium_core.vector.vector_env import AutoresetMode

__all__ = ["RESERVED_COMMANDS", "async_worker"]

# Names `call` may not reach: they are commands of their own.
RESERVED_COMMANDS = ("reset", "step", "close", "_setattr", "_check_spaces")


def async_worker(
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
