"""Episode statistics for vector environments."""

from __future__ import annotations

import time
from collections import deque
from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.vector._common import pop_reset_mask
from gymnasium_core.vector.vector_env import AutoresetMode, VectorEnv, VectorWrapper

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
        self.episode_start_times = np.zeros((self.num_envs,))
        self.episode_returns = np.zeros((self.num_envs,))
        self.episode_lengths = np.zeros((self.num_envs,), dtype=int)
        self.prev_dones = np.zeros((self.num_envs,), dtype=bool)
        self.time_queue: deque[float] = deque(maxlen=buffer_length)
        self.return_queue: deque[float] = deque(maxlen=buffer_length)
        self.length_queue: deque[int] = deque(maxlen=buffer_length)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
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
        obs, info = super().reset(seed=seed, options=options)
        if mask is None:
            mask = np.ones(self.num_envs, dtype=bool)
        self.episode_start_times[mask] = time.perf_counter()
        self.episode_returns[mask] = 0
        self.episode_lengths[mask] = 0
        self.prev_dones[mask] = False
        return obs, info

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step and record the statistics of the episodes that ended.

        Args:
            actions: Passed on.

        Returns:
            The step result, with the statistics in ``info``.

        Raises:
            ValueError: If ``info`` already has the statistics key.
        """
        obs, rewards, terminations, truncations, infos = self.env.step(actions)
        if not isinstance(infos, dict):
            raise TypeError(
                "RecordEpisodeStatistics needs dict infos; put DictInfoToList outside it."
            )
        if self._autoreset_mode == AutoresetMode.SAME_STEP:
            counts = np.ones(self.num_envs, dtype=bool)
        else:
            # The step after an episode end only resets: it starts the next episode at zero.
            counts = ~self.prev_dones
            self.episode_returns[self.prev_dones] = 0
            self.episode_lengths[self.prev_dones] = 0
            self.episode_start_times[self.prev_dones] = time.perf_counter()
        self.episode_returns[counts] += rewards[counts]
        self.episode_lengths[counts] += 1

        dones = np.logical_or(terminations, truncations)
        self.prev_dones = dones
        if dones.any():
            self._record(dones, infos)
        return obs, rewards, terminations, truncations, infos

    def _record(self, dones: np.ndarray[Any, Any], infos: dict[str, Any]) -> None:
        key = self._stats_key
        if key in infos or f"_{key}" in infos:
            raise ValueError(f"The info key {key!r} is already taken: {list(infos)}.")
        durations = np.round(time.perf_counter() - self.episode_start_times, 6)
        infos[key] = {
            "r": np.where(dones, self.episode_returns, 0.0),
            "l": np.where(dones, self.episode_lengths, 0),
            "t": np.where(dones, durations, 0.0),
        }
        infos[f"_{key}"] = dones
        self.episode_count += int(dones.sum())
        self.time_queue.extend(durations[dones])
        self.return_queue.extend(self.episode_returns[dones])
        self.length_queue.extend(self.episode_lengths[dones])
        if self._autoreset_mode == AutoresetMode.SAME_STEP:
            self.episode_returns[dones] = 0
            self.episode_lengths[dones] = 0
            self.episode_start_times[dones] = time.perf_counter()
