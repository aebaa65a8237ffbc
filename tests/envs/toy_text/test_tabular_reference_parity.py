"""The ``tabular/*`` ids the reference has, against its functional classes and envs.

Functional parity injects the reference's states into ours (converted field by field) and
compares one step's observation, reward and termination; the env-level tests run both
``make(id)`` envs with the same seed and actions, which share a key schedule, so whole
episodes must agree.
"""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("flax", reason="the reference's tabular module imports flax")
gymnasium = pytest.importorskip("gymnasium")

import jax.numpy as jnp  # noqa: E402
from gymnasium.envs.tabular import blackjack as ref_blackjack  # noqa: E402
from gymnasium.envs.tabular import cliffwalking as ref_cliff  # noqa: E402
from gymnasium_core.envs.tabular.blackjack import BlackjackFunctional  # noqa: E402
from gymnasium_core.envs.tabular.cliffwalking import CliffWalkingFunctional  # noqa: E402
from gymnasium_core.envs.toy_text.blackjack import BlackjackParams, BlackjackState  # noqa: E402

import gymnasium_core as gym  # noqa: E402

REFERENCE_IDS = ["tabular/CliffWalking-v0", "tabular/Blackjack-v0"]


# -- CliffWalking --------------------------------------------------------------------------


def test_cliffwalking_functional__every_state_and_action_matches_reference() -> None:
    ours = CliffWalkingFunctional().with_xp(jnp)
    ref = ref_cliff.CliffWalkingFunctional()
    cells = jnp.repeat(jnp.arange(48), 4)
    actions = jnp.tile(jnp.arange(4, dtype=jnp.int32), 48)[:, None]  # (192, 1)
    key = jax.random.PRNGKey(0)

    def ours_step(cell, action):
        state = ours.initial(key)._replace(s=cell, terminated=cell == 47)
        nxt = ours.transition(state, action, key)
        return (
            ours.observation(state, key),
            ours.observation(nxt, key),
            ours.reward(state, action, nxt, key),
            ours.terminal(nxt, key),
        )

    def ref_step(cell, action):
        position = jnp.stack([cell // 12, cell % 12])
        state = ref_cliff.EnvState(player_position=position, last_action=-1, fallen=False)
        nxt = ref.transition(state, action, key)
        return (
            ref.observation(state),
            ref.observation(nxt),
            ref.reward(state, action, nxt),
            ref.terminal(nxt),
        )

    got = jax.jit(jax.vmap(ours_step))(cells, actions)
    want = jax.jit(jax.vmap(ref_step))(cells, actions)
    for name, g, w in zip(("observation", "next observation", "reward", "terminal"), got, want):
        assert (g.shape, g.dtype) == (w.shape, w.dtype), name
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w), err_msg=name)
    # The table holds both outcomes: falls cost -100, the goal ends the episode.
    assert set(np.asarray(got[2]).tolist()) == {-1.0, -100.0}
    # Into the goal: down from 35, right from 46, and right or down from 47 itself.
    assert np.asarray(got[3]).sum() == 4


def test_cliffwalking_functional__initial_state_matches_reference() -> None:
    key = jax.random.PRNGKey(3)
    ours = CliffWalkingFunctional().with_xp(jnp)
    ref = ref_cliff.CliffWalkingFunctional()
    obs = ours.observation(ours.initial(key), key)
    ref_obs = ref.observation(ref.initial(key))
    assert (obs.shape, obs.dtype) == (ref_obs.shape, ref_obs.dtype) == ((1,), jnp.int32)
    assert int(obs[0]) == int(ref_obs[0]) == 36
    assert not bool(ours.terminal(ours.initial(key), key))


def test_cliffwalking_functional__spaces_equal_reference() -> None:
    ours, ref = CliffWalkingFunctional(), ref_cliff.CliffWalkingFunctional()
    for mine, theirs in (
        (ours.observation_space, ref.observation_space),
        (ours.action_space, ref.action_space),
    ):
        assert (mine.shape, mine.dtype) == (theirs.shape, theirs.dtype)
        np.testing.assert_array_equal(mine.low, theirs.low)
        np.testing.assert_array_equal(mine.high, theirs.high)


def test_cliffwalking_jax_env__accepts_a_plain_integer_action() -> None:
    # Ours also takes the scalar form the reference rejects with an IndexError.
    env = gym.make("tabular/CliffWalking-v0")
    env.reset(seed=0)
    obs, reward, terminated, _, info = env.step(0)
    assert obs.tolist() == [24] and reward == -1.0 and not terminated and info == {}
    env.close()


# -- Blackjack ------------------------------------------------------------------------------

# (natural, sab): the reference's default and the natural bonus in the fast tier; each rule set
# costs one compile of the reference's step, so the two others run with the slow tier.
BLACKJACK_RULES = [
    (False, True),
    (True, False),
    pytest.param(False, False, marks=pytest.mark.slow),
    pytest.param(True, True, marks=pytest.mark.slow),
]


@pytest.fixture(scope="module")
def reference_live_states() -> ref_blackjack.EnvState:
    """128 reference games still running: a fresh deal, then zero to three hits."""
    ref = ref_blackjack.BlackjackFunctional()
    keys = jax.random.split(jax.random.PRNGKey(7), 128)
    hits_wanted = jnp.arange(128) % 4
    state = jax.vmap(ref.initial)(keys)
    hit = jax.jit(jax.vmap(lambda st, k: ref.transition(st, 1, k)))
    for h in range(3):
        nxt = hit(state, jax.vmap(lambda k, h=h: jax.random.fold_in(k, h))(keys))
        take = jnp.logical_and(h < hits_wanted, nxt.done == 0)
        state = jax.tree.map(
            lambda new, old, take=take: jnp.where(
                take.reshape((-1,) + (1,) * (new.ndim - 1)), new, old
            ),
            nxt,
            state,
        )
    return state


def _to_ours(ref_state: ref_blackjack.EnvState) -> BlackjackState:
    n = ref_state.player_hand.shape[0]
    zeros = jnp.zeros(n, dtype=jnp.int32)
    return BlackjackState(
        player=ref_state.player_hand.astype(jnp.int32),
        dealer=ref_state.dealer_hand.astype(jnp.int32),
        player_count=ref_state.player_cards.astype(jnp.int32),
        dealer_count=ref_state.dealer_cards.astype(jnp.int32),
        suit=zeros,
        face=zeros - 1,
        reward=zeros.astype(jnp.float32),
        terminated=zeros != 0,
    )


@pytest.mark.parametrize(("natural", "sab"), BLACKJACK_RULES, ids=lambda v: str(v))
def test_blackjack_functional__steps_from_injected_states_match_reference(
    natural: bool, sab: bool, reference_live_states: ref_blackjack.EnvState
) -> None:
    ours = BlackjackFunctional(natural=natural, sab=sab, stack_obs=True).with_xp(jnp)
    params = BlackjackParams(natural=natural, sutton_and_barto=sab)
    ref = ref_blackjack.BlackjackFunctional()
    ref_params = ref_blackjack.BlackJackParams(natural=natural, sutton_and_barto=sab)
    ref_states = reference_live_states
    states = _to_ours(ref_states)
    # Every state with both actions, in one batch.
    both = jax.tree.map(lambda x: jnp.concatenate([x, x]), states)
    ref_both = jax.tree.map(lambda x: jnp.concatenate([x, x]), ref_states)
    acts = jnp.repeat(jnp.arange(2, dtype=jnp.int32), 128)
    keys = jax.random.split(jax.random.PRNGKey(99), 256)

    def ours_step(state, action, key):
        nxt = ours.transition(state, action, key, params)
        return (
            ours.observation(state, key, params),
            ours.observation(nxt, key, params),
            ours.reward(state, action, nxt, key, params),
            ours.terminal(nxt, key, params),
        )

    def ref_step(state, action, key):
        nxt = ref.transition(state, action, key, ref_params)
        return (
            ref.observation(state, key, ref_params),
            ref.observation(nxt, key, ref_params),
            ref.reward(state, action, nxt, key, ref_params),
            ref.terminal(nxt, key, ref_params),
        )

    got = jax.jit(jax.vmap(ours_step))(both, acts, keys)
    want = jax.jit(jax.vmap(ref_step))(ref_both, acts, keys)
    for name, g, w in zip(("observation", "next observation", "reward", "terminal"), got, want):
        assert g.shape == w.shape, name
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w), err_msg=name)
    assert got[1].dtype == jnp.int32 and got[2].dtype == jnp.float32
    # The states cover hands of two to five cards and both outcomes of a hit.
    assert set(np.asarray(states.player_count).tolist()) >= {2, 3, 4}
    assert {-1.0, 0.0} <= set(np.asarray(got[2][128:]).tolist())


def test_blackjack_functional__same_key_deals_the_same_game() -> None:
    ours = BlackjackFunctional(stack_obs=True).with_xp(jnp)
    ref = ref_blackjack.BlackjackFunctional()
    keys = jax.random.split(jax.random.PRNGKey(0), 256)

    def ours_deal(key):
        state = ours.initial(key)
        return ours.observation(state, key), state.player[:2], state.dealer[:2]

    def ref_deal(key):
        state = ref.initial(key)
        return ref.observation(state, key), state.player_hand[:2], state.dealer_hand[:2]

    # The observations and the two hands themselves, not only what the observation shows.
    got = jax.jit(jax.vmap(ours_deal))(keys)
    want = jax.jit(jax.vmap(ref_deal))(keys)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))


# -- the registered ids ---------------------------------------------------------------------


def _actions(env_id: str, seed: int) -> list[object]:
    draws = np.random.default_rng(seed).integers(0, 2 if "Blackjack" in env_id else 4, 40)
    if "CliffWalking" in env_id:
        return [np.array([a], dtype=np.int32) for a in draws]
    return [int(a) for a in draws]


@pytest.mark.parametrize("env_id", REFERENCE_IDS)
def test_tabular_id__seeded_episodes_match_reference(env_id: str) -> None:
    ours, ref = gym.make(env_id), gymnasium.make(env_id)
    for seed in range(8):
        obs, info = ours.reset(seed=seed)
        ref_obs, ref_info = ref.reset(seed=seed)
        assert (obs.shape, obs.dtype) == (ref_obs.shape, ref_obs.dtype)
        np.testing.assert_array_equal(obs, ref_obs)
        assert info == ref_info == {}
        for action in _actions(env_id, seed):
            obs, reward, terminated, truncated, info = ours.step(action)
            ref_obs, ref_reward, ref_terminated, ref_truncated, ref_info = ref.step(action)
            np.testing.assert_array_equal(obs, ref_obs)
            assert (reward, terminated, truncated, info) == (
                ref_reward,
                ref_terminated,
                ref_truncated,
                ref_info,
            )
            assert type(reward) is type(ref_reward) and type(terminated) is type(ref_terminated)
            if terminated:
                break
    ours.close()
    ref.close()


@pytest.mark.parametrize("env_id", REFERENCE_IDS)
def test_tabular_id__spec_spaces_and_metadata_match_reference(env_id: str) -> None:
    ours, ref = gym.spec(env_id), gymnasium.spec(env_id)
    fields = (
        "max_episode_steps",
        "reward_threshold",
        "kwargs",
        "disable_env_checker",
        "order_enforce",
        "nondeterministic",
        "namespace",
        "name",
        "version",
    )
    assert {f: getattr(ours, f) for f in fields} == {f: getattr(ref, f) for f in fields}
    # Ours adds a vector entry point (the JAX vector env); the reference has none.
    assert ref.vector_entry_point is None and ours.vector_entry_point is not None
    env, ref_env = gym.make(env_id), gymnasium.make(env_id)
    assert str(env.observation_space) == str(ref_env.observation_space)
    assert str(env.action_space) == str(ref_env.action_space)
    assert env.unwrapped.metadata == ref_env.unwrapped.metadata
    env.close()
    ref_env.close()


@pytest.mark.parametrize("env_id", REFERENCE_IDS)
def test_tabular_id__rgb_frames_have_reference_size(env_id: str) -> None:
    pytest.importorskip("pygame")
    env, ref = (
        gym.make(env_id, render_mode="rgb_array"),
        gymnasium.make(env_id, render_mode="rgb_array"),
    )
    env.reset(seed=0)
    ref.reset(seed=0)
    frame, ref_frame = env.render(), ref.render()
    assert (frame.shape, frame.dtype) == (ref_frame.shape, ref_frame.dtype)
    env.close()
    ref.close()
