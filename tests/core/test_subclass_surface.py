"""What subclasses and plugin code touch: private attributes, attribute access, small utilities.

Each behaviour runs against both ``gymnasium_core`` and ``gymnasium``, so the reference proves
the test itself right.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from types import ModuleType
from typing import Any

import gymnasium
import numpy as np
import pytest

import gymnasium_core


@pytest.fixture(params=["gymnasium_core", "gymnasium"])
def gym(request: pytest.FixtureRequest) -> ModuleType:
    return gymnasium_core if request.param == "gymnasium_core" else gymnasium


def _box_env(gym: ModuleType) -> Any:
    class BoxEnv(gym.Env):
        metadata = {"render_modes": [], "source": "env"}

        def __init__(self) -> None:
            self.observation_space = gym.spaces.Box(-1.0, 1.0, (2,), np.float32)
            self.action_space = gym.spaces.Discrete(2)

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
            super().reset(seed=seed)
            return np.zeros(2, np.float32), {}

        def step(self, action: Any):
            return np.zeros(2, np.float32), 0.0, False, False, {}

    return BoxEnv()


def test_wrapper__subclass_writes_private_space_and_metadata_buffers(gym: ModuleType) -> None:
    class Narrow(gym.Wrapper):
        def __init__(self, env: Any) -> None:
            super().__init__(env)
            assert self._action_space is None
            assert self._observation_space is None
            assert self._metadata is None
            self._action_space = gym.spaces.Discrete(5)
            self._observation_space = gym.spaces.Box(0.0, 1.0, (3,), np.float32)
            self._metadata = {"render_modes": [], "source": "wrapper"}

    env = _box_env(gym)
    wrapper = Narrow(env)
    assert wrapper.action_space == gym.spaces.Discrete(5)
    assert wrapper.observation_space.shape == (3,)
    assert wrapper.metadata["source"] == "wrapper"
    assert env.action_space == gym.spaces.Discrete(2)

    # Assigning the public name lands in the private buffer, and None falls back to the env.
    wrapper.action_space = gym.spaces.Discrete(7)
    assert wrapper._action_space == gym.spaces.Discrete(7)
    wrapper._action_space = None
    wrapper._metadata = None
    assert wrapper.action_space == gym.spaces.Discrete(2)
    assert wrapper.metadata["source"] == "env"


def test_env__subclass_writes_private_rng_buffers(gym: ModuleType) -> None:
    env = _box_env(gym)
    assert env._np_random is None and env._np_random_seed is None
    generator = np.random.default_rng(3)
    env._np_random = generator
    env._np_random_seed = 3
    assert env.np_random is generator
    assert env.np_random_seed == 3
    env.reset(seed=11)
    assert env._np_random_seed == 11
    assert env._np_random is env.np_random


def test_top_level__attribute_access_to_subpackages_stays_light() -> None:
    # Plugin packages write `gym.envs.registration.register(...)` right after `import gym`.
    code = """
import json, sys
import gymnasium_core as gym
gym.envs.registration.register(id="PluginTest/Thing-v0", entry_point="somewhere:Thing")
found = [
    gym.envs.registration.EnvSpec.__name__,
    gym.experimental.functional.FuncEnv.__name__,
    gym.utils.passive_env_checker.__name__,
    gym.Space.__name__,
    "PluginTest/Thing-v0" in gym.registry,
]
roots = ("jax", "pygame", "mujoco", "Box2D", "moviepy")
heavy = sorted(m for m in sys.modules if m.split(".")[0] in roots)
print(json.dumps([found, heavy]))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, timeout=120
    )
    found, heavy = json.loads(out.stdout.strip().splitlines()[-1])
    assert found == [
        "EnvSpec",
        "FuncEnv",
        "gymnasium_core.utils.passive_env_checker",
        "Space",
        True,
    ]
    assert heavy == []


def test_top_level__space_is_the_spaces_base_class() -> None:
    assert gymnasium_core.Space is gymnasium_core.spaces.Space
    assert "Space" in gymnasium_core.__all__
    assert {"envs", "experimental", "vector", "wrappers"} <= set(dir(gymnasium_core))


# As in the reference, the package attribute `utils.colorize` is the function; the module is
# reached by its path.
_REF_COLORIZE = importlib.import_module("gymnasium.utils.colorize")


@pytest.mark.parametrize("color", list(_REF_COLORIZE.color2num))
@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("highlight", [False, True])
def test_colorize__same_codes_as_the_reference(color: str, bold: bool, highlight: bool) -> None:
    ours = importlib.import_module("gymnasium_core.utils.colorize")
    assert dict(ours.color2num) == dict(_REF_COLORIZE.color2num)
    expected = _REF_COLORIZE.colorize("text", color, bold, highlight)
    assert ours.colorize("text", color, bold, highlight) == expected
    assert gymnasium_core.utils.colorize("text", color, bold=bold, highlight=highlight) == expected


def test_seeding__rng_alias_is_the_numpy_generator(gym: ModuleType) -> None:
    assert gym.utils.seeding.RNG is np.random.Generator
    assert gym.utils.seeding.RandomNumberGenerator is np.random.Generator


def test_performance__step_rate_counts_the_steps_taken(gym: ModuleType) -> None:
    import time

    performance = importlib.import_module(f"{gym.__name__}.utils.performance")

    class Counting(gym.Wrapper):
        steps = 0

        def step(self, action: Any) -> Any:
            Counting.steps += 1
            obs, reward, _, _, info = self.env.step(action)
            return obs, reward, Counting.steps % 7 == 0, False, info

    env = Counting(_box_env(gym))
    start = time.perf_counter()
    rate = performance.benchmark_step(env, target_duration=0.05, seed=0)
    elapsed = time.perf_counter() - start
    assert Counting.steps >= 1
    assert Counting.steps / elapsed <= rate <= Counting.steps / 0.05


@pytest.mark.parametrize("mode", ["NextStep", "SameStep", "Disabled"])
def test_performance__vector_step_and_init_and_render_run(gym: ModuleType, mode: str) -> None:
    performance = importlib.import_module(f"{gym.__name__}.utils.performance")
    autoreset = gym.vector.AutoresetMode(mode)
    envs = gym.make_vec(
        "CartPole-v1", 3, vectorization_mode="sync", vector_kwargs={"autoreset_mode": autoreset}
    )
    assert performance.benchmark_vector_step(envs, target_duration=0.05, seed=1) > 0
    envs.close()
    assert performance.benchmark_init(lambda: gym.make("CartPole-v1"), 0.02, seed=0) > 0
    env = gym.make("CartPole-v1", render_mode="rgb_array")
    env.reset(seed=0)
    assert performance.benchmark_render(env, target_duration=0.02) > 0
    env.close()
