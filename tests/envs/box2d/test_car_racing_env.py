"""CarRacing behaviour beyond parity: copies keep the episode, rendering, play keys, imports."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from typing import Any

import gymnasium
import numpy as np
import pytest
from Box2D import b2World
from gymnasium.envs.box2d import car_dynamics as ref_dynamics
from gymnasium_core.envs.box2d import car_dynamics
from gymnasium_core.envs.box2d.car_racing import CarRacing

import gymnasium_core
from gymnasium_core.logger import GymnasiumCoreWarning
from gymnasium_core.utils.play import normalise_keys_to_action

ENV_ID = "CarRacing-v3"


def drive(env: Any, actions: list[Any]) -> list[tuple[Any, ...]]:
    return [env.step(action) for action in actions]


def assert_same_results(got: list[tuple[Any, ...]], expected: list[tuple[Any, ...]]) -> None:
    for index, (mine, theirs) in enumerate(zip(got, expected, strict=True)):
        np.testing.assert_array_equal(mine[0], theirs[0], err_msg=f"step {index}")
        assert mine[1:] == theirs[1:], index


def actions_for(env: Any, seed: int, count: int) -> list[Any]:
    env.action_space.seed(seed)
    return [env.action_space.sample() for _ in range(count)]


# ------------------------------------------------------------- pickle and copy
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("continuous", [True, False], ids=["continuous", "discrete"])
def test_car_racing__copy_continues_the_episode_exactly(how: str, continuous: bool) -> None:
    env = CarRacing(continuous=continuous)
    env.reset(seed=1)
    drive(env, actions_for(env, 1, 20))
    env.reset()  # a second episode: the copy rebuilds only the current one
    drive(env, actions_for(env, 2, 30))
    clone = pickle.loads(pickle.dumps(env)) if how == "pickle" else copy.deepcopy(env)
    np.testing.assert_array_equal(clone.state, env.state)
    assert (clone.reward, clone.tile_visited_count, clone.t) == (
        env.reward,
        env.tile_visited_count,
        env.t,
    )
    later = actions_for(env, 3, 30)
    assert_same_results(drive(clone, later), drive(env, later))
    # Both generators are in the same state: the next episodes agree too.
    assert_same_results([clone.reset()], [env.reset()])


def test_car_racing__copy_keeps_random_colours_and_seed() -> None:
    env = CarRacing(domain_randomize=True)
    env.reset(seed=4)
    env.reset(options={"randomize": False})
    drive(env, actions_for(env, 4, 5))
    clone = copy.deepcopy(env)
    for name in ("road_color", "bg_color", "grass_color"):
        np.testing.assert_array_equal(getattr(clone, name), getattr(env, name))
    assert clone.np_random_seed == env.np_random_seed == 4
    actions = actions_for(env, 5, 5)
    assert_same_results(drive(clone, actions), drive(env, actions))


def test_car_racing__copy_before_reset_is_a_fresh_env() -> None:
    env = gymnasium_core.make(ENV_ID, continuous=False)
    clone = pickle.loads(pickle.dumps(env))
    assert clone.unwrapped.continuous is False and clone.spec == env.spec
    assert_same_results([clone.reset(seed=3)], [env.reset(seed=3)])


def test_car_racing__copy_is_independent_of_later_changes_to_the_action_array() -> None:
    env = CarRacing()
    env.reset(seed=2)
    action = np.array([0.0, 1.0, 0.0], np.float32)
    env.step(action)
    action[:] = (1.0, 0.0, 1.0)  # the caller reuses its buffer
    clone = copy.deepcopy(env)
    assert clone.car.hull.position == env.car.hull.position


# ------------------------------------------------------------------ rendering
def test_car_racing__render_without_mode_warns_and_returns_none() -> None:
    env = CarRacing()
    env.reset(seed=0)
    with pytest.warns(GymnasiumCoreWarning, match="render_mode"):
        assert env.render() is None


def test_car_racing__render_before_reset_returns_none() -> None:
    env = CarRacing(render_mode="rgb_array")
    assert env.render() is None


def test_car_racing__human_mode_opens_a_window_and_close_is_idempotent() -> None:
    env = CarRacing(render_mode="human")
    obs, _ = env.reset(seed=0)
    assert env.screen is not None and obs.shape == (96, 96, 3)
    assert env.render() is None
    env.step(np.array([0.0, 1.0, 0.0], np.float32))
    env.close()
    env.close()
    assert env.screen is None


def test_car_racing__rgb_array_frame_matches_reference_size() -> None:
    env = gymnasium_core.make(ENV_ID, render_mode="rgb_array")
    ref = gymnasium.make(ENV_ID, render_mode="rgb_array")
    env.reset(seed=0)
    ref.reset(seed=0)
    assert env.render().shape == ref.render().shape == (400, 600, 3)


# ----------------------------------------------------------- keyboard play
@pytest.mark.parametrize("continuous", [True, False], ids=["continuous", "discrete"])
def test_car_racing__keys_to_action_fits_play(continuous: bool) -> None:
    env = CarRacing(continuous=continuous)
    mapping = normalise_keys_to_action(env.get_keys_to_action(), env.action_space)
    assert len(mapping) == (9 if continuous else 5)
    for action in env.get_keys_to_action().values():
        assert env.action_space.contains(action)


# ----------------------------------------------------------- car dynamics
def test_car_dynamics__car_matches_reference_car_in_isolation() -> None:
    worlds = b2World((0, 0)), b2World((0, 0))
    cars = car_dynamics.Car(worlds[0], 0.3, 1.0, 2.0), ref_dynamics.Car(worlds[1], 0.3, 1.0, 2.0)
    controls = [(0.5, 1.0, 0.0)] * 30 + [(-0.4, 0.0, 0.5)] * 10 + [(0.0, 0.0, 1.0)] * 5
    for steer, gas, brake in controls:
        for car, world in zip(cars, worlds):
            car.steer(steer)
            car.gas(gas)
            car.brake(brake)
            car.step(1 / 50)
            world.Step(1 / 50, 180, 60)
        ours, ref = cars
        assert tuple(ours.hull.position) == tuple(ref.hull.position)
        assert [w.omega for w in ours.wheels] == [w.omega for w in ref.wheels]
        assert [tuple(p.poly) for p in ours.particles] == [tuple(p.poly) for p in ref.particles]
    assert len(cars[0].particles) > 0  # the car skidded on the grass


def test_car_dynamics__gas_rises_gradually_and_brakes_lock_the_wheels() -> None:
    car = car_dynamics.Car(b2World((0, 0)), 0.0, 0.0, 0.0)
    car.gas(1.0)
    assert [wheel.gas for wheel in car.wheels] == [0.0, 0.0, 0.1, 0.1]
    car.step(1 / 50)
    assert car.wheels[2].omega > 0
    car.brake(0.9)
    car.step(1 / 50)
    assert car.wheels[2].omega <= 0  # locked, then pushed back by the ground
    car.destroy()
    assert car.wheels == [] and car.hull is None


# ---------------------------------------------------------------- imports
def test_car_racing__package_imports_do_not_load_box2d_or_pygame() -> None:
    code = (
        "import sys, gymnasium_core, gymnasium_core.envs, gymnasium_core.envs.box2d\n"
        "assert 'Box2D' not in sys.modules and 'pygame' not in sys.modules\n"
        "from gymnasium_core.envs.box2d import CarRacing\n"
        "assert 'Box2D' in sys.modules and 'pygame' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
