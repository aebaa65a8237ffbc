"""Rendering wrappers: RenderCollection, RecordVideo (real MP4s), HumanRendering, noise."""

from __future__ import annotations

import os

import gymnasium
import numpy as np
import pytest
from _wrapper_testenvs import envs_for

import gymnasium_core
import gymnasium_core.wrappers
from gymnasium_core import error
from gymnasium_core.utils.save_video import capped_cubic_video_schedule, save_video

ACTION = np.array([0.1, 0.1], dtype=np.float32)


def both(build):
    return (
        build(gymnasium_core, envs_for(gymnasium_core)),
        build(gymnasium, envs_for(gymnasium)),
    )


def _read_video(path):
    cv2 = pytest.importorskip("cv2")
    capture = cv2.VideoCapture(str(path))
    frames = []
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        frames.append(frame)
    capture.release()
    return frames


@pytest.mark.parametrize("pop_frames,reset_clean", [(True, True), (False, True), (False, False)])
def test_render_collection__matches_reference(pop_frames, reset_clean):
    ours, ref = both(
        lambda g, e: g.wrappers.RenderCollection(
            e.BoxEnv(render_mode="rgb_array", length=100), pop_frames, reset_clean
        )
    )
    assert ours.render_mode == ref.render_mode == "rgb_array_list"
    assert ours.metadata["render_modes"] == ref.metadata["render_modes"]
    for episode in range(2):
        for env in (ours, ref):
            env.reset(seed=episode)
            for _ in range(3):
                env.step(ACTION)
        frames_a, frames_b = ours.render(), ref.render()
        assert len(frames_a) == len(frames_b)
        for a, b in zip(frames_a, frames_b):
            np.testing.assert_array_equal(a, b)


def test_render_collection__bad_render_mode():
    e = envs_for(gymnasium_core)
    with pytest.raises(ValueError, match="render_mode"):
        gymnasium_core.wrappers.RenderCollection(e.BoxEnv())
    with pytest.raises(ValueError, match="list"):
        gymnasium_core.wrappers.RenderCollection(
            gymnasium_core.wrappers.RenderCollection(e.BoxEnv(render_mode="rgb_array"))
        )


def test_record_video__writes_episode_videos_with_frame_count_and_size(tmp_path):
    e = envs_for(gymnasium_core)
    env = gymnasium_core.wrappers.RecordVideo(
        e.BoxEnv(render_mode="rgb_array", length=6),
        str(tmp_path / "v"),
        episode_trigger=lambda i: i % 2 == 0,
    )
    for episode in range(3):
        env.reset(seed=episode)
        terminated = False
        while not terminated:
            terminated = env.step(ACTION)[2]
    env.close()
    names = sorted(os.listdir(tmp_path / "v"))
    assert names == ["rl-video-episode-0.mp4", "rl-video-episode-2.mp4"]
    frames = _read_video(tmp_path / "v" / names[0])
    assert len(frames) == 7  # the reset frame plus six steps
    assert frames[0].shape == (16, 24, 3)


def test_record_video__step_trigger_and_video_length(tmp_path):
    e = envs_for(gymnasium_core)
    env = gymnasium_core.wrappers.RecordVideo(
        e.BoxEnv(render_mode="rgb_array", length=100),
        str(tmp_path / "clips"),
        step_trigger=lambda s: s % 10 == 0,
        video_length=4,
        name_prefix="clip",
        fps=5,
    )
    env.reset(seed=0)
    for _ in range(15):
        env.step(ACTION)
    env.close()
    assert sorted(os.listdir(tmp_path / "clips")) == ["clip-step-0.mp4", "clip-step-10.mp4"]
    # As in Gymnasium, a recording stops once it holds more than video_length frames.
    assert len(_read_video(tmp_path / "clips" / "clip-step-0.mp4")) == 5
    assert env.frames_per_sec == 5 and not env.recording


def test_record_video__default_fps_and_bad_mode(tmp_path):
    e = envs_for(gymnasium_core)
    with pytest.raises(ValueError, match="rgb_array"):
        gymnasium_core.wrappers.RecordVideo(e.BoxEnv(), str(tmp_path))
    env = gymnasium_core.wrappers.RecordVideo(
        e.BoxEnv(render_mode="rgb_array"), str(tmp_path / "a")
    )
    assert env.frames_per_sec == 30 and env.episode_trigger is capped_cubic_video_schedule
    with pytest.warns(UserWarning, match="exists"):
        gymnasium_core.wrappers.RecordVideo(e.BoxEnv(render_mode="rgb_array"), str(tmp_path / "a"))


def test_capped_cubic_video_schedule__matches_reference():
    from gymnasium.utils.save_video import capped_cubic_video_schedule as ref

    assert [capped_cubic_video_schedule(i) for i in range(3000)] == [ref(i) for i in range(3000)]


def test_save_video__episode_and_step_files(tmp_path):
    frames = [np.full((10, 12, 3), 20 * i, dtype=np.uint8) for i in range(9)]
    save_video(frames, str(tmp_path), episode_trigger=lambda e: True, fps=4)
    save_video(frames, str(tmp_path), step_trigger=lambda s: s == 2, video_length=3, fps=4)
    assert sorted(os.listdir(tmp_path)) == ["rl-video-episode-0.mp4", "rl-video-step-2.mp4"]
    assert len(_read_video(tmp_path / "rl-video-episode-0.mp4")) == 9
    step_frames = _read_video(tmp_path / "rl-video-step-2.mp4")
    assert len(step_frames) == 3 and step_frames[0].shape == (10, 12, 3)


def test_human_rendering__draws_headless_window():
    pytest.importorskip("pygame")
    e = envs_for(gymnasium_core)
    env = gymnasium_core.wrappers.HumanRendering(e.BoxEnv(render_mode="rgb_array"))
    assert env.render_mode == "human" and "human" in env.metadata["render_modes"]
    env.reset(seed=0)
    env.step(ACTION)
    assert env.window is not None and env.screen_size == (24, 16)
    assert env.render() is None
    env.close()
    env.close()


def test_human_rendering__list_mode_and_bad_modes():
    pytest.importorskip("pygame")
    e = envs_for(gymnasium_core)
    w = gymnasium_core.wrappers
    env = w.HumanRendering(w.RenderCollection(e.BoxEnv(render_mode="rgb_array")))
    env.reset(seed=0)
    env.close()
    with pytest.raises(ValueError, match="render_mode"):
        w.HumanRendering(e.BoxEnv(render_mode="ansi"))
    no_fps = e.DictEnv()
    no_fps.render_mode = "rgb_array"
    with pytest.raises(ValueError, match="render_fps"):
        w.HumanRendering(no_fps)


@pytest.mark.parametrize("grey", [False, True])
@pytest.mark.parametrize(
    "build",
    [
        lambda g, e, grey: g.wrappers.AddWhiteNoise(e.BoxEnv(render_mode="rgb_array"), 0.3, grey),
        lambda g, e, grey: g.wrappers.ObstructView(e.BoxEnv(render_mode="rgb_array"), 0.4, 3, grey),
    ],
    ids=["AddWhiteNoise", "ObstructView"],
)
def test_noise_wrappers__match_reference(build, grey):
    ours, ref = both(lambda g, e: build(g, e, grey))
    for env in (ours, ref):
        env.reset(seed=9)
    for _ in range(3):
        np.testing.assert_array_equal(ours.render(), ref.render())
        ours.step(ACTION), ref.step(ACTION)


def test_noise_wrappers__bad_input():
    e = envs_for(gymnasium_core)
    w = gymnasium_core.wrappers
    with pytest.raises(error.InvalidProbability, match="AddWhiteNoise"):
        w.AddWhiteNoise(e.BoxEnv(render_mode="rgb_array"), 1.0)
    with pytest.raises(ValueError, match="ObstructView"):
        w.ObstructView(e.BoxEnv(render_mode="rgb_array"), 1.5, 2)
    with pytest.raises(ValueError, match="obstruction_width"):
        w.ObstructView(e.BoxEnv(render_mode="rgb_array"), 0.5, 0)


@pytest.mark.parametrize("vector", [False, True], ids=["single", "vector"])
def test_human_rendering__initialises_only_the_display(vector, monkeypatch):
    """``pygame.init()`` would start audio too (ALSA errors on servers): only the display."""
    pygame = pytest.importorskip("pygame")
    if vector:
        pytest.importorskip("cv2")

    def refuse(*_args):
        raise AssertionError("a wrapper called pygame.init() or pygame.mixer.init()")

    monkeypatch.setattr(pygame, "init", refuse)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    if vector:
        inner = gymnasium_core.make_vec("CartPole-v1", num_envs=2, render_mode="rgb_array")
        env = gymnasium_core.wrappers.vector.HumanRendering(inner)
        env.reset(seed=0)
        env.step(np.array([0, 1]))
    else:
        env = gymnasium_core.wrappers.HumanRendering(
            envs_for(gymnasium_core).BoxEnv(render_mode="rgb_array")
        )
        env.reset(seed=0)
        env.step(ACTION)
    assert env.window is not None and pygame.display.get_init()
    env.close()
