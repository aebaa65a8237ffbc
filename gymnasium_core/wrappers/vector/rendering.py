"""Showing and recording the frames of all sub-environments of a vector environment.

* :class:`HumanRendering` tiles the sub-environments' frames into one pygame window.
* :class:`RecordVideo` tiles them into the frames of MP4 videos.

pygame, OpenCV and moviepy are imported when they are first needed, not with this module.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.vector.vector_env import AutoresetMode, VectorEnv, VectorWrapper
from gymnasium_core.wrappers.common import WrapperRuntimeError, WrapperTypeError, WrapperValueError
from gymnasium_core.wrappers.rendering import (
    ClipRecorder,
    Trigger,
    close_window,
    default_schedule,
    draw_in_window,
    import_pygame,
    metadata_listing,
    prepare_folder,
    require_moviepy,
)

__all__ = ["HumanRendering", "RecordVideo"]

Info = dict[str, Any]
StepResult = tuple[Any, Any, Any, Any, Info]


def _window_layout(
    num_envs: int, frame_size: tuple[int, int], screen_size: tuple[int, int]
) -> tuple[int, int, tuple[int, int]]:
    """Grid and tile size for showing ``num_envs`` frames of ``frame_size`` in a window.

    Sizes are ``(width, height)`` in pixels. The grid grows one column or one row at a time,
    whichever keeps the tiled picture closest to the window's proportions (both when they are
    level), until it has a cell per sub-environment; the tiles are then scaled uniformly so the
    grid fits the window. This is the layout Gymnasium's vector ``HumanRendering`` uses, so the
    two windows look alike.

    Returns:
        ``(rows, cols, (tile_width, tile_height))``.
    """
    width_share = frame_size[0] / screen_size[0]
    height_share = frame_size[1] / screen_size[1]
    rows, cols = 1, 1
    while rows * cols < num_envs:
        tall, wide = rows * height_share, cols * width_share
        if tall == wide:
            rows, cols = rows + 1, cols + 1
        elif tall > wide:
            cols += 1
        else:
            rows += 1
    scale = min(
        screen_size[0] / (cols * frame_size[0]),
        screen_size[1] / (rows * frame_size[1]),
    )
    return rows, cols, (int(frame_size[0] * scale), int(frame_size[1] * scale))


def _latest_frames(frames: Any, num_envs: int) -> list[np.ndarray[Any, Any]]:
    """One image per sub-environment from a vector ``render()`` result.

    List render modes give a list of frames per sub-environment; the last one is used.

    Raises:
        TypeError: If ``render()`` gave no frames or frames that are not numpy arrays.
        ValueError: If it did not give one frame per sub-environment.
    """
    if frames is None:
        raise WrapperTypeError(
            "env.render() returned None; a vector render mode with images is needed."
        )
    images = [f[-1] if isinstance(f, list) and f else f for f in frames]
    if len(images) != num_envs:
        raise WrapperValueError(
            f"env.render() returned {len(images)} frames for {num_envs} sub-environments."
        )
    bad = {type(image).__name__ for image in images if not isinstance(image, np.ndarray)}
    if bad:
        raise WrapperTypeError(f"env.render() should return numpy arrays, got {sorted(bad)}.")
    return images


def _autoreset_mode_of(env: VectorEnv[Any, Any, Any]) -> AutoresetMode:
    """The env's declared autoreset mode (NEXT_STEP, with a warning, when it declares none)."""
    declared = env.metadata.get("autoreset_mode")
    if declared is None:
        logger.warn(f"{env} has no `autoreset_mode` metadata; NEXT_STEP is assumed.")
        return AutoresetMode.NEXT_STEP
    mode = AutoresetMode(declared)
    if mode is AutoresetMode.SAME_STEP:
        logger.warn(
            "RecordVideo over a SAME_STEP autoreset vector env: the last frame of every "
            "episode is missing from the videos."
        )
    return mode


class HumanRendering(VectorWrapper[Any, Any, Any, Any, Any], RecordConstructorArgs):
    """Shows the frames of every sub-environment, side by side, in one pygame window.

    After every ``reset`` and ``step`` the wrapped environment's frames (one per
    sub-environment) are scaled and tiled into a grid the size of ``screen_size`` and drawn,
    paced at ``metadata["render_fps"]``. The wrapped environment must render images.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers.vector import HumanRendering
        >>> envs = gym.make_vec("CartPole-v1", num_envs=3, render_mode="rgb_array")
        >>> envs = HumanRendering(envs)
        >>> envs.render_mode
        'human'
        >>> envs.close()
    """

    ACCEPTED_RENDER_MODES = ["rgb_array", "rgb_array_list", "depth_array", "depth_array_list"]

    def __init__(
        self, env: VectorEnv[Any, Any, Any], screen_size: tuple[int, int] | None = None
    ) -> None:
        """Wrap ``env``.

        Args:
            env: A vector environment rendering in one of :attr:`ACCEPTED_RENDER_MODES` whose
                metadata has ``render_fps``.
            screen_size: The window's ``(width, height)``; by default one sub-environment's
                frame size.

        Raises:
            ValueError: On another render mode or a missing ``render_fps``.
        """
        RecordConstructorArgs.__init__(self, screen_size=screen_size)
        super().__init__(env)
        # Set before the checks: close() (also run when a half-built wrapper is collected)
        # reads them.
        self.screen_size: tuple[int, int] | None = screen_size
        self.scaled_subenv_size: tuple[int, int] | None = None
        self.num_rows: int | None = None
        self.num_cols: int | None = None
        self.window: Any = None
        self.clock: Any = None
        if self.env.render_mode not in self.ACCEPTED_RENDER_MODES:
            raise ValueError(
                f"HumanRendering needs env.render_mode in {self.ACCEPTED_RENDER_MODES}, "
                f"got {self.env.render_mode!r}."
            )
        if "render_fps" not in self.env.metadata:
            raise ValueError("HumanRendering needs 'render_fps' in the wrapped env's metadata.")
        if "human" not in self.metadata.get("render_modes", []):
            self.metadata = metadata_listing(env.metadata, "human")

    @property
    def render_mode(self) -> str:  # type: ignore[override]
        """Always ``"human"``."""
        return "human"

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, Info]:
        """Reset the environment and show its first frames.

        Args:
            seed: Passed on.
            options: Passed on.

        Returns:
            The wrapped environment's ``(observations, infos)``.
        """
        result = self.env.reset(seed=seed, options=options)
        self._render_frame()
        return result

    def step(self, actions: Any) -> StepResult:
        """Step the environment and show the new frames.

        Args:
            actions: Passed on.

        Returns:
            The wrapped environment's step result.
        """
        result = self.env.step(actions)
        self._render_frame()
        return result

    def render(self) -> None:
        """Nothing to return: ``reset`` and ``step`` draw the frames."""
        return None

    def compose_frame(self) -> np.ndarray[Any, Any]:
        """Tile the sub-environments' current frames into one window image.

        Returns:
            A ``uint8`` image of shape ``(screen_height, screen_width, 3)``; sub-environment
            ``i`` sits at row ``i // num_cols``, column ``i % num_cols`` of the grid, cells
            past the last sub-environment are black.

        Raises:
            DependencyNotInstalled: If OpenCV is missing.
        """
        try:
            import cv2
        except ImportError as exc:
            raise DependencyNotInstalled(
                'OpenCV is needed to tile frames: pip install "gymnasium-core[other]"'
            ) from exc
        frames = _latest_frames(self.env.render(), self.num_envs)
        height, width = frames[0].shape[:2]
        if self.screen_size is None:
            self.screen_size = (width, height)
        if self.scaled_subenv_size is None:
            self.num_rows, self.num_cols, self.scaled_subenv_size = _window_layout(
                self.num_envs, (width, height), self.screen_size
            )
        assert self.num_cols is not None
        tile_w, tile_h = self.scaled_subenv_size
        canvas = np.zeros((self.screen_size[1], self.screen_size[0], 3), dtype=np.uint8)
        for index, frame in enumerate(frames):
            row, col = divmod(index, self.num_cols)
            image = np.asarray(frame, dtype=np.uint8)
            if image.ndim == 2:  # depth frames are one channel
                image = np.repeat(image[..., None], 3, axis=-1)
            # Scaled in (x, y) order, as Gymnasium does: cv2's two interpolation passes round
            # differently in the other order, and the window would differ by one level.
            columns_first = np.ascontiguousarray(image.transpose(1, 0, 2))
            tile = cv2.resize(columns_first, (tile_h, tile_w)).transpose(1, 0, 2)
            top, left = row * tile_h, col * tile_w
            canvas[top : top + tile_h, left : left + tile_w] = tile[..., :3]
        return canvas

    def _render_frame(self) -> None:
        import_pygame()
        draw_in_window(self, self.compose_frame())

    def close(self, **kwargs: Any) -> None:
        """Close the window, then the environment.

        Args:
            **kwargs: Passed on to the wrapped environment's ``close``.
        """
        close_window(self)
        self.env.close(**kwargs)


class RecordVideo(ClipRecorder, VectorWrapper[Any, Any, Any, Any, Any], RecordConstructorArgs):
    """Writes MP4 videos in which every frame tiles the frames of all sub-environments.

    Episodes are those of sub-environment 0: a recording starts when
    ``episode_trigger(episode_id)`` is true as one of its episodes begins (file
    ``{name_prefix}-episode-{id}.mp4``) or ``step_trigger(step_id)`` is true at a ``step``
    (``{name_prefix}-step-{id}.mp4``). Without a trigger,
    :func:`~gymnasium_core.utils.save_video.capped_cubic_video_schedule` chooses the episodes.
    With ``video_length=0`` a recording ends when the next episode of sub-environment 0
    begins; otherwise it holds ``video_length`` frames. The tiles are arranged in the grid
    whose proportions come closest to ``video_aspect_ratio`` (rows times columns equal to the
    number of frames). Call ``close()`` to save the recording in progress.

    With :attr:`AutoresetMode.SAME_STEP` the last frame of each episode is never rendered (the
    sub-environment has already reset), so videos lack it.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers.vector import RecordVideo
        >>> envs = gym.make_vec("CartPole-v1", num_envs=4, render_mode="rgb_array")
        >>> envs = RecordVideo(envs, "videos", episode_trigger=lambda e: e == 0)  # doctest: +SKIP
    """

    def __init__(
        self,
        env: VectorEnv[Any, Any, Any],
        video_folder: str,
        video_aspect_ratio: tuple[int, int] = (1, 1),
        record_first_only: bool = False,
        episode_trigger: Trigger | None = None,
        step_trigger: Trigger | None = None,
        video_length: int = 0,
        name_prefix: str = "rl-video",
        fps: int | None = None,
        disable_logger: bool = True,
        gc_trigger: Trigger | None = lambda _: True,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: A vector environment whose render mode returns images (``rgb_array``, ...).
            video_folder: Where the ``.mp4`` files go (created if missing).
            video_aspect_ratio: The wanted ``(width, height)`` proportions of the tiled frame.
            record_first_only: Record sub-environment 0 only.
            episode_trigger: Episode id -> whether to start recording as that episode begins.
            step_trigger: Step id -> whether to start recording at that ``step``.
            video_length: Frames per video; ``0`` records whole episodes.
            name_prefix: Start of every file name.
            fps: Frames per second of the video; default ``metadata["render_fps"]`` or 30.
            disable_logger: Silence moviepy's progress bar.
            gc_trigger: Episode id -> whether to run the garbage collector after saving.

        Raises:
            ValueError: If the render mode does not produce images, or the aspect ratio is not
                two positive numbers.
            DependencyNotInstalled: If moviepy is missing.
        """
        # Only these arguments are recorded, as the reference's vector RecordVideo does.
        recorded: dict[str, Any] = {
            "video_folder": video_folder,
            "episode_trigger": episode_trigger,
            "step_trigger": step_trigger,
            "video_length": video_length,
            "name_prefix": name_prefix,
            "disable_logger": disable_logger,
        }
        RecordConstructorArgs.__init__(self, **recorded)
        super().__init__(env)
        if env.render_mode in (None, "human", "ansi"):
            raise ValueError(
                "RecordVideo needs a render_mode that returns images such as 'rgb_array', "
                f"got {env.render_mode!r}."
            )
        if len(video_aspect_ratio) != 2 or min(video_aspect_ratio) <= 0:
            raise ValueError(
                f"video_aspect_ratio must be two positive numbers, got {video_aspect_ratio!r}."
            )
        no_trigger = episode_trigger is None and step_trigger is None
        self.autoreset_mode: AutoresetMode = _autoreset_mode_of(env)
        # NEXT_STEP: whether sub-environment 0 ended an episode on the previous step.
        self.has_autoreset = False
        self.episode_trigger = default_schedule() if no_trigger else episode_trigger
        self.step_trigger = step_trigger
        self.disable_logger = disable_logger
        self.gc_trigger = gc_trigger
        self.record_first_only = record_first_only
        self.video_aspect_ratio = video_aspect_ratio
        # -1 until the first captured frame fixes the grid.
        self.frame_rows = self.frame_cols = -1
        self.video_folder = prepare_folder(video_folder)
        self.frames_per_sec: int = self.metadata.get("render_fps", 30) if fps is None else fps
        self.name_prefix = name_prefix
        self.video_length: float = math.inf if video_length == 0 else video_length
        self.recording = False
        self._video_name = None
        self.recorded_frames: list[np.ndarray[Any, Any]] = []
        self.episode_id = self.step_id = -1
        require_moviepy()

    _video_name: str | None

    def _choose_grid(self, num_frames: int, height: int, width: int) -> None:
        """Pick the rows x columns grid (a divisor pair of ``num_frames``) nearest the ratio."""
        target = self.video_aspect_ratio[0] / self.video_aspect_ratio[1]
        pairs = [(r, num_frames // r) for r in range(1, num_frames + 1) if num_frames % r == 0]
        # Fewer rows first, so on a tie the wider grid wins (as in Gymnasium).
        pairs = [(r, c) for r, c in pairs if r <= c]
        self.frame_rows, self.frame_cols = min(
            pairs, key=lambda rc: abs(rc[1] * width / (rc[0] * height) - target)
        )

    def _tile(self, frames: Sequence[np.ndarray[Any, Any]]) -> np.ndarray[Any, Any]:
        """Put ``frames`` (all of one shape) into the chosen grid, row by row."""
        stack = np.asarray(frames)
        height, width = stack.shape[1:3]
        grid = np.zeros(
            (self.frame_rows * height, self.frame_cols * width, *stack.shape[3:]),
            dtype=stack.dtype,
        )
        for index, frame in enumerate(stack):
            row, col = divmod(index, self.frame_cols)
            grid[row * height : (row + 1) * height, col * width : (col + 1) * width] = frame
        return grid

    def _capture_frame(self) -> None:
        if not self.recording:
            raise WrapperRuntimeError("RecordVideo: cannot capture a frame while not recording.")
        frames = _latest_frames(self.env.render(), self.num_envs)
        if self.record_first_only:
            frames = frames[:1]
        if self.frame_rows == -1:
            self._choose_grid(len(frames), *frames[0].shape[:2])
        self.recorded_frames.append(self._tile(frames))

    def _after_frame_source(self) -> None:
        if self.recording:
            self._capture_frame()
            if len(self.recorded_frames) > self.video_length:
                self.stop_recording()

    def _new_episode(self) -> None:
        """Sub-environment 0 begins an episode: end a whole-episode video, maybe start one."""
        self.episode_id += 1
        if self.recording and self.video_length == math.inf:
            self.stop_recording()
        self._maybe_start(self.episode_trigger, "episode", self.episode_id)

    def _maybe_start(self, trigger: Trigger | None, kind: str, index: int) -> None:
        if trigger is not None and trigger(index):
            self.start_recording(f"{self.name_prefix}-{kind}-{index}")

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, Info]:
        """Reset the environment; a reset of sub-environment 0 begins an episode.

        Args:
            seed: Passed on.
            options: Passed on; with a ``reset_mask``, only a mask that selects sub-environment
                0 begins an episode.

        Returns:
            The wrapped environment's ``(observations, infos)``.
        """
        # Read the mask first: the wrapped environment removes it from the options.
        if options is None or "reset_mask" not in options or options["reset_mask"][0]:
            self._new_episode()
        result = self.env.reset(seed=seed, options=options)
        self._after_frame_source()
        self.has_autoreset = False
        return result

    def step(self, actions: Any) -> StepResult:
        """Step the environment; maybe start a recording; capture a frame while recording.

        Args:
            actions: Passed on.

        Returns:
            The wrapped environment's step result.
        """
        outcome = self.env.step(actions)
        self.step_id += 1
        self._track_first_episode(bool(outcome[2][0] or outcome[3][0]))
        self._maybe_start(self.step_trigger, "step", self.step_id)
        self._after_frame_source()
        return outcome

    def _track_first_episode(self, first_done: bool) -> None:
        """Begin an episode when this step reset sub-environment 0."""
        if self.autoreset_mode is AutoresetMode.SAME_STEP:
            began = first_done
        elif self.autoreset_mode is AutoresetMode.NEXT_STEP:
            # The reset happens on the step after the one that ended the episode.
            began, self.has_autoreset = self.has_autoreset, first_done
        else:
            began = False
        if began:
            self._new_episode()

    def close(self, **kwargs: Any) -> None:
        """Close the environment and save the recording in progress.

        Args:
            **kwargs: Passed on to the wrapped environment's ``close``.
        """
        self.env.close(**kwargs)
        if self.recording:
            self.stop_recording()
