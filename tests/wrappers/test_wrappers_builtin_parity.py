"""Wrappers on the built-in environments, ours against the reference's on the reference's envs.

The same id, seed and actions go through ``gymnasium_core.make`` + our wrappers and through
``gymnasium.make`` + the reference wrappers; every observation, reward, flag and info entry
must be equal (exactly: both sides do the same float arithmetic).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest
from _wrapper_testenvs import assert_equal_data, assert_same_rollout, assert_same_space

import gymnasium_core
import gymnasium_core.wrappers

_rng = np.random.default_rng(7)
CARTPOLE_ACTIONS = [int(a) for a in _rng.integers(0, 2, 240)]
PENDULUM_ACTIONS = [_rng.uniform(-2, 2, 1).astype(np.float32) for _ in range(230)]
# Outside [-2, 2] on purpose, for the clipping wrappers; in [0, 1] for the rescaled ones.
WIDE_ACTIONS = [3 * a for a in PENDULUM_ACTIONS]
UNIT_ACTIONS = [(a + 2) / 4 for a in PENDULUM_ACTIONS]
MOUNTAIN_CAR_ACTIONS = [int(a) for a in _rng.integers(0, 3, 220)]

Build = Callable[[Any], Any]

CASES: list[tuple[str, Build, list[Any]]] = [
    ("CartPole-make", lambda g: g.make("CartPole-v1"), CARTPOLE_ACTIONS),
    ("CartPole-TimeLimit", lambda g: g.make("CartPole-v1", max_episode_steps=9), CARTPOLE_ACTIONS),
    (
        "CartPole-FrameStack",
        lambda g: g.wrappers.FrameStackObservation(g.make("CartPole-v1"), 4),
        CARTPOLE_ACTIONS,
    ),
    (
        "CartPole-FrameStack-zero",
        lambda g: g.wrappers.FrameStackObservation(g.make("CartPole-v1"), 3, padding_type="zero"),
        CARTPOLE_ACTIONS[:60],
    ),
    (
        "CartPole-NormalizeObservation-NormalizeReward",
        lambda g: g.wrappers.NormalizeReward(
            g.wrappers.NormalizeObservation(g.make("CartPole-v1"))
        ),
        CARTPOLE_ACTIONS,
    ),
    (
        "CartPole-TimeAware-Delay",
        lambda g: g.wrappers.DelayObservation(
            g.wrappers.TimeAwareObservation(g.make("CartPole-v1")), 2
        ),
        CARTPOLE_ACTIONS[:80],
    ),
    (
        "CartPole-StickyAction",
        lambda g: g.wrappers.StickyAction(g.make("CartPole-v1"), 0.4),
        CARTPOLE_ACTIONS[:80],
    ),
    (
        "CartPole-MaxAndSkip",
        lambda g: g.wrappers.MaxAndSkipObservation(g.make("CartPole-v1"), 3),
        CARTPOLE_ACTIONS[:60],
    ),
    ("Pendulum-make", lambda g: g.make("Pendulum-v1"), PENDULUM_ACTIONS),
    (
        "Pendulum-ClipAction",
        lambda g: g.wrappers.ClipAction(g.make("Pendulum-v1")),
        WIDE_ACTIONS[:50],
    ),
    (
        "Pendulum-RescaleAction",
        lambda g: g.wrappers.RescaleAction(g.make("Pendulum-v1"), np.float32(0), np.float32(1)),
        UNIT_ACTIONS[:50],
    ),
    (
        "Pendulum-ClipAction-RescaleAction-RescaleObservation",
        lambda g: g.wrappers.RescaleObservation(
            g.wrappers.ClipAction(
                g.wrappers.RescaleAction(g.make("Pendulum-v1"), np.float32(-1), np.float32(1))
            ),
            np.float32(0),
            np.float32(1),
        ),
        WIDE_ACTIONS[:50],
    ),
    (
        "Pendulum-NormalizeObservation-NormalizeReward",
        lambda g: g.wrappers.NormalizeReward(
            g.wrappers.NormalizeObservation(g.make("Pendulum-v1")), gamma=0.9
        ),
        PENDULUM_ACTIONS,
    ),
    (
        "Pendulum-ClipReward-TransformReward",
        lambda g: g.wrappers.TransformReward(
            g.wrappers.ClipReward(g.make("Pendulum-v1"), -3.0, -0.5), lambda r: 2 * r
        ),
        PENDULUM_ACTIONS[:40],
    ),
    (
        "Pendulum-DiscretizeAction",
        lambda g: g.wrappers.DiscretizeAction(g.make("Pendulum-v1"), 5),
        [int(a) for a in _rng.integers(0, 5, 40)],
    ),
    (
        "MountainCar-FlattenObservation-DtypeObservation",
        lambda g: g.wrappers.DtypeObservation(
            g.wrappers.FlattenObservation(g.make("MountainCar-v0")), np.float64
        ),
        MOUNTAIN_CAR_ACTIONS,
    ),
]


@pytest.mark.parametrize(("build", "actions"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_wrappers_on_builtin_env__match_reference(build, actions):
    ours, ref = build(gymnasium_core), build(gymnasium)
    assert_same_space(ours.observation_space, ref.observation_space)
    assert_same_space(ours.action_space, ref.action_space)
    for seed in (0, 3):
        assert_same_rollout(ours, ref, actions, seed=seed)
    ours.close()
    ref.close()


@pytest.mark.parametrize("env_id", ["CartPole-v1", "Pendulum-v1"])
def test_record_episode_statistics_on_builtin_env__same_episodes_as_reference(env_id):
    ours = gymnasium_core.wrappers.RecordEpisodeStatistics(gymnasium_core.make(env_id), 5)
    ref = gymnasium.wrappers.RecordEpisodeStatistics(gymnasium.make(env_id), 5)
    actions = CARTPOLE_ACTIONS if env_id == "CartPole-v1" else PENDULUM_ACTIONS
    # The elapsed time "t" is wall-clock: compared for presence, not value.
    assert_same_rollout(ours, ref, actions * 2, seed=1, ignore_info_keys=("episode",))
    assert len(ours.return_queue) == len(ref.return_queue) > 0
    np.testing.assert_array_equal(np.array(ours.return_queue), np.array(ref.return_queue))
    np.testing.assert_array_equal(np.array(ours.length_queue), np.array(ref.length_queue))
    assert ours.episode_count == ref.episode_count


def test_record_episode_statistics_on_builtin_env__episode_info_like_reference():
    def run(g):
        env = g.wrappers.RecordEpisodeStatistics(g.make("CartPole-v1"))
        env.reset(seed=2)
        for action in CARTPOLE_ACTIONS:
            _, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                return info["episode"]
        raise AssertionError("no episode ended")

    ours, ref = run(gymnasium_core), run(gymnasium)
    assert sorted(ours) == sorted(ref) == ["l", "r", "t"]
    assert_equal_data(ours["r"], ref["r"])
    assert_equal_data(ours["l"], ref["l"])


@pytest.mark.parametrize(("build", "_actions"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_wrappers_on_builtin_env__spec_records_the_same_wrappers(build, _actions):
    ours, ref = build(gymnasium_core), build(gymnasium)
    names_a = [w.name for w in ours.spec.additional_wrappers]
    names_b = [w.name for w in ref.spec.additional_wrappers]
    assert names_a == names_b
    assert ours.spec.max_episode_steps == ref.spec.max_episode_steps
