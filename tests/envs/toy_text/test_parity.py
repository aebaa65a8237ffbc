"""Stateful toy-text envs against the reference: same kwargs, seed and actions, same outputs."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium_core.envs.toy_text.blackjack import BlackjackEnv  # noqa: E402
from gymnasium_core.envs.toy_text.cliffwalking import CliffWalkingEnv  # noqa: E402
from gymnasium_core.envs.toy_text.frozen_lake import FrozenLakeEnv, generate_random_map  # noqa: E402
from gymnasium_core.envs.toy_text.taxi import TaxiEnv  # noqa: E402

TABULAR_CASES = [
    ("frozen_lake", FrozenLakeEnv, {}),
    ("frozen_lake", FrozenLakeEnv, {"map_name": "8x8"}),
    ("frozen_lake", FrozenLakeEnv, {"is_slippery": False}),
    ("frozen_lake", FrozenLakeEnv, {"success_rate": 0.75, "reward_schedule": (5, -1, 0.5)}),
    ("frozen_lake", FrozenLakeEnv, {"desc": ["SFH", "FSF", "HFG"]}),
    ("cliffwalking", CliffWalkingEnv, {}),
    ("cliffwalking", CliffWalkingEnv, {"is_slippery": True}),
    ("taxi", TaxiEnv, {}),
    ("taxi", TaxiEnv, {"is_rainy": True}),
    ("taxi", TaxiEnv, {"fickle_passenger": True, "fickle_probability": 0.9}),
    ("taxi", TaxiEnv, {"is_rainy": True, "fickle_passenger": True, "rainy_probability": 0.6}),
]


def _reference(module: str, cls: type, kwargs: dict) -> object:
    ref_module = __import__(f"gymnasium.envs.toy_text.{module}", fromlist=["x"])
    return getattr(ref_module, cls.__name__)(render_mode="ansi", **kwargs)


def _assert_info_equal(ours: dict, ref: dict) -> None:
    assert ours.keys() == ref.keys()
    for key, value in ref.items():
        if isinstance(value, np.ndarray):
            assert ours[key].dtype == value.dtype
            np.testing.assert_array_equal(ours[key], value)
        else:
            assert ours[key] == value and type(ours[key]) is type(value), key


@pytest.mark.parametrize(
    ("module", "cls", "kwargs"), TABULAR_CASES, ids=[f"{c[0]}-{c[2]}" for c in TABULAR_CASES]
)
def test_tabular__matches_reference_episodes(module: str, cls: type, kwargs: dict) -> None:
    ours, ref = cls(render_mode="ansi", **kwargs), _reference(module, cls, kwargs)
    assert ours.P == ref.P
    np.testing.assert_array_equal(ours.initial_state_distrib, ref.initial_state_distrib)
    assert ours.observation_space.n == ref.observation_space.n
    num_actions = int(ref.action_space.n)
    for seed in range(12):
        obs, info = ours.reset(seed=seed)
        ref_obs, ref_info = ref.reset(seed=seed)
        assert obs == ref_obs and type(obs) is int
        _assert_info_equal(info, ref_info)
        assert ours.render() == ref.render()
        for action in np.random.default_rng(seed).integers(0, num_actions, 150):
            out = ours.step(int(action))
            ref_out = ref.step(int(action))
            assert out[:4] == ref_out[:4], (seed, action)
            assert type(out[1]) is type(ref_out[1])
            _assert_info_equal(out[4], ref_out[4])
            assert ours.render() == ref.render()
            if out[2]:
                (obs, info), (ref_obs, ref_info) = ours.reset(), ref.reset()
                assert obs == ref_obs
                _assert_info_equal(info, ref_info)


@pytest.mark.parametrize("kwargs", [{}, {"sab": True}, {"natural": True}], ids=str)
def test_blackjack__matches_reference_card_draws(kwargs: dict) -> None:
    from gymnasium.envs.toy_text.blackjack import BlackjackEnv as Reference

    ours, ref = BlackjackEnv(**kwargs), Reference(**kwargs)
    for seed in range(60):
        assert ours.reset(seed=seed) == ref.reset(seed=seed)
        assert ours.dealer_top_card_suit == ref.dealer_top_card_suit
        assert ours.dealer_top_card_value_str == ref.dealer_top_card_value_str
        for action in np.random.default_rng(seed).integers(0, 2, 40):
            out, ref_out = ours.step(int(action)), ref.step(int(action))
            assert out == ref_out
            assert (ours.player, ours.dealer) == (ref.player, ref.dealer)
            if out[2]:
                assert ours.reset() == ref.reset()


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
    ours, ref = (
        FrozenLakeEnv(is_slippery=False),
        _reference("frozen_lake", FrozenLakeEnv, {"is_slippery": False}),
    )
    ours.reset(seed=0)
    ref.reset(seed=0)
    ours.s = ref.s = 14
    assert ours.step(2)[:4] == ref.step(2)[:4] == (15, 1, True, False)
