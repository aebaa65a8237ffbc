"""The standard Atari preprocessing of Machado et al. (2018), as one wrapper.

:class:`AtariPreprocessing` works on any environment whose frames are Atari-shaped images.
With an ALE environment (``env.unwrapped.ale``) frames and lives are read from the emulator
exactly as Gymnasium does. Without one, frames are the ``uint8`` image observations the env
returns (turned grey with the ITU-R 601 luma weights when needed) and lives come from
``info["lives"]`` when present. Resizing uses the numpy area resampling of
:func:`gymnasium_core.wrappers.transform_observation.resize_area`, so OpenCV is not needed.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core.core import Env, Wrapper
from gymnasium_core.spaces import Box
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers.transform_observation import resize_area

__all__ = ["AtariPreprocessing"]

_RGB_TO_GREY = np.array([0.299, 0.587, 0.114])


class AtariPreprocessing(Wrapper[Any, Any, Any, Any], RecordConstructorArgs):
    """No-op starts, frame skipping with max-pooling, resizing, greyscale and scaling.

    * ``reset`` takes a random number (1 to ``noop_max``) of action-0 steps.
    * ``step`` repeats the action ``frame_skip`` times, sums rewards and returns the max of
      the last two frames.
    * With ``terminal_on_life_loss`` losing a life ends the episode.
    * Frames are resized to ``screen_size`` (``(width, height)`` when a tuple), optionally grey
      (with a trailing axis if ``grayscale_newaxis``) and scaled to ``[0, 1]`` ``float32`` if
      ``scale_obs``.

    Example:
        Any env with image observations will do; here CartPole's frames stand in for Atari's.

        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import AddRenderObservation, AtariPreprocessing
        >>> pixels = AddRenderObservation(gym.make("CartPole-v1", render_mode="rgb_array"))
        >>> env = AtariPreprocessing(pixels, noop_max=0, frame_skip=4)
        >>> env.observation_space
        Box(0, 255, (84, 84), uint8)
        >>> obs, _ = env.reset(seed=0)
        >>> obs.shape, obs.dtype
        ((84, 84), dtype('uint8'))
    """

    def __init__(
        self,
        env: Env[Any, Any],
        noop_max: int = 30,
        frame_skip: int = 4,
        screen_size: int | tuple[int, int] = 84,
        terminal_on_life_loss: bool = False,
        grayscale_obs: bool = True,
        grayscale_newaxis: bool = False,
        scale_obs: bool = False,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with ``(h, w, 3)`` (or grey ``(h, w)``) ``uint8`` frames and no
                frame skipping of its own.
            noop_max: Most no-op steps after ``reset`` (0 disables them).
            frame_skip: Env steps per action (positive).
            screen_size: Output size: one int for a square, or ``(width, height)``.
            terminal_on_life_loss: End the episode when a life is lost.
            grayscale_obs: Return grey frames instead of RGB.
            grayscale_newaxis: Keep a channel axis of size 1 on grey frames.
            scale_obs: Return ``float32`` frames in ``[0, 1]``.

        Raises:
            ValueError: On an invalid argument, an env that skips frames itself, an action 0
                that is not ``NOOP``, or an env that is neither an ALE env nor gives images.
            TypeError: If the observation space is not a Box.
        """
        recorded: dict[str, Any] = {
            "noop_max": noop_max,
            "frame_skip": frame_skip,
            "screen_size": screen_size,
            "terminal_on_life_loss": terminal_on_life_loss,
            "grayscale_obs": grayscale_obs,
            "grayscale_newaxis": grayscale_newaxis,
            "scale_obs": scale_obs,
        }
        RecordConstructorArgs.__init__(self, **recorded)
        Wrapper.__init__(self, env)
        self._check_arguments(env, noop_max, frame_skip, screen_size)
        if not isinstance(env.observation_space, Box):
            raise TypeError(
                f"AtariPreprocessing needs a Box observation space, got {env.observation_space}"
            )
        _check_frames(env)
        self.noop_max = noop_max
        self.frame_skip = frame_skip
        # Always (width, height) from here on.
        self.screen_size = _as_pair(screen_size)
        self.terminal_on_life_loss = terminal_on_life_loss
        self.grayscale_obs = grayscale_obs
        self.grayscale_newaxis = grayscale_newaxis
        self.scale_obs = scale_obs
        frame_shape = (
            env.observation_space.shape[:2] if grayscale_obs else (env.observation_space.shape)
        )
        self.obs_buffer = [np.empty(frame_shape, dtype=np.uint8) for _ in range(2)]
        self.lives = 0
        self.game_over = False
        width, height = self.screen_size
        shape: tuple[int, ...] = (height, width, 1 if grayscale_obs else 3)
        if grayscale_obs and not grayscale_newaxis:
            shape = shape[:2]
        if scale_obs:
            self.observation_space = Box(0, 1, shape=shape, dtype=np.float32)
        else:
            self.observation_space = Box(0, 255, shape=shape, dtype=np.uint8)

    @staticmethod
    def _check_arguments(
        env: Env[Any, Any], noop_max: int, frame_skip: int, screen_size: Any
    ) -> None:
        if frame_skip <= 0:
            raise ValueError(f"AtariPreprocessing: frame_skip must be positive, got {frame_skip}")
        is_size = isinstance(screen_size, int) and screen_size > 0
        is_pair = (
            isinstance(screen_size, tuple)
            and len(screen_size) == 2
            and all(isinstance(s, int) and s > 0 for s in screen_size)
        )
        if not (is_size or is_pair):
            raise ValueError(
                "AtariPreprocessing: screen_size must be a positive int or a pair of them, "
                f"got {screen_size}"
            )
        base = env.unwrapped
        # An ALE env must have its own frame skipping off; another env is assumed not to skip.
        # Behind the bridge `unwrapped` is the package's env; its spec's kwargs say it too.
        spec = env.spec
        spec_skip = spec.kwargs.get("frameskip", 1) if spec is not None else 1
        if frame_skip > 1 and (getattr(base, "_frameskip", 1) != 1 or spec_skip != 1):
            raise ValueError(
                "AtariPreprocessing skips frames itself: create the env with frameskip=1, or "
                "frames would be skipped twice"
            )
        if noop_max < 0:
            raise ValueError(f"AtariPreprocessing: noop_max must be 0 or more, got {noop_max}")
        meanings = getattr(base, "get_action_meanings", None)
        if noop_max > 0 and meanings is not None and meanings()[0] != "NOOP":
            raise ValueError("AtariPreprocessing: with noop_max > 0, action 0 must be 'NOOP'")

    @property
    def ale(self) -> Any:
        """The emulator of the wrapped ALE env (``AttributeError`` for other envs)."""
        return self.env.unwrapped.ale  # type: ignore[attr-defined]

    def _has_ale(self) -> bool:
        return hasattr(self.env.unwrapped, "ale")

    def _grab(self, slot: int, frame: Any) -> None:
        """Store the current screen in ``obs_buffer[slot]``."""
        buffer = self.obs_buffer[slot]
        if self._has_ale():
            if self.grayscale_obs:
                self.ale.getScreenGrayscale(buffer)
            else:
                self.ale.getScreenRGB(buffer)
            return
        image = np.asarray(frame)
        if self.grayscale_obs and image.ndim == 3:
            image = np.rint(image @ _RGB_TO_GREY)
        buffer[...] = image.reshape(buffer.shape)

    def _lives(self, info: dict[str, Any]) -> int:
        if self._has_ale():
            return int(self.ale.lives())
        return int(info.get("lives", 0))

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply ``action`` ``frame_skip`` times and return the processed max-pooled frame."""
        total_reward: Any = 0.0
        terminated = truncated = False
        info: dict[str, Any] = {}
        for t in range(self.frame_skip):
            frame, reward, terminated, truncated, info = self.env.step(action)
            total_reward += reward
            self.game_over = bool(terminated)
            if self.terminal_on_life_loss:
                lives = self._lives(info)
                terminated = terminated or lives < self.lives
                self.game_over = bool(terminated)
                self.lives = lives
            if terminated or truncated:
                break
            # The last frame goes to slot 0, the one before it to slot 1.
            if t == self.frame_skip - 2:
                self._grab(1, frame)
            elif t == self.frame_skip - 1:
                self._grab(0, frame)
        return self._get_obs(), total_reward, terminated, truncated, info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset the env, take the random no-op steps and return the processed frame."""
        frame, info = self.env.reset(seed=seed, options=options)
        noops = (
            int(self.env.unwrapped.np_random.integers(1, self.noop_max + 1))
            if self.noop_max > 0
            else 0
        )
        for _ in range(noops):
            frame, _, terminated, truncated, step_info = self.env.step(0)
            info.update(step_info)
            if terminated or truncated:
                frame, info = self.env.reset(seed=seed, options=options)
        self.lives = self._lives(info)
        self._grab(0, frame)
        self.obs_buffer[1].fill(0)
        return self._get_obs(), info

    def _get_obs(self) -> Any:
        newest, previous = self.obs_buffer
        if self.frame_skip > 1:
            np.maximum(newest, previous, out=newest)
        width, height = self.screen_size
        obs: Any = resize_area(newest, height, width)
        obs = np.asarray(obs, dtype=np.float32) / 255.0 if self.scale_obs else obs
        if self.grayscale_obs and self.grayscale_newaxis:
            obs = obs[..., None]
        return obs


def _check_frames(env: Env[Any, Any]) -> None:
    """Without an ALE emulator, the observations themselves must be screen images."""
    if hasattr(env.unwrapped, "ale"):
        return
    shape = env.observation_space.shape or ()
    is_image = len(shape) == 2 or (len(shape) == 3 and shape[2] == 3)
    if not is_image:
        raise ValueError(
            f"AtariPreprocessing needs an Atari (ALE) env or image observations of shape "
            f"(height, width) or (height, width, 3); {env} has observations of shape {shape}. "
            "For another env's frames, wrap it in AddRenderObservation first."
        )


def _as_pair(size: int | tuple[int, int]) -> tuple[int, int]:
    return size if isinstance(size, tuple) else (size, size)
