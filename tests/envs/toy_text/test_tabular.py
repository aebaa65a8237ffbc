"""The ``tabular/*`` ids the reference has, against its functional classes and envs.

Functional parity injects the reference's states into ours (the state types share their
fields) and compares one step's observation, reward and termination; the env-level tests run both
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
from gymnasium_core.envs.tabular import blackjack as our_blackjack  # noqa: E402
from gymnasium_core.envs.tabular import cliffwalking as our_cliff  # noqa: E402
from gymnasium_core.envs.tabular.blackjack import BlackjackFunctional  # noqa: E402
from gymnasium_core.envs.tabular.blackjack import BlackJackParams as BlackjackParams  # noqa: E402
from gymnasium_core.envs.tabular.cliffwalking import CliffWalkingFunctional  # noqa: E402

import gymnasium_core as gym  # noqa: E402
from gymnasium_core.testing import parity  # noqa: E402

REFERENCE_IDS = parity.shared_ids("gymnasium.envs.tabular")


# -- CliffWalking --------------------------------------------------------------------------


def test_cliffwalking_functional__every_state_and_action_matches_reference() -> None:
    ours = CliffWalkingFunctional()
    ref = ref_cliff.CliffWalkingFunctional()
    cells = jnp.repeat(jnp.arange(48), 4)
    actions = jnp.tile(jnp.arange(4, dtype=jnp.int32), 48)[:, None]  # (192, 1)
    key = jax.random.PRNGKey(0)

    def ours_step(cell, action):
        position = jnp.stack([cell // 12, cell % 12])
        state = our_cliff.EnvState(player_position=position, last_action=-1, fallen=False)
        nxt = ours.transition(state, action, key)
        return (
            ours.observation(state),
            ours.observation(nxt),
            ours.reward(state, action, nxt),
            ours.terminal(nxt),
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
    ours = CliffWalkingFunctional()
    ref = ref_cliff.CliffWalkingFunctional()
    obs = ours.observation(ours.initial(key))
    ref_obs = ref.observation(ref.initial(key))
    assert (obs.shape, obs.dtype) == (ref_obs.shape, ref_obs.dtype) == ((1,), jnp.int32)
    assert int(obs[0]) == int(ref_obs[0]) == 36
    assert not bool(ours.terminal(ours.initial(key)))


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


@pytest.mark.parametrize(("natural", "sab"), BLACKJACK_RULES, ids=lambda v: str(v))
def test_blackjack_functional__steps_from_injected_states_match_reference(
    natural: bool, sab: bool, reference_live_states: ref_blackjack.EnvState
) -> None:
    ours = BlackjackFunctional(natural=natural, sab=sab)
    params = BlackjackParams(natural=natural, sutton_and_barto=sab)
    ref = ref_blackjack.BlackjackFunctional()
    ref_params = ref_blackjack.BlackJackParams(natural=natural, sutton_and_barto=sab)
    ref_states = reference_live_states
    # The reference's own states, as our state type.
    states = our_blackjack.EnvState(*ref_states)
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
    assert set(np.asarray(states.player_cards).tolist()) >= {2, 3, 4}
    assert {-1.0, 0.0} <= set(np.asarray(got[2][128:]).tolist())


def test_blackjack_functional__same_key_deals_the_same_game() -> None:
    ours = BlackjackFunctional()
    ref = ref_blackjack.BlackjackFunctional()
    keys = jax.random.split(jax.random.PRNGKey(0), 256)

    def ours_deal(key):
        state = ours.initial(key)
        return ours.observation(state, key), state.player_hand, state.dealer_hand

    def ref_deal(key):
        state = ref.initial(key)
        return ref.observation(state, key), state.player_hand, state.dealer_hand

    # The observations and the hands themselves, dtype included, not only what is observed.
    got = jax.jit(jax.vmap(ours_deal))(keys)
    want = jax.jit(jax.vmap(ref_deal))(keys)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))


# -- the registered ids ---------------------------------------------------------------------


def _actions(env_id: str, seed: int) -> list[object]:
    draws = np.random.default_rng(seed).integers(0, 2 if "Blackjack" in env_id else 4, 40)
    if "CliffWalking" in env_id:
        return [np.array([a], dtype=np.int32) for a in draws]
    return [int(a) for a in draws]


@pytest.mark.parametrize("env_id", REFERENCE_IDS)
def test_tabular_id__seeded_episodes_match_reference(env_id: str) -> None:
    ours, ref = parity.make_pair(env_id)
    for seed in range(8):
        parity.assert_rollouts_equal(
            ours, ref, seed=seed, actions=_actions(env_id, seed), reset_on_end=False
        )
    ours.close()
    ref.close()


TABULAR_IDS = sorted(env_id for env_id in gym.registry if env_id.startswith("tabular/"))


@pytest.mark.parametrize("env_id", TABULAR_IDS)
def test_tabular_id__jax_to_numpy_outputs_pass_the_passive_checker(env_id: str) -> None:
    from gymnasium_core.wrappers import JaxToNumpy, PassiveEnvChecker

    # Our warnings are errors in tests, so any complaint of the checker fails here.
    env = PassiveEnvChecker(JaxToNumpy(gym.make(env_id)))
    obs, _ = env.reset(seed=0)
    observations = [obs]
    for action in _actions(env_id, 0)[:10]:
        obs, _, terminated, truncated, _ = env.step(action)
        observations.append(obs)
        if terminated or truncated:
            observations.append(env.reset()[0])
    if env_id in REFERENCE_IDS:  # the same types as the reference's JaxToNumpy gives
        ref = gymnasium.wrappers.JaxToNumpy(gymnasium.make(env_id))
        ref_obs, _ = ref.reset(seed=0)
        assert type(ref_obs) is type(obs) and ref_obs.dtype == obs.dtype
        ref.close()
    for obs in observations:
        assert obs in env.observation_space
    env.close()


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


# -- the reference's classes and helpers, used directly ----------------------------------------

FUNCTIONAL_MODULES = [(our_blackjack, ref_blackjack), (our_cliff, ref_cliff)]


def _action(module: object, value: int) -> object:
    return jnp.array([value], dtype=jnp.int32) if module is our_cliff else value


@pytest.mark.parametrize(("ours", "ref"), FUNCTIONAL_MODULES, ids=["blackjack", "cliffwalking"])
def test_functional__jits_directly_on_its_own_states_like_the_reference(
    ours: object, ref: object
) -> None:
    func, ref_func = ours.__dict__[_name(ours)](), ref.__dict__[_name(ours)]()
    key = jax.random.PRNGKey(5)
    args = (func.get_default_params(),) if ours is our_blackjack else ()
    ref_args = (ref_func.get_default_params(),) if ours is our_blackjack else ()
    state, ref_state = func.initial(key), ref_func.initial(key)
    assert type(state).__name__ == type(ref_state).__name__ == "EnvState"
    assert type(state)._fields == type(ref_state)._fields
    for value in (1, 0):
        state = jax.jit(func.transition)(state, _action(ours, value), key, *args)
        ref_state = jax.jit(ref_func.transition)(ref_state, _action(ours, value), key, *ref_args)
        for mine, theirs in zip(state, ref_state):
            np.testing.assert_array_equal(np.asarray(mine), np.asarray(theirs))
            assert jnp.asarray(mine).dtype == jnp.asarray(theirs).dtype
    obs_args = (key,) if ours is our_blackjack else ()
    obs, ref_obs = func.observation(state, *obs_args), ref_func.observation(ref_state, *obs_args)
    assert (obs.dtype, obs.shape) == (ref_obs.dtype, ref_obs.shape)
    np.testing.assert_array_equal(np.asarray(obs), np.asarray(ref_obs))
    for mine, theirs in (
        (func.observation_space, ref_func.observation_space),
        (func.action_space, ref_func.action_space),
    ):
        assert str(mine) == str(theirs)
    # The same keys and values (the autoreset mode is each package's own enum, same value).
    assert {k: getattr(v, "value", v) for k, v in func.metadata.items()} == {
        k: getattr(v, "value", v) for k, v in ref_func.metadata.items()
    }


def _name(module: object) -> str:
    return "BlackjackFunctional" if module is our_blackjack else "CliffWalkingFunctional"


def test_blackjack_functional__takes_the_params_class_as_the_reference_does() -> None:
    func, ref = BlackjackFunctional(), ref_blackjack.BlackjackFunctional()
    key = jax.random.PRNGKey(2)
    state = func.initial(key)
    nxt = func.transition(state, 0, key, BlackjackParams)
    ref_nxt = ref.transition(ref.initial(key), 0, key, ref_blackjack.BlackJackParams)
    got = func.reward(state, 0, nxt, key, BlackjackParams)
    expected = ref.reward(ref.initial(key), 0, ref_nxt, key, ref_blackjack.BlackJackParams)
    assert float(got) == float(expected)
    # Read on the class, the fields are the defaults, as on the reference's dataclass.
    for name in ("natural", "sutton_and_barto"):
        mine, theirs = getattr(BlackjackParams, name), getattr(ref_blackjack.BlackJackParams, name)
        assert mine == theirs and type(mine) is type(theirs)
    # The params record also has the reference's ``replace``.
    ours_params = BlackjackParams().replace(natural=True)
    ref_params = ref_blackjack.BlackJackParams().replace(natural=True)
    assert (ours_params.natural, ours_params.sutton_and_barto) == (
        ref_params.natural,
        ref_params.sutton_and_barto,
    )


@pytest.mark.parametrize(
    "name", ["cmp", "usable_ace", "sum_hand", "is_bust", "score", "is_natural"], ids=str
)
def test_blackjack_hand_helper__matches_the_reference(
    name: str, reference_live_states: ref_blackjack.EnvState
) -> None:
    hands = jnp.concatenate([reference_live_states.player_hand, reference_live_states.dealer_hand])
    ours, theirs = getattr(our_blackjack, name), getattr(ref_blackjack, name)
    if name == "cmp":
        got = ours(hands[:, 0], hands[:, 1])
        expected = theirs(hands[:, 0], hands[:, 1])
    else:
        got, expected = jax.vmap(ours)(hands), jax.vmap(theirs)(hands)
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(np.asarray(got), np.asarray(expected))


def test_blackjack_dealing_helpers__match_the_reference(
    reference_live_states: ref_blackjack.EnvState,
) -> None:
    state = jax.tree.map(lambda x: x[0], reference_live_states)
    key = jax.random.PRNGKey(8)
    pairs = [
        (lambda m: m.random_card(key)),
        (lambda m: m.draw_hand(key, jnp.zeros(21))),
        (lambda m: m.draw_card(key, state.player_hand, state.player_cards)),
        (lambda m: m.draw_card_wrapper((key, state.dealer_hand, state.dealer_cards))),
        (lambda m: m.dealer_stop((key, state.dealer_hand, state.dealer_cards))),
        (lambda m: m.take((state, key))),
        (lambda m: m.notake((state, key))),
    ]
    for call in pairs:
        got, expected = call(our_blackjack), call(ref_blackjack)
        for mine, theirs in zip(jax.tree.leaves(got), jax.tree.leaves(expected)):
            np.testing.assert_array_equal(np.asarray(mine), np.asarray(theirs))
    np.testing.assert_array_equal(np.asarray(our_blackjack.deck), np.asarray(ref_blackjack.deck))
    assert our_blackjack.PRNGKeyType is ref_blackjack.PRNGKeyType is jax.Array


def test_cliffwalking_fell_off__matches_the_reference() -> None:
    positions = jnp.stack(jnp.meshgrid(jnp.arange(4), jnp.arange(12)), -1).reshape(-1, 2)
    got = jax.vmap(our_cliff.fell_off)(positions)
    expected = jax.vmap(ref_cliff.fell_off)(positions)
    np.testing.assert_array_equal(np.asarray(got), np.asarray(expected))
    assert int(got.sum()) == 10


@pytest.mark.parametrize("env_id", REFERENCE_IDS)
def test_tabular_id__env_is_ez_pickle_and_keeps_its_state(env_id: str) -> None:
    import pickle

    from gymnasium_core.utils import EzPickle

    env = gym.make(env_id)
    env.reset(seed=1)
    assert isinstance(env.unwrapped, EzPickle)
    assert env.unwrapped._ezpickle_kwargs == {"render_mode": None}
    clone = pickle.loads(pickle.dumps(env.unwrapped))
    for mine, theirs in zip(clone.state, env.unwrapped.state):
        np.testing.assert_array_equal(np.asarray(mine), np.asarray(theirs))
    env.close()


def test_functional__numpy_path_follows_the_reference_rules() -> None:
    from gymnasium.envs.toy_text import blackjack as list_rules

    # CliffWalking on numpy, every cell and action at once, against the reference's class.
    cliff = CliffWalkingFunctional().with_xp("numpy")
    ref = ref_cliff.CliffWalkingFunctional()
    cells = np.repeat(np.arange(48), 4)
    actions = np.tile(np.arange(4, dtype=np.int32), 48)[:, None]
    position = np.stack([cells // 12, cells % 12], axis=-1)
    state = our_cliff.EnvState(position, np.full(192, -1), np.zeros((192, 1), dtype=bool))
    nxt = cliff.transition(state, actions, np.random.default_rng(0))
    ref_next = jax.vmap(
        lambda c, a: ref.transition(
            ref_cliff.EnvState(jnp.stack([c // 12, c % 12]), -1, False), a, None
        )
    )(jnp.asarray(cells), jnp.asarray(actions))
    np.testing.assert_array_equal(
        cliff.observation(nxt), np.asarray(jax.vmap(ref.observation)(ref_next))
    )
    np.testing.assert_array_equal(
        cliff.reward(state, actions, nxt),
        np.asarray(jax.vmap(lambda s: ref.reward(s, None, s))(ref_next)),
    )
    # Blackjack on numpy, a batch of games, against the reference's list rules.
    from gymnasium_core.functional.random import BatchedRng

    game = BlackjackFunctional().with_xp("numpy")
    rng = BatchedRng(np.random.default_rng(3), (64,))
    start = game.initial(rng)
    acts = np.arange(64) % 2
    after = game.transition(start, acts, rng, game.get_default_params())
    rewards = game.reward(start, acts, after, rng, game.get_default_params())
    for i in range(64):
        player = [int(c) for c in after.player_hand[i] if c]
        dealer = [int(c) for c in after.dealer_hand[i] if c]
        if acts[i]:
            expected = -1.0 if list_rules.is_bust(player) else 0.0
        else:
            expected = list_rules.cmp(list_rules.score(player), list_rules.score(dealer))
            if list_rules.is_natural(player) and not list_rules.is_natural(dealer):
                expected = 1.0
        assert float(rewards[i]) == expected, i
        assert game.observation(after)[i].tolist() == [
            list_rules.sum_hand(player),
            dealer[0],
            list_rules.usable_ace(player),
        ]
