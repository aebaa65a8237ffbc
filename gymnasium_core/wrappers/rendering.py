"""Wrappers that change or use what ``render`` returns.

* :class:`RenderCollection` makes ``render`` return the frames of every step since the last call.
* :class:`RecordVideo` saves episodes or step ranges as MP4 files (needs ``moviepy``).
* :class:`HumanRendering` shows an ``rgb_array`` environment in a pygame window.
* :class:`AddWhiteNoise` and :class:`ObstructView` corrupt rendered frames with noise.

pygame and moviepy are imported only when a window is opened or a video is written.

The section before the wrappers holds the windows and video files that the vector wrappers of
:mod:`gymnasium_core.wrappers.vector.rendering` share with these: the pygame window of both
``HumanRendering`` wrappers and the folder, default trigger and clip writing of both
``RecordVideo`` wrappers.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from copy import deepcopy
from typing import Any, Protocol, TypeVar

import numpy as np

from gymnasium_core import logger
from gymnasium_core.core import Env, Wrapper
from gymnasium_core.error import DependencyNotInstalled, InvalidProbability
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers.common import WrapperRuntimeError, WrapperTypeError, WrapperValueError

__all__ = ["AddWhiteNoise", "HumanRendering", "ObstructView", "RecordVideo", "RenderCollection"]


ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")

Info = dict[str, Any]
StepReturn = tuple[Any, Any, bool, bool, Info]


# Windows and video files, shared with the vector wrappers in wrappers/vector/rendering.py.

Trigger = Callable[[int], bool]

_MOVIEPY_MISSING = 'moviepy is needed to write videos: pip install "gymnasium-core[other]"'
_PYGAME_MISSING = (
    'pygame is needed for HumanRendering: pip install "gymnasium-core[classic-control]"'
)


class _Drawing(Protocol):
    """What :func:`draw_in_window` needs of a ``HumanRendering`` wrapper."""

    window: Any
    clock: Any
    metadata: dict[str, Any]


def metadata_listing(metadata: dict[str, Any], mode: str) -> dict[str, Any]:
    """A deep copy of ``metadata`` whose ``render_modes`` include ``mode``."""
    copied = deepcopy(metadata)
    listed = copied.setdefault("render_modes", [])
    if mode not in listed:
        listed.append(mode)
    return copied


def default_schedule() -> Trigger:
    """The episode trigger used when ``RecordVideo`` is given none."""
    from gymnasium_core.utils.save_video import capped_cubic_video_schedule

    return capped_cubic_video_schedule


def prepare_folder(folder: str) -> str:
    """The absolute path of ``folder``, created if missing; warns if it already exists."""
    absolute = os.path.abspath(folder)
    if os.path.isdir(absolute):
        logger.warn(
            f"RecordVideo: the folder {absolute} exists; videos in it may be "
            "overwritten (pick another `video_folder` to keep them)."
        )
    else:
        os.makedirs(absolute)
    return absolute


def require_moviepy() -> None:
    """Fail early, at construction, when videos could not be written.

    Raises:
        DependencyNotInstalled: If moviepy is missing.
    """
    try:
        import moviepy  # noqa: F401
    except ImportError as exc:
        raise DependencyNotInstalled(_MOVIEPY_MISSING) from exc


def save_clip(frames: list[Any], folder: str, name: str | None, fps: int, quiet: bool) -> None:
    """Write ``frames`` to ``{folder}/{name}.mp4``, or warn that there is nothing to write."""
    if not frames:
        logger.warn("RecordVideo: no frames were recorded, so no video was saved.")
        return
    from gymnasium_core.utils.save_video import _write_mp4

    target = os.path.join(folder, f"{name}.mp4")
    _write_mp4(frames, target, fps=fps, progress=None if quiet else "bar")


def import_pygame() -> Any:
    """The pygame module, imported on first use.

    Raises:
        DependencyNotInstalled: If pygame is missing.
    """
    try:
        import pygame
    except ImportError as exc:
        raise DependencyNotInstalled(_PYGAME_MISSING) from exc
    return pygame


def draw_in_window(owner: _Drawing, image: np.ndarray[Any, Any]) -> None:
    """Show ``image`` (``(height, width, 3)``) in ``owner``'s window, paced at its render fps.

    The window and the frame clock are created on the first call and kept on ``owner``.
    """
    pygame = import_pygame()
    if owner.window is None:
        pygame.display.init()
        owner.window = pygame.display.set_mode((image.shape[1], image.shape[0]))
    if owner.clock is None:
        owner.clock = pygame.time.Clock()
    # pygame surfaces are indexed (x, y) while images are (row, column).
    owner.window.blit(pygame.surfarray.make_surface(np.transpose(image, (1, 0, 2))), (0, 0))
    pygame.event.pump()
    fps = owner.metadata["render_fps"]
    owner.clock.tick(fps)
    pygame.display.flip()


def close_window(owner: _Drawing) -> None:
    """Shut pygame's display down if ``owner`` opened a window."""
    if owner.window is None:
        return
    import pygame

    pygame.display.quit()
    pygame.quit()
    owner.window = None


class ClipRecorder:
    """The recording state machine the single-env and vector ``RecordVideo`` share.

    The class using it sets ``recording``, ``recorded_frames``, ``video_folder``,
    ``frames_per_sec``, ``disable_logger``, ``gc_trigger`` and ``episode_id``.
    """

    recording: bool
    recorded_frames: list[Any]
    video_folder: str
    frames_per_sec: int
    disable_logger: bool
    gc_trigger: Callable[[int], bool] | None
    episode_id: int
    _video_name: str | None

    def start_recording(self, video_name: str) -> None:
        """Begin recording into ``{video_name}.mp4``, saving any recording in progress first.

        Args:
            video_name: The file name without extension.
        """
        if self.recording:
            self.stop_recording()
        self.recording = True
        self._video_name = video_name

    def stop_recording(self) -> None:
        """Save the frames recorded so far as an MP4 and stop recording.

        Raises:
            RuntimeError: If no recording is in progress.
        """
        if not self.recording:
            raise WrapperRuntimeError("RecordVideo.stop_recording() called while not recording.")
        save_clip(
            self.recorded_frames,
            self.video_folder,
            self._video_name,
            self.frames_per_sec,
            quiet=self.disable_logger,
        )
        self.recorded_frames = []
        self.recording = False
        self._video_name = None
        if self.gc_trigger is not None and self.gc_trigger(self.episode_id):
            import gc

            gc.collect()

    def __del__(self) -> None:
        # __init__ may have failed before the attribute existed.
        if getattr(self, "recorded_frames", None):
            logger.warn("RecordVideo: the last video was not saved; call close() first.")


class RenderCollection(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Collects a frame after every ``reset`` and ``step``; ``render`` returns the list.

    The render mode becomes ``f"{env.render_mode}_list"``.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import RenderCollection
        >>> env = RenderCollection(gym.make("CartPole-v1", render_mode="rgb_array"))
        >>> _ = env.reset(seed=0)
        >>> for _ in range(3):
        ...     _ = env.step(0)
        >>> len(env.render()), len(env.render())
        (4, 0)
    """

    def __init__(
        self, env: Env[ObsType, ActType], pop_frames: bool = True, reset_clean: bool = True
    ) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with a render mode that returns one frame (not ``*_list``).
            pop_frames: Empty the collection each time ``render`` returns it.
            reset_clean: Empty the collection on ``reset``.

        Raises:
            ValueError: If ``env`` has no render mode or already renders lists.
        """
        RecordConstructorArgs.__init__(self, pop_frames=pop_frames, reset_clean=reset_clean)
        Wrapper.__init__(self, env)
        if env.render_mode is None:
            raise ValueError("RenderCollection needs an env with a render_mode, got None")
        if env.render_mode.endswith("_list"):
            raise ValueError(
                f"RenderCollection needs a render_mode that is not a list mode, "
                f"got {env.render_mode!r}"
            )
        self.frame_list: list[Any] = []
        self.pop_frames = pop_frames
        self.reset_clean = reset_clean
        self.metadata = metadata_listing(env.metadata, self.render_mode)

    @property
    def render_mode(self) -> str:  # type: ignore[override]
        """The wrapped env's render mode followed by ``_list``."""
        return f"{self.env.render_mode}_list"

    def step(self, action: ActType) -> StepReturn:
        """Step the env and keep the frame rendered afterwards."""
        result = self.env.step(action)
        self.frame_list.append(self.env.render())
        return result

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, Info]:
        """Reset the env (emptying the collection if ``reset_clean``) and keep its first frame."""
        result = self.env.reset(seed=seed, options=options)
        kept = [] if self.reset_clean else self.frame_list
        self.frame_list = [*kept, self.env.render()]
        return result

    def render(self) -> list[Any]:
        """The frames collected so far (then emptied if ``pop_frames``)."""
        frames = self.frame_list
        if self.pop_frames:
            self.frame_list = []
        return frames


class RecordVideo(ClipRecorder, Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Writes MP4 videos of chosen episodes or step ranges to ``video_folder``.

    A recording starts when ``episode_trigger(episode_id)`` is true at a ``reset`` (file
    ``{name_prefix}-episode-{id}.mp4``) or ``step_trigger(step_id)`` is true at a ``step``
    (``{name_prefix}-step-{id}.mp4``); step ids count over all episodes. Without a trigger,
    :func:`~gymnasium_core.utils.save_video.capped_cubic_video_schedule` chooses the episodes.
    With ``video_length=0`` a recording ends at the next ``reset``; otherwise it holds
    ``video_length`` frames and may span episodes. Frames come from ``env.render()``, which must
    return images. Call ``close()`` to save the recording in progress.

    Example:
        Two five-frame clips, started by a step trigger:

        >>> import pathlib, tempfile
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import RecordVideo
        >>> out = pathlib.Path(tempfile.mkdtemp()) / "clips"
        >>> recorder = RecordVideo(
        ...     gym.make("MountainCar-v0", render_mode="rgb_array"),
        ...     str(out),
        ...     step_trigger=lambda step: step % 10 == 0,
        ...     video_length=5,
        ...     name_prefix="car",
        ... )
        >>> _ = recorder.reset(seed=3)
        >>> for _ in range(20):
        ...     _ = recorder.step(2)
        >>> recorder.close()
        >>> sorted(path.name for path in out.iterdir())
        ['car-step-0.mp4', 'car-step-10.mp4']
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        video_folder: str,
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
            env: An environment whose render mode returns images (``rgb_array`` or a list mode).
            video_folder: Where the ``.mp4`` files go (created if missing).
            episode_trigger: Episode id -> whether to start recording at that ``reset``.
            step_trigger: Step id -> whether to start recording at that ``step``.
            video_length: Frames per video; ``0`` records whole episodes.
            name_prefix: Start of every file name.
            fps: Frames per second of the video; default ``metadata["render_fps"]`` or 30.
            disable_logger: Silence moviepy's progress bar.
            gc_trigger: Episode id -> whether to run the garbage collector after saving.

        Raises:
            ValueError: If the render mode does not produce images.
            DependencyNotInstalled: If moviepy is missing.
        """
        settings: dict[str, Any] = {
            "video_folder": video_folder,
            "episode_trigger": episode_trigger,
            "step_trigger": step_trigger,
            "video_length": video_length,
            "name_prefix": name_prefix,
            "fps": fps,
            "disable_logger": disable_logger,
            "gc_trigger": gc_trigger,
        }
        RecordConstructorArgs.__init__(self, **settings)
        Wrapper.__init__(self, env)
        if env.render_mode in (None, "human", "ansi"):
            raise ValueError(
                f"RecordVideo needs a render_mode that returns images such as 'rgb_array', "
                f"got {env.render_mode!r}"
            )
        no_trigger = episode_trigger is None and step_trigger is None
        self.episode_trigger = default_schedule() if no_trigger else episode_trigger
        self.step_trigger = step_trigger
        self.disable_logger = disable_logger
        self.gc_trigger = gc_trigger
        self.video_folder = prepare_folder(video_folder)
        self.frames_per_sec: int = self.metadata.get("render_fps", 30) if fps is None else fps
        self.name_prefix = name_prefix
        # inf: an episode-long recording, ended by the next reset.
        self.video_length: float = float("inf") if video_length == 0 else video_length
        self.recording = False
        self._video_name = None
        self.recorded_frames: list[Any] = []
        self.render_history: list[Any] = []
        self.episode_id = self.step_id = -1
        require_moviepy()

    _video_name: str | None

    def _capture_frame(self) -> None:
        rendered = self.env.render()
        if isinstance(rendered, list):
            if not rendered:
                logger.warn(
                    "RecordVideo: env.render() returned an empty list (it was just called "
                    "elsewhere), so no frame was captured."
                )
                return
            # A list render mode hands over its frames once; keep them for our own render().
            self.render_history.extend(rendered)
            rendered = rendered[-1]
        if not isinstance(rendered, np.ndarray):
            self.stop_recording()
            logger.warn(
                f"RecordVideo stopped recording: render() returned {type(rendered)}, not an image."
            )
            return
        self.recorded_frames += [rendered]

    def _after_frame_source(self) -> None:
        if self.recording:
            self._capture_frame()
            if len(self.recorded_frames) > self.video_length:
                self.stop_recording()

    def _maybe_start(self, trigger: Trigger | None, kind: str, index: int) -> None:
        if trigger is not None and trigger(index):
            self.start_recording(f"{self.name_prefix}-{kind}-{index}")

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, Info]:
        """Reset the env; end an episode-long recording and maybe start a new one."""
        result = self.env.reset(seed=seed, options=options)
        self.episode_id += 1
        if self.recording and self.video_length == float("inf"):
            self.stop_recording()
        self._maybe_start(self.episode_trigger, "episode", self.episode_id)
        self._after_frame_source()
        return result

    def step(self, action: ActType) -> StepReturn:
        """Step the env; maybe start a recording; capture a frame while recording."""
        result = self.env.step(action)
        self.step_id += 1
        self._maybe_start(self.step_trigger, "step", self.step_id)
        self._after_frame_source()
        return result

    def render(self) -> Any:
        """The env's render, preceded by list frames this wrapper consumed while recording."""
        out = self.env.render()
        if self.recording and isinstance(out, list):
            self.recorded_frames += out
        if not self.render_history:
            return out
        history, self.render_history = self.render_history, []
        return history + out

    def close(self) -> None:
        """Close the env and save the recording in progress."""
        self.env.close()
        if self.recording:
            self.stop_recording()


class HumanRendering(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Shows the frames of an image-rendering environment in a pygame window.

    After every ``reset`` and ``step`` the latest frame of the wrapped env is drawn, paced at
    ``metadata["render_fps"]``; ``render`` itself returns ``None``. ``make(id,
    render_mode="human")`` adds this wrapper to envs that only render images.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import HumanRendering
        >>> env = HumanRendering(gym.make("CartPole-v1", render_mode="rgb_array"))
        >>> env.render_mode
        'human'
        >>> env.close()
    """

    ACCEPTED_RENDER_MODES = ["rgb_array", "rgb_array_list", "depth_array", "depth_array_list"]

    def __init__(self, env: Env[ObsType, ActType]) -> None:
        """Wrap ``env``.

        Args:
            env: An environment rendering in one of :attr:`ACCEPTED_RENDER_MODES` whose
                metadata has ``render_fps``.

        Raises:
            ValueError: On another render mode or a missing ``render_fps``.
        """
        RecordConstructorArgs.__init__(self)
        Wrapper.__init__(self, env)
        # Set before any check: close() (also run on garbage collection) reads them.
        self.screen_size: tuple[int, int] | None = None
        self.window: Any = None
        self.clock: Any = None
        if self.env.render_mode not in self.ACCEPTED_RENDER_MODES:
            raise ValueError(
                f"HumanRendering needs env.render_mode in {self.ACCEPTED_RENDER_MODES}, "
                f"got {self.env.render_mode!r}"
            )
        if "render_fps" not in self.env.metadata:
            raise ValueError("HumanRendering needs 'render_fps' in the wrapped env's metadata")
        if "human" not in self.metadata.get("render_modes", []):
            self.metadata = metadata_listing(env.metadata, "human")

    @property
    def render_mode(self) -> str:  # type: ignore[override]
        """Always ``"human"``."""
        return "human"

    def step(self, action: ActType) -> StepReturn:
        """Step the env and show the new frame."""
        result = self.env.step(action)
        self._render_frame()
        return result

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, Info]:
        """Reset the env and show its first frame."""
        result = self.env.reset(seed=seed, options=options)
        self._render_frame()
        return result

    def render(self) -> None:
        """Nothing to return: frames are drawn by ``reset`` and ``step``."""
        return None

    def _latest_frame(self) -> np.ndarray[Any, Any]:
        frame = self.env.render()
        if isinstance(frame, list):
            frame = frame[-1]
        if not isinstance(frame, np.ndarray):
            raise WrapperTypeError(
                f"HumanRendering: env.render() should return a numpy array, got {type(frame)}"
            )
        return frame

    def _render_frame(self) -> None:
        import_pygame()
        frame = self._latest_frame()
        size = (int(frame.shape[1]), int(frame.shape[0]))
        if self.screen_size is None:
            self.screen_size = size
        elif size != self.screen_size:
            raise WrapperValueError(
                f"HumanRendering: frame size changed from {self.screen_size} to {size}"
            )
        draw_in_window(self, frame)

    def close(self) -> None:
        """Close the window, then the env."""
        close_window(self)
        self.env.close()


# Luma weights of the greyscale noise (ITU-R 601); each channel is drawn up to 255 * weight.
_GREY_WEIGHTS = np.array([0.2989, 0.5870, 0.1140])


def _noise_like(rng: np.random.Generator, frame: np.ndarray[Any, Any], grey: bool) -> Any:
    """Uniform ``uint8`` noise of the frame's shape, grey (equal channels) if asked."""
    if not grey:
        return rng.integers(0, 255, size=frame.shape, dtype=np.uint8)
    channels = rng.integers((0, 0, 0), 255 * _GREY_WEIGHTS, size=frame.shape, dtype=np.uint8)
    return channels.sum(-1, keepdims=True).repeat(3, -1)


class AddWhiteNoise(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Replaces each pixel of the rendered frame by noise with a given probability.

    With :class:`~gymnasium_core.wrappers.AddRenderObservation` this makes pixel observations
    noisy (and possibly partially observable).

    Example:
        With probability 0 nothing changes; with 0.9 most pixels do:

        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import AddWhiteNoise
        >>> base = gym.make("Acrobot-v1", render_mode="rgb_array")
        >>> clean = AddWhiteNoise(base, probability_of_noise_per_pixel=0.0)
        >>> _ = clean.reset(seed=7)
        >>> bool((clean.render() == base.render()).all())
        True
        >>> noisy = AddWhiteNoise(base, probability_of_noise_per_pixel=0.9)
        >>> changed = (noisy.render() != base.render()).any(axis=-1).mean()
        >>> bool(changed > 0.8)
        True
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        probability_of_noise_per_pixel: float,
        is_noise_grayscale: bool = False,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: An environment that renders ``(height, width, 3)`` images.
            probability_of_noise_per_pixel: Chance, in ``[0, 1)``, that a pixel is replaced.
            is_noise_grayscale: Use grey noise instead of coloured noise.

        Raises:
            InvalidProbability: If the probability is outside ``[0, 1)``.
        """
        if not 0 <= probability_of_noise_per_pixel < 1:
            raise InvalidProbability(
                "AddWhiteNoise: probability_of_noise_per_pixel must lie in [0, 1), "
                f"got {probability_of_noise_per_pixel}"
            )
        settings: dict[str, Any] = {
            "probability_of_noise_per_pixel": probability_of_noise_per_pixel,
            "is_noise_grayscale": is_noise_grayscale,
        }
        RecordConstructorArgs.__init__(self, **settings)
        Wrapper.__init__(self, env)
        self.probability_of_noise_per_pixel = probability_of_noise_per_pixel
        self.is_noise_grayscale = is_noise_grayscale

    def render(self) -> Any:
        """The wrapped env's frame with noisy pixels."""
        frame = np.asarray(self.env.render())
        noise = _noise_like(self.np_random, frame, self.is_noise_grayscale)
        hit = self.np_random.random(frame.shape[:2]) < self.probability_of_noise_per_pixel
        return np.where(hit[..., None], noise, frame)


class ObstructView(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Covers random square patches of the rendered frame with noise.

    About ``obstructed_pixels_ratio * height * width / obstruction_width**2`` patch centres are
    drawn per frame (patches may overlap or be cut by the border).

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import ObstructView
        >>> covered = ObstructView(
        ...     gym.make("Acrobot-v1", render_mode="rgb_array"),
        ...     obstructed_pixels_ratio=0.25,
        ...     obstruction_width=20,
        ... )
        >>> _ = covered.reset(seed=7)
        >>> frame = covered.render()
        >>> frame.shape, frame.dtype.name
        ((500, 500, 3), 'uint8')
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        obstructed_pixels_ratio: float,
        obstruction_width: int,
        is_noise_grayscale: bool = False,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: An environment that renders ``(height, width, 3)`` images.
            obstructed_pixels_ratio: Share of the pixels, in ``[0, 1)``, to cover.
            obstruction_width: Side of each square patch in pixels (at least 1).
            is_noise_grayscale: Use grey noise instead of coloured noise.

        Raises:
            ValueError: On a ratio outside ``[0, 1)`` or a width below 1.
        """
        if not 0 <= obstructed_pixels_ratio < 1:
            raise ValueError(
                "ObstructView: obstructed_pixels_ratio must lie in [0, 1), "
                f"got {obstructed_pixels_ratio}"
            )
        if obstruction_width < 1:
            raise ValueError(
                f"ObstructView: obstruction_width must be at least 1, got {obstruction_width}"
            )
        settings: dict[str, Any] = {
            "obstructed_pixels_ratio": obstructed_pixels_ratio,
            "obstruction_width": obstruction_width,
            "is_noise_grayscale": is_noise_grayscale,
        }
        RecordConstructorArgs.__init__(self, **settings)
        Wrapper.__init__(self, env)
        # Patch centres per pixel: the covered share divided by one patch's area.
        patch_area = obstruction_width * obstruction_width
        self.obstruction_centers_ratio = obstructed_pixels_ratio / patch_area
        self.obstruction_width = obstruction_width
        self.is_noise_grayscale = is_noise_grayscale

    def render(self) -> Any:
        """The wrapped env's frame with noise patches."""
        frame = np.asarray(self.env.render())
        height, width = frame.shape[:2]
        count = int(height * width * self.obstruction_centers_ratio)
        flat_centres = self.np_random.integers(0, height * width, count)
        rows, cols = np.unravel_index(flat_centres, (height, width))
        covered = np.zeros((height, width), dtype=bool)
        before = self.obstruction_width // 2
        after = self.obstruction_width - before
        for row, col in zip(rows, cols):
            top, left = max(row - before, 0), max(col - before, 0)
            covered[top : min(row + after, height), left : min(col + after, width)] = True
        noise = _noise_like(self.np_random, frame, self.is_noise_grayscale)
        return np.where(covered[..., None], noise, frame)
