"""Toy-text bad input: malformed maps, actions outside the space, stepping before reset."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium_core.envs.toy_text.blackjack import BlackjackEnv
from gymnasium_core.envs.toy_text.cliffwalking import CliffWalkingEnv
from gymnasium_core.envs.toy_text.frozen_lake import FrozenLakeEnv, generate_random_map
from gymnasium_core.envs.toy_text.taxi import TaxiEnv


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
