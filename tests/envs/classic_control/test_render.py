"""Rendering on every path, keyboard mappings, and the goal boundary MountainCar draws."""

from __future__ import annotations

import gymnasium_core.envs.classic_control as ours_classic_control
import numpy as np
import pytest
from gymnasium_core.envs.classic_control import cartpole, pendulum

import gymnasium_core
from gymnasium_core.error import RenderBeforeReset
from gymnasium_core.logger import GymnasiumCoreWarning
from gymnasium_core.testing import parity

pytest.importorskip("pygame")

IDS = parity.shared_ids("gymnasium.envs.classic_control")
# The frame size of each task (the reference's, by environment name).
FRAME_SHAPES = {
    "CartPole": (400, 600, 3),
    "MountainCar": (400, 600, 3),
    "MountainCarContinuous": (400, 600, 3),
    "Pendulum": (500, 500, 3),
    "Acrobot": (500, 500, 3),
}


@pytest.mark.parametrize("env_id", IDS)
def test_render__rgb_array_frames_have_reference_size_and_change(env_id: str) -> None:
    env, ref = parity.make_pair(env_id, render_mode="rgb_array")
    env.reset(seed=0)
    ref.reset(seed=0)
    first = env.render()
    assert first.shape == ref.render().shape == FRAME_SHAPES[gymnasium_core.spec(env_id).name]
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


CLASS_NAMES = [
    "CartPoleEnv",
    "PendulumEnv",
    "MountainCarEnv",
    "Continuous_MountainCarEnv",
    "AcrobotEnv",
]


@pytest.mark.parametrize("mode", ["rgb_array", "rgb_array_list", "human"])
@pytest.mark.parametrize("class_name", CLASS_NAMES)
def test_render__raw_env_before_reset_matches_reference(class_name: str, mode: str) -> None:
    reference = pytest.importorskip("gymnasium.envs.classic_control")
    ref = getattr(reference, class_name)(render_mode=mode)
    if mode == "rgb_array_list":  # not in its metadata: ours says so when made
        with pytest.warns(GymnasiumCoreWarning, match="rgb_array_list"):
            env = getattr(ours_classic_control, class_name)(render_mode=mode)
    else:
        env = getattr(ours_classic_control, class_name)(render_mode=mode)
    try:
        expected = ref.render()
    except AttributeError:  # the reference reads a state attribute reset has not set yet
        with pytest.raises(AttributeError) as caught:
            env.render()
        assert isinstance(caught.value, RenderBeforeReset)
    else:
        assert expected is None
        assert env.render() is None
    # Whatever happened before, the first frame after reset is the reference's size.
    env.reset(seed=0)
    if mode == "rgb_array":
        assert env.render().shape == FRAME_SHAPES[class_name.removesuffix("Env").split("_")[-1]]
    env.close()
    ref.close()


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
    ours, ref = parity.make_pair("MountainCar-v0", unwrapped=True)
    assert ours.get_keys_to_action() == ref.get_keys_to_action()


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
