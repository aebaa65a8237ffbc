"""Toy-text contract: registry entries, bad input, rendering, vector and JAX backends."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from gymnasium_core.envs.toy_text.blackjack import BlackjackEnv
from gymnasium_core.envs.toy_text.cliffwalking import CliffWalkingEnv
from gymnasium_core.envs.toy_text.frozen_lake import (
    FrozenLakeEnv,
    FrozenLakeFunctional,
    generate_random_map,
)
from gymnasium_core.envs.toy_text.taxi import TaxiEnv, TaxiFunctional

import gymnasium_core as gym
from gymnasium_core import error

STATEFUL_IDS = [
    "Blackjack-v1",
    "FrozenLake-v1",
    "FrozenLake8x8-v1",
    "CliffWalking-v1",
    "CliffWalkingSlippery-v1",
    "Taxi-v4",
]
TABULAR_IDS = [
    "tabular/Blackjack-v0",
    "tabular/CliffWalking-v0",
    "tabular/FrozenLake-v0",
    "tabular/Taxi-v0",
]
FRAME_SHAPES = {
    "Blackjack-v1": (376, 384, 3),
    "FrozenLake-v1": (256, 256, 3),
    "FrozenLake8x8-v1": (512, 512, 3),
    "CliffWalking-v1": (256, 768, 3),
    "CliffWalkingSlippery-v1": (256, 768, 3),
    "Taxi-v4": (456, 536, 3),
}


# -- registry ------------------------------------------------------------------------------


@pytest.mark.parametrize("env_id", STATEFUL_IDS)
def test_spec__matches_reference(env_id: str) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    ours, ref = gym.spec(env_id), gymnasium.spec(env_id)
    assert (ours.max_episode_steps, ours.reward_threshold, ours.kwargs) == (
        ref.max_episode_steps,
        ref.reward_threshold,
        ref.kwargs,
    )


def test_taxi_v3__is_deprecated() -> None:
    # As the reference: a DeprecationWarning that v4 exists, then DeprecatedEnv naming it.
    with (
        pytest.warns(DeprecationWarning, match="v4"),
        pytest.raises(error.DeprecatedEnv, match="`Taxi-v4`"),
    ):
        gym.make("Taxi-v3")


@pytest.mark.parametrize("env_id", STATEFUL_IDS)
def test_make__seeded_rollouts_repeat(env_id: str) -> None:
    def rollout() -> list:
        env = gym.make(env_id)
        env.action_space.seed(3)
        out = [env.reset(seed=5)[0]]
        for _ in range(60):
            obs, reward, terminated, truncated, _ = env.step(env.action_space.sample())
            assert env.observation_space.contains(obs)
            out.append((obs, reward, terminated, truncated))
            if terminated or truncated:
                out.append(env.reset()[0])
        return out

    assert rollout() == rollout()


# -- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("desc", "match"),
    [
        (["FFF", "FHF", "FFG"], "no start"),
        (["SFF", "FHF", "FFF"], "no goal"),
        (["SFF", "FH", "FFG"], "same length"),
        (["SFF", "FXF", "FFG"], "unknown tile"),
        ("SFFG", "sequence of rows"),
    ],
)
def test_frozen_lake__rejects_malformed_desc(desc: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        FrozenLakeEnv(desc=desc)


def test_frozen_lake__unknown_map_name_is_a_key_error_with_a_message() -> None:
    with pytest.raises(KeyError, match="5x5"):
        FrozenLakeEnv(map_name="5x5")


@pytest.mark.parametrize("p", [-0.1, 0.0, 1.5])
def test_generate_random_map__rejects_p_outside_unit_interval(p: float) -> None:
    with pytest.raises(ValueError, match="p"):
        generate_random_map(4, p)


def test_generate_random_map__is_valid_and_seeded() -> None:
    board = generate_random_map(6, 0.6, seed=2)
    assert board == generate_random_map(6, 0.6, seed=2)
    assert board[0][0] == "S" and board[-1][-1] == "G" and len(board) == 6
    env = FrozenLakeEnv(desc=board)
    assert env.observation_space.n == 36


def test_frozen_lake__accepts_byte_maps_and_random_maps() -> None:
    env = FrozenLakeEnv(desc=np.asarray(["SF", "FG"], dtype="c"))
    assert env.desc.shape == (2, 2)
    assert FrozenLakeEnv(desc=None, map_name=None).nrow == 8


@pytest.mark.parametrize("env_cls", [FrozenLakeEnv, CliffWalkingEnv, TaxiEnv])
def test_tabular__invalid_action_raises_key_error(env_cls: type) -> None:
    env = env_cls()
    env.reset(seed=0)
    with pytest.raises(KeyError):
        env.step(7)


def test_blackjack__invalid_action_raises_assertion_error() -> None:
    env = BlackjackEnv()
    env.reset(seed=0)
    with pytest.raises(AssertionError):
        env.step(2)


def test_step_before_reset__raises() -> None:
    with pytest.raises(AttributeError):
        FrozenLakeEnv().step(0)


def test_render_without_mode__warns() -> None:
    env = FrozenLakeEnv()
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None


# -- rendering -----------------------------------------------------------------------------


@pytest.mark.parametrize("env_id", STATEFUL_IDS)
def test_render__rgb_frames_have_reference_size_and_change(env_id: str) -> None:
    pytest.importorskip("pygame")
    env = gym.make(env_id, render_mode="rgb_array")
    env.reset(seed=1)
    first = env.render()
    assert first.shape == FRAME_SHAPES[env_id] and first.dtype == np.uint8
    assert first.std() > 0
    env.step(1)
    assert env.render().shape == first.shape
    env.close()
    env.close()


@pytest.mark.parametrize("env_id", STATEFUL_IDS)
def test_render__human_mode_runs_headless(env_id: str) -> None:
    pytest.importorskip("pygame")
    env = gym.make(env_id, render_mode="human")
    env.reset(seed=0)
    env.step(0)
    env.close()


def test_render__ansi_marks_the_agent() -> None:
    env = CliffWalkingEnv(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text.splitlines()[3].startswith("x  C") and text.endswith("T\n\n")


# -- vector and JAX ------------------------------------------------------------------------


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


@pytest.mark.parametrize("env_id", ["FrozenLake-v1", "Taxi-v4", "Blackjack-v1"])
def test_jax_vector__make_vec_jax_mode(env_id: str) -> None:
    pytest.importorskip("jax")
    envs = gym.make_vec(env_id, 8, vectorization_mode="jax")
    envs.reset(seed=0)
    for _ in range(10):
        reward = envs.step(envs.action_space.sample())[1]
    assert np.asarray(reward).shape == (8,)
    envs.close()


def test_render__text_survives_pygame_quit_by_another_window() -> None:
    # Fonts die with pygame.quit(); an env made afterwards must not draw with a dead one.
    # This runs in a fresh interpreter because drawing with a dead font crashes the process.
    code = (
        "import pygame, gymnasium_core as gym\n"
        "first = gym.make('Blackjack-v1', render_mode='rgb_array')\n"
        "first.reset(seed=0); first.render(); first.close()\n"
        "pygame.quit(); pygame.init()\n"
        "second = gym.make('Blackjack-v1', render_mode='rgb_array')\n"
        "second.reset(seed=0); frame = second.render(); second.close()\n"
        "assert frame.ndim == 3\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
