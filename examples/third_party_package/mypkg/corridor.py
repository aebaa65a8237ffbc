"""A corridor of cells: walk right to the exit."""

from __future__ import annotations

from typing import Any

import numpy as np

import gymnasium_core as gym
from gymnasium_core import spaces


class CorridorEnv(gym.Env[np.ndarray, np.int64]):
    """An agent in cell 0 of a corridor of ``length`` cells walks to the last one.

    Observation: the position as a float32 array ``(1,)`` in ``[0, length - 1]``. Actions:
    ``0`` left, ``1`` right. Reward ``-0.1`` per step and ``+1`` on reaching the exit, which
    ends the episode. ``rgb_array`` rendering draws the corridor as a strip of cells.
    """

    metadata = {"render_modes": ["rgb_array"], "render_fps": 10}

    def __init__(self, length: int = 8, render_mode: str | None = None) -> None:
        self.length = length
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, length - 1.0, shape=(1,), dtype=np.float32)
        self.action_space = spaces.Discrete(2)
        self.position = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.position = int(self.np_random.integers(0, self.length // 2))
        return self._obs(), {}

    def step(self, action: np.int64) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        move = 1 if int(action) == 1 else -1
        self.position = int(np.clip(self.position + move, 0, self.length - 1))
        terminated = self.position == self.length - 1
        reward = 1.0 if terminated else -0.1
        return self._obs(), reward, terminated, False, {}

    def render(self) -> np.ndarray | None:
        if self.render_mode != "rgb_array":
            return None
        cell = 16
        frame = np.full((cell, cell * self.length, 3), 230, dtype=np.uint8)
        frame[:, -cell:] = (80, 200, 80)  # the exit
        frame[2:-2, self.position * cell + 2 : (self.position + 1) * cell - 2] = (40, 90, 200)
        return frame

    def _obs(self) -> np.ndarray:
        return np.array([self.position], dtype=np.float32)
