"""CarRacing-v3 against the reference: identical frames, rewards and episode ends.

Episodes are slow (every step draws a 1000x800 scene), so the default tier plays short seeded
rollouts; whole laps and the out-of-playfield ending are ``slow``.
"""

from __future__ import annotations

import math
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.envs.box2d import car_racing as ref_module
from gymnasium_core.envs.box2d import car_racing as our_module

import gymnasium_core
from gymnasium_core import error

ENV_ID = "CarRacing-v3"


def make_pair(**kwargs: Any) -> tuple[Any, Any]:
    """Our unwrapped env and the reference's, made with the same kwargs."""
    ours = gymnasium_core.make(ENV_ID, disable_env_checker=True, **kwargs).unwrapped
    ref = gymnasium.make(ENV_ID, disable_env_checker=True, **kwargs).unwrapped
    return ours, ref


def same_step(ours: tuple[Any, ...], ref: tuple[Any, ...], where: str) -> None:
    """Assert two ``step`` results are identical: exact frames, equal values and types."""
    np.testing.assert_array_equal(ours[0], ref[0], err_msg=where)
    assert ours[0].dtype == ref[0].dtype and ours[0].shape == ref[0].shape, where
    for name, mine, theirs in zip(("reward", "terminated", "truncated"), ours[1:4], ref[1:4]):
        assert mine == theirs and type(mine) is type(theirs), f"{where}: {name} {mine} {theirs}"
    assert ours[4] == ref[4], where


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
        The last step result of our env.
    """
    obs, info = ours.reset(seed=seed, options=options)
    r_obs, r_info = ref.reset(seed=seed, options=options)
    np.testing.assert_array_equal(obs, r_obs)
    assert info == r_info
    out: tuple[Any, ...] = (obs,)
    for index in range(len(actions) if actions is not None else steps):
        action = actions[index] if actions is not None else pilot(ref)
        where = f"seed {seed}, step {index}"
        out = ours.step(action)
        same_step(out, ref.step(action), where)
        if check_render_every and index % check_render_every == 0:
            np.testing.assert_array_equal(ours.render(), ref.render(), err_msg=where)
        if out[2] or out[3]:
            break
    same_car(ours, ref, "end")
    return out


# ---------------------------------------------------------------- spaces and spec
def test_car_racing__spaces_spec_and_metadata_match_reference() -> None:
    for continuous in (True, False):
        ours = gymnasium_core.make(ENV_ID, continuous=continuous)
        ref = gymnasium.make(ENV_ID, continuous=continuous)
        assert str(ours.action_space) == str(ref.action_space)
        assert str(ours.observation_space) == str(ref.observation_space)
        if continuous:
            np.testing.assert_array_equal(ours.action_space.low, ref.action_space.low)
            np.testing.assert_array_equal(ours.action_space.high, ref.action_space.high)
        assert ours.metadata == ref.metadata
        for name in ("max_episode_steps", "reward_threshold", "nondeterministic", "kwargs"):
            assert getattr(ours.spec, name) == getattr(ref.spec, name), name
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
        same_step(ours.step(action), ref.step(np.asarray(action)), f"step {index}")


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
