"""CarRacing-v3 against the reference: identical frames, rewards and episode ends; copies that
keep the episode, rendering, play keys, the car's dynamics and import cost.

Episodes are slow (every step draws a 1000x800 scene), so the default tier plays short seeded
rollouts; whole laps and the out-of-playfield ending are ``slow``.
"""

from __future__ import annotations

import copy
import math
import pickle
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core import error
from gymnasium_core.logger import GymnasiumCoreWarning
from gymnasium_core.testing import parity
from gymnasium_core.testing.compare import assert_interface_equal, assert_same, assert_step_equal
from gymnasium_core.utils.play import normalise_keys_to_action

pytest.importorskip("Box2D")
gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")

from Box2D import b2World  # noqa: E402
from gymnasium.envs.box2d import car_dynamics as ref_dynamics  # noqa: E402
from gymnasium.envs.box2d import car_racing as ref_module  # noqa: E402
from gymnasium_core.envs.box2d import car_dynamics  # noqa: E402
from gymnasium_core.envs.box2d import car_racing as our_module  # noqa: E402
from gymnasium_core.envs.box2d.car_racing import CarRacing  # noqa: E402

(ENV_ID,) = parity.shared_ids("gymnasium.envs.box2d.car_racing")


def make_pair(**kwargs: Any) -> tuple[Any, Any]:
    """Our unwrapped env and the reference's, made with the same kwargs."""
    return parity.make_pair(ENV_ID, unwrapped=True, disable_env_checker=True, **kwargs)


def same_car(ours: Any, ref: Any, where: str) -> None:
    """Assert the two cars are in exactly the same physical state."""
    for mine, theirs in zip([ours.car.hull, *ours.car.wheels], [ref.car.hull, *ref.car.wheels]):
        assert tuple(mine.position) == tuple(theirs.position), where
        assert tuple(mine.linearVelocity) == tuple(theirs.linearVelocity), where
        assert (mine.angle, mine.angularVelocity) == (theirs.angle, theirs.angularVelocity), where
    for mine, theirs in zip(ours.car.wheels, ref.car.wheels):
        assert (mine.omega, mine.phase, mine.gas) == (theirs.omega, theirs.phase, theirs.gas), where
    assert (ours.reward, ours.tile_visited_count) == (ref.reward, ref.tile_visited_count), where


def pilot(env: Any, target_speed: float = 65.0, lookahead: int = 5) -> np.ndarray:
    """A simple driver that follows the track centre line, so episodes cover many tiles."""
    car, track = env.car, env.track
    x, y = car.hull.position
    centre = np.array([(point[2], point[3]) for point in track])
    nearest = int(np.argmin((centre[:, 0] - x) ** 2 + (centre[:, 1] - y) ** 2))
    target_x, target_y = centre[(nearest + lookahead) % len(centre)]
    heading = car.hull.angle + math.pi / 2
    error_angle = math.atan2(target_y - y, target_x - x) - heading
    error_angle = (error_angle + math.pi) % (2 * math.pi) - math.pi
    speed = math.hypot(*car.hull.linearVelocity)
    gas = 0.2 if speed < target_speed else 0.0
    brake = 0.1 if speed > target_speed + 10 else 0.0
    return np.array([np.clip(-error_angle, -1, 1), gas, brake], dtype=np.float32)


def random_actions(env: Any, seed: int, count: int) -> list[Any]:
    """Seeded random actions from the env's action space."""
    env.action_space.seed(seed)
    return [env.action_space.sample() for _ in range(count)]


def play_both(
    ours: Any,
    ref: Any,
    seed: int,
    actions: list[Any] | None = None,
    steps: int = 0,
    options: dict[str, Any] | None = None,
    check_render_every: int = 0,
) -> tuple[Any, ...]:
    """Reset both envs with ``seed`` and step them with the same actions, comparing each step.

    Without ``actions`` the :func:`pilot` drives (reading the reference's state) for ``steps``.

    Returns:
        The last step result.
    """

    def same_frames(ours: Any, ref: Any, step: int) -> None:
        if check_render_every and step % check_render_every == 0:
            np.testing.assert_array_equal(ours.render(), ref.render(), err_msg=f"step {step}")

    summary = parity.assert_rollouts_equal(
        ours,
        ref,
        seed=seed,
        num_steps=steps if actions is None else len(actions),
        actions=(lambda env, obs: pilot(env)) if actions is None else actions,
        reset_on_end=False,
        options=options,
        after_step=same_frames,
    )
    same_car(ours, ref, "end")
    return summary.last_step or ()


# ---------------------------------------------------------------- spaces and spec
def test_car_racing__spaces_spec_and_metadata_match_reference() -> None:
    for continuous in (True, False):
        ours, ref = parity.make_pair(ENV_ID, continuous=continuous)
        assert_interface_equal(ours, ref)
        assert ours.metadata == ref.metadata
        ours.close()
        ref.close()


def test_car_racing__module_constants_match_reference() -> None:
    for name in ("STATE_W", "STATE_H", "VIDEO_W", "VIDEO_H", "WINDOW_W", "WINDOW_H", "FPS"):
        assert getattr(our_module, name) == getattr(ref_module, name), name
    for name in ("SCALE", "TRACK_RAD", "PLAYFIELD", "ZOOM", "TRACK_WIDTH", "MAX_SHAPE_DIM"):
        assert getattr(our_module, name) == getattr(ref_module, name), name


# ------------------------------------------------------------------ rollouts
@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("continuous", [True, False], ids=["continuous", "discrete"])
def test_car_racing__random_rollout_matches_reference(continuous: bool, seed: int) -> None:
    ours, ref = make_pair(continuous=continuous)
    play_both(ours, ref, seed, random_actions(ref, seed, 120))


@pytest.mark.parametrize("seed", [3, 4])
def test_car_racing__driven_rollout_matches_reference(seed: int) -> None:
    ours, ref = make_pair()
    play_both(ours, ref, seed, steps=220)
    assert ref.tile_visited_count > 20  # the pilot did drive along the road


def test_car_racing__rgb_array_frames_with_skid_marks_match_reference() -> None:
    ours, ref = make_pair(render_mode="rgb_array")
    # Full gas with the wheels locked half the time makes the car skid and leave marks.
    actions = [np.array([0.8, 1.0, 0.95 * (k // 15 % 2)], np.float32) for k in range(150)]
    play_both(ours, ref, 5, actions, check_render_every=10)
    assert len(ref.car.particles) > 0
    frame = ours.render()
    assert frame.shape == (400, 600, 3) and frame.dtype == np.uint8
    np.testing.assert_array_equal(frame, ref.render())


def test_car_racing__state_pixels_render_matches_observation() -> None:
    ours, ref = make_pair(render_mode="state_pixels")
    obs, _ = ours.reset(seed=2)
    ref.reset(seed=2)
    np.testing.assert_array_equal(ours.render(), obs)
    np.testing.assert_array_equal(ours.render(), ref.render())


def test_car_racing__second_episode_in_the_same_world_matches_reference() -> None:
    ours, ref = make_pair()
    play_both(ours, ref, 6, steps=60)
    # No seed: the generator carries on, and the world keeps its history of bodies.
    play_both(ours, ref, None, steps=60)  # type: ignore[arg-type]
    play_both(ours, ref, 7, random_actions(ref, 7, 40))


def test_car_racing__out_of_range_continuous_actions_match_reference() -> None:
    ours, ref = make_pair()
    # The reference accepts any values: gas is clipped, steering and brake are used as given.
    actions = [np.array([3.0, 2.0, -1.0]), np.array([-5.0, -1.0, 0.5]), [0.5, 0.5, 2.0]] * 10
    ours.reset(seed=8)
    ref.reset(seed=8)
    for index, action in enumerate(actions):
        assert_step_equal(ours.step(action), ref.step(np.asarray(action)), where=f"step {index}")


def test_car_racing__lap_complete_percent_zero_ends_at_once_like_reference() -> None:
    # The car starts on tile 0, so with 0 % of the lap required the first step ends the lap.
    ours, ref = make_pair(lap_complete_percent=0.0)
    out = play_both(ours, ref, 9, [np.zeros(3, np.float32)])
    assert out[2] is True and out[4] == {"lap_finished": True}


@pytest.mark.parametrize(
    "options", [None, {"randomize": True}, {"randomize": False}], ids=["default", "on", "off"]
)
def test_car_racing__domain_randomize_colours_match_reference(options: Any) -> None:
    ours, ref = make_pair(domain_randomize=True)
    play_both(ours, ref, 10, random_actions(ref, 10, 15))
    play_both(ours, ref, 11, random_actions(ref, 11, 15), options=options)
    for name in ("road_color", "bg_color", "grass_color"):
        np.testing.assert_array_equal(getattr(ours, name), getattr(ref, name))


def test_car_racing__randomize_option_without_domain_randomize_is_ignored() -> None:
    ours, ref = make_pair()
    play_both(ours, ref, 12, random_actions(ref, 12, 10), options={"randomize": True})
    np.testing.assert_array_equal(ours.bg_color, [102, 204, 102])


def test_car_racing__track_and_tiles_match_reference() -> None:
    ours, ref = make_pair()
    ours.reset(seed=13)
    ref.reset(seed=13)
    assert ours.track == ref.track
    assert ours.start_alpha == ref.start_alpha
    assert len(ours.road_poly) == len(ref.road_poly)
    for (poly, color), (r_poly, r_color) in zip(ours.road_poly, ref.road_poly):
        assert [tuple(p) for p in poly] == [tuple(p) for p in r_poly]
        np.testing.assert_array_equal(np.asarray(color), np.asarray(r_color))
    assert [tile.idx for tile in ours.road] == [tile.idx for tile in ref.road]


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("action", [5, -1, 2.5, np.array([1, 2])])
def test_car_racing__invalid_discrete_action_raises_like_reference(action: Any) -> None:
    ours, ref = make_pair(continuous=False)
    ours.reset(seed=0)
    ref.reset(seed=0)
    with pytest.raises(error.InvalidAction, match=r"0\.\.4"):
        ours.step(action)
    with pytest.raises(gymnasium.error.InvalidAction):
        ref.step(action)


def test_car_racing__short_continuous_action_raises_index_error_like_reference() -> None:
    ours, ref = make_pair()
    ours.reset(seed=0)
    ref.reset(seed=0)
    with pytest.raises(IndexError, match="steer, gas, brake"):
        ours.step(np.array([0.0, 1.0]))
    with pytest.raises(IndexError):
        ref.step(np.array([0.0, 1.0]))


def drive(env: Any, actions: list[Any]) -> list[tuple[Any, ...]]:
    return [env.step(action) for action in actions]


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
    assert_same(drive(clone, later), drive(env, later))
    # Both generators are in the same state: the next episodes agree too.
    assert_same([clone.reset()], [env.reset()])


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
    assert_same(drive(clone, actions), drive(env, actions))


def test_car_racing__copy_before_reset_is_a_fresh_env() -> None:
    env = gymnasium_core.make(ENV_ID, continuous=False)
    clone = pickle.loads(pickle.dumps(env))
    assert clone.unwrapped.continuous is False and clone.spec == env.spec
    assert_same([clone.reset(seed=3)], [env.reset(seed=3)])


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
    env, ref = parity.make_pair(ENV_ID, render_mode="rgb_array")
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


# ---------------------------------------------------------------- long episodes
@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_car_racing__whole_lap_matches_reference(seed: int) -> None:
    ours, ref = make_pair()
    out = play_both(ours, ref, seed, steps=1000)
    assert out[2] is True and out[4] == {"lap_finished": True}


@pytest.mark.slow
def test_car_racing__leaving_the_playfield_matches_reference() -> None:
    ours, ref = make_pair()
    out = play_both(ours, ref, 16, [np.array([0.0, 1.0, 0.0], np.float32)] * 1000)
    assert out[2] is True and out[1] == -100 and out[4] == {"lap_finished": False}


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_car_racing__long_random_rollouts_match_reference(seed: int) -> None:
    for continuous in (True, False):
        ours, ref = make_pair(continuous=continuous, render_mode="rgb_array")
        play_both(ours, ref, seed, random_actions(ref, seed, 500), check_render_every=25)
