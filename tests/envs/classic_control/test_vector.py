"""Numpy-batched envs: exact vs the reference CartPoleVectorEnv, and vs our stateful envs."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium_core.envs.classic_control import cartpole

import gymnasium_core
from gymnasium_core.testing import parity
from gymnasium_core.testing.compare import assert_same

gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")
from gymnasium.envs.classic_control.cartpole import (  # noqa: E402
    CartPoleVectorEnv as RefCartPoleVectorEnv,
)

_FAMILY = "gymnasium_core.envs.classic_control"
# Our ids with a numpy vector env, and those whose reference has one too (to compare with).
VECTOR_IDS = parity.registered_ids(_FAMILY, where=lambda spec: spec.vector_entry_point is not None)
REFERENCE_VECTOR_IDS = parity.shared_ids(
    "gymnasium.envs.classic_control", where=lambda spec: spec.vector_entry_point is not None
)


def _make_vec(env_id: str, num_envs: int, **kwargs: Any) -> Any:
    return gymnasium_core.make_vec(
        env_id, num_envs, vectorization_mode="vector_entry_point", **kwargs
    )


@pytest.mark.parametrize(("num_envs", "sutton_barto"), [(8, False), (5, True)])
@pytest.mark.parametrize("env_id", REFERENCE_VECTOR_IDS)
def test_vector__matches_reference_vector_env_exactly(
    env_id: str, num_envs: int, sutton_barto: bool
) -> None:
    kwargs = {"max_episode_steps": 60, "sutton_barto_reward": sutton_barto}
    ours, ref = parity.make_vec_pair(
        env_id, num_envs, vectorization_mode="vector_entry_point", **kwargs
    )
    assert type(ours).__name__ == type(ref).__name__
    obs, _ = ours.reset(seed=3)
    r_obs, _ = ref.reset(seed=3)
    assert_same(obs, r_obs)
    actions = np.random.default_rng(0)
    dones = 0
    for step in range(250):
        action = actions.integers(0, 2, num_envs)
        out, r_out = ours.step(action), ref.step(action)
        assert_same(out[0], r_out[0], where=f"step {step}: obs")
        assert_same(out[2:4], r_out[2:4], where=f"step {step}: terminated, truncated")
        if sutton_barto:  # the exact reward is test_vector__sutton_barto_reward_is_bit_exact
            assert out[1].dtype == r_out[1].dtype and np.array_equal(out[1], r_out[1])
        else:
            assert_same(out[1], r_out[1], where=f"step {step}: reward")
        dones += int(np.sum(out[2] | out[3]))
    assert dones > num_envs  # autoresets and truncations were exercised


@pytest.mark.parametrize("env_id", REFERENCE_VECTOR_IDS)
def test_vector__sutton_barto_reward_is_bit_exact(env_id: str) -> None:
    # The reference's vector env pays -0.0 on the steps that go on, -1.0 on failure and +0.0
    # on the autoreset step: all three, sign included, over episodes that end.
    ours, ref = parity.make_vec_pair(
        env_id, 4, vectorization_mode="vector_entry_point", sutton_barto_reward=True
    )
    ours.reset(seed=0)
    ref.reset(seed=0)
    action = np.zeros(4, dtype=np.int64)
    seen: set[bytes] = set()
    for step in range(60):
        reward, ref_reward = ours.step(action)[1], ref.step(action)[1]
        assert_same(reward, ref_reward, where=f"step {step}: reward")
        seen.update(np.float32(value).tobytes() for value in reward)
    signed = {np.float32(v).tobytes() for v in (-0.0, -1.0, 0.0)}
    assert signed <= seen


def test_cartpole_vector__reset_options_match_reference() -> None:
    ours, ref = cartpole.CartPoleVectorEnv(4), RefCartPoleVectorEnv(4)
    options = {"low": -0.3, "high": 0.3}
    obs, _ = ours.reset(seed=9, options=options)
    r_obs, _ = ref.reset(seed=9, options=options)
    assert np.array_equal(obs, r_obs)
    for _ in range(40):
        a = np.ones(4, dtype=np.int64)
        assert np.array_equal(ours.step(a)[0], ref.step(a)[0])


def _stateful_with_state(env_id: str, state: Any) -> Any:
    env = gymnasium_core.make(env_id, disable_env_checker=True).unwrapped
    env.reset(seed=0)
    if isinstance(state, np.ndarray):  # a column of CartPole's (4, num_envs) state array
        env.state = state.astype(np.float64)
    else:
        env.state = type(state)(*(np.float64(v) for v in state))
    return env


@pytest.mark.parametrize("env_id", VECTOR_IDS)
def test_vector__sub_envs_follow_the_stateful_env(env_id: str) -> None:
    num_envs = 6
    vec = _make_vec(env_id, num_envs)
    obs, _ = vec.reset(seed=5)
    singles = []
    for i in range(num_envs):
        if isinstance(vec.state, np.ndarray):
            row = vec.state[:, i]
        else:
            row = type(vec.state)(*(np.asarray(v)[i] for v in vec.state))
        singles.append(_stateful_with_state(env_id, row))
    vec.action_space.seed(5)
    alive = np.ones(num_envs, dtype=bool)
    for _ in range(120):
        actions = vec.action_space.sample()
        obs, reward, terminated, truncated, _ = vec.step(actions)
        for i in np.flatnonzero(alive):
            s_obs, s_reward, s_term, _, _ = singles[i].step(actions[i])
            # Bit-exact: the batched float64 arithmetic repeats the scalar path's operations.
            assert obs[i].tobytes() == s_obs.tobytes(), (env_id, i, obs[i], s_obs)
            assert reward[i] == np.float32(s_reward) or reward[i] == s_reward
            assert terminated[i] == s_term
        alive &= ~(terminated | truncated)
        if not alive.any():
            break


@pytest.mark.parametrize("env_id", VECTOR_IDS)
def test_vector__make_vec_vector_entry_point_gives_ours(env_id: str) -> None:
    vec = _make_vec(env_id, 3)
    obs, _ = vec.reset(seed=0)
    assert obs.shape == (3, *vec.single_observation_space.shape)
    assert obs.dtype == np.float32
    out = vec.step(vec.action_space.sample())
    assert out[1].shape == (3,) and out[2].dtype == np.bool_
    vec.close()


def test_vector__same_step_autoreset_reports_final_obs() -> None:
    vec = cartpole.CartPoleVectorEnv(3, max_episode_steps=4, autoreset_mode="SameStep")
    vec.reset(seed=0)
    for _ in range(4):
        obs, _, _, truncated, info = vec.step(np.zeros(3, dtype=np.int64))
    assert truncated.all()
    assert info["_final_obs"].all()
    assert not np.array_equal(np.stack(info["final_obs"]), obs)


def test_cartpole_vector__default_truncation_matches_reference() -> None:
    ours, ref = cartpole.CartPoleVectorEnv(2), RefCartPoleVectorEnv(2)
    ours.reset(seed=0, options={"low": 0.0, "high": 0.0})
    ref.reset(seed=0, options={"low": 0.0, "high": 0.0})
    # Alternating pushes keep an upright pole balanced long enough to hit the time limit.
    for t in range(501):
        action = np.full(2, t % 2)
        out, r_out = ours.step(action), ref.step(action)
        assert np.array_equal(out[3], r_out[3]), t
        assert np.array_equal(out[2], r_out[2]), t
    assert ours.max_episode_steps == ref.max_episode_steps == 500
