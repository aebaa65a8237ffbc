"""Tiny environments written once against either package's ``Env``, for wrapper tests.

``envs_for(gym)`` builds the classes on ``gymnasium_core`` or on the reference ``gymnasium``,
so the same scenario can run through our wrappers and through the reference's, step by step.
"""

from __future__ import annotations

import functools
import types
from typing import Any

import gymnasium
import numpy as np
import numpy.testing as npt

import gymnasium_core
import gymnasium_core.wrappers

PACKAGES = [gymnasium_core, gymnasium]
PACKAGE_IDS = ["ours", "reference"]


@functools.cache
def envs_for(gym: Any) -> types.SimpleNamespace:
    spaces = gym.spaces

    class BoxEnv(gym.Env):
        """Bounded Box observations and actions; ends after ``length`` steps."""

        metadata = {"render_modes": ["rgb_array", "ansi"], "render_fps": 30}

        def __init__(self, render_mode=None, length=8, shape=(3,), action_shape=(2,)):
            self.render_mode = render_mode
            self.length = length
            self.observation_space = spaces.Box(-1.0, 1.0, shape=shape, dtype=np.float32)
            self.action_space = spaces.Box(-1.0, 1.0, shape=action_shape, dtype=np.float32)
            self.state = np.zeros(shape, dtype=np.float32)
            self.t = 0
            self.actions: list[Any] = []

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            self.t = 0
            self.state = self.np_random.uniform(-0.5, 0.5, self.observation_space.shape).astype(
                np.float32
            )
            return self.state.copy(), {"t": self.t}

        def step(self, action):
            self.actions.append(action)
            self.t += 1
            drift = float(np.sum(action))
            noise = self.np_random.uniform(-0.1, 0.1, self.state.shape)
            self.state = np.clip(self.state * 0.9 + 0.05 * drift + noise, -1, 1).astype(np.float32)
            reward = float(self.state.sum()) + self.t
            terminated = self.t >= self.length
            return self.state.copy(), reward, terminated, False, {"t": self.t}

        def render(self):
            if self.render_mode is None:
                return None
            if self.render_mode == "ansi":
                return str(self.state)
            level = int(np.clip((self.state[0] + 1) * 127, 0, 255))
            frame = np.full((16, 24, 3), level, dtype=np.uint8)
            frame[:, : self.t % 24, 1] = 255
            return frame

    class DiscreteEnv(gym.Env):
        """Discrete actions, Box observations; reward is the action."""

        metadata = {"render_modes": ["rgb_array"], "render_fps": 10}

        def __init__(self, render_mode=None, length=6):
            self.render_mode = render_mode
            self.length = length
            self.observation_space = spaces.Box(-10.0, 10.0, shape=(2,), dtype=np.float32)
            self.action_space = spaces.Discrete(3)
            self.t = 0

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            self.t = 0
            return self.np_random.normal(size=2).astype(np.float32), {}

        def step(self, action):
            self.t += 1
            obs = self.np_random.normal(size=2).astype(np.float32) + self.t
            return obs, float(action), self.t >= self.length, False, {"action": action}

        def render(self):
            return np.full((8, 8, 3), 40 * self.t % 256, dtype=np.uint8)

    class DictEnv(gym.Env):
        """Dict observations of a Box and a Discrete."""

        def __init__(self):
            self.observation_space = spaces.Dict(
                {
                    "pos": spaces.Box(-1.0, 1.0, shape=(2,), dtype=np.float32),
                    "mode": spaces.Discrete(4),
                    "vel": spaces.Box(-2.0, 2.0, shape=(1,), dtype=np.float64),
                }
            )
            self.action_space = spaces.Discrete(2)

        def _obs(self):
            return {
                "pos": self.np_random.uniform(-1, 1, 2).astype(np.float32),
                "mode": int(self.np_random.integers(4)),
                "vel": self.np_random.uniform(-2, 2, 1),
            }

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            return self._obs(), {}

        def step(self, action):
            return self._obs(), 1.0, False, False, {}

    class TupleEnv(gym.Env):
        """Tuple observations of a Discrete and a Box."""

        def __init__(self):
            self.observation_space = spaces.Tuple(
                (spaces.Discrete(5), spaces.Box(0.0, 1.0, shape=(2,), dtype=np.float32))
            )
            self.action_space = spaces.Discrete(2)

        def _obs(self):
            return (
                int(self.np_random.integers(5)),
                self.np_random.uniform(0, 1, 2).astype(np.float32),
            )

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            return self._obs(), {}

        def step(self, action):
            return self._obs(), 0.5, False, False, {}

    class ImageEnv(gym.Env):
        """Random ``uint8`` image observations of a given shape."""

        metadata = {"render_modes": ["rgb_array"], "render_fps": 15}

        def __init__(self, shape=(40, 30, 3), render_mode=None):
            self.render_mode = render_mode
            self.observation_space = spaces.Box(0, 255, shape=shape, dtype=np.uint8)
            self.action_space = spaces.Discrete(2)
            self.frame = np.zeros(shape, dtype=np.uint8)

        def _obs(self):
            self.frame = self.np_random.integers(
                0, 256, self.observation_space.shape, dtype=np.uint8
            )
            return self.frame.copy()

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            return self._obs(), {}

        def step(self, action):
            return self._obs(), float(action), False, False, {}

        def render(self):
            return self.frame.copy()

    class FakeALE:
        """The part of the ALE interface that AtariPreprocessing uses."""

        def __init__(self, env):
            self.env = env

        def lives(self):
            return self.env.lives

        def getScreenRGB(self, out):
            out[...] = self.env.screen

        def getScreenGrayscale(self, out):
            out[...] = (self.env.screen.astype(np.uint32).sum(-1) // 3).astype(np.uint8)

    class FakeAtariEnv(gym.Env):
        """Atari-shaped (210, 160, 3) frames, lives, and a NOOP first action."""

        def __init__(self, lose_life_every=5, length=40):
            self.observation_space = spaces.Box(0, 255, shape=(210, 160, 3), dtype=np.uint8)
            self.action_space = spaces.Discrete(4)
            self._frameskip = 1
            self.ale = FakeALE(self)
            self.lose_life_every = lose_life_every
            self.length = length
            self.lives = 3
            self.t = 0
            self.screen = np.zeros((210, 160, 3), dtype=np.uint8)

        def get_action_meanings(self):
            return ["NOOP", "FIRE", "LEFT", "RIGHT"]

        def _draw(self):
            self.screen = self.np_random.integers(0, 256, (210, 160, 3), dtype=np.uint8)
            return self.screen.copy()

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            self.t, self.lives = 0, 3
            return self._draw(), {"lives": self.lives}

        def step(self, action):
            self.t += 1
            if self.t % self.lose_life_every == 0:
                self.lives -= 1
            obs = self._draw()
            return obs, float(action) + 0.5, self.t >= self.length, False, {"lives": self.lives}

    classes = dict(
        BoxEnv=BoxEnv,
        DiscreteEnv=DiscreteEnv,
        DictEnv=DictEnv,
        TupleEnv=TupleEnv,
        ImageEnv=ImageEnv,
        FakeAtariEnv=FakeAtariEnv,
    )
    # Module-level names, so that pickle finds the classes.
    prefix = "Ours" if gym is gymnasium_core else "Ref"
    for name, cls in classes.items():
        cls.__qualname__ = cls.__name__ = prefix + name
        cls.__module__ = __name__
        globals()[prefix + name] = cls
    globals()[prefix + "FakeALE"] = FakeALE
    FakeALE.__qualname__ = FakeALE.__name__ = prefix + "FakeALE"
    FakeALE.__module__ = __name__
    return types.SimpleNamespace(**classes)


def assert_equal_data(ours: Any, ref: Any, *, exact_types: bool = True) -> None:
    """Structural equality of observations/infos (arrays compared exactly, dtypes included)."""
    if isinstance(ref, dict):
        assert isinstance(ours, dict) and list(ours) == list(ref)
        for key in ref:
            assert_equal_data(ours[key], ref[key], exact_types=exact_types)
    elif isinstance(ref, tuple | list):
        assert type(ours) is type(ref) and len(ours) == len(ref)
        for a, b in zip(ours, ref):
            assert_equal_data(a, b, exact_types=exact_types)
    elif isinstance(ref, np.ndarray):
        assert isinstance(ours, np.ndarray)
        assert ours.dtype == ref.dtype and ours.shape == ref.shape
        npt.assert_array_equal(ours, ref)
    else:
        if exact_types:
            assert type(ours) is type(ref), (type(ours), type(ref))
        assert ours == ref or (np.isnan(ours) and np.isnan(ref))


def assert_same_rollout(
    ours: Any, ref: Any, actions: list[Any], seed: int = 0, ignore_info_keys: tuple[str, ...] = ()
) -> None:
    """Reset both with ``seed`` and step both with ``actions``; every output must match."""
    obs_a, info_a = ours.reset(seed=seed)
    obs_b, info_b = ref.reset(seed=seed)
    assert_equal_data(obs_a, obs_b)
    assert_equal_data(info_a, info_b)
    for action in actions:
        out_a, out_b = ours.step(action), ref.step(action)
        assert_equal_data(out_a[0], out_b[0])
        assert_equal_data(out_a[1], out_b[1], exact_types=False)
        assert bool(out_a[2]) == bool(out_b[2]) and bool(out_a[3]) == bool(out_b[3])
        info_a = {k: v for k, v in out_a[4].items() if k not in ignore_info_keys}
        info_b = {k: v for k, v in out_b[4].items() if k not in ignore_info_keys}
        assert_equal_data(info_a, info_b)
        if out_a[2] or out_a[3]:
            obs_a, _ = ours.reset()
            obs_b, _ = ref.reset()
            assert_equal_data(obs_a, obs_b)


def assert_same_space(ours: Any, ref: Any) -> None:
    """Our space equals the reference space (compared through their reprs and attributes)."""
    assert type(ours).__name__ == type(ref).__name__, (ours, ref)
    assert repr(ours) == repr(ref)
    for attr in ("shape", "dtype"):
        assert getattr(ours, attr) == getattr(ref, attr)
    for attr in ("low", "high", "nvec", "start"):
        if hasattr(ref, attr):
            npt.assert_array_equal(getattr(ours, attr), getattr(ref, attr))
    if hasattr(ref, "spaces"):
        subs_a, subs_b = ours.spaces, ref.spaces
        if isinstance(subs_b, dict):
            assert list(subs_a) == list(subs_b)
            subs_a, subs_b = list(subs_a.values()), list(subs_b.values())
        for a, b in zip(subs_a, subs_b):
            assert_same_space(a, b)
