"""Tiny environments for the vector tests, built over either gymnasium_core or gymnasium.

Each factory builds the same environment class over a given package, so one seed and one action
sequence can drive ours and the reference side by side.
"""

from __future__ import annotations

import os
import time
from types import ModuleType
from typing import Any

import numpy as np


def counter_env_class(gym: ModuleType) -> type:
    """An env whose episode length and observations depend on its seed, with rich infos."""

    class CounterEnv(gym.Env):
        metadata = {"render_modes": ["rgb_array"], "render_fps": 4}

        def __init__(self, render_mode: str | None = None, low: float = 0.0) -> None:
            self.render_mode = render_mode
            self.observation_space = gym.spaces.Box(low, 100.0, shape=(2,), dtype=np.float32)
            self.action_space = gym.spaces.Discrete(3)
            self.value = np.zeros(2, dtype=np.float32)
            self.t = 0
            self.length = 1

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
            super().reset(seed=seed)
            self.value = self.np_random.uniform(0, 10, size=2).astype(np.float32)
            self.length = int(self.np_random.integers(2, 6))
            self.t = 0
            info: dict[str, Any] = {"length": self.length}
            if options and "tag" in options:
                info["tag"] = options["tag"]
            return self.value.copy(), info

        def step(self, action: Any):
            self.t += 1
            self.value = self.value + np.float32(action)
            terminated = self.t >= self.length and self.length % 2 == 0
            truncated = self.t >= self.length and not terminated
            info: dict[str, Any] = {"t": self.t, "sum": float(self.value.sum())}
            if self.t % 2 == 0:
                info["even"] = np.array([self.t, -self.t])
                info["nested"] = {"half": self.t // 2}
            return self.value.copy(), float(action) * 0.5 + 0.25, terminated, truncated, info

        def render(self):
            return np.full((4, 4, 3), self.t, dtype=np.uint8)

    return CounterEnv


def dict_obs_env_class(gym: ModuleType) -> type:
    """An env with Dict observations and a Box action, for composite-space batching."""

    class DictObsEnv(gym.Env):
        metadata = {"render_modes": []}

        def __init__(self) -> None:
            self.observation_space = gym.spaces.Dict(
                {
                    "pos": gym.spaces.Box(-1.0, 1.0, shape=(3,), dtype=np.float32),
                    "flag": gym.spaces.MultiBinary(2),
                    "mode": gym.spaces.Discrete(4),
                }
            )
            self.action_space = gym.spaces.Box(-1.0, 1.0, shape=(2,), dtype=np.float32)
            self.t = 0

        def _obs(self) -> dict[str, Any]:
            return {
                "pos": self.np_random.uniform(-1, 1, size=3).astype(np.float32),
                "flag": self.np_random.integers(0, 2, size=2).astype(np.int8),
                "mode": np.int64(self.np_random.integers(0, 4)),
            }

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
            super().reset(seed=seed)
            self.t = 0
            return self._obs(), {}

        def step(self, action: Any):
            self.t += 1
            return self._obs(), float(np.sum(action)), self.t >= 3, False, {}

    return DictObsEnv


def image_env_class(gym: ModuleType, size: int = 84) -> type:
    """An env with uint8 image observations (for shared-memory and image-wrapper tests)."""

    class ImageEnv(gym.Env):
        metadata = {"render_modes": ["rgb_array"], "render_fps": 30}

        def __init__(self, render_mode: str | None = None) -> None:
            self.render_mode = render_mode
            self.observation_space = gym.spaces.Box(0, 255, shape=(size, size, 3), dtype=np.uint8)
            self.action_space = gym.spaces.Discrete(2)
            self.t = 0

        def _obs(self) -> np.ndarray:
            return self.np_random.integers(0, 256, size=(size, size, 3), dtype=np.uint8)

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
            super().reset(seed=seed)
            self.t = 0
            return self._obs(), {}

        def step(self, action: Any):
            self.t += 1
            return self._obs(), 1.0, False, self.t >= 50, {}

        def render(self):
            return self._obs()

    return ImageEnv


def faulty_env_class(gym: ModuleType) -> type:
    """A CounterEnv that raises, exits the process or sleeps on demand (for async robustness)."""
    base = counter_env_class(gym)

    class FaultyEnv(base):  # type: ignore[misc, valid-type]
        def step(self, action: Any):
            if action == 2 and getattr(self, "fault", None) == "raise":
                raise ValueError(f"bad action {action} at t={self.t}")
            if action == 2 and getattr(self, "fault", None) == "exit":
                os._exit(3)
            if action == 2 and getattr(self, "fault", None) == "late-exit":
                # The pipe closes well before the process exits (so it is not yet reaped).
                os.closerange(3, 4096)
                time.sleep(0.5)
                os._exit(3)
            if action == 2 and getattr(self, "fault", None) == "sleep":
                time.sleep(2.0)
            return super().step(action)

    return FaultyEnv


def painted_env_class(gym: ModuleType, height: int = 24, width: int = 32) -> type:
    """An env whose frames are solid colours telling its index, step and episode apart.

    Episodes last 2 to 5 steps (drawn from the seed), so videos cut at known places.
    """

    class PaintedEnv(gym.Env):
        metadata = {"render_modes": ["rgb_array", "rgb_array_list"], "render_fps": 1000}

        def __init__(
            self, render_mode: str | None = "rgb_array", index: int = 0, texture: bool = False
        ) -> None:
            self.render_mode = render_mode
            self.index = index
            self.texture = texture
            self.observation_space = gym.spaces.Discrete(10)
            self.action_space = gym.spaces.Discrete(2)
            self.t = 0
            self.length = 2
            self.episodes = 0
            self.frames: list[np.ndarray] = []

        def _frame(self) -> np.ndarray:
            colour = (40 * self.index + 20, 30 * self.t + 10, (60 * self.episodes) % 256)
            frame = np.empty((height, width, 3), dtype=np.uint8)
            frame[:] = colour
            if self.texture:  # a fine pattern, so that scaling the frame shows
                rows, cols = np.arange(height)[:, None, None], np.arange(width)[None, :, None]
                frame += ((rows * 7 + cols * 13 + self.t) % 50).astype(np.uint8)
            return frame

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
            super().reset(seed=seed)
            self.t = 0
            self.length = int(self.np_random.integers(2, 6))
            self.episodes += 1
            self.frames = [self._frame()]
            return 0, {}

        def step(self, action: Any):
            self.t += 1
            self.frames.append(self._frame())
            return self.t, 1.0, self.t >= self.length, False, {}

        def render(self):
            if self.render_mode == "rgb_array_list":
                frames, self.frames = self.frames, []
                return frames
            return self._frame()

    return PaintedEnv


def async_context() -> str:
    """The start method for AsyncVectorEnv in tests: ``fork`` (fast) unless JAX runs here.

    Forking a process whose JAX runtime has started can crash the children or later XLA work in
    this process, so once another test has run JAX the workers come from a fork server.
    """
    from gymnasium_core.vector.async_vector_env import jax_is_running

    return "forkserver" if jax_is_running() else "fork"


def slow_close_env_class(gym: ModuleType) -> type:
    """A CounterEnv whose ``close`` in a worker takes ``delay`` seconds, then leaves a marker."""
    base = counter_env_class(gym)

    class SlowCloseEnv(base):  # type: ignore[misc, valid-type]
        def __init__(self, marker: str = "", delay: float = 0.0, parent: int = 0) -> None:
            super().__init__()
            self.marker, self.delay, self.parent = marker, delay, parent

        def close(self) -> None:
            if os.getpid() != self.parent:
                time.sleep(self.delay)
                with open(f"{self.marker}-{os.getpid()}", "w") as handle:
                    handle.write("closed")
            super().close()

    return SlowCloseEnv
