"""BipedalWalker: exact parity with Gymnasium, bad input, copies, the heuristic and rendering."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core.testing import parity
from gymnasium_core.testing.compare import (
    assert_interface_equal,
    assert_same,
    assert_spaces_equal,
)

pytest.importorskip("Box2D")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.envs.box2d import bipedal_walker as ref_module  # noqa: E402
from gymnasium_core.envs.box2d import bipedal_walker as our_module  # noqa: E402

IDS = parity.shared_ids("gymnasium.envs.box2d.bipedal_walker")
BOTH = pytest.mark.parametrize("gym", [gymnasium_core, gymnasium], ids=["ours", "reference"])

Record = tuple[Any, ...]


def _random_policy(seed: int) -> Callable[[Any, np.ndarray], np.ndarray]:
    rng = np.random.default_rng(seed)
    return lambda env, obs: rng.uniform(-1.0, 1.0, 4).astype(np.float32)


def _heuristic_policy(module: ModuleType) -> Callable[[Any, np.ndarray], np.ndarray]:
    gait = module.BipedalWalkerHeuristics()
    return lambda env, obs: gait.step_heuristic(obs)


def _rollout(
    env: Any, policy: Callable[[Any, np.ndarray], np.ndarray], seed: int, steps: int
) -> list[Record]:
    """Seeded reset, then ``steps`` steps; episodes that end restart without a seed."""
    return parity.record_rollout(env, seed=seed, num_steps=steps, actions=policy)


# -- parity ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7])
@pytest.mark.parametrize("env_id", IDS)
def test_parity__random_actions_match_reference_exactly(env_id: str, seed: int) -> None:
    ours = _rollout(gymnasium_core.make(env_id), _random_policy(seed), seed, 300)
    ref = _rollout(gymnasium.make(env_id), _random_policy(seed), seed, 300)
    # Random actions fall quickly: the rollout spans several episodes in one world.
    assert sum(r[0] == "reset" for r in ours) > 1
    assert_same(ours, ref)


@pytest.mark.parametrize("seed", [0, 3])
@pytest.mark.parametrize("env_id", IDS)
def test_parity__heuristic_gait_matches_reference_exactly(env_id: str, seed: int) -> None:
    ours = _rollout(gymnasium_core.make(env_id), _heuristic_policy(our_module), seed, 400)
    ref = _rollout(gymnasium.make(env_id), _heuristic_policy(ref_module), seed, 400)
    assert_same(ours, ref)


@pytest.mark.parametrize("dtype", [np.float64, np.int64])
def test_parity__action_dtype_shapes_reward_type_as_reference(dtype: type) -> None:
    def policy(env: Any, obs: np.ndarray) -> np.ndarray:
        return np.array([1, -1, 0, 1], dtype=dtype)

    ours = _rollout(gymnasium_core.make("BipedalWalker-v3"), policy, 2, 60)
    ref = _rollout(gymnasium.make("BipedalWalker-v3"), policy, 2, 60)
    assert_same(ours, ref)


def test_parity__reseeding_a_used_world_matches_reference() -> None:
    """A seeded reset after earlier episodes: the reused Box2D world must behave as the ref."""
    ours, ref = gymnasium_core.make("BipedalWalker-v3"), gymnasium.make("BipedalWalker-v3")
    for seed in (11, 12):
        assert_same(
            _rollout(ours, _random_policy(seed), seed, 150),
            _rollout(ref, _random_policy(seed), seed, 150),
        )


@pytest.mark.parametrize("env_id", IDS)
def test_parity__spaces_spec_and_metadata_equal_reference(env_id: str) -> None:
    ours, ref = parity.make_pair(env_id)
    for name in ("low", "high", "shape", "dtype"):
        np.testing.assert_array_equal(
            getattr(ours.observation_space, name), getattr(ref.observation_space, name)
        )
    assert_spaces_equal(ours.action_space, ref.action_space)
    assert_interface_equal(ours, ref, spaces=False)
    assert ours.spec.entry_point == ref.spec.entry_point.replace("gymnasium.", "gymnasium_core.")


@pytest.mark.parametrize("env_id", IDS)
def test_parity__observation_space_prints_as_the_reference(env_id: str) -> None:
    ours, ref = parity.make_pair(env_id)
    assert_spaces_equal(ours.observation_space, ref.observation_space)


def test_hardcore__terrain_has_obstacles_and_normal_has_none() -> None:
    normal = our_module.BipedalWalker()
    hardcore = our_module.BipedalWalker(hardcore=True)
    normal.reset(seed=0)
    hardcore.reset(seed=0)
    edges = our_module.TERRAIN_LENGTH - 1
    assert len(normal.terrain) == edges
    assert len(hardcore.terrain) > edges + 5


def test_hardcore_class__cannot_be_instantiated_like_reference() -> None:
    with pytest.raises(gymnasium.error.Error):
        ref_module.BipedalWalkerHardcore()
    with pytest.raises(gymnasium_core.error.Error, match="hardcore=True"):
        our_module.BipedalWalkerHardcore()


# -- bad input ------------------------------------------------------------------------------------


@BOTH
@pytest.mark.parametrize(
    ("action", "exc"),
    [
        (np.zeros(3, dtype=np.float32), IndexError),
        (0.5, TypeError),
        (None, TypeError),
        (np.zeros((2, 4), dtype=np.float32), TypeError),
        (np.array(["a", "b", "c", "d"]), TypeError),
        (np.full(4, np.nan, dtype=np.float32), AssertionError),
    ],
    ids=["short", "scalar", "none", "2d", "strings", "nan"],
)
def test_bad_action__raises_the_reference_exception_type(
    gym: ModuleType, action: Any, exc: type[Exception]
) -> None:
    env = gym.make("BipedalWalker-v3", disable_env_checker=True).unwrapped
    env.reset(seed=0)
    with pytest.raises(exc):
        env.step(action)


@BOTH
def test_bad_action__step_before_reset_asserts(gym: ModuleType) -> None:
    env = gym.make("BipedalWalker-v3", disable_env_checker=True).unwrapped
    with pytest.raises(AssertionError):
        env.step(np.zeros(4, dtype=np.float32))


def test_bad_action__nan_is_refused_before_it_corrupts_the_world() -> None:
    env = our_module.BipedalWalker()
    env.reset(seed=0)
    with pytest.raises(AssertionError, match="NaN"):
        env.step(np.array([0.0, np.nan, 0.0, 0.0], dtype=np.float32))
    obs, *_ = env.step(np.zeros(4, dtype=np.float32))
    assert np.all(np.isfinite(obs))


@BOTH
def test_bad_action__out_of_range_values_are_clipped(gym: ModuleType) -> None:
    big = gym.make("BipedalWalker-v3", disable_env_checker=True)
    unit = gym.make("BipedalWalker-v3", disable_env_checker=True)
    big.reset(seed=4)
    unit.reset(seed=4)
    obs_big, *_ = big.step(np.array([5.0, -3.0, 2.0, -9.0], dtype=np.float32))
    obs_unit, *_ = unit.step(np.array([1.0, -1.0, 1.0, -1.0], dtype=np.float32))
    np.testing.assert_array_equal(obs_big, obs_unit)


# -- copies ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("env_id", IDS)
def test_copy__keeps_the_episode_after_several_episodes(env_id: str, how: str) -> None:
    env = gymnasium_core.make(env_id)
    _rollout(env, _random_policy(5), 5, 200)  # several episodes in this world
    env.reset(seed=9)
    policy = _random_policy(9)
    for _ in range(20):
        env.step(policy(env, None))
    clone = pickle.loads(pickle.dumps(env)) if how == "pickle" else copy.deepcopy(env)
    assert clone.unwrapped.np_random_seed == env.unwrapped.np_random_seed
    actions = [policy(env, None) for _ in range(200)]
    # Episodes that end restart: the copy's generator must carry on as the original's.
    assert_same(
        parity.record_rollout(clone, seed=None, actions=actions, reset_first=False),
        parity.record_rollout(env, seed=None, actions=actions, reset_first=False),
    )


def test_copy__of_a_fresh_env_can_be_reset_and_stepped() -> None:
    clone = copy.deepcopy(our_module.BipedalWalker(hardcore=True))
    assert clone.hardcore
    obs, _ = clone.reset(seed=0)
    assert obs.shape == (24,)


# -- heuristic ------------------------------------------------------------------------------------


def test_heuristic__walks_forward_on_the_normal_track() -> None:
    env = our_module.BipedalWalker()
    gait = our_module.BipedalWalkerHeuristics()
    obs, _ = env.reset(seed=0)
    start = env.hull.position.x
    total = 0.0
    for _ in range(500):
        obs, reward, terminated, _, _ = env.step(gait.step_heuristic(obs))
        total += float(reward)
        assert not terminated, "the gait fell within 500 steps"
    assert env.hull.position.x - start > 5.0  # metres
    assert total > 20.0


def test_heuristic__instances_do_not_share_state() -> None:
    first, second = our_module.BipedalWalkerHeuristics(), our_module.BipedalWalkerHeuristics()
    env = our_module.BipedalWalker()
    obs, _ = env.reset(seed=0)
    first.step_heuristic(obs)
    assert second.a is not first.a
    assert np.array_equal(second.a, np.zeros(4))


# -- rendering and imports ------------------------------------------------------------------------


def test_render__rgb_array_frames_equal_the_reference() -> None:
    pytest.importorskip("pygame")
    ours = gymnasium_core.make("BipedalWalkerHardcore-v3", render_mode="rgb_array")
    ref = gymnasium.make("BipedalWalkerHardcore-v3", render_mode="rgb_array")
    policy_a, policy_b = _random_policy(3), _random_policy(3)
    ours.reset(seed=3)
    ref.reset(seed=3)
    first = ours.render()
    ref.render()  # the lidar ray drawn moves on with every frame
    for _ in range(40):
        ours.step(policy_a(ours, None))
        ref.step(policy_b(ref, None))
    frame, ref_frame = ours.render(), ref.render()
    assert frame.shape == ref_frame.shape == (400, 600, 3)
    assert frame.dtype == np.uint8
    assert not np.array_equal(first, frame)
    np.testing.assert_array_equal(frame, ref_frame)
    ours.close()
    ours.close()


def test_render__human_mode_runs_headless_and_returns_none() -> None:
    pytest.importorskip("pygame")
    env = gymnasium_core.make("BipedalWalker-v3", render_mode="human")
    env.reset(seed=0)
    assert env.render() is None
    env.step(np.zeros(4, dtype=np.float32))
    env.close()
    env.close()


def test_render__without_a_mode_warns() -> None:
    env = gymnasium_core.make("BipedalWalker-v3")
    env.reset(seed=0)
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="render_mode"):
        assert env.render() is None


def test_import__box2d_and_pygame_load_only_when_needed() -> None:
    code = (
        "import sys, gymnasium_core, gymnasium_core.envs, gymnasium_core.envs.box2d\n"
        "assert 'Box2D' not in sys.modules and 'pygame' not in sys.modules\n"
        "gymnasium_core.make('BipedalWalker-v3').reset(seed=0)\n"
        "assert 'Box2D' in sys.modules and 'pygame' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- slow tier ------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("env_id", IDS)
def test_parity__whole_time_limited_runs_match_reference(env_id: str, seed: int) -> None:
    """Heuristic then random policy over a full time limit and beyond, in one world each."""
    steps = gymnasium_core.spec(env_id).max_episode_steps + 200
    assert_same(
        _rollout(gymnasium_core.make(env_id), _heuristic_policy(our_module), seed, steps),
        _rollout(gymnasium.make(env_id), _heuristic_policy(ref_module), seed, steps),
    )
    assert_same(
        _rollout(gymnasium_core.make(env_id), _random_policy(seed), seed, steps),
        _rollout(gymnasium.make(env_id), _random_policy(seed), seed, steps),
    )
