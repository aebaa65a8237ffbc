"""Episode statistics for vector environments."""

from __future__ import annotations

import time
from collections import deque
from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.vector.vector_env import AutoresetMode, VectorEnv, VectorWrapper, pop_reset_mask
from gymnasium_core.wrappers.common import WrapperTypeError

__all__ = ["RecordEpisodeStatistics"]


class RecordEpisodeStatistics(VectorWrapper[Any, Any, Any, Any, Any]):
    """Adds each finished episode's return, length and duration to ``info``.

    When sub-environments end an episode, ``info[stats_key]`` holds ``{"r", "l", "t"}`` arrays
    (zero for the others) and ``info["_" + stats_key]`` the mask of those that ended. The last
    ``buffer_length`` values are kept in :attr:`return_queue`, :attr:`length_queue` and
    :attr:`time_queue`.
    """

    def __init__(
        self, env: VectorEnv[Any, Any, Any], buffer_length: int = 100, stats_key: str = "episode"
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            buffer_length: How many finished episodes the queues keep.
            stats_key: The info key of the statistics.

        Raises:
            TypeError: If ``env.metadata["autoreset_mode"]`` is not an :class:`AutoresetMode`.
        """
        super().__init__(env)
        self._stats_key = stats_key
        mode = self.env.metadata.get("autoreset_mode")
        if mode is None:
            logger.warn(f"{self} has no `autoreset_mode` metadata; NEXT_STEP is assumed.")
            mode = AutoresetMode.NEXT_STEP
        elif not isinstance(mode, AutoresetMode):
            raise TypeError(
                f"env.metadata['autoreset_mode'] must be an AutoresetMode, got {type(mode)}."
            )
        self._autoreset_mode = mode
        self.episode_count = 0
        n = self.num_envs
        self.episode_returns = np.zeros(n)
        self.episode_lengths = np.zeros(n, dtype=int)
        self.episode_start_times = np.zeros(n)
        # Which sub-environments ended an episode on the last step (NEXT_STEP resets them next).
        self.prev_dones = np.zeros(n, dtype=bool)
        self.return_queue = deque[float](maxlen=buffer_length)
        self.length_queue = deque[int](maxlen=buffer_length)
        self.time_queue = deque[float](maxlen=buffer_length)

    def _restart(self, which: Any) -> None:
        """Zero the running statistics of the sub-environments selected by ``which``."""
        self.episode_returns[which] = 0
        self.episode_lengths[which] = 0
        self.episode_start_times[which] = time.perf_counter()

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset the environment and the statistics of the sub-environments reset.

        Args:
            seed: Passed on.
            options: Passed on; a ``reset_mask`` limits which statistics restart.

        Returns:
            The wrapped environment's reset result.
        """
        # Read before the inner environment pops it (the reference reads it afterwards, finds
        # nothing and restarts every sub-environment's statistics on a partial reset).
        mask = pop_reset_mask(dict(options) if options else None, self.num_envs)
        result = self.env.reset(seed=seed, options=options)
        which = slice(None) if mask is None else mask
        self._restart(which)
        self.prev_dones[which] = False
        return result

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step and record the statistics of the episodes that ended.

        Args:
            actions: Passed on.

        Returns:
            The step result, with the statistics in ``info``.

        Raises:
            ValueError: If ``info`` already has the statistics key.
        """
        outcome = self.env.step(actions)
        rewards, infos = outcome[1], outcome[4]
        if not isinstance(infos, dict):
            raise WrapperTypeError(
                "RecordEpisodeStatistics needs dict infos; put DictInfoToList outside it."
            )
        if self._autoreset_mode == AutoresetMode.SAME_STEP:
            self.episode_returns += rewards
            self.episode_lengths += 1
        else:
            # The step after an episode end only resets: it starts the next episode at zero.
            resetting = self.prev_dones
            self._restart(resetting)
            self.episode_returns[~resetting] += rewards[~resetting]
            self.episode_lengths[~resetting] += 1
        ended = np.logical_or(outcome[2], outcome[3])
        self.prev_dones = ended
        if ended.any():
            self._record(ended, infos)
        return outcome

    def _record(self, ended: np.ndarray[Any, Any], infos: dict[str, Any]) -> None:
        key = self._stats_key
        if key in infos or f"_{key}" in infos:
            raise ValueError(f"The info key {key!r} is already taken: {list(infos)}.")
        seconds = np.round(time.perf_counter() - self.episode_start_times, 6)
        columns = {"r": self.episode_returns, "l": self.episode_lengths, "t": seconds}
        # Sub-environments still running report zeros.
        infos[key] = {name: np.where(ended, values, 0) for name, values in columns.items()}
        infos[f"_{key}"] = ended
        self.episode_count += int(ended.sum())
        self.return_queue.extend(self.episode_returns[ended])
        self.length_queue.extend(self.episode_lengths[ended])
        self.time_queue.extend(seconds[ended])
        if self._autoreset_mode == AutoresetMode.SAME_STEP:
            self._restart(ended)
