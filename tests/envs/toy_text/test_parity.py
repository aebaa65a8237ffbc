"""Stateful toy-text envs against the reference: same kwargs, seed and actions, same outputs.

The ids are every toy-text id both registries hold, each also with constructor variants; the
comparisons are exact (values and types), text frames included.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import gymnasium_core as gym
from gymnasium_core import error
from gymnasium_core.testing import parity
from gymnasium_core.testing.compare import assert_interface_equal, assert_same

gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")

from gymnasium_core.envs.toy_text.blackjack import BlackjackEnv  # noqa: E402
from gymnasium_core.envs.toy_text.frozen_lake import FrozenLakeEnv, generate_random_map  # noqa: E402

IDS = parity.shared_ids("gymnasium.envs.toy_text")
TABLE_IDS = [env_id for env_id in IDS if not env_id.startswith("Blackjack")]
# Constructor variants beyond the registered kwargs, by environment name.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "FrozenLake": [
        {"is_slippery": False},
        {"success_rate": 0.75, "reward_schedule": (5, -1, 0.5)},
        {"desc": ["SFH", "FSF", "HFG"]},
    ],
    "Taxi": [
        {"is_rainy": True},
        {"fickle_passenger": True, "fickle_probability": 0.9},
        {"is_rainy": True, "fickle_passenger": True, "rainy_probability": 0.6},
    ],
}


def _table_cases() -> list[Any]:
    cases = []
    for env_id in TABLE_IDS:
        cases.append(pytest.param(env_id, {}, id=env_id))
        # Variants once per environment name (not again for FrozenLake8x8).
        if gym.spec(env_id).name in VARIANTS:
            cases += [
                pytest.param(env_id, kwargs, id=f"{env_id}-{kwargs}")
                for kwargs in VARIANTS[gym.spec(env_id).name]
            ]
    return cases


@pytest.mark.parametrize(("env_id", "kwargs"), _table_cases())
def test_tabular__matches_reference_episodes(env_id: str, kwargs: dict[str, Any]) -> None:
    ours, ref = parity.make_pair(env_id, render_mode="ansi", **kwargs)
    assert ours.unwrapped.P == ref.unwrapped.P
    assert_same(ours.unwrapped.initial_state_distrib, ref.unwrapped.initial_state_distrib)
    assert ours.observation_space.n == ref.observation_space.n
    num_actions = int(ref.action_space.n)

    def same_text(ours: Any, ref: Any, step: int) -> None:
        assert ours.render() == ref.render(), step

    for seed in range(12):
        actions = [int(a) for a in np.random.default_rng(seed).integers(0, num_actions, 150)]
        ours.reset(seed=seed)
        ref.reset(seed=seed)
        assert ours.render() == ref.render()
        parity.assert_rollouts_equal(ours, ref, seed=seed, actions=actions, after_step=same_text)


@pytest.mark.parametrize("kwargs", [{"sab": False}, {"sab": True}, {"natural": True}], ids=str)
def test_blackjack__matches_reference_card_draws(kwargs: dict) -> None:
    ours, ref = parity.make_pair("Blackjack-v1", unwrapped=True, **kwargs)

    def same_cards(ours: Any, ref: Any, step: int) -> None:
        assert (ours.player, ours.dealer) == (ref.player, ref.dealer)

    for seed in range(60):
        actions = [int(a) for a in np.random.default_rng(seed).integers(0, 2, 40)]
        ours.reset(seed=seed)
        ref.reset(seed=seed)
        assert ours.dealer_top_card_suit == ref.dealer_top_card_suit
        assert ours.dealer_top_card_value_str == ref.dealer_top_card_value_str
        parity.assert_rollouts_equal(ours, ref, seed=seed, actions=actions, after_step=same_cards)


@pytest.mark.parametrize("env_id", IDS)
def test_interface__spaces_spec_and_metadata_match_reference(env_id: str) -> None:
    ours, ref = parity.make_pair(env_id)
    assert_interface_equal(ours, ref)
    ours_spec, ref_spec = gym.spec(env_id), gymnasium.spec(env_id)
    assert (ours_spec.max_episode_steps, ours_spec.reward_threshold, ours_spec.kwargs) == (
        ref_spec.max_episode_steps,
        ref_spec.reward_threshold,
        ref_spec.kwargs,
    )


def test_taxi_v3__is_deprecated() -> None:
    # As the reference: a DeprecationWarning that v4 exists, then DeprecatedEnv naming it.
    with (
        pytest.warns(DeprecationWarning, match="v4"),
        pytest.raises(error.DeprecatedEnv, match="`Taxi-v4`"),
    ):
        gym.make("Taxi-v3")


def test_blackjack__natural_pays_one_and_a_half() -> None:
    env = BlackjackEnv(natural=True)
    env.reset(seed=0)
    env.state = env.state._replace(player=[1, 10], dealer=[10, 9], dealer_count=2)
    assert env.step(0)[1] == 1.5


@pytest.mark.parametrize("seed", [0, 1, 7, 123])
@pytest.mark.parametrize("size", [4, 8])
def test_generate_random_map__matches_reference(seed: int, size: int) -> None:
    from gymnasium.envs.toy_text.frozen_lake import generate_random_map as reference

    assert generate_random_map(size, 0.7, seed) == reference(size, 0.7, seed)


def test_s_attribute__can_be_set_like_the_reference() -> None:
    ours, ref = parity.make_pair("FrozenLake-v1", unwrapped=True, is_slippery=False)
    assert isinstance(ours, FrozenLakeEnv)
    ours.reset(seed=0)
    ref.reset(seed=0)
    ours.s = ref.s = 14
    assert ours.step(2)[:4] == ref.step(2)[:4] == (15, 1, True, False)


@pytest.mark.parametrize("env_id", TABLE_IDS)
def test_tabular__one_step_from_injected_states_matches_reference(env_id: str) -> None:
    """States and actions injected as ``s``: all of them for small tables, a sample for Taxi."""
    ours, ref = parity.make_pair(env_id)
    ref.reset(seed=0)
    num_states, num_actions = int(ref.observation_space.n), int(ref.action_space.n)
    pairs = [(s, a) for s in range(num_states) for a in range(num_actions)]
    if len(pairs) > 400:
        chosen = np.random.default_rng(0).choice(len(pairs), 400, replace=False)
        pairs = [pairs[i] for i in sorted(chosen)]
    states, actions = zip(*pairs, strict=True)
    count = parity.assert_injected_steps_equal(ours, ref, states, actions, attribute="s")
    assert count == len(pairs)
