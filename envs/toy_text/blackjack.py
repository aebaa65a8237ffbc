"""Blackjack: the stateful env behind ``make("Blackjack-v1")`` and its numpy vector env.

The task itself (its state, dynamics, rewards and drawing) is defined once in
:mod:`._blackjack_func`; the names of the reference's module are re-exported here.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core import logger
from gymnasium_core.core import Env

from ._blackjack_func import (
    ART_PIXEL,
    BIG_DIGIT_GAP,
    DEALER_CARD_POS,
    DEALER_LABEL_POS,
    FACES,
    FELT_COLOR,
    HIDDEN_CARD_POS,
    LABEL_DIGIT_GAP,
    PLAYER_LABEL_POS,
    PLAYER_SUM_TOP,
    SCREEN_SIZE,
    SMALL_DIGIT_GAP,
    SUITS,
    USABLE_ACE_TOP,
    BlackjackFunctional,
    BlackjackState,
    cmp,
    deck,
    draw_card,
    draw_hand,
    draw_table,
    hand_total,
    is_bust,
    is_natural,
    score,
    sum_hand,
    usable_ace,
)
from ._blackjack_rules import BlackjackParams
from ._render import RenderTarget
from ._vector import ToyTextVectorEnv

__all__ = [
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
    "BlackjackEnv",
    "BlackjackFunctional",
    "BlackjackParams",
    "BlackjackState",
    "BlackjackVectorEnv",
    "cmp",
    "deck",
    "draw_card",
    "draw_hand",
    "draw_table",
    "hand_total",
    "is_bust",
    "is_natural",
    "score",
    "sum_hand",
    "usable_ace",
]


class BlackjackEnv(Env[tuple[int, int, int], int]):
    """Blackjack-v1: the stateful environment behind ``make``.

    The reference's attributes are views of the game: ``player`` and ``dealer`` (the hands, as
    lists), ``natural`` and ``sab`` (the rules), ``dealer_top_card_suit`` and
    ``dealer_top_card_value_str`` (the shown card's look). Writing any of them changes what
    follows as it does in the reference.

    Args:
        render_mode: ``"human"``, ``"rgb_array"`` or ``None``.
        natural: Pay 1.5 for a winning natural (two-card 21); ignored when ``sab``.
        sab: Follow Sutton & Barto exactly.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": 4}

    def __init__(self, render_mode: str | None = None, natural: bool = False, sab: bool = False):
        self.func_env = BlackjackFunctional(natural=natural, sab=sab)
        self.params: BlackjackParams = self.func_env.get_default_params()
        self.action_space = self.func_env.action_space
        self.observation_space = self.func_env.observation_space
        self.render_mode = render_mode
        self.state: BlackjackState | None = None
        self._target: RenderTarget | None = None

    @property
    def natural(self) -> Any:
        """Whether a winning natural pays 1.5 (ignored when :attr:`sab`)."""
        return self.params.natural

    @natural.setter
    def natural(self, value: Any) -> None:
        self.params = self.params._replace(natural=value)

    @property
    def sab(self) -> Any:
        """Whether the Sutton & Barto rules apply."""
        return self.params.sutton_and_barto

    @sab.setter
    def sab(self, value: Any) -> None:
        self.params = self.params._replace(sutton_and_barto=value)

    @property
    def player(self) -> list[int]:
        """The player's cards (1 is an ace), the reference's list."""
        return self._require_state().player  # type: ignore[no-any-return]

    @player.setter
    def player(self, hand: list[int]) -> None:
        self.state = self._require_state()._replace(player=hand, player_count=len(hand))

    @property
    def dealer(self) -> list[int]:
        """The dealer's cards, the first one shown, the reference's list."""
        return self._require_state().dealer  # type: ignore[no-any-return]

    @dealer.setter
    def dealer(self, hand: list[int]) -> None:
        self.state = self._require_state()._replace(dealer=hand, dealer_count=len(hand))

    def _require_state(self) -> BlackjackState:
        if self.state is None:
            raise AttributeError("The environment has no state yet: call reset() first.")
        return self.state

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[tuple[int, int, int], dict[str, Any]]:
        """Deal a new game."""
        super().reset(seed=seed)
        self.state = self.func_env.initial(self.np_random, self.params)
        state = self.state
        # The reference draws these strings with choice(), so they are numpy strings, except
        # the value of an ace or a number card, which it writes as a str.
        self.dealer_top_card_suit = np.str_(SUITS[state.suit])
        shown = state.dealer[0]
        self.dealer_top_card_value_str = (
            np.str_(FACES[state.face]) if shown == 10 else "A" if shown == 1 else str(shown)
        )
        if self.render_mode == "human":
            self.render()
        return self.func_env.observation(state), {}

    def step(
        self, action: int
    ) -> tuple[tuple[int, int, int], SupportsFloat, bool, bool, dict[str, Any]]:
        """Hit (1) or stick (0); truncation is left to wrappers."""
        # The reference asserts the action, so a bad one raises AssertionError here too.
        assert self.action_space.contains(action), f"{action!r} is not a valid action (0 or 1)."
        state = self._require_state()
        next_state = self.func_env.transition(state, action, self.np_random, self.params)
        # The reference appends the new cards to its hand lists: keep the same list objects,
        # so a hand held by the caller sees them too (a step only ever adds cards).
        for old, new in ((state.player, next_state.player), (state.dealer, next_state.dealer)):
            old[len(old) :] = new[len(old) :]
        self.state = next_state._replace(player=state.player, dealer=state.dealer)
        if self.render_mode == "human":
            self.render()
        return (
            self.func_env.observation(self.state),
            self.state.reward,
            self.state.terminated,
            False,
            {},
        )

    def render(self) -> Any:
        """Draw the table (``rgb_array`` frame or ``human`` window)."""
        if self.render_mode is None:
            name = self.spec.id if self.spec is not None else "<env id>"
            logger.warn(
                "render() was called but no render_mode was given; pass one when creating "
                f'the environment, e.g. make("{name}", render_mode="rgb_array").'
            )
            return None
        state = self._require_state()
        if self._target is None:
            self._target = RenderTarget(self.render_mode, SCREEN_SIZE, "Blackjack")
            self.screen = self._target.surface
            self.clock = self._target.clock
        total, shown, ace = self.func_env.observation(state)
        card = f"{self.dealer_top_card_value_str}{self.dealer_top_card_suit}"
        draw_table(self._target, total, shown, bool(ace), card)
        return self._target.present(self.metadata["render_fps"])

    def close(self) -> None:
        """Close the window, if one was opened."""
        if self._target is not None:
            self._target.close()
            self._target = None


class BlackjackVectorEnv(ToyTextVectorEnv):
    """The numpy-batched Blackjack vector env (its ``vector_entry_point``)."""

    func_env_cls = BlackjackFunctional
