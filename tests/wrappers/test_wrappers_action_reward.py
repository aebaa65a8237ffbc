"""Action and reward wrappers: parity with the reference, stateful resets and bad input."""

from __future__ import annotations

import copy

import cloudpickle
import gymnasium
import numpy as np
import pytest
from _wrapper_testenvs import assert_same_rollout, assert_same_space, envs_for

import gymnasium_core
import gymnasium_core.wrappers
from gymnasium_core import error


def both(build):
    return (
        build(gymnasium_core, envs_for(gymnasium_core)),
        build(gymnasium, envs_for(gymnasium)),
    )


rng = np.random.default_rng(0)
BOX_ACTIONS = [rng.uniform(-1, 1, 2).astype(np.float32) for _ in range(12)]
WIDE_ACTIONS = [3 * a for a in BOX_ACTIONS]
UNIT_ACTIONS = [(a + 1) / 2 for a in BOX_ACTIONS]
DISCRETE_ACTIONS = [0, 1, 2, 1, 0, 2, 2, 1, 0, 0, 1, 2]

PARITY_CASES = [
    (
        "TransformAction",
        lambda g, e: g.wrappers.TransformAction(e.BoxEnv(), lambda a: a / 2, None),
        BOX_ACTIONS,
    ),
    ("ClipAction", lambda g, e: g.wrappers.ClipAction(e.BoxEnv()), WIDE_ACTIONS),
    (
        "RescaleAction",
        lambda g, e: g.wrappers.RescaleAction(e.BoxEnv(), np.float32(0), np.float32(1)),
        UNIT_ACTIONS,
    ),
    (
        "DiscretizeAction",
        lambda g, e: g.wrappers.DiscretizeAction(e.BoxEnv(), 3),
        [0, 4, 8, 5, 2, 7, 1, 3, 6],
    ),
    (
        "DiscretizeAction-multi",
        lambda g, e: g.wrappers.DiscretizeAction(e.BoxEnv(), (2, 5), multidiscrete=True),
        [np.array([i % 2, i % 5]) for i in range(10)],
    ),
    (
        "StickyAction",
        lambda g, e: g.wrappers.StickyAction(e.DiscreteEnv(length=50), 0.5),
        DISCRETE_ACTIONS * 3,
    ),
    (
        "StickyAction-range",
        lambda g, e: g.wrappers.StickyAction(e.DiscreteEnv(length=50), 0.6, (1, 4)),
        DISCRETE_ACTIONS * 3,
    ),
    (
        "RepeatAction",
        lambda g, e: g.wrappers.RepeatAction(e.DiscreteEnv(length=7), 3),
        DISCRETE_ACTIONS,
    ),
    (
        "TransformReward",
        lambda g, e: g.wrappers.TransformReward(e.BoxEnv(), lambda r: r * 3 - 1),
        BOX_ACTIONS,
    ),
    ("ClipReward", lambda g, e: g.wrappers.ClipReward(e.BoxEnv(), 0.5, 3.0), BOX_ACTIONS),
    ("ClipReward-min", lambda g, e: g.wrappers.ClipReward(e.BoxEnv(), min_reward=2.0), BOX_ACTIONS),
    (
        "NormalizeReward",
        lambda g, e: g.wrappers.NormalizeReward(e.BoxEnv(length=5), gamma=0.9),
        BOX_ACTIONS * 2,
    ),
]


@pytest.mark.parametrize(
    "build,actions", [c[1:] for c in PARITY_CASES], ids=[c[0] for c in PARITY_CASES]
)
def test_action_reward_wrapper__matches_reference(build, actions):
    ours, ref = both(build)
    assert_same_space(ours.action_space, ref.action_space)
    assert_same_space(ours.observation_space, ref.observation_space)
    assert_same_rollout(ours, ref, actions, seed=7)
    assert_same_rollout(ours, ref, actions, seed=8)


def test_sticky_action__repeats_and_resets_state():
    ours, ref = both(lambda g, e: g.wrappers.StickyAction(e.DiscreteEnv(length=100), 0.7, (2, 3)))
    taken_a, taken_b = [], []
    for env, taken in ((ours, taken_a), (ref, taken_b)):
        env.reset(seed=2)
        for a in DISCRETE_ACTIONS * 2:
            taken.append(env.step(a)[4]["action"])
        assert env.last_action is not None
        env.reset()
        assert env.last_action is None and env.num_repeats == 0 and not env.is_sticky_actions
    assert taken_a == taken_b
    assert taken_a != DISCRETE_ACTIONS * 2  # some actions were repeated


def test_normalize_reward__discounted_return_survives_reset_until_termination():
    ours, ref = both(lambda g, e: g.wrappers.NormalizeReward(e.BoxEnv(length=3)))
    for env in (ours, ref):
        env.reset(seed=0)
        env.step(BOX_ACTIONS[0])
        env.reset()
        env.step(BOX_ACTIONS[0])
    np.testing.assert_array_equal(ours.discounted_reward, ref.discounted_reward)
    assert ours.return_rms.var == ref.return_rms.var
    ours.update_running_mean = False
    count = ours.return_rms.count
    ours.step(BOX_ACTIONS[1])
    assert ours.return_rms.count == count


def test_discretize_action__revert_inverts_action():
    ours, ref = both(lambda g, e: g.wrappers.DiscretizeAction(e.BoxEnv(), (3, 4)))
    for index in range(12):
        centre = ours.action(index)
        np.testing.assert_array_equal(centre, ref.action(index))
        assert ours.revert_action(centre) == index == ref.revert_action(centre)


@pytest.mark.parametrize(
    "build", [c[1] for c in PARITY_CASES[:4]], ids=[c[0] for c in PARITY_CASES[:4]]
)
def test_action_wrapper__pickle_and_deepcopy(build):
    env = build(gymnasium_core, envs_for(gymnasium_core))
    env.reset(seed=1)
    clones = [copy.deepcopy(env), cloudpickle.loads(cloudpickle.dumps(env))]
    action = env.action_space.sample()
    expected = env.step(action)[0]
    for clone in clones:
        np.testing.assert_array_equal(clone.step(action)[0], expected)


@pytest.mark.parametrize(
    "build,exc,match",
    [
        (lambda w, e: w.ClipAction(e.DiscreteEnv()), TypeError, "ClipAction"),
        (lambda w, e: w.RescaleAction(e.DiscreteEnv(), 0, 1), TypeError, "RescaleAction"),
        (
            lambda w, e: w.RescaleAction(e.BoxEnv(), np.float32(1), np.float32(0)),
            ValueError,
            "RescaleAction.*new_min",
        ),
        (
            lambda w, e: w.RescaleAction(e.BoxEnv(), np.float32(1), np.float32(1)),
            error.InvalidBound,
            "RescaleAction",
        ),
        (lambda w, e: w.RescaleAction(e.BoxEnv(), "a", 1.0), TypeError, "RescaleAction"),
        (lambda w, e: w.DiscretizeAction(e.DiscreteEnv(), 3), TypeError, "DiscretizeAction"),
        (lambda w, e: w.DiscretizeAction(e.BoxEnv(), (2, 2, 2)), ValueError, "bins"),
        (
            lambda w, e: w.StickyAction(e.DiscreteEnv(), 1.0),
            error.InvalidProbability,
            "StickyAction",
        ),
        (
            lambda w, e: w.StickyAction(e.DiscreteEnv(), 0.5, (3, 1)),
            error.InvalidBound,
            "min > max",
        ),
        (lambda w, e: w.StickyAction(e.DiscreteEnv(), 0.5, 0), ValueError, "at least 1"),
        (lambda w, e: w.StickyAction(e.DiscreteEnv(), 0.5, [1, 2]), ValueError, "pair"),
        (lambda w, e: w.RepeatAction(e.DiscreteEnv(), 0), ValueError, "num_repeats"),
        (lambda w, e: w.RepeatAction(e.DiscreteEnv(), 2.0), TypeError, "num_repeats"),
        (lambda w, e: w.ClipReward(e.BoxEnv()), error.InvalidBound, "ClipReward"),
        (lambda w, e: w.ClipReward(e.BoxEnv(), 2, 1), error.InvalidBound, "ClipReward"),
        (lambda w, e: w.NormalizeReward(e.BoxEnv(), gamma=1.5), error.InvalidBound, "gamma"),
        (lambda w, e: w.NormalizeReward(e.BoxEnv(), epsilon=-1), error.InvalidBound, "epsilon"),
    ],
)
def test_action_reward_wrapper__bad_input_is_a_clear_error(build, exc, match):
    with pytest.raises(exc, match=match):
        build(gymnasium_core.wrappers, envs_for(gymnasium_core))


def test_rescale_action__spec_kwargs_and_wrapper_attr():
    e = envs_for(gymnasium_core)
    env = gymnasium_core.wrappers.RescaleAction(e.BoxEnv(), np.float32(0), np.float32(1))
    assert set(env._saved_kwargs) == {"min_action", "max_action"}
    assert env.get_wrapper_attr("length") == 8


RESCALE_BOUNDS = [
    pytest.param(0.0, 1.0, id="python-floats"),
    pytest.param(-1, 1, id="python-ints"),
    pytest.param(np.float32(0.1), np.float32(0.7), id="float32-scalars"),
    pytest.param(np.array([0.1], np.float32), np.array([0.7], np.float32), id="float32-arrays"),
]


@pytest.mark.parametrize(("low", "high"), RESCALE_BOUNDS)
def test_rescale_action__float32_or_scalar_bounds_do_not_warn(low, high):
    # Our warnings are errors in tests, so building the wrapper is the check.
    ours = gymnasium_core.wrappers.RescaleAction(gymnasium_core.make("Pendulum-v1"), low, high)
    ref = gymnasium.wrappers.RescaleAction(gymnasium.make("Pendulum-v1"), low, high)
    assert_same_space(ours.action_space, ref.action_space)
    obs_low = np.full(3, low, np.float32) if np.ndim(low) == 0 else np.repeat(low, 3)
    obs_high = np.full(3, high, np.float32) if np.ndim(high) == 0 else np.repeat(high, 3)
    gymnasium_core.wrappers.RescaleObservation(
        gymnasium_core.make("Pendulum-v1"), obs_low, obs_high
    )


def test_rescale_action__float64_bound_arrays_warn_like_the_reference():
    env = gymnasium_core.make("Pendulum-v1")
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="precision"):
        gymnasium_core.wrappers.RescaleAction(env, np.zeros(1), np.ones(1))
