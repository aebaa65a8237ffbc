"""Pickling and deep-copying the threaded native MuJoCo vector env.

A copy is a new vector env with its own thread pool that continues the original's episodes:
for the same actions both return the same observations, rewards, flags and infos, bit for bit,
through autoresets (which draw from the sub-envs' random generators) and unseeded resets.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core.vector import AutoresetMode
from tests.envs.mujoco._reference import mujoco  # noqa: F401  (skips without mujoco)

from gymnasium_core.envs.mujoco.hopper_v5 import HopperEnv  # isort: skip
from gymnasium_core.envs.mujoco.vector import MujocoVectorEnv, vector_env_class  # isort: skip

pytestmark = pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")

COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda env: pickle.loads(pickle.dumps(env)),
    "deepcopy": copy.deepcopy,
}


def _make(env_id: str, num_envs: int = 3, **kwargs: Any) -> MujocoVectorEnv:
    env = gymnasium_core.make_vec(
        env_id, num_envs, vectorization_mode="vector_entry_point", num_threads=2, **kwargs
    )
    assert isinstance(env, MujocoVectorEnv)
    return env


def _actions(env: MujocoVectorEnv, seed: int) -> Any:
    space: Any = env.single_action_space
    rng = np.random.default_rng(seed)
    return rng.uniform(space.low, space.high, env.action_space.shape).astype(np.float32)


def _assert_same(first: Any, second: Any) -> None:
    """Two step or reset results are equal, nested infos included."""
    if isinstance(first, dict):
        assert first.keys() == second.keys()
        for key in first:
            _assert_same(first[key], second[key])
    elif isinstance(first, tuple):
        assert len(first) == len(second)
        for a, b in zip(first, second, strict=True):
            _assert_same(a, b)
    elif isinstance(first, np.ndarray) and first.dtype == object:  # final_obs, final_info
        assert isinstance(second, np.ndarray) and second.shape == first.shape
        for a, b in zip(first, second, strict=True):
            _assert_same(a, b)
    else:
        np.testing.assert_array_equal(first, second)
        assert np.asarray(first).dtype == np.asarray(second).dtype


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize("how", list(COPIES))
@pytest.mark.parametrize("env_id", ["Hopper-v5", "Ant-v5", "Reacher-v5"])
def test_vector_pickle__copy_continues_the_same_episodes(
    env_id: str, how: str, mode: AutoresetMode
) -> None:
    # A 3-step time limit puts several autoresets in the steps after the copy.
    env = _make(env_id, max_episode_steps=3, autoreset_mode=mode)
    env.reset(seed=5)
    env.step(_actions(env, 0))
    env.step(_actions(env, 1))
    copied = COPIES[how](env)
    try:
        assert type(copied) is type(env)
        assert copied._pool is not None and copied._pool is not env._pool
        ends = 0
        for step in range(2, 10):
            actions = _actions(env, step)
            expected = env.step(actions)
            _assert_same(copied.step(actions), expected)
            ends += int(np.sum(expected[2] | expected[3]))
        assert ends > 0
        _assert_same(copied.reset(), env.reset())  # unseeded: the generators' states
        _assert_same(copied.step(_actions(env, 10)), env.step(_actions(env, 10)))
    finally:
        env.close()
        copied.close()


@pytest.mark.parametrize("how", list(COPIES))
def test_vector_pickle__copy_keeps_threads_of_its_own(how: str) -> None:
    env = _make("HalfCheetah-v5", 4)
    env.reset(seed=1)
    copied = COPIES[how](env)
    env.close()  # the copy's threads are not the original's
    actions = _actions(copied, 0)
    assert not copied.closed and copied.num_threads == 2
    observations = copied.step(actions)[0]
    single = gymnasium_core.make("HalfCheetah-v5")
    single.reset(seed=1)
    np.testing.assert_array_equal(observations[0], single.step(actions[0])[0])
    single.close()
    copied.close()
    copied.close()


@pytest.mark.parametrize("how", list(COPIES))
def test_vector_pickle__closed_env_copies_as_closed(how: str) -> None:
    env = _make("Hopper-v5")
    env.reset(seed=2)
    env.close()
    copied = COPIES[how](env)
    assert copied.closed and copied._pool is None
    # As with a closed SyncVectorEnv, stepping still works (in the caller's thread).
    actions = _actions(env, 0)
    _assert_same(copied.step(actions), env.step(actions))
    copied.close()


@pytest.mark.parametrize("how", list(COPIES))
def test_vector_pickle__class_from_vector_env_class_is_remade(how: str) -> None:
    cls = vector_env_class(HopperEnv, "PickledHopperVectorEnv")
    assert vector_env_class(HopperEnv, "PickledHopperVectorEnv") is cls
    env = cls(2, num_threads=2)
    env.reset(seed=3)
    copied = COPIES[how](env)
    assert type(copied) is cls
    actions = _actions(env, 0)
    _assert_same(copied.step(actions), env.step(actions))
    env.close()
    copied.close()


def test_vector_pickle__rendering_env_copies_and_renders_the_same_frame() -> None:
    env = _make("Reacher-v5", 2, render_mode="rgb_array", width=32, height=24)
    env.reset(seed=4)
    frame = env.render()
    copied = copy.deepcopy(env)
    np.testing.assert_array_equal(copied.render(), frame)
    env.close()
    copied.close()


def test_vector_pickle__unpicklable_sub_env_attribute_raises_and_leaves_the_env_usable() -> None:
    env = _make("Hopper-v5", 2)
    env.reset(seed=6)
    env.set_attr("on_step", lambda: None)
    with pytest.raises((pickle.PicklingError, AttributeError), match="lambda"):
        pickle.dumps(env)
    assert env._pool is not None
    env.step(_actions(env, 0))
    env.close()
