"""Env and Wrapper behave as the reference's: seeding, forwarding, wrapper attributes, errors.

Most tests run against both ``gymnasium_core`` and ``gymnasium``, so the reference proves the
test itself right.
"""

from __future__ import annotations

import copy
import pickle
from types import ModuleType
from typing import Any

import gymnasium
import numpy as np
import pytest

import gymnasium_core


@pytest.fixture(params=["gymnasium_core", "gymnasium"])
def gym(request: pytest.FixtureRequest) -> ModuleType:
    return gymnasium_core if request.param == "gymnasium_core" else gymnasium


def _counter_env_class(gym: ModuleType) -> type:
    class Counter(gym.Env):
        metadata = {"render_modes": ["rgb_array"], "render_fps": 4}

        def __init__(self, render_mode: str | None = None) -> None:
            self.observation_space = gym.spaces.Box(0.0, 1.0, (2,), np.float32)
            self.action_space = gym.spaces.Discrete(2)
            self.render_mode = render_mode
            self.count = 0
            self.closed = 0

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
            super().reset(seed=seed)
            self.count = 0
            return self.np_random.random(2).astype(np.float32), {"start": True}

        def step(self, action: int):
            self.count += 1
            obs = self.np_random.random(2).astype(np.float32)
            return obs, float(action), self.count >= 3, False, {"count": self.count}

        def render(self):
            return np.zeros((4, 4, 3), np.uint8)

        def close(self) -> None:
            self.closed += 1

    return Counter


def test_env__reset_seed_makes_np_random_deterministic(gym: ModuleType) -> None:
    env_a, env_b = _counter_env_class(gym)(), _counter_env_class(gym)()
    obs_a, _ = env_a.reset(seed=123)
    obs_b, _ = env_b.reset(seed=123)
    np.testing.assert_array_equal(obs_a, obs_b)
    assert env_a.np_random_seed == 123
    # Without a seed the generator carries on instead of restarting.
    again, _ = env_a.reset()
    assert not np.array_equal(again, obs_a)


def test_env__seeds_match_the_reference() -> None:
    ours = _counter_env_class(gymnasium_core)()
    ref = _counter_env_class(gymnasium)()
    for seed in (0, 1, 2**31):
        np.testing.assert_array_equal(ours.reset(seed=seed)[0], ref.reset(seed=seed)[0])
        np.testing.assert_array_equal(ours.step(1)[0], ref.step(1)[0])


def test_env__np_random_created_lazily_and_setter_forgets_seed(gym: ModuleType) -> None:
    env = _counter_env_class(gym)()
    assert isinstance(env.np_random, np.random.Generator)
    assert env.np_random_seed >= 0
    env.np_random = np.random.default_rng(5)
    assert env.np_random_seed == -1


@pytest.mark.parametrize("bad_seed", [-1, 1.5, "3"])
def test_env__bad_seed_raises(gym: ModuleType, bad_seed: Any) -> None:
    with pytest.raises(gym.error.Error):
        _counter_env_class(gym)().reset(seed=bad_seed)


def test_env__str_unwrapped_and_context_manager(gym: ModuleType) -> None:
    env_cls = _counter_env_class(gym)
    env = env_cls()
    assert str(env) == "<Counter instance>"
    assert env.unwrapped is env
    with env as entered:
        assert entered is env
    assert env.closed == 1


def test_env__base_methods_are_abstract(gym: ModuleType) -> None:
    env = gym.Env()
    with pytest.raises(NotImplementedError):
        env.step(0)
    with pytest.raises(NotImplementedError):
        env.render()


def test_env__wrapper_attr_functions(gym: ModuleType) -> None:
    env = _counter_env_class(gym)()
    assert env.has_wrapper_attr("count") and not env.has_wrapper_attr("missing")
    assert env.get_wrapper_attr("count") == 0
    assert env.set_wrapper_attr("new", 1, force=False) is False
    assert env.set_wrapper_attr("new", 1) is True and env.new == 1


def test_wrapper__rejects_non_env(gym: ModuleType) -> None:
    with pytest.raises(TypeError):
        gym.Wrapper(object())


def test_wrapper__forwards_spaces_metadata_render_mode_and_rng(gym: ModuleType) -> None:
    env = _counter_env_class(gym)(render_mode="rgb_array")
    wrapped = gym.Wrapper(gym.Wrapper(env))
    assert wrapped.unwrapped is env
    assert wrapped.observation_space is env.observation_space
    assert wrapped.action_space is env.action_space
    assert wrapped.metadata is env.metadata
    assert wrapped.render_mode == "rgb_array"
    wrapped.reset(seed=7)
    assert wrapped.np_random is env.np_random
    assert wrapped.np_random_seed == 7
    assert wrapped.render().shape == (4, 4, 3)
    wrapped.close()
    assert env.closed == 1
    assert str(wrapped) == "<Wrapper<Wrapper<Counter instance>>>"
    assert repr(wrapped) == str(wrapped)


def test_wrapper__own_spaces_do_not_change_the_env(gym: ModuleType) -> None:
    env = _counter_env_class(gym)()
    wrapped = gym.Wrapper(env)
    wrapped.action_space = gym.spaces.Discrete(5)
    wrapped.metadata = {"render_modes": []}
    assert wrapped.action_space == gym.spaces.Discrete(5)
    assert env.action_space == gym.spaces.Discrete(2)
    assert env.metadata["render_fps"] == 4


def test_wrapper__private_np_random_is_not_reachable(gym: ModuleType) -> None:
    wrapped = gym.Wrapper(_counter_env_class(gym)())
    with pytest.raises(AttributeError):
        _ = wrapped._np_random


def test_wrapper__get_set_has_wrapper_attr(gym: ModuleType) -> None:
    env = _counter_env_class(gym)()
    inner = gym.Wrapper(env)
    inner.tag = "inner"
    outer = gym.Wrapper(inner)
    assert outer.get_wrapper_attr("count") == 0
    assert outer.get_wrapper_attr("tag") == "inner"
    assert outer.has_wrapper_attr("tag") and not outer.has_wrapper_attr("missing")
    with pytest.raises(AttributeError, match="missing"):
        outer.get_wrapper_attr("missing")
    # Plain attribute access does not reach into inner layers.
    with pytest.raises(AttributeError):
        _ = outer.count
    assert outer.set_wrapper_attr("count", 9) is True
    assert env.count == 9 and "count" not in vars(outer)
    assert outer.set_wrapper_attr("fresh", 1, force=False) is False
    assert outer.set_wrapper_attr("fresh", 1) is True and vars(outer)["fresh"] == 1


def test_observation_action_reward_wrappers_transform(gym: ModuleType) -> None:
    class Double(gym.ObservationWrapper):
        def observation(self, observation):
            return observation * 2

    class Flip(gym.ActionWrapper):
        def action(self, action):
            return 1 - action

    class Negate(gym.RewardWrapper):
        def reward(self, reward):
            return -reward

    env_cls = _counter_env_class(gym)
    plain, wrapped = env_cls(), Negate(Flip(Double(env_cls())))
    obs_p, _ = plain.reset(seed=3)
    obs_w, info = wrapped.reset(seed=3)
    np.testing.assert_array_equal(obs_w, obs_p * 2)
    assert info == {"start": True}
    obs_p, rew_p, *_ = plain.step(1)
    obs_w, rew_w, term, trunc, info = wrapped.step(0)
    np.testing.assert_array_equal(obs_w, obs_p * 2)
    assert rew_w == -rew_p == -1.0
    assert (term, trunc, info) == (False, False, {"count": 1})


def test_wrapper_bases__unimplemented_transforms_raise(gym: ModuleType) -> None:
    env = _counter_env_class(gym)()
    for base, call in (
        (gym.ObservationWrapper, lambda w: w.observation(0)),
        (gym.ActionWrapper, lambda w: w.action(0)),
        (gym.RewardWrapper, lambda w: w.reward(0)),
    ):
        with pytest.raises(NotImplementedError):
            call(base(env))


def test_wrapper__spec_records_wrappers_made_by_make(gym: ModuleType) -> None:
    env = gym.make("CartPole-v1")
    wrapped = gym.wrappers.ClipReward(env, min_reward=-1.0, max_reward=1.0)
    extra = wrapped.spec.additional_wrappers
    assert [w.name for w in extra] == ["ClipReward"]
    assert extra[0].kwargs == {"min_reward": -1.0, "max_reward": 1.0}
    assert env.spec.additional_wrappers == ()
    assert gym.Wrapper.wrapper_spec(a=1).kwargs == {"a": 1}


def test_wrapped_env__deepcopy_and_pickle(gym: ModuleType) -> None:
    env = gym.make("CartPole-v1")
    env.reset(seed=1)
    clones = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    expected = [env.step(a)[0] for a in (0, 1, 1)]
    for clone in clones:
        np.testing.assert_array_equal([clone.step(a)[0] for a in (0, 1, 1)], expected)
