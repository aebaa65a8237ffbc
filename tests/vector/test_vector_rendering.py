"""Vector RecordVideo and HumanRendering: real MP4 files, headless windows, reference parity."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from _vector_testenvs import async_context, counter_env_class, painted_env_class

import gymnasium_core
import gymnasium_core.vector
import gymnasium_core.wrappers.vector as ours_w
from gymnasium_core.logger import GymnasiumCoreWarning

MODES = ["NextStep", "SameStep", "Disabled"]


def painted_vector(gym: Any, num_envs: int, mode: str = "NextStep", **kwargs: Any) -> Any:
    cls = painted_env_class(gym)
    fns = [partial(cls, index=i, **kwargs) for i in range(num_envs)]
    return gym.vector.SyncVectorEnv(fns, autoreset_mode=mode)


def spy_on_videos(wrapper: Any) -> list[tuple[str, list[np.ndarray]]]:
    """Record (name, frames) of every video the wrapper saves, before it encodes them."""
    saved: list[tuple[str, list[np.ndarray]]] = []
    stop = wrapper.stop_recording

    def spying_stop() -> None:
        saved.append((wrapper._video_name, [f.copy() for f in wrapper.recorded_frames]))
        stop()

    wrapper.stop_recording = spying_stop
    return saved


def read_video(path: Path) -> list[np.ndarray]:
    cv2 = pytest.importorskip("cv2")
    capture = cv2.VideoCapture(str(path))
    frames = []
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        frames.append(frame[..., ::-1])  # BGR -> RGB
    capture.release()
    return frames


def drive_video(gym: Any, wrappers: Any, folder: Path, mode: str, steps: int, **kw: Any) -> Any:
    envs = wrappers.RecordVideo(painted_vector(gym, 4, mode), str(folder), **kw)
    saved = spy_on_videos(envs)
    envs.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(steps):
        _, _, terminations, truncations, _ = envs.step(rng.integers(0, 2, size=4))
        if mode == "Disabled" and (terminations | truncations).any():
            envs.reset(options={"reset_mask": terminations | truncations})
    envs.close()
    return envs, saved


@pytest.fixture
def no_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replace MP4 encoding (ours and the reference's) by touching the file: parity is checked
    on the frames before encoding, and the real files in their own test."""
    clip = pytest.importorskip("moviepy.video.io.ImageSequenceClip").ImageSequenceClip
    import gymnasium_core.utils.save_video as save_video

    monkeypatch.setattr(save_video, "_write_mp4", lambda frames, path, **kw: Path(path).touch())
    monkeypatch.setattr(clip, "write_videofile", lambda self, path, **kw: Path(path).touch())


PARITY_CASES = [
    *[pytest.param(mode, {"episode_trigger": lambda e: e % 2 == 0}, id=mode) for mode in MODES],
    pytest.param("NextStep", {"step_trigger": lambda s: s % 7 == 0, "video_length": 4}, id="steps"),
    pytest.param(
        "SameStep", {"step_trigger": lambda s: s % 5 == 0, "video_length": 3}, id="steps-same"
    ),
    pytest.param(
        "NextStep", {"record_first_only": True, "video_aspect_ratio": (16, 9)}, id="first-only"
    ),
    pytest.param("Disabled", {"video_aspect_ratio": (1, 4)}, id="tall"),
]


@pytest.mark.usefixtures("no_encoding")
@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("mode", "kwargs"), PARITY_CASES)
def test_record_video__frames_match_reference(
    tmp_path: Path, mode: str, kwargs: dict[str, Any]
) -> None:
    ours, ours_saved = drive_video(
        gymnasium_core, ours_w, tmp_path / "ours", mode, steps=20, **kwargs
    )
    ref, ref_saved = drive_video(
        gymnasium, gymnasium.wrappers.vector, tmp_path / "ref", mode, steps=20, **kwargs
    )
    assert [name for name, _ in ours_saved] == [name for name, _ in ref_saved]
    assert ours_saved, "the triggers should have started a recording"
    for (name, ours_frames), (_, ref_frames) in zip(ours_saved, ref_saved, strict=True):
        assert len(ours_frames) == len(ref_frames), name
        for a, b in zip(ours_frames, ref_frames, strict=True):
            np.testing.assert_array_equal(a, b, err_msg=name)
    assert (ours.frame_rows, ours.frame_cols) == (ref.frame_rows, ref.frame_cols)
    assert (ours.episode_id, ours.step_id) == (ref.episode_id, ref.step_id)
    assert sorted(os.listdir(tmp_path / "ours")) == sorted(os.listdir(tmp_path / "ref"))


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_record_video__writes_readable_mp4_files(tmp_path: Path) -> None:
    pytest.importorskip("moviepy")
    _, saved = drive_video(
        gymnasium_core, ours_w, tmp_path, "NextStep", steps=12, episode_trigger=lambda e: True
    )
    assert sorted(os.listdir(tmp_path)) == sorted(f"{name}.mp4" for name, _ in saved)
    for name, frames in saved:
        decoded = read_video(tmp_path / f"{name}.mp4")
        assert len(decoded) == len(frames), name
        # 4 frames of 24x32 tile 2x2 for the default 1:1 ratio.
        assert decoded[0].shape == (48, 64, 3)
        # Solid colour tiles survive compression within a few levels.
        for got, want in zip(decoded, frames, strict=True):
            assert np.abs(got.astype(int) - want.astype(int))[4:-4, 4:-4].mean() < 6


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_record_video__cartpole_make_vec(tmp_path: Path) -> None:
    pytest.importorskip("moviepy")
    envs = gymnasium_core.make_vec("CartPole-v1", num_envs=2, render_mode="rgb_array")
    envs = ours_w.RecordVideo(
        envs, str(tmp_path / "v"), video_length=5, step_trigger=lambda s: s == 0
    )
    envs.reset(seed=0)
    for _ in range(8):
        envs.step(np.array([0, 1]))
    envs.close()
    assert os.listdir(tmp_path / "v") == ["rl-video-step-0.mp4"]
    frames = read_video(tmp_path / "v" / "rl-video-step-0.mp4")
    # A recording stops once it holds more than video_length frames: video_length + 1 of them,
    # as in the reference.
    assert len(frames) == 6
    assert frames[0].shape == (400, 1200, 3)


def test_record_video__warns_on_same_step_and_existing_folder(tmp_path: Path) -> None:
    pytest.importorskip("moviepy")
    with pytest.warns(GymnasiumCoreWarning, match="last frame"):
        ours_w.RecordVideo(painted_vector(gymnasium_core, 2, "SameStep"), str(tmp_path / "a"))
    with pytest.warns(GymnasiumCoreWarning, match="exists"):
        ours_w.RecordVideo(painted_vector(gymnasium_core, 2), str(tmp_path))


@pytest.mark.parametrize("render_mode", [None, "human", "ansi"])
def test_record_video__rejects_non_image_render_modes(tmp_path: Path, render_mode: Any) -> None:
    envs = painted_vector(gymnasium_core, 2, render_mode=render_mode)
    with pytest.raises(ValueError, match="render_mode"):
        ours_w.RecordVideo(envs, str(tmp_path / "v"))


def test_record_video__rejects_bad_aspect_ratio(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="aspect"):
        ours_w.RecordVideo(painted_vector(gymnasium_core, 2), str(tmp_path / "v"), (0, 1))


def test_record_video__warns_when_closed_without_saving(tmp_path: Path) -> None:
    pytest.importorskip("moviepy")
    envs = ours_w.RecordVideo(painted_vector(gymnasium_core, 2), str(tmp_path / "v"))
    envs.reset(seed=0)
    assert envs.recording and envs.recorded_frames
    with pytest.warns(GymnasiumCoreWarning, match="not saved"):
        envs.__del__()
    envs.close()
    assert os.listdir(tmp_path / "v") == ["rl-video-episode-0.mp4"]


# HumanRendering ------------------------------------------------------------------------------


def window_pixels(gym: Any, wrappers: Any, num_envs: int, **kwargs: Any) -> np.ndarray:
    pygame = pytest.importorskip("pygame")
    pytest.importorskip("cv2")
    envs = wrappers.HumanRendering(painted_vector(gym, num_envs, texture=True), **kwargs)
    envs.reset(seed=1)
    envs.step(np.ones(num_envs, dtype=np.int64))
    pixels = pygame.surfarray.array3d(envs.window).copy()
    envs.close()
    return pixels


@pytest.mark.parametrize(
    ("num_envs", "kwargs"),
    [
        (1, {}),
        (3, {}),
        (2, {"screen_size": (96, 96)}),
        (5, {"screen_size": (160, 90)}),
        (4, {"screen_size": (50, 70)}),
    ],
)
def test_human_rendering__window_matches_reference(num_envs: int, kwargs: Any) -> None:
    ref = window_pixels(gymnasium, gymnasium.wrappers.vector, num_envs, **kwargs)
    ours = window_pixels(gymnasium_core, ours_w, num_envs, **kwargs)
    assert ours.shape == ref.shape
    np.testing.assert_array_equal(ours, ref)


def test_human_rendering__cartpole_make_vec() -> None:
    pygame = pytest.importorskip("pygame")
    pytest.importorskip("cv2")
    envs = gymnasium_core.make_vec("CartPole-v1", num_envs=3, render_mode="rgb_array")
    envs = ours_w.HumanRendering(envs)
    envs.reset(seed=0)
    envs.step(np.array([0, 1, 0]))
    # Three 600x400 frames in a 600x400 window: a 2x2 grid of half-size tiles.
    assert (envs.num_rows, envs.num_cols, envs.scaled_subenv_size) == (2, 2, (300, 200))
    pixels = pygame.surfarray.array3d(envs.window)
    assert pixels.shape == (600, 400, 3)
    assert (pixels[300:, 200:] == 0).all() and (pixels[:300, :200] != 0).any()
    envs.close()


def test_human_rendering__tiles_each_sub_env_in_its_cell() -> None:
    pytest.importorskip("cv2")
    envs = ours_w.HumanRendering(painted_vector(gymnasium_core, 3), screen_size=(64, 48))
    envs.env.reset(seed=0)
    canvas = envs.compose_frame()
    # Square-ish frames in a window of the same shape: the grid grows to 2x2, tiles halve.
    assert (envs.num_rows, envs.num_cols, envs.scaled_subenv_size) == (2, 2, (32, 24))
    assert canvas.shape == (48, 64, 3)
    for index, (top, left) in enumerate([(0, 0), (0, 32), (24, 0)]):
        assert (canvas[top : top + 24, left : left + 32, 0] == 40 * index + 20).all()
    assert (canvas[24:, 32:] == 0).all()
    envs.close()


def test_human_rendering__metadata_and_render_mode() -> None:
    pytest.importorskip("pygame")
    base = painted_vector(gymnasium_core, 2)
    envs = ours_w.HumanRendering(base)
    assert envs.render_mode == "human"
    assert "human" in envs.metadata["render_modes"]
    assert "human" not in base.metadata["render_modes"]
    envs.reset(seed=0)
    assert envs.render() is None
    envs.close()
    envs.close()


def test_human_rendering__list_render_mode_uses_last_frames() -> None:
    pytest.importorskip("pygame")
    pytest.importorskip("cv2")
    envs = ours_w.HumanRendering(painted_vector(gymnasium_core, 2, render_mode="rgb_array_list"))
    envs.reset(seed=0)
    envs.step(np.array([0, 0]))
    assert envs.window is not None
    envs.close()


def test_human_rendering__rejects_bad_envs() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        ours_w.HumanRendering(painted_vector(gymnasium_core, 2, render_mode=None))
    no_fps = gymnasium_core.vector.SyncVectorEnv(
        [partial(counter_env_class(gymnasium_core), render_mode="rgb_array")] * 2
    )
    no_fps.metadata = {**no_fps.metadata, "render_fps": None}
    del no_fps.metadata["render_fps"]
    with pytest.raises(ValueError, match="render_fps"):
        ours_w.HumanRendering(no_fps)


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("no_encoding")
def test_record_video__over_async_env_matches_sync(tmp_path: Path) -> None:
    """Frames rendered in worker processes tile exactly like those of a SyncVectorEnv."""
    cls = painted_env_class(gymnasium_core)
    fns = [partial(cls, index=i) for i in range(3)]
    videos = []
    for name, envs in (
        ("sync", gymnasium_core.vector.SyncVectorEnv(fns)),
        ("async", gymnasium_core.vector.AsyncVectorEnv(fns, context=async_context())),
    ):
        wrapper = ours_w.RecordVideo(envs, str(tmp_path / name), episode_trigger=lambda e: True)
        videos.append(spy_on_videos(wrapper))
        wrapper.reset(seed=0)
        for _ in range(8):
            wrapper.step(np.ones(3, dtype=np.int64))
        wrapper.close()
    assert [n for n, _ in videos[0]] == [n for n, _ in videos[1]]
    for (_, a), (_, b) in zip(*videos, strict=True):
        np.testing.assert_array_equal(np.stack(a), np.stack(b))
