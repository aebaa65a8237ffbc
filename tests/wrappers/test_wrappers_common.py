"""TimeLimit, Autoreset, OrderEnforcing, PassiveEnvChecker and RecordEpisodeStatistics."""

from __future__ import annotations

import copy

import cloudpickle
import gymnasium
import numpy as np
import pytest
from _wrapper_testenvs import assert_same_rollout, envs_for

import gymnasium_core
import gymnasium_core.wrappers
from gymnasium_core import error


def both(build):
    return (
        build(gymnasium_core, envs_for(gymnasium_core)),
        build(gymnasium, envs_for(gymnasium)),
    )


ACTIONS = [np.array([0.1, 0.2], dtype=np.float32)] * 20

PARITY_CASES = [
    ("TimeLimit", lambda g, e: g.wrappers.TimeLimit(e.BoxEnv(length=50), 4)),
    ("Autoreset", lambda g, e: g.wrappers.Autoreset(g.wrappers.TimeLimit(e.BoxEnv(length=5), 3))),
    ("OrderEnforcing", lambda g, e: g.wrappers.OrderEnforcing(e.BoxEnv())),
    ("PassiveEnvChecker", lambda g, e: g.wrappers.PassiveEnvChecker(e.BoxEnv())),
    (
        "RecordEpisodeStatistics",
        lambda g, e: g.wrappers.RecordEpisodeStatistics(e.BoxEnv(length=3)),
    ),
]


@pytest.mark.parametrize("build", [c[1] for c in PARITY_CASES], ids=[c[0] for c in PARITY_CASES])
def test_common_wrapper__matches_reference(build):
    ours, ref = both(build)
    # The episode time "t" is wall-clock and cannot match.
    assert_same_rollout(ours, ref, ACTIONS, seed=4, ignore_info_keys=("episode",))


def test_time_limit__truncates_at_limit_and_counts_from_reset():
    env = gymnasium_core.wrappers.TimeLimit(envs_for(gymnasium_core).BoxEnv(length=50), 3)
    env.reset(seed=0)
    flags = [env.step(ACTIONS[0])[3] for _ in range(3)]
    assert flags == [False, False, True]
    env.reset()
    assert env.step(ACTIONS[0])[3] is False


def test_time_limit__bad_limit():
    e = envs_for(gymnasium_core)
    with pytest.raises(TypeError, match="int"):
        gymnasium_core.wrappers.TimeLimit(e.BoxEnv(), 2.5)
    with pytest.raises(ValueError, match="positive"):
        gymnasium_core.wrappers.TimeLimit(e.BoxEnv(), 0)


def test_autoreset__next_step_reset():
    w = gymnasium_core.wrappers
    env = w.Autoreset(w.TimeLimit(envs_for(gymnasium_core).BoxEnv(length=50), 2))
    env.reset(seed=0)
    env.step(ACTIONS[0])
    assert env.step(ACTIONS[0])[3] is True
    _obs, reward, terminated, truncated, info = env.step(ACTIONS[0])
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert info == {"t": 0}


def test_order_enforcing__step_and_render_before_reset():
    e = envs_for(gymnasium_core)
    env = gymnasium_core.wrappers.OrderEnforcing(e.BoxEnv(render_mode="rgb_array"))
    assert not env.has_reset
    with pytest.raises(error.ResetNeeded):
        env.step(ACTIONS[0])
    with pytest.raises(error.ResetNeeded, match="disable_render_order_enforcing"):
        env.render()
    env.reset(seed=0)
    assert env.has_reset and env.render().shape == (16, 24, 3)
    lenient = gymnasium_core.wrappers.OrderEnforcing(
        e.BoxEnv(render_mode="rgb_array"), disable_render_order_enforcing=True
    )
    assert lenient.render() is not None


def test_passive_env_checker__rejects_non_env_and_checks_once():
    with pytest.raises(TypeError):
        gymnasium_core.wrappers.PassiveEnvChecker(object())
    env = gymnasium_core.wrappers.PassiveEnvChecker(envs_for(gymnasium_core).BoxEnv())
    env.reset(seed=0)
    env.step(ACTIONS[0])
    env.step(ACTIONS[0])
    assert env.checked_reset and env.checked_step and env.checked_data_reuse
    env.close()
    env.close()


def test_passive_env_checker__warns_on_reused_observation():
    class Reusing(envs_for(gymnasium_core).BoxEnv):
        buffer = np.zeros(3, dtype=np.float32)

        def step(self, action):
            obs, *rest = super().step(action)
            self.buffer[:] = obs
            return self.buffer, *rest

        def reset(self, *, seed=None, options=None):
            obs, _ = super().reset(seed=seed)
            self.buffer[:] = obs
            return self.buffer, {}

    env = gymnasium_core.wrappers.PassiveEnvChecker(Reusing())
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="share"):
        env.step(ACTIONS[0])


def test_record_episode_statistics__info_and_queues():
    ours, ref = both(
        lambda g, e: g.wrappers.RecordEpisodeStatistics(e.BoxEnv(length=3), buffer_length=2)
    )
    for env in (ours, ref):
        env.reset(seed=1)
        for _ in range(3):
            env.reset()
            for _ in range(3):
                *_, info = env.step(ACTIONS[0])
    assert list(ours.return_queue) == list(ref.return_queue)
    assert list(ours.length_queue) == list(ref.length_queue) == [3, 3]
    assert ours.episode_count == ref.episode_count == 3
    assert set(info["episode"]) == {"r", "l", "t"} and info["episode"]["t"] >= 0


def test_record_episode_statistics__custom_key_and_clash():
    e = envs_for(gymnasium_core)
    env = gymnasium_core.wrappers.RecordEpisodeStatistics(e.BoxEnv(length=1), stats_key="t")
    env.reset(seed=0)
    with pytest.raises(ValueError, match="stats_key"):
        env.step(ACTIONS[0])


@pytest.mark.parametrize("build", [c[1] for c in PARITY_CASES], ids=[c[0] for c in PARITY_CASES])
def test_common_wrapper__deepcopy_and_pickle(build):
    env = build(gymnasium_core, envs_for(gymnasium_core))
    env.reset(seed=2)
    env.step(ACTIONS[0])
    clones = [copy.deepcopy(env), cloudpickle.loads(cloudpickle.dumps(env))]
    expected = env.step(ACTIONS[1])
    for clone in clones:
        got = clone.step(ACTIONS[1])
        np.testing.assert_array_equal(got[0], expected[0])
        assert got[1:4] == expected[1:4]


@pytest.fixture
def box_id():
    """A test id registered in both registries for one test (other tests walk the registry)."""
    env_id = "WrapperTestBox-v0"
    for gym in (gymnasium_core, gymnasium):
        gym.register(env_id, entry_point=envs_for(gym).BoxEnv, max_episode_steps=5)
    yield env_id
    for gym in (gymnasium_core, gymnasium):
        gym.registry.pop(env_id, None)


def test_make__spec_records_common_wrappers_like_reference(box_id):
    ours = gymnasium_core.make(box_id)
    ref = gymnasium.make(box_id)
    assert str(ours) == str(ref).replace("RefBoxEnv", "OursBoxEnv")
    for field in ("max_episode_steps", "order_enforce", "disable_env_checker"):
        assert getattr(ours.spec, field) == getattr(ref.spec, field)
    w = gymnasium_core.wrappers
    limited = w.TimeLimit(ours, 2)
    assert limited.spec.max_episode_steps == 2
    stats = w.RecordEpisodeStatistics(limited, buffer_length=7)
    (extra,) = stats.spec.additional_wrappers
    assert extra.name == "RecordEpisodeStatistics"
    assert extra.entry_point == "gymnasium_core.wrappers.common:RecordEpisodeStatistics"
    assert extra.kwargs == {"buffer_length": 7, "stats_key": "episode"}
    assert stats.get_wrapper_attr("_max_episode_steps") == 2
    assert stats.np_random_seed == ours.unwrapped.np_random_seed
