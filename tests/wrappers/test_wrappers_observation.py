"""Observation wrappers: parity with the reference, spaces, stateful resets and bad input."""

from __future__ import annotations

import copy

import cloudpickle
import gymnasium
import numpy as np
import pytest
from _wrapper_testenvs import (
    assert_equal_data,
    assert_same_rollout,
    assert_same_space,
    envs_for,
)

import gymnasium_core
import gymnasium_core.wrappers
from gymnasium_core import error


def both(build):
    """The same construction on our package and on the reference."""
    return (
        build(gymnasium_core, envs_for(gymnasium_core)),
        build(gymnasium, envs_for(gymnasium)),
    )


W = "wrappers"
BOX_ACTIONS = [np.array([0.3, -0.2], dtype=np.float32)] * 12
DISCRETE_ACTIONS = [0, 1, 2, 1, 0, 2, 2, 1, 0, 0]

# (test id, builder, actions)
PARITY_CASES = [
    (
        "Transform",
        lambda g, e: g.wrappers.TransformObservation(e.BoxEnv(), lambda o: o * 2, None),
        BOX_ACTIONS,
    ),
    ("Flatten-dict", lambda g, e: g.wrappers.FlattenObservation(e.DictEnv()), [0, 1, 0]),
    ("Flatten-tuple", lambda g, e: g.wrappers.FlattenObservation(e.TupleEnv()), [0, 1, 0]),
    ("Filter-dict", lambda g, e: g.wrappers.FilterObservation(e.DictEnv(), ["vel", "pos"]), [0, 1]),
    ("Filter-tuple", lambda g, e: g.wrappers.FilterObservation(e.TupleEnv(), [1]), [0, 1]),
    (
        "Reshape",
        lambda g, e: g.wrappers.ReshapeObservation(e.BoxEnv(shape=(2, 3)), (3, 2)),
        BOX_ACTIONS,
    ),
    (
        "Rescale",
        lambda g, e: g.wrappers.RescaleObservation(e.BoxEnv(), np.float32(0), np.float32(4)),
        BOX_ACTIONS,
    ),
    (
        "Rescale-array",
        lambda g, e: g.wrappers.RescaleObservation(
            e.BoxEnv(), np.array([0, -2, 1], np.float32), np.array([1, 2, 5], np.float32)
        ),
        BOX_ACTIONS,
    ),
    ("Dtype-box", lambda g, e: g.wrappers.DtypeObservation(e.BoxEnv(), np.float64), BOX_ACTIONS),
    (
        "Dtype-int",
        lambda g, e: g.wrappers.DtypeObservation(e.DiscreteEnv(), np.int32),
        DISCRETE_ACTIONS,
    ),
    ("Discretize", lambda g, e: g.wrappers.DiscretizeObservation(e.BoxEnv(), 4), BOX_ACTIONS),
    (
        "Discretize-multi",
        lambda g, e: g.wrappers.DiscretizeObservation(e.BoxEnv(), (2, 3, 4), multidiscrete=True),
        BOX_ACTIONS,
    ),
    (
        "AddRender-only",
        lambda g, e: g.wrappers.AddRenderObservation(e.BoxEnv(render_mode="rgb_array")),
        BOX_ACTIONS,
    ),
    (
        "AddRender-dict",
        lambda g, e: g.wrappers.AddRenderObservation(
            e.BoxEnv(render_mode="rgb_array"), render_only=False
        ),
        BOX_ACTIONS,
    ),
    ("Delay-0", lambda g, e: g.wrappers.DelayObservation(e.BoxEnv(), 0), BOX_ACTIONS),
    ("Delay-3", lambda g, e: g.wrappers.DelayObservation(e.BoxEnv(), 3), BOX_ACTIONS),
    ("Delay-dict", lambda g, e: g.wrappers.DelayObservation(e.DictEnv(), 2), [0, 1, 0, 1]),
    (
        "TimeAware",
        lambda g, e: g.wrappers.TimeAwareObservation(g.wrappers.TimeLimit(e.BoxEnv(), 5)),
        BOX_ACTIONS,
    ),
    (
        "TimeAware-norm-dict",
        lambda g, e: g.wrappers.TimeAwareObservation(
            g.wrappers.TimeLimit(e.BoxEnv(), 5), flatten=False, normalize_time=True
        ),
        BOX_ACTIONS,
    ),
    (
        "TimeAware-dictenv",
        lambda g, e: g.wrappers.TimeAwareObservation(
            g.wrappers.TimeLimit(e.DictEnv(), 4), flatten=False
        ),
        [0] * 6,
    ),
    (
        "TimeAware-tuple-flat",
        lambda g, e: g.wrappers.TimeAwareObservation(g.wrappers.TimeLimit(e.TupleEnv(), 4)),
        [0] * 6,
    ),
    ("FrameStack-reset", lambda g, e: g.wrappers.FrameStackObservation(e.BoxEnv(), 3), BOX_ACTIONS),
    (
        "FrameStack-zero",
        lambda g, e: g.wrappers.FrameStackObservation(e.BoxEnv(), 4, padding_type="zero"),
        BOX_ACTIONS,
    ),
    (
        "FrameStack-custom",
        lambda g, e: g.wrappers.FrameStackObservation(
            e.BoxEnv(), 2, padding_type=np.full(3, 0.5, np.float32)
        ),
        BOX_ACTIONS,
    ),
    ("FrameStack-dict", lambda g, e: g.wrappers.FrameStackObservation(e.DictEnv(), 2), [0, 1, 1]),
    ("Normalize", lambda g, e: g.wrappers.NormalizeObservation(e.BoxEnv()), BOX_ACTIONS),
    (
        "MaxAndSkip",
        lambda g, e: g.wrappers.MaxAndSkipObservation(e.BoxEnv(length=9), skip=3),
        BOX_ACTIONS,
    ),
    ("Grayscale", lambda g, e: g.wrappers.GrayscaleObservation(e.ImageEnv()), [0, 1, 1]),
    (
        "Grayscale-keepdim",
        lambda g, e: g.wrappers.GrayscaleObservation(e.ImageEnv(), keep_dim=True),
        [0, 1],
    ),
]


@pytest.mark.parametrize(
    "build,actions", [c[1:] for c in PARITY_CASES], ids=[c[0] for c in PARITY_CASES]
)
def test_observation_wrapper__matches_reference(build, actions):
    ours, ref = both(build)
    assert_same_space(ours.observation_space, ref.observation_space)
    assert_same_space(ours.action_space, ref.action_space)
    assert_same_rollout(ours, ref, actions, seed=3)
    assert_same_rollout(ours, ref, actions, seed=11)


@pytest.mark.parametrize(
    "build,actions", [c[1:] for c in PARITY_CASES], ids=[c[0] for c in PARITY_CASES]
)
def test_observation_wrapper__pickle_and_deepcopy_keep_state(build, actions):
    env = build(gymnasium_core, envs_for(gymnasium_core))
    env.reset(seed=5)
    env.step(actions[0])
    clones = [copy.deepcopy(env), cloudpickle.loads(cloudpickle.dumps(env))]
    expected = env.step(actions[1])
    for clone in clones:
        got = clone.step(actions[1])
        assert_equal_data(got[0], expected[0])
        assert_equal_data(got[4], expected[4])


def test_normalize_observation__statistics_and_freeze():
    ours, ref = both(lambda g, e: g.wrappers.NormalizeObservation(e.BoxEnv(length=100)))
    for env in (ours, ref):
        env.reset(seed=1)
        for _ in range(20):
            env.step(BOX_ACTIONS[0])
    np.testing.assert_array_equal(ours.obs_rms.mean, ref.obs_rms.mean)
    np.testing.assert_array_equal(ours.obs_rms.var, ref.obs_rms.var)
    assert ours.obs_rms.count == ref.obs_rms.count
    # Statistics survive reset; freezing stops updates.
    ours.reset()
    ours.update_running_mean = False
    count = ours.obs_rms.count
    ours.step(BOX_ACTIONS[0])
    assert ours.obs_rms.count == count
    assert ours.get_wrapper_attr("update_running_mean") is False


def test_frame_stack__returned_stacks_are_independent():
    env = gymnasium_core.wrappers.FrameStackObservation(envs_for(gymnasium_core).BoxEnv(), 2)
    first, _ = env.reset(seed=0)
    kept = first.copy()
    env.step(BOX_ACTIONS[0])
    np.testing.assert_array_equal(first, kept)


def test_time_aware__reads_limit_from_spec_or_time_limit():
    e = envs_for(gymnasium_core)
    w = gymnasium_core.wrappers
    env = w.TimeAwareObservation(w.TimeLimit(e.BoxEnv(), 7))
    assert env.max_timesteps == 7
    with pytest.raises(ValueError, match="episode limit"):
        w.TimeAwareObservation(e.BoxEnv())


def test_discretize_observation__revert_gives_cell_bounds():
    ours, ref = both(lambda g, e: g.wrappers.DiscretizeObservation(e.BoxEnv(), (2, 3, 4)))
    for index in (0, 5, 23):
        low_a, high_a = ours.revert_observation(index)
        low_b, high_b = ref.revert_observation(index)
        assert_equal_data(low_a, low_b)
        assert_equal_data(high_a, high_b)


@pytest.mark.parametrize(
    "build,exc,match",
    [
        (lambda w, e: w.FlattenObservation(_custom_space_env(e)), ValueError, "FlattenObservation"),
        (
            lambda w, e: w.FlattenObservation(_custom_space_env(e)),
            NotImplementedError,  # the reference's type
            "FlattenObservation",
        ),
        (lambda w, e: w.FilterObservation(e.DictEnv(), ["nope"]), ValueError, "nope"),
        (lambda w, e: w.FilterObservation(e.DictEnv(), [0]), TypeError, "str"),
        (lambda w, e: w.FilterObservation(e.TupleEnv(), [7]), ValueError, "out of range"),
        (lambda w, e: w.FilterObservation(e.TupleEnv(), [0, 0]), ValueError, "duplicate"),
        (lambda w, e: w.FilterObservation(e.BoxEnv(), [0]), ValueError, "Dict or Tuple"),
        (lambda w, e: w.FilterObservation(e.DictEnv(), []), ValueError, "empty"),
        (lambda w, e: w.FilterObservation(e.DictEnv(), 5), TypeError, "sequence of keys"),
        (lambda w, e: w.ReshapeObservation(e.BoxEnv(), (2, 2)), ValueError, "ReshapeObservation"),
        (lambda w, e: w.ReshapeObservation(e.DictEnv(), (2,)), TypeError, "Box"),
        (
            lambda w, e: w.RescaleObservation(e.BoxEnv(), np.float32(1), np.float32(0)),
            ValueError,
            "RescaleObservation",
        ),
        (lambda w, e: w.DtypeObservation(e.DictEnv(), np.float32), TypeError, "DtypeObservation"),
        (lambda w, e: w.DiscretizeObservation(e.DictEnv(), 3), TypeError, "Box"),
        (lambda w, e: w.DiscretizeObservation(e.BoxEnv(), (2, 2)), ValueError, "bins"),
        (lambda w, e: w.AddRenderObservation(e.BoxEnv()), ValueError, "render_mode"),
        (
            lambda w, e: w.AddRenderObservation(e.BoxEnv(render_mode="ansi")),
            TypeError,
            "numpy array",
        ),
        (lambda w, e: w.DelayObservation(e.BoxEnv(), -1), ValueError, "delay"),
        (lambda w, e: w.DelayObservation(e.BoxEnv(), 1.5), TypeError, "delay"),
        (lambda w, e: w.FrameStackObservation(e.BoxEnv(), 0), ValueError, "stack_size"),
        (
            lambda w, e: w.FrameStackObservation(e.BoxEnv(), 2, padding_type="bad"),
            ValueError,
            "padding_type",
        ),
        (lambda w, e: w.NormalizeObservation(e.BoxEnv(), epsilon=0), error.InvalidBound, "epsilon"),
        (lambda w, e: w.MaxAndSkipObservation(e.BoxEnv(), skip=1), ValueError, "skip"),
        (lambda w, e: w.GrayscaleObservation(e.BoxEnv()), ValueError, "GrayscaleObservation"),
        (lambda w, e: w.GrayscaleObservation(e.ImageEnv(shape=(4, 4, 4))), ValueError, "3"),
        (lambda w, e: w.ResizeObservation(e.BoxEnv(), (2, 2)), ValueError, "ResizeObservation"),
        (lambda w, e: w.ResizeObservation(e.DictEnv(), (2, 2)), TypeError, "ResizeObservation"),
        (lambda w, e: w.ResizeObservation(e.ImageEnv(), [2, 2]), TypeError, "tuple"),
        (lambda w, e: w.ResizeObservation(e.ImageEnv(), (0, 2)), ValueError, "positive"),
    ],
)
def test_observation_wrapper__bad_input_is_a_clear_error(build, exc, match):
    with pytest.raises(exc, match=match):
        build(gymnasium_core.wrappers, envs_for(gymnasium_core))


def test_transform_observation__spec_lists_wrapper_kwargs():
    e = envs_for(gymnasium_core)
    env = gymnasium_core.wrappers.ReshapeObservation(e.BoxEnv(shape=(2, 3)), (6,))
    assert env._saved_kwargs == {"shape": (6,)}
    assert type(env).__module__ == "gymnasium_core.wrappers.transform_observation"
    assert env.get_wrapper_attr("shape") == (6,)


def _letters_env(gym):
    class LettersEnv(gym.Env):
        observation_space = gym.spaces.Dict(
            {name: gym.spaces.Discrete(3) for name in ("a", "b", "c")}
        )
        action_space = gym.spaces.Discrete(2)

    return LettersEnv()


@pytest.mark.filterwarnings("ignore:.*is a string:gymnasium_core.logger.GymnasiumCoreWarning")
@pytest.mark.parametrize("keys", ["pos", "ab", "az"])
def test_filter_observation__string_keys_behave_as_the_reference(keys):
    """A string is a sequence of one-character keys in the reference: same result, a warning."""
    outcomes = []
    for gym in (gymnasium_core, gymnasium):
        env = _letters_env(gym)
        try:
            outcomes.append(str(gym.wrappers.FilterObservation(env, keys).observation_space))
        except Exception as exc:  # the exception type is what is compared
            outcomes.append(type(exc))
        if gym is gymnasium_core:
            assert outcomes[0] is not TypeError
    assert outcomes[0] == outcomes[1]


def test_filter_observation__string_keys_warn():
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="string"):
        gymnasium_core.wrappers.FilterObservation(_letters_env(gymnasium_core), "ab")


def _custom_space_env(e):
    env = e.BoxEnv()
    env.observation_space = type("Custom", (gymnasium_core.spaces.Space,), {})()
    return env


def test_flatten_observation__graph_space_builds_with_a_warning_as_the_reference():
    outcomes = []
    for gym in (gymnasium_core, gymnasium):

        class GraphEnv(gym.Env):
            observation_space = gym.spaces.Graph(gym.spaces.Box(0.0, 1.0, (2,)), None)
            action_space = gym.spaces.Discrete(2)

            def reset(self, *, seed=None, options=None):
                super().reset(seed=seed)
                self.observation_space.seed(seed)
                return self.observation_space.sample(), {}

        if gym is gymnasium_core:
            with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="not to a Box"):
                env = gym.wrappers.FlattenObservation(GraphEnv())
        else:
            env = gym.wrappers.FlattenObservation(GraphEnv())
        obs, _ = env.reset(seed=3)
        outcomes.append((str(env.observation_space), obs.nodes.copy()))
    assert outcomes[0][0] == outcomes[1][0]
    np.testing.assert_array_equal(outcomes[0][1], outcomes[1][1])
