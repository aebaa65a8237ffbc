"""LunarLander copies (pickle, deepcopy) keep the episode; rendering works headless."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.envs.box2d import lunar_lander as ref_module
from gymnasium_core.envs.box2d import lunar_lander as our_module

import gymnasium_core

COPIERS = {
    "pickle": lambda env: pickle.loads(pickle.dumps(env)),
    "deepcopy": copy.deepcopy,
}


def assert_same(a: tuple[Any, ...], b: tuple[Any, ...]) -> None:
    np.testing.assert_array_equal(a[0], b[0])
    assert a[1:] == b[1:]


def heuristic_actions(env: Any, obs: Any, count: int) -> list[Any]:
    """Actions of the heuristic along ``count`` steps of a deep copy of ``env``."""
    probe = copy.deepcopy(env)
    actions = []
    for _ in range(count):
        action = our_module.heuristic(probe, obs)
        actions.append(action)
        obs, _, terminated, _, _ = probe.step(action)
        if terminated:
            break
    return actions


@pytest.mark.parametrize("how", COPIERS)
@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"continuous": True, "enable_wind": True},
        {"enable_wind": True, "render_mode": "rgb_array"},
        {"continuous": True, "render_mode": "rgb_array", "gravity": -4.0},
    ],
    ids=["discrete", "continuous-wind", "discrete-wind-render", "continuous-render"],
)
def test_copy__mid_episode_clone_continues_identically(how: str, kwargs: dict[str, Any]) -> None:
    env = gymnasium_core.make("LunarLander-v3", **kwargs)
    obs, _ = env.reset(seed=6)
    for step in range(60):
        obs = env.step(our_module.heuristic(env, obs))[0]
        if kwargs.get("render_mode") and step % 2:
            env.render()
    clone = COPIERS[how](env)
    assert clone.unwrapped is not env.unwrapped
    assert clone.spec == env.spec
    assert (
        clone.unwrapped.np_random.bit_generator.state == env.unwrapped.np_random.bit_generator.state
    )
    assert len(clone.unwrapped.particles) == len(env.unwrapped.particles)
    for particle, twin in zip(env.unwrapped.particles, clone.unwrapped.particles, strict=True):
        assert particle.ttl == twin.ttl
    for action in heuristic_actions(env, obs, 300):
        assert_same(clone.step(action), env.step(action))
    if kwargs.get("render_mode"):
        np.testing.assert_array_equal(clone.render(), env.render())
    env.close()
    clone.close()


@pytest.mark.parametrize("how", COPIERS)
def test_copy__clone_of_a_fresh_env_resets_like_the_original(how: str) -> None:
    env = gymnasium_core.make("LunarLander-v3")
    clone = COPIERS[how](env)
    assert_same(clone.reset(seed=3), env.reset(seed=3))
    for _ in range(20):
        assert_same(clone.step(2), env.step(2))


@pytest.mark.parametrize("how", COPIERS)
def test_copy__clone_keeps_the_unseeded_generator_stream(how: str) -> None:
    env = gymnasium_core.make("LunarLander-v3", enable_wind=True).unwrapped
    env.reset(seed=1)
    for _ in range(10):
        env.step(1)
    clone = COPIERS[how](env)
    # No seed: the next episode draws its terrain and wind from where the generator stands.
    np.testing.assert_array_equal(clone.reset()[0], env.reset()[0])
    assert (clone.wind_idx, clone.torque_idx) == (env.wind_idx, env.torque_idx)
    assert clone.np_random_seed == env.np_random_seed == 1


def test_copy__clone_after_rejected_action_keeps_the_extra_wind() -> None:
    env = gymnasium_core.make("LunarLander-v3", enable_wind=True, disable_env_checker=True)
    env = env.unwrapped
    env.reset(seed=2)
    with pytest.raises(AssertionError):
        env.step(9)
    clone = pickle.loads(pickle.dumps(env))
    for _ in range(30):
        assert_same(clone.step(0), env.step(0))


def test_copy__clone_of_wind_settings_does_not_warn_again() -> None:
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning):
        env = gymnasium_core.make("LunarLander-v3", wind_power=25.0, enable_wind=True)
    env.reset(seed=0)
    clone = copy.deepcopy(env)  # warnings are errors in tests: a second warning would fail
    assert clone.unwrapped.wind_power == 25.0
    assert_same(clone.step(0), env.step(0))


# ---------------------------------------------------------------------------- rendering
@pytest.mark.parametrize("env_id", ["LunarLander-v3", "LunarLanderContinuous-v3"])
def test_render__rgb_array_frames_equal_the_reference(env_id: str) -> None:
    ours = gymnasium_core.make(env_id, render_mode="rgb_array")
    ref = gymnasium.make(env_id, render_mode="rgb_array")
    obs, _ = ours.reset(seed=3)
    ref.reset(seed=3)
    for step in range(80):
        action = ref_module.heuristic(ref, obs)
        obs = ours.step(action)[0]
        ref.step(action)
        if step % 20 == 0:
            frame, expected = ours.render(), ref.render()
            assert frame.shape == expected.shape == (400, 600, 3)
            assert frame.dtype == np.uint8
            np.testing.assert_array_equal(frame, expected)


def test_render__human_mode_draws_in_a_window_and_closes_twice() -> None:
    env = gymnasium_core.make("LunarLander-v3", render_mode="human")
    env.reset(seed=0)
    assert env.unwrapped.screen is not None
    assert env.step(2)[0].shape == (8,)
    assert env.render() is None
    env.close()
    env.close()
    assert env.unwrapped.screen is None


def test_render__without_render_mode_warns_and_returns_none() -> None:
    env = gymnasium_core.make("LunarLander-v3")
    env.reset(seed=0)
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="render_mode"):
        assert env.unwrapped.render() is None


def test_render__particles_fade_and_are_destroyed() -> None:
    env = gymnasium_core.make("LunarLander-v3", render_mode="rgb_array").unwrapped
    env.reset(seed=0)
    env.step(2)
    env.step(1)
    assert [round(p.ttl, 6) for p in env.particles] == [1.0, 1.0]
    for _ in range(7):
        env.render()
    assert env.particles == []
