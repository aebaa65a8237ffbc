"""ResizeObservation and AtariPreprocessing, compared with the reference's OpenCV versions."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from _wrapper_testenvs import envs_for

import gymnasium_core
import gymnasium_core.wrappers
from gymnasium_core.wrappers import transform_observation as image_module
from gymnasium_core.wrappers.transform_observation import resize_area


def both(build):
    return (
        build(gymnasium_core, envs_for(gymnasium_core)),
        build(gymnasium, envs_for(gymnasium)),
    )


SIZES = [
    ((40, 30, 3), (20, 15)),  # integer shrink
    ((40, 30, 3), (17, 11)),  # fractional shrink
    ((40, 30, 3), (84, 84)),  # enlarge
    ((40, 30, 3), (60, 10)),  # enlarge one axis, shrink the other
    ((33, 47), (84, 84)),  # grey, enlarge
    ((33, 47), (10, 9)),  # grey, fractional shrink
    ((21, 13), (50, 40)),  # grey, fractional enlarge
    ((40, 30, 1), (20, 15)),  # grey with a channel axis
    ((50, 50, 1), (84, 84)),
    ((7, 5, 3), (3, 2)),  # tiny
    ((210, 160, 3), (84, 84)),  # an Atari frame
]


@pytest.fixture(params=["opencv", "numpy"])
def resize_path(request, monkeypatch):
    """Resize with OpenCV (installed in the tests), or with the numpy fallback used without it."""
    if request.param == "numpy":
        monkeypatch.setattr(image_module, "_opencv", lambda: None)
    return request.param


@pytest.mark.parametrize("in_shape,out_shape", SIZES, ids=[str(s) for s in SIZES])
def test_resize_observation__equals_reference_with_opencv_within_one_level_without(
    in_shape, out_shape, resize_path
):
    pytest.importorskip("cv2")
    ours, ref = both(
        lambda g, e: g.wrappers.ResizeObservation(e.ImageEnv(shape=in_shape), out_shape)
    )
    assert ours.observation_space.shape == ref.observation_space.shape
    for seed in range(3):
        a, _ = ours.reset(seed=seed)
        b, _ = ref.reset(seed=seed)
        for step in range(3):
            assert a.dtype == b.dtype == np.uint8 and a.shape == b.shape
            if resize_path == "opencv":
                np.testing.assert_array_equal(a, b)
            else:
                # OpenCV accumulates in single precision: one grey level apart at most.
                assert np.abs(a.astype(int) - b.astype(int)).max() <= 1, (seed, step)
            a, b = ours.step(0)[0], ref.step(0)[0]


def _cartpole_frames():
    # Real frames (pygame-drawn: flat areas and anti-aliased edges) rather than noise, drawn
    # once by the reference so both wrappers see the very same pixels.
    pytest.importorskip("pygame")
    env = gymnasium.make("CartPole-v1", render_mode="rgb_array")
    env.reset(seed=4)
    frames = [env.render()]
    for action in (1, 1, 0, 1):
        env.step(action)
        frames.append(env.render())
    env.close()
    return frames


def _frame_env(gym, frames):
    class FrameEnv(gym.Env):
        metadata = {"render_modes": [], "render_fps": 30}

        def __init__(self):
            self.observation_space = gym.spaces.Box(0, 255, frames[0].shape, np.uint8)
            self.action_space = gym.spaces.Discrete(2)
            self.t = 0

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            self.t = 0
            return frames[0].copy(), {}

        def step(self, action):
            self.t += 1
            return frames[self.t].copy(), 1.0, self.t == len(frames) - 1, False, {}

    return FrameEnv()


@pytest.mark.parametrize("size", [(84, 84), (64, 48), (300, 200)])
@pytest.mark.parametrize("grey", [True, False], ids=["grey", "rgb"])
def test_resize_observation__rendered_frames_within_one_grey_level(size, grey):
    pytest.importorskip("cv2")
    frames = _cartpole_frames()

    def build(g):
        env = _frame_env(g, frames)
        if grey:
            env = g.wrappers.GrayscaleObservation(env)
        return g.wrappers.ResizeObservation(env, size)

    ours, ref = build(gymnasium_core), build(gymnasium)
    a, _ = ours.reset(seed=0)
    b, _ = ref.reset(seed=0)
    for _ in range(len(frames) - 1):
        assert a.shape == b.shape == size + (() if grey else (3,))
        assert np.abs(a.astype(int) - b.astype(int)).max() <= 1
        a, b = ours.step(0)[0], ref.step(0)[0]


def test_resize_area__constant_image_stays_constant():
    image = np.full((13, 7, 3), 77, dtype=np.uint8)
    for size in ((5, 3), (20, 30), (13, 7)):
        assert np.all(resize_area(image, *size) == 77)


ATARI_KWARGS = [
    {},
    {"grayscale_obs": False},
    {"grayscale_newaxis": True, "screen_size": (64, 48)},
    {"scale_obs": True, "frame_skip": 1, "noop_max": 0},
    {"terminal_on_life_loss": True},
]


@pytest.mark.parametrize("kwargs", ATARI_KWARGS, ids=[str(k) for k in ATARI_KWARGS])
def test_atari_preprocessing__matches_reference_on_fake_ale_env(kwargs):
    pytest.importorskip("cv2")
    ours, ref = both(lambda g, e: g.wrappers.AtariPreprocessing(e.FakeAtariEnv(), **kwargs))
    assert ours.observation_space == ours.observation_space  # sanity
    assert ours.observation_space.shape == ref.observation_space.shape
    assert ours.observation_space.dtype == ref.observation_space.dtype
    a, info_a = ours.reset(seed=4)
    b, info_b = ref.reset(seed=4)
    assert info_a == info_b
    np.testing.assert_allclose(a, b, atol=1 / 255 + 1e-6 if kwargs.get("scale_obs") else 1)
    for action in [1, 2, 3, 0] * 3:
        out_a, out_b = ours.step(action), ref.step(action)
        np.testing.assert_allclose(
            out_a[0], out_b[0], atol=1 / 255 + 1e-6 if kwargs.get("scale_obs") else 1
        )
        assert out_a[1:4] == out_b[1:4]
        if out_a[2] or out_a[3]:
            break


def test_atari_preprocessing__works_without_ale():
    class Plain(envs_for(gymnasium_core).FakeAtariEnv):
        def __init__(self):
            super().__init__()
            del self.ale

    env = gymnasium_core.wrappers.AtariPreprocessing(Plain(), terminal_on_life_loss=True)
    obs, _ = env.reset(seed=0)
    assert obs.shape == (84, 84) and obs.dtype == np.uint8
    ended = False
    for _ in range(20):
        obs, _reward, terminated, _truncated, _info = env.step(1)
        assert obs.shape == (84, 84)
        if terminated:
            ended = True
            break
    assert ended  # a life is lost every fifth env step


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"frame_skip": 0}, "frame_skip"),
        ({"screen_size": -1}, "screen_size"),
        ({"screen_size": (84,)}, "screen_size"),
        ({"noop_max": -1}, "noop_max"),
    ],
)
def test_atari_preprocessing__bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        gymnasium_core.wrappers.AtariPreprocessing(
            envs_for(gymnasium_core).FakeAtariEnv(), **kwargs
        )


def test_atari_preprocessing__rejects_env_frame_skip_and_missing_noop():
    e = envs_for(gymnasium_core)
    skipping = e.FakeAtariEnv()
    skipping._frameskip = 4
    with pytest.raises(ValueError, match="frameskip"):
        gymnasium_core.wrappers.AtariPreprocessing(skipping)
    no_noop = e.FakeAtariEnv()
    no_noop.get_action_meanings = lambda: ["FIRE"]
    with pytest.raises(ValueError, match="NOOP"):
        gymnasium_core.wrappers.AtariPreprocessing(no_noop)


@pytest.mark.parametrize("kwargs", [{}, {"noop_max": 0, "frame_skip": 1}])
def test_atari_preprocessing__non_image_env_fails_at_construction(kwargs):
    """The reference fails here too (at construction or on reset); ours says why, at once."""
    env = gymnasium_core.make("CartPole-v1")
    with pytest.raises(ValueError, match="image observations"):
        gymnasium_core.wrappers.AtariPreprocessing(env, **kwargs)
    with pytest.raises(Exception):  # noqa: B017 - the reference's own failure
        reference = gymnasium.wrappers.AtariPreprocessing(gymnasium.make("CartPole-v1"), **kwargs)
        reference.reset(seed=0)
