"""Module-level helpers and constants of the toy-text modules against the reference's."""

from __future__ import annotations

import importlib
import itertools
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")

from gymnasium_core.envs.toy_text import blackjack, utils  # noqa: E402

ref_blackjack = importlib.import_module("gymnasium.envs.toy_text.blackjack")
ref_utils = importlib.import_module("gymnasium.envs.toy_text.utils")

CONSTANTS = {
    "blackjack": [
        "ART_PIXEL",
        "BIG_DIGIT_GAP",
        "DEALER_CARD_POS",
        "DEALER_LABEL_POS",
        "FELT_COLOR",
        "HIDDEN_CARD_POS",
        "LABEL_DIGIT_GAP",
        "PLAYER_LABEL_POS",
        "PLAYER_SUM_TOP",
        "SCREEN_SIZE",
        "SMALL_DIGIT_GAP",
        "USABLE_ACE_TOP",
        "deck",
    ],
    "cliffwalking": [
        "AGENT_OFFSET",
        "ART_CELL_SIZE",
        "DOWN",
        "FLAG_OFFSET",
        "LEFT",
        "LETTER_OFFSET",
        "POSITION_MAPPING",
        "RIGHT",
        "UP",
    ],
    "frozen_lake": ["DOWN", "LEFT", "MAPS", "RIGHT", "UP"],
    "taxi": [
        "BACKGROUND_POS",
        "CANVAS_COLOR",
        "CELL_SIZE",
        "GRID_ORIGIN",
        "HOUSE_POS",
        "MAP",
        "PASSENGER_OFFSET",
        "TAXI_H_OFFSET",
        "TAXI_V_OFFSET",
        "WINDOW_SIZE",
    ],
}


@pytest.mark.parametrize(
    ("module", "name"),
    [(m, n) for m, names in CONSTANTS.items() for n in names],
    ids=lambda v: str(v),
)
def test_constant__equals_the_reference(module: str, name: str) -> None:
    ours = getattr(importlib.import_module(f"gymnasium_core.envs.toy_text.{module}"), name)
    theirs = getattr(importlib.import_module(f"gymnasium.envs.toy_text.{module}"), name)
    assert ours == theirs and type(ours) is type(theirs)


def _hands() -> list[list[int]]:
    cards = [1, 2, 5, 6, 9, 10]
    hands = [list(h) for n in (1, 2, 3) for h in itertools.product(cards, repeat=n)]
    return [*hands, [1, 1, 1, 10, 5], [10, 10, 2], [1] * 11]


@pytest.mark.parametrize(
    "name", ["usable_ace", "sum_hand", "is_bust", "score", "is_natural"], ids=str
)
def test_blackjack_hand_helper__matches_the_reference(name: str) -> None:
    ours, theirs = getattr(blackjack, name), getattr(ref_blackjack, name)
    for hand in _hands():
        got, expected = ours(list(hand)), theirs(list(hand))
        assert got == expected and type(got) is type(expected), hand


def test_blackjack_cmp__matches_the_reference() -> None:
    for a, b in itertools.product([0, 17, 21, 20.5], repeat=2):
        got, expected = blackjack.cmp(a, b), ref_blackjack.cmp(a, b)
        assert got == expected and type(got) is type(expected)


@pytest.mark.parametrize("name", ["draw_card", "draw_hand"], ids=str)
def test_blackjack_draws__follow_the_reference_stream(name: str) -> None:
    ours_rng, ref_rng = np.random.default_rng(4), np.random.default_rng(4)
    for _ in range(50):
        got = getattr(blackjack, name)(ours_rng)
        expected = getattr(ref_blackjack, name)(ref_rng)
        assert got == expected and type(got) is type(expected)
    assert ours_rng.random() == ref_rng.random()


def test_categorical_sample__matches_the_reference_value_and_type() -> None:
    ours_rng, ref_rng = np.random.default_rng(1), np.random.default_rng(1)
    for probs in ([0.2, 0.3, 0.5], [1.0], [0.0, 0.0, 1.0], [0.1, 0.1]):
        for _ in range(20):
            got = utils.categorical_sample(probs, ours_rng)
            expected = ref_utils.categorical_sample(probs, ref_rng)
            assert got == expected and type(got) is type(expected)


def test_draw_table__draws_on_a_plain_pygame_surface() -> None:
    pygame = pytest.importorskip("pygame")
    surface: Any = pygame.Surface(blackjack.SCREEN_SIZE)
    blackjack.draw_table(surface, 17, 10, True, "KS")
    frame = pygame.surfarray.array3d(surface)
    assert frame.shape == (*blackjack.SCREEN_SIZE, 3) and len(np.unique(frame)) > 2
