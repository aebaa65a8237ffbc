"""Saving rendered frames as MP4 videos (needs ``moviepy``, the ``other`` extra).

* :func:`capped_cubic_video_schedule`: the default episode trigger (episodes 0, 1, 8, 27, ...,
  729, then every 1000th).
* :func:`save_video`: write the frames of one episode, or chosen steps of it, to files.

moviepy is imported when a video is written, not when this module is imported.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.error import DependencyNotInstalled

__all__ = ["capped_cubic_video_schedule", "save_video"]

# Maps an episode or step index to whether a video starts there.
Trigger = Callable[[int], bool]


def capped_cubic_video_schedule(episode_id: int) -> bool:
    """Whether to record episode ``episode_id``: perfect cubes below 1000, then every 1000th.

    Args:
        episode_id: The episode number, from 0.

    Returns:
        ``True`` for 0, 1, 8, 27, ..., 729, 1000, 2000, ...
    """
    if episode_id >= 1000:
        return episode_id % 1000 == 0
    root = round(episode_id ** (1 / 3))
    return bool(root**3 == episode_id)


def _write_mp4(
    frames: list[Any], path: str, progress: str | None = None, **clip_kwargs: Any
) -> None:
    """Write ``frames`` (``(h, w, 3)`` or ``(h, w)`` ``uint8`` images) to the MP4 file ``path``.

    With only ``fps`` given, every frame is written exactly once through moviepy's ffmpeg
    writer: going through ``ImageSequenceClip`` loses the last frame for some frame counts and
    rates (its timestamps are rounded), and tests count the frames. Other clip arguments
    (``durations``, ...) or a progress bar go through ``ImageSequenceClip``.

    Args:
        frames: The images, in order.
        path: The file to write.
        progress: moviepy's logger (``"bar"`` for a progress bar, ``None`` for silence).
        **clip_kwargs: ``fps`` and, optionally, other ``ImageSequenceClip`` arguments.
    """
    try:
        from moviepy.video.io.ffmpeg_writer import FFMPEG_VideoWriter
        from moviepy.video.io.ImageSequenceClip import ImageSequenceClip
    except ImportError as exc:
        raise DependencyNotInstalled(
            'moviepy is needed to write videos: pip install "gymnasium-core[other]"'
        ) from exc
    fps = clip_kwargs.get("fps")
    if fps is None or len(clip_kwargs) > 1 or progress is not None:
        clip = ImageSequenceClip(frames, **clip_kwargs)
        try:
            clip.write_videofile(path, logger=progress)
        finally:
            clip.close()
        return
    images = [np.asarray(frame, dtype=np.uint8) for frame in frames]
    images = [np.repeat(im[..., None], 3, -1) if im.ndim == 2 else im for im in images]
    height, width = images[0].shape[:2]
    writer = FFMPEG_VideoWriter(path, (width, height), float(fps), codec="libx264")
    try:
        for image in images:
            writer.write_frame(np.ascontiguousarray(image[..., :3]))
    finally:
        writer.close()


def save_video(
    frames: list[Any],
    video_folder: str,
    episode_trigger: Trigger | None = None,
    step_trigger: Trigger | None = None,
    video_length: int | None = None,
    name_prefix: str = "rl-video",
    episode_index: int = 0,
    step_starting_index: int = 0,
    save_logger: str | None = None,
    **kwargs: Any,
) -> None:
    """Save the frames of one episode as videos, as chosen by the triggers.

    With neither trigger, :func:`capped_cubic_video_schedule` decides on the episode. If
    ``episode_trigger(episode_index)`` is true the episode (its first ``video_length`` frames)
    goes to ``{name_prefix}-episode-{episode_index}.mp4``; for each step ``i`` (counted from
    ``step_starting_index``, frame ``1 + i - step_starting_index``) where ``step_trigger(i)`` is
    true, the frames from that step (``video_length`` of them, or to the end) go to
    ``{name_prefix}-step-{i}.mp4``.

    Args:
        frames: The episode's frames (``render_mode="rgb_array_list"`` gives them).
        video_folder: Where the videos go (created if missing).
        episode_trigger: Episode index -> whether to save the episode.
        step_trigger: Step index -> whether to save a video starting there.
        video_length: Frames per video; ``None`` for all.
        name_prefix: Start of every file name.
        episode_index: The index of this episode.
        step_starting_index: The step index of the episode's first step.
        save_logger: moviepy's logger; ``"bar"`` shows progress.
        **kwargs: Passed to moviepy's ``ImageSequenceClip``, e.g. ``fps``.

    Example:
        With ``render_mode="rgb_array_list"`` the frames are what ``env.render()`` returns at
        the end of an episode; here they are plain images.

        >>> import os, tempfile
        >>> import numpy as np
        >>> from gymnasium_core.utils.save_video import save_video
        >>> folder = os.path.join(tempfile.mkdtemp(), "videos")
        >>> frames = [np.full((64, 96, 3), 10 * i, dtype=np.uint8) for i in range(20)]
        >>> save_video(frames, folder, fps=30)
        >>> os.listdir(folder)
        ['rl-video-episode-0.mp4']
    """
    if not isinstance(frames, list):
        logger.error(f"save_video expects a list of frames, got {type(frames)}")
    untriggered = episode_trigger is None and step_trigger is None
    whole_episode = capped_cubic_video_schedule if untriggered else episode_trigger
    folder = os.path.abspath(video_folder)
    os.makedirs(folder, exist_ok=True)
    prefix = os.path.join(folder, name_prefix)
    if whole_episode is not None and whole_episode(episode_index):
        _write_mp4(
            frames[:video_length], f"{prefix}-episode-{episode_index}.mp4", save_logger, **kwargs
        )
    if step_trigger is None:
        return
    for offset in range(1, len(frames)):
        step_index = step_starting_index + offset - 1
        if step_trigger(step_index):
            stop = None if video_length is None else offset + video_length
            _write_mp4(
                frames[offset:stop], f"{prefix}-step-{step_index}.mp4", save_logger, **kwargs
            )
