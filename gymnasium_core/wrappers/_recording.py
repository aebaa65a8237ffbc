"""Pieces shared by the single and vector rendering wrappers.

Both ``HumanRendering`` wrappers draw into a pygame window the same way, and both
``RecordVideo`` wrappers prepare their folder, pick a default trigger and write clips the same
way; the code for that lives here once.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from copy import deepcopy
from typing import Any, Protocol

import numpy as np

from gymnasium_core import logger
from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.wrappers.common import WrapperRuntimeError

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
