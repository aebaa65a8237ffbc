"""Every probe gives the same trajectories on every backend: stateful, numpy-batched and JAX.

A probe draws once an episode (its random sign, in ``initial``) and steps deterministically.
The stateful env and the numpy vector env draw from the same generator in the same order, so
the same seed and actions give the same trajectories. JAX draws from its own keys: its
episodes are replayed on the stateful env from the same first state (injected), and must agree
exactly. Each function is also compared directly across the three namespaces, over every
state a probe can reach.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from gymnasium_core.envs.probe import ProbeState

import gymnasium_core as gym
from gymnasium_core.functional import backends
from gymnasium_core.testing.probes import probe_ids

jax = pytest.importorskip("jax")
jnp = jax.numpy

PROBE_IDS = probe_ids()
NUM_ENVS = 4
NUM_STEPS = 40


def _actions(space: Any, count: int, seed: int) -> list[Any]:
    space.seed(seed)
    return [space.sample() for _ in range(count)]


def _first_state(func_env: Any, obs: Any) -> ProbeState:
    """The state an episode starts in, read back from its first observation."""
    cue = int(np.sign(np.asarray(obs).ravel()[0])) if func_env.draws_cue else 1
    return ProbeState(0, cue, 0)


def _limit(env_id: str) -> int | None:
    return gym.spec(env_id).max_episode_steps


@pytest.mark.parametrize("env_id", PROBE_IDS)
def test_stateful_and_numpy_vector__same_seed_same_trajectory(env_id: str) -> None:
    env = gym.make(env_id)
    vec = gym.make_vec(env_id, 1, vectorization_mode="vector_entry_point")
    actions = _actions(env.action_space, NUM_STEPS, seed=3)
    obs, _ = env.reset(seed=11)
    vec_obs, _ = vec.reset(seed=11)
    episodes = 0
    for step, action in enumerate(actions):
        np.testing.assert_array_equal(vec_obs[0], obs, err_msg=f"{env_id} step {step}")
        obs, reward, terminated, truncated, _ = env.step(action)
        vec_obs, vec_reward, vec_term, vec_trunc, _ = vec.step(np.asarray([action]))
        assert (float(vec_reward[0]), bool(vec_term[0]), bool(vec_trunc[0])) == (
            reward,
            terminated,
            truncated,
        ), f"{env_id} step {step}"
        np.testing.assert_array_equal(vec_obs[0], obs)
        if terminated or truncated:
            episodes += 1
            obs, _ = env.reset()
            vec_obs, *_ = vec.step(np.asarray([action]))  # the next-step autoreset step
    assert episodes > 0
    env.close()
    vec.close()


def _replay(env: Any, episodes: list[list[tuple[Any, ...]]], where: str) -> None:
    """Play each recorded episode on the stateful ``env`` from its first state and compare.

    Each step is ``(obs, action, reward, terminated, truncated, next_obs)``.
    """
    base = env.unwrapped
    for number, episode in enumerate(episodes):
        env.reset(seed=number)
        base.state = _first_state(base.func_env, episode[0][0])
        for index, (_obs, action, reward, terminated, truncated, next_obs) in enumerate(episode):
            got = env.step(np.asarray(action))
            at = f"{where}, episode {number} step {index}"
            np.testing.assert_array_equal(np.asarray(next_obs), got[0], err_msg=at)
            assert (float(reward), bool(terminated), bool(truncated)) == got[1:4], at


@pytest.mark.parametrize("env_id", PROBE_IDS)
def test_jax_vector__episodes_replay_exactly_on_the_stateful_env(env_id: str) -> None:
    vec = gym.make_vec(env_id, NUM_ENVS, vectorization_mode="jax")
    obs, _ = vec.reset(seed=5)
    obs = np.asarray(obs)
    actions = _actions(vec.action_space, NUM_STEPS, seed=5)
    episodes: list[list[list[tuple[Any, ...]]]] = [[[]] for _ in range(NUM_ENVS)]
    restarting = np.zeros(NUM_ENVS, dtype=bool)
    for batch in actions:
        out = [np.asarray(x) for x in vec.step(batch)[:4]]
        for i in range(NUM_ENVS):
            if restarting[i]:  # the next-step autoreset step: a new episode starts at out[0]
                episodes[i].append([])
                continue
            episodes[i][-1].append((obs[i], batch[i], out[1][i], out[2][i], out[3][i], out[0][i]))
        restarting = out[2] | out[3]
        obs = out[0]
    vec.close()
    flat = [e for per_env in episodes for e in per_env if e]
    assert len(flat) > NUM_ENVS
    env = gym.make(env_id)
    _replay(env, flat, f"{env_id} (JAX vector env)")
    env.close()


def _rollout_policy(space: Any) -> Any:
    if hasattr(space, "n"):
        return lambda obs, key: jax.random.randint(key, (obs.shape[0],), 0, int(space.n))
    return lambda obs, key: jax.random.uniform(key, (obs.shape[0], 1), minval=-2.5, maxval=2.5)


@pytest.mark.parametrize("env_id", PROBE_IDS)
def test_jax_rollout__episodes_replay_exactly_on_the_stateful_env(env_id: str) -> None:
    from gymnasium_core.functional import rollout

    vec = gym.make_vec(env_id, NUM_ENVS, vectorization_mode="jax")
    policy = _rollout_policy(vec.single_action_space)
    traj = rollout(
        vec,
        policy,
        jax.random.PRNGKey(2),
        NUM_STEPS,
        NUM_ENVS,
        max_episode_steps=_limit(env_id) or 0,
    )
    vec.close()
    parts = [np.asarray(x) for x in traj]
    obs, action, reward, terminated, truncated, next_obs = parts
    flat = []
    for i in range(NUM_ENVS):
        episode: list[tuple[Any, ...]] = []
        for t in range(NUM_STEPS):
            episode.append(
                (
                    obs[t, i],
                    action[t, i],
                    reward[t, i],
                    terminated[t, i],
                    truncated[t, i],
                    next_obs[t, i],
                )
            )
            if terminated[t, i] or truncated[t, i]:
                flat.append(episode)
                episode = []
    assert flat
    env = gym.make(env_id)
    _replay(env, flat, f"{env_id} (rollout)")
    env.close()


def _reachable(func_env: Any) -> list[ProbeState]:
    phases = range(max(func_env.length, 1) + 1)
    return [ProbeState(p, c, a) for p, c, a in itertools.product(phases, (1, -1), (0, 1))]


def _some_actions(space: Any) -> list[Any]:
    if hasattr(space, "n"):
        return list(range(int(space.n)))
    return [
        np.array([a], dtype=np.float32) for a in (-3.0, -2.0, -0.7, 0.0, 1.0, 1.5, 1.9, 2.0, 7.0)
    ]


@pytest.mark.parametrize("env_id", PROBE_IDS)
def test_functions__equal_on_scalars_numpy_batches_and_jax(env_id: str) -> None:
    func_env: Any = gym.make(env_id).unwrapped.func_env  # type: ignore[attr-defined]
    states, actions = zip(
        *itertools.product(_reachable(func_env), _some_actions(func_env.action_space)),
        strict=True,
    )
    params = func_env.get_default_params()
    pargs = () if params is None else (params,)

    def one(f: Any, state: Any, action: Any) -> tuple[Any, ...]:
        nxt = f.transition(state, action, None, *pargs)
        return (
            f.observation(nxt, None, *pargs),
            f.reward(state, action, nxt, None, *pargs),
            f.terminal(nxt, None, *pargs),
            nxt.first_action,
        )

    scalar = func_env.with_xp(backends.scalar)
    expected = [one(scalar, s, a) for s, a in zip(states, actions, strict=True)]
    batch = ProbeState(*(np.array(field, dtype=np.int32) for field in zip(*states, strict=True)))
    stacked = np.stack([np.asarray(a) for a in actions])
    on_numpy = one(func_env.with_xp(np), batch, stacked)
    jax_env = func_env.with_xp(jnp)
    on_jax = jax.jit(jax.vmap(lambda s, a: one(jax_env, s, a)))(
        ProbeState(*(jnp.asarray(f) for f in batch)), jnp.asarray(stacked)
    )
    for index, want in enumerate(expected):
        for part, w, n, j in zip(
            ("obs", "reward", "terminal", "first_action"), want, on_numpy, on_jax, strict=True
        ):
            where = f"{env_id} {part}, state {states[index]}, action {actions[index]}"
            assert np.asarray(n)[index].tolist() == np.asarray(w).tolist(), where
            assert np.asarray(j)[index].tolist() == np.asarray(w).tolist(), where
    assert np.asarray(on_numpy[1]).dtype == np.asarray(on_jax[1]).dtype == np.float32
    assert np.asarray(on_numpy[0]).dtype == np.asarray(on_jax[0]).dtype == np.float32


@pytest.mark.parametrize(
    "env_id",
    [i for i in PROBE_IDS if gym.make(i).unwrapped.func_env.draws_cue],  # type: ignore[attr-defined]
)
def test_random_sign__both_signs_on_every_backend(env_id: str) -> None:
    signs = {}
    for mode in ("vector_entry_point", "jax"):
        vec = gym.make_vec(env_id, 64, vectorization_mode=mode)
        obs, _ = vec.reset(seed=0)
        signs[mode] = np.asarray(obs)[:, 0]
        vec.close()
    for mode, drawn in signs.items():
        assert set(drawn.tolist()) == {-1.0, 1.0}, mode
        assert 16 < (drawn > 0).sum() < 48, mode


def test_memory__the_blank_pays_the_cue_on_every_backend() -> None:
    """Every episode of the memory probe: the cue, then a blank that pays it, then the end."""
    for mode in ("vector_entry_point", "jax"):
        vec = gym.make_vec(
            "probe/Memory-v0", 16, vectorization_mode=mode, autoreset_mode="SameStep"
        )
        cue, _ = vec.reset(seed=1)
        for _ in range(6):
            blank, first_reward, first_end, *_ = vec.step(np.zeros(16, dtype=int))
            cue_next, reward, terminated, *_ = vec.step(np.zeros(16, dtype=int))
            np.testing.assert_array_equal(np.asarray(blank), 0.0, err_msg=mode)
            np.testing.assert_array_equal(np.asarray(first_reward), 0.0, err_msg=mode)
            assert not np.asarray(first_end).any() and np.asarray(terminated).all(), mode
            np.testing.assert_array_equal(np.asarray(reward), np.asarray(cue)[:, 0], err_msg=mode)
            cue = cue_next
        vec.close()
