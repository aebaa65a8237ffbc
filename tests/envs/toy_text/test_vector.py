"""Toy-text vector and JAX backends: outputs in their spaces, the single env's steps, the rules.

Observations stay in their declared spaces on every backend and autoreset mode: random seeded
rollouts, including runs that keep stepping a finished episode (autoreset
disabled and no reset), which is where a Blackjack hand used to grow past the space's bounds.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium_core.envs.toy_text.blackjack import BlackjackFunctional
from gymnasium_core.envs.toy_text.frozen_lake import FrozenLakeFunctional
from gymnasium_core.envs.toy_text.taxi import TaxiFunctional

import gymnasium_core as gym
from gymnasium_core.testing import parity

STATEFUL_IDS = parity.registered_ids("gymnasium_core.envs.toy_text")
TABULAR_IDS = parity.registered_ids(where=lambda spec: spec.namespace == "tabular")
# The stateful ids whose ``make_vec(..., vectorization_mode="jax")`` is a tabular JAX vector env.
JAX_VECTOR_IDS = parity.registered_ids(
    "gymnasium_core.envs.toy_text",
    where=lambda spec: str(spec.jax_vector_entry_point).startswith("gymnasium_core.envs.tabular."),
)
MODES = ["NextStep", "SameStep", "Disabled"]
NUM_ENVS = 32
NUM_STEPS = 40


def _rows(obs: Any, num_envs: int) -> list[Any]:
    """One observation per sub-env (a batched Tuple space gives a tuple of arrays)."""
    if isinstance(obs, tuple):
        return [tuple(np.asarray(part)[i] for part in obs) for i in range(num_envs)]
    return list(np.asarray(obs))


def _assert_batch_in_space(envs: Any, obs: Any, where: str) -> None:
    if envs.observation_space.contains(obs if isinstance(obs, tuple) else np.asarray(obs)):
        return
    rows = _rows(obs, envs.num_envs)
    bad = [i for i, row in enumerate(rows) if not envs.single_observation_space.contains(row)]
    shown = [np.asarray(rows[i]).tolist() for i in bad[:3]]
    raise AssertionError(f"{where}: observations {shown} of sub-envs {bad[:3]} out of space")


def _random_rollout(envs: Any, seed: int) -> None:
    envs.action_space.seed(seed)
    obs, _ = envs.reset(seed=seed)
    _assert_batch_in_space(envs, obs, "reset")
    for t in range(NUM_STEPS):
        obs, reward, _, _, _ = envs.step(envs.action_space.sample())
        _assert_batch_in_space(envs, obs, f"step {t}")
        assert np.asarray(reward).shape == (envs.num_envs,)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("env_id", STATEFUL_IDS)
def test_numpy_vector__random_rollouts_stay_in_space(env_id: str, mode: str) -> None:
    envs = gym.make_vec(
        env_id, NUM_ENVS, vectorization_mode="vector_entry_point", autoreset_mode=mode
    )
    for seed in (0, 1, 2):
        _random_rollout(envs, seed)
    envs.close()


# Autoreset off (the sub-envs run past their ends) is the demanding case and runs by default;
# the other modes cost a JAX compile each for the same checks, so they are in the slow tier.
JAX_CASES = [
    pytest.param(env_id, mode, marks=() if mode == "Disabled" else pytest.mark.slow)
    for env_id in TABULAR_IDS
    for mode in MODES
]


@pytest.mark.parametrize(("env_id", "mode"), JAX_CASES)
def test_tabular_jax_vector__random_rollouts_stay_in_space(env_id: str, mode: str) -> None:
    pytest.importorskip("jax")
    envs = gym.make_vec(env_id, NUM_ENVS, autoreset_mode=mode, vectorization_mode="jax")
    for seed in (0, 1):
        _random_rollout(envs, seed)
    envs.close()


@pytest.mark.parametrize("env_id", TABULAR_IDS)
def test_tabular_jax_env__steps_past_the_end_stay_in_space(env_id: str) -> None:
    pytest.importorskip("jax")
    env = gym.make(env_id)
    for seed in range(5):
        env.action_space.seed(seed)
        obs, _ = env.reset(seed=seed)
        assert env.observation_space.contains(np.asarray(obs))
        # Keep going after the episode ends: Gymnasium leaves this undefined; ours stays put.
        for _ in range(12):
            obs, _, _, _, _ = env.step(env.action_space.sample())
            assert env.observation_space.contains(np.asarray(obs)), (seed, obs)
    env.close()


def test_tabular_blackjack__rollout_helper_without_autoreset_stays_in_space() -> None:
    jax = pytest.importorskip("jax")
    from gymnasium_core.functional import rollout

    env = gym.make("tabular/Blackjack-v0").unwrapped

    def always_hit(obs: Any, key: Any) -> Any:
        return jax.numpy.ones(obs.shape[0], dtype=jax.numpy.int32)

    trajectory = rollout(env, always_hit, jax.random.PRNGKey(0), 16, 64, autoreset_mode="Disabled")
    obs = np.asarray(trajectory.next_observation).reshape(-1, 3)
    space = env.observation_space
    assert all(space.contains(row.astype(np.int32)) for row in obs)
    # A busted hand stays over 21 and keeps its outcome; later steps pay nothing.
    assert (obs[:, 0] <= 31).all()
    reward = np.asarray(trajectory.reward)
    terminated = np.asarray(trajectory.terminated)
    first_end = terminated.argmax(axis=0)
    for env_index in range(64):
        assert reward[first_end[env_index] + 1 :, env_index].tolist() == [0.0] * (
            15 - first_end[env_index]
        )


def test_blackjack_functional__finished_game_is_absorbing_on_arrays() -> None:
    func = BlackjackFunctional()
    rng = np.random.default_rng(0)
    # The array path, on one game: the Python hands of the scalar path, padded into arrays.
    state = func.initial(np.random.default_rng(1))
    params = func.get_default_params()
    array_state = _as_arrays(state, func)
    for _ in range(30):
        next_state = func.transition(array_state, np.ones((), dtype=np.int64), rng, params)
        if bool(array_state.terminated):
            for before, after in zip(array_state[:6], next_state[:6]):
                np.testing.assert_array_equal(before, after)
            assert float(next_state.reward) == 0.0
            assert bool(next_state.terminated)
        array_state = next_state
    assert bool(array_state.terminated)
    total = int(np.asarray(func.observation(array_state)[0]))
    assert 22 <= total <= 31


def _as_arrays(state: Any, func: BlackjackFunctional) -> Any:
    def pad(hand: list[int]) -> np.ndarray:
        out = np.zeros(21, dtype=np.int64)
        out[: len(hand)] = hand
        return out

    return func._typed(
        state._replace(
            player=pad(state.player),
            dealer=pad(state.dealer),
            player_count=len(state.player),
            dealer_count=len(state.dealer),
        )
    )


class _ScriptedDeck:
    """Stands in for a numpy generator: its draws are deck indices given in advance."""

    def __init__(self, indices: list[int]) -> None:
        self.indices = indices

    def integers(self, low: int, high: int, size: tuple[int, ...]) -> np.ndarray:
        out = np.zeros(size, dtype=np.int64)
        out[: len(self.indices), 0] = self.indices
        return out


def test_blackjack_functional__dealer_on_arrays_draws_as_long_as_the_rules_need() -> None:
    # The longest dealer turn: two aces, four more, a six (hard 12), then five aces to 17.
    from gymnasium_core.functional.random import BatchedRng

    ace, six = 0, 5
    func = BlackjackFunctional()
    params = func.get_default_params()
    state = _as_arrays(func.initial(np.random.default_rng(0)), func)
    batch = type(state)(*(np.asarray(field)[None] for field in state))
    padded = np.zeros((1, 21), dtype=np.int64)
    batch = batch._replace(
        player=padded + np.eye(21, dtype=np.int64)[0] * 10 + np.eye(21, dtype=np.int64)[1] * 7,
        dealer=padded + np.eye(21, dtype=np.int64)[0] + np.eye(21, dtype=np.int64)[1],
        player_count=np.array([2]),
        dealer_count=np.array([2]),
        terminated=np.array([False]),
    )
    deck = _ScriptedDeck([ace] * 4 + [six] + [ace] * 5)
    after = func.transition(batch, np.zeros(1, dtype=np.int64), BatchedRng(deck, (1,)), params)
    dealer = [int(c) for c in after.dealer[0] if c]
    assert dealer == [1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1] and int(after.dealer_count[0]) == 12
    # Dealer 17 against player 17: a push.
    assert float(after.reward[0]) == 0.0 and bool(after.terminated[0])


@pytest.mark.parametrize("env_id", STATEFUL_IDS)
def test_numpy_vector__outputs_in_spaces(env_id: str) -> None:
    envs = gym.make_vec(env_id, 4, vectorization_mode="vector_entry_point")
    envs.action_space.seed(0)
    obs, _ = envs.reset(seed=0)
    assert envs.observation_space.contains(obs)
    for _ in range(40):
        obs, reward, terminated, truncated, _ = envs.step(envs.action_space.sample())
        assert envs.observation_space.contains(obs)
        assert reward.shape == terminated.shape == truncated.shape == (4,)
    envs.close()


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [("FrozenLake-v1", {"is_slippery": False}), ("CliffWalking-v1", {}), ("Taxi-v4", {})],
)
def test_numpy_vector__deterministic_tasks_follow_the_single_env(env_id: str, kwargs: dict) -> None:
    envs = gym.make_vec(env_id, 3, vectorization_mode="vector_entry_point", **kwargs)
    obs, _ = envs.reset(seed=4)
    singles = [gym.make(env_id, **kwargs).unwrapped for _ in range(3)]
    for env, first in zip(singles, obs):
        env.reset(seed=0)
        env.s = int(first)
    actions = np.random.default_rng(0).integers(0, envs.single_action_space.n, (30, 3))
    for step_actions in actions:
        obs, reward, terminated, _, info = envs.step(step_actions)
        for i, env in enumerate(singles):
            if env.s is None:
                continue
            s, r, t, _, single_info = env.step(int(step_actions[i]))
            assert (obs[i], reward[i], terminated[i]) == (s, r, t)
            assert info["prob"][i] == single_info["prob"]
        if terminated.any():
            break


def test_taxi__array_path_action_mask_matches_scalar() -> None:
    func = TaxiFunctional()
    states = np.arange(500)
    batched = func.action_mask(states)
    for s in (0, 17, 123, 499):
        np.testing.assert_array_equal(batched[s], func.action_mask(s))


@pytest.mark.parametrize("env_id", TABULAR_IDS)
def test_tabular_jax_ids__step_and_render(env_id: str) -> None:
    pytest.importorskip("jax")
    env = gym.make(env_id, render_mode="rgb_array")
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(np.asarray(obs))
    for _ in range(5):
        obs, _, terminated, _, _ = env.step(env.action_space.sample())
        assert env.observation_space.contains(np.asarray(obs))
        if terminated:
            break
    assert env.render().ndim == 3
    env.close()


@pytest.mark.parametrize("kwargs", [{"map_name": "8x8"}, {"success_rate": 0.6}], ids=str)
def test_jax__frozen_lake_transitions_follow_the_table(kwargs: dict) -> None:
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    func = FrozenLakeFunctional(**kwargs)
    jax_func = func.with_xp(jnp)
    num_states = func.table.num_states
    states = jnp.repeat(jnp.arange(num_states), 4)
    actions = jnp.tile(jnp.arange(4), num_states)
    start = jax.vmap(lambda s: jax_func.initial(jax.random.PRNGKey(0))._replace(s=s))(states)
    keys = jax.random.split(jax.random.PRNGKey(1), states.shape[0])
    nxt = jax.jit(jax.vmap(jax_func.transition))(start, actions, keys)
    for i, (s, a) in enumerate(zip(states.tolist(), actions.tolist())):
        outcome = (int(nxt.s[i]), float(nxt.reward[i]), bool(nxt.terminated[i]))
        assert any(
            (b[1], b[2], b[3]) == outcome and np.isclose(b[0], float(nxt.prob[i]))
            for b in func.table.P[s][a]
        ), (s, a)


def test_jax__blackjack_matches_the_reference_rules_on_the_same_hands() -> None:
    jax = pytest.importorskip("jax")
    reference = pytest.importorskip("gymnasium.envs.toy_text.blackjack")
    import jax.numpy as jnp
    from gymnasium_core.envs.toy_text.blackjack import BlackjackFunctional

    func = BlackjackFunctional(sab=True)
    jax_func = func.with_xp(jnp)
    params = func.get_default_params()
    step = jax.jit(lambda st, a, k: jax_func.transition(st, a, k, params))
    for seed in range(20):
        key = jax.random.PRNGKey(seed)
        state = jax_func.initial(key, params)
        for action in (1, 0):
            before = state
            state = step(state, action, jax.random.fold_in(key, action))
            player = [int(c) for c in state.player if c]
            dealer = [int(c) for c in state.dealer if c]
            # The reference's list rules are the oracle for every array step.
            if action == 1:
                assert len(player) == int(before.player_count) + 1
                expected = -1.0 if reference.is_bust(player) else 0.0
            else:
                assert reference.sum_hand(dealer) >= 17
                expected = reference.cmp(reference.score(player), reference.score(dealer))
                if reference.is_natural(player) and not reference.is_natural(dealer):
                    expected = 1.0
            assert float(state.reward) == expected
            shown = (reference.sum_hand(player), dealer[0], reference.usable_ace(player))
            assert tuple(int(v) for v in jax_func.observation(state)) == shown
            if bool(state.terminated):
                break


def test_jax_vector__ids_cover_every_tabular_task() -> None:
    # Each tabular task is reached from at least one stateful id; none is left untested.
    reached = {str(gym.spec(env_id).jax_vector_entry_point) for env_id in JAX_VECTOR_IDS}
    tabular = {str(gym.spec(env_id).jax_vector_entry_point) for env_id in TABULAR_IDS}
    assert reached == tabular


@pytest.mark.parametrize("env_id", JAX_VECTOR_IDS)
def test_jax_vector__make_vec_jax_mode(env_id: str) -> None:
    pytest.importorskip("jax")
    envs = gym.make_vec(env_id, 8, vectorization_mode="jax")
    envs.reset(seed=0)
    for _ in range(10):
        reward = envs.step(envs.action_space.sample())[1]
    assert np.asarray(reward).shape == (8,)
    envs.close()
