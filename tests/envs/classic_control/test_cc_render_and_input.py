"""Rendering on every path, keyboard mappings, and bad actions."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium_core.envs.classic_control import cartpole, pendulum

import gymnasium_core

pytest.importorskip("pygame")

FRAME_SHAPES = {
    "CartPole-v1": (400, 600, 3),
    "MountainCar-v0": (400, 600, 3),
    "MountainCarContinuous-v0": (400, 600, 3),
    "Pendulum-v1": (500, 500, 3),
    "Acrobot-v1": (500, 500, 3),
}


@pytest.mark.parametrize("env_id", list(FRAME_SHAPES))
def test_render__rgb_array_frames_have_reference_size_and_change(env_id: str) -> None:
    import gymnasium

    env = gymnasium_core.make(env_id, render_mode="rgb_array")
    ref = gymnasium.make(env_id, render_mode="rgb_array")
    env.reset(seed=0)
    ref.reset(seed=0)
    first = env.render()
    assert first.shape == ref.render().shape == FRAME_SHAPES[env_id]
    assert first.dtype == np.uint8
    assert len(np.unique(first.reshape(-1, 3), axis=0)) > 2  # something is drawn
    env.action_space.seed(0)
    for _ in range(5):
        env.step(env.action_space.sample())
    assert not np.array_equal(first, env.render())
    env.close()
    env.close()


def test_render__human_mode_runs_headless() -> None:
    env = gymnasium_core.make("CartPole-v1", render_mode="human")
    env.reset(seed=0)
    assert env.render() is None
    env.step(0)
    env.close()


def test_render__numpy_vector_env_renders_every_sub_env() -> None:
    vec = cartpole.CartPoleVectorEnv(3, render_mode="rgb_array")
    vec.reset(seed=0)
    frames = vec.render()
    assert len(frames) == 3 and all(f.shape == (400, 600, 3) for f in frames)
    vec.close()


def test_render__pendulum_draws_the_last_torque() -> None:
    env = pendulum.PendulumEnv(render_mode="rgb_array")
    env.reset(seed=0)
    assert env.last_u is None
    without = env.render()
    env.last_u = np.float32(1.5)
    assert not np.array_equal(without, env.render())


def test_render__no_mode_warns() -> None:
    env = gymnasium_core.make("Acrobot-v1")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="render"):
        assert env.render() is None


def test_keys_to_action__mountain_car_matches_reference() -> None:
    import gymnasium

    ours = gymnasium_core.make("MountainCar-v0").unwrapped.get_keys_to_action()
    assert ours == gymnasium.make("MountainCar-v0").unwrapped.get_keys_to_action()


@pytest.mark.parametrize("env_id", ["CartPole-v1", "MountainCar-v0", "Acrobot-v1"])
@pytest.mark.parametrize("action", [3, -1, 1.5, np.array([0, 1])])
def test_bad_input__discrete_action_outside_space_raises(env_id: str, action: object) -> None:
    env = gymnasium_core.make(env_id, disable_env_checker=True).unwrapped
    env.reset(seed=0)
    before = env.state.copy()
    with pytest.raises(AssertionError):
        env.step(action)
    assert np.array_equal(env.state, before)  # nothing moved


@pytest.mark.parametrize("env_id", ["Pendulum-v1", "MountainCarContinuous-v0"])
@pytest.mark.parametrize(
    "action",
    [np.array([np.nan], dtype=np.float32), np.zeros((2,), np.float32), np.float32(0.5)],
    ids=["nan", "wrong-shape", "scalar"],
)
def test_bad_input__continuous_nan_or_shape_raises(env_id: str, action: object) -> None:
    env = gymnasium_core.make(env_id, disable_env_checker=True).unwrapped
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(action)


@pytest.mark.parametrize("env_id", ["Pendulum-v1", "MountainCarContinuous-v0"])
def test_bad_input__out_of_range_force_is_clipped_like_reference(env_id: str) -> None:
    import gymnasium

    from ._helpers import same_step

    ours = gymnasium_core.make(env_id, disable_env_checker=True).unwrapped
    ref = gymnasium.make(env_id, disable_env_checker=True).unwrapped
    ours.reset(seed=2)
    ref.reset(seed=2)
    for value in (5.0, -7.0, 3.0, 0.5, -2.5):
        action = np.array([value], dtype=np.float32)
        same_step(ours.step(action), ref.step(action))


def test_bad_input__vector_env_rejects_wrong_action_batch() -> None:
    vec = cartpole.CartPoleVectorEnv(4)
    vec.reset(seed=0)
    with pytest.raises((ValueError, AssertionError)):
        vec.step(np.zeros(3, dtype=np.int64))
    with pytest.raises((ValueError, AssertionError)):
        vec.step(np.full(4, 2))


@pytest.mark.parametrize(
    ("env_id", "options"),
    [("CartPole-v1", {"low": 0.1, "high": -0.1}), ("Pendulum-v1", {"x_init": "far"})],
)
def test_bad_input__bad_reset_options_raise(env_id: str, options: dict) -> None:
    env = gymnasium_core.make(env_id)
    with pytest.raises(ValueError):
        env.reset(seed=0, options=options)


def test_mountain_car__goal_boundary_is_inclusive() -> None:
    from gymnasium_core.envs.classic_control import mountain_car

    func = mountain_car.MountainCarFunctional()
    # The reference ends an episode at position >= goal and velocity >= goal_velocity.
    assert func.terminal(mountain_car.MountainCarState(0.5, 0.0), None)
    assert not func.terminal(mountain_car.MountainCarState(0.4999, 0.0), None)


@pytest.mark.parametrize("env_id", ["CartPole-v1", "Pendulum-v1"])
def test_render__rendered_env_pickles_and_copies(env_id: str) -> None:
    import copy
    import pickle

    env = gymnasium_core.make(env_id, render_mode="rgb_array")
    env.reset(seed=0)
    frame = env.render()
    for clone in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        assert np.array_equal(clone.render(), frame)
