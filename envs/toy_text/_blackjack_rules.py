"""Blackjack's rules, written once over an array namespace.

Every rule (what a hand is worth, what a natural is, when the dealer stops, what a step pays)
is a function of a hand's summary (raw sum, whether it holds an ace or a ten, the number of
cards) and runs on Python scalars (:data:`~gymnasium_core.functional.backends.scalar`, for one
game), numpy arrays (a batch) or ``jax.numpy`` (under ``jit``/``vmap``). Only how a hand is
stored differs: :class:`ListHand` keeps the reference's list of one game, :class:`ArrayHand`
zero-padded arrays. Cards come from a card source: one game draws each card when the rules
take it, in the reference's order (:func:`lazy_cards`); arrays draw every card a step may need
up front and mask the unused ones (:func:`drawn_cards`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from gymnasium_core.functional import random as frandom
from gymnasium_core.functional.array_types import ArrayNamespace, Namespace
from gymnasium_core.functional.backends import as_array_namespace

DECK = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
MAX_CARDS = 21  # 21 aces is the longest hand that has not bust
# A dealer stops at 17: at most 10 draws after the first two cards (two aces, four more,
# a six, then five aces: soft 16, hard 12, then one at a time to 17).
MAX_DEALER_DRAWS = 10


class BlackjackParams(NamedTuple):
    """Rules. ``sutton_and_barto`` overrides ``natural``."""

    natural: Any = False
    sutton_and_barto: Any = True

    def replace(self, **changes: Any) -> BlackjackParams:
        """A copy with ``changes`` applied (the name the reference's params class uses)."""
        return self._replace(**changes)


class _FieldWithDefault(property):
    """A record field (read-only, as a property) that reads as its default on the class.

    The reference's params class is a dataclass, so ``BlackJackParams.natural`` is ``False``
    and the class itself can stand for the default rules; on an instance it is the value.
    """

    def __init__(self, index: int, default: Any) -> None:
        super().__init__(lambda record: record[index])
        self.default = default

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        return self.default if instance is None else super().__get__(instance, owner)


for _index, _name in enumerate(BlackjackParams._fields):
    setattr(
        BlackjackParams,
        _name,
        _FieldWithDefault(_index, BlackjackParams._field_defaults[_name]),
    )


# -- hands ----------------------------------------------------------------------------------


class ListHand(NamedTuple):
    """One game's hand, the reference's list of card values (1 is an ace)."""

    cards: list[int]

    def summary(self, xp: Namespace[Any]) -> tuple[Any, Any, Any, Any]:
        """``(raw_sum, has_ace, has_ten, count)``."""
        cards = self.cards
        return sum(cards), 1 in cards, 10 in cards, len(cards)

    def take(self, card: Any, wanted: Any, xp: Namespace[Any]) -> ListHand:
        """The hand with ``card`` added if ``wanted``."""
        return ListHand([*self.cards, card]) if wanted else self


class ArrayHand(NamedTuple):
    """Hands as ``(..., width)`` zero-padded card values and ``(...)`` card counts."""

    cards: Any
    count: Any

    def summary(self, xp: Namespace[Any]) -> tuple[Any, Any, Any, Any]:
        """``(raw_sum, has_ace, has_ten, count)`` of each hand."""
        cards, arrays = self.cards, as_array_namespace(xp)
        return (
            arrays.sum(cards, axis=-1),
            arrays.any(cards == 1, axis=-1),
            arrays.any(cards == 10, axis=-1),
            self.count,
        )

    def take(self, card: Any, wanted: Any, xp: Namespace[Any]) -> ArrayHand:
        """The hands with ``card`` added where ``wanted``."""
        added = put(self.cards, self.count, card, as_array_namespace(xp))
        return ArrayHand(xp.where(wanted[..., None], added, self.cards), self.count + wanted)


def put(hand: Any, index: Any, card: Any, xp: ArrayNamespace) -> Any:
    """``hand`` with ``card`` written at ``index`` (broadcast over any batch axes)."""
    slots = xp.arange(xp.shape(hand)[-1])
    card = xp.asarray(card, dtype=xp.asarray(hand).dtype)
    return xp.where(slots == xp.asarray(index)[..., None], card[..., None], hand)


# -- the rules ----------------------------------------------------------------------------


def value(hand: ListHand | ArrayHand, xp: Namespace[Any]) -> tuple[Any, Any]:
    """``(total, usable_ace)``: an ace counts 11 when that does not bust."""
    raw_sum, has_ace, _, _ = hand.summary(xp)
    usable = xp.logical_and(has_ace, raw_sum + 10 <= 21)
    return raw_sum + xp.where(usable, 10, 0), usable


def is_natural(hand: ListHand | ArrayHand, xp: Namespace[Any]) -> Any:
    """Whether the hand is a two-card 21: an ace and a ten."""
    _, has_ace, has_ten, count = hand.summary(xp)
    return xp.logical_and(count == 2, xp.logical_and(has_ace, has_ten))


def payout(
    player_score: Any,
    dealer_score: Any,
    natural_player: Any,
    natural_dealer: Any,
    params: BlackjackParams,
    xp: Namespace[Any],
) -> Any:
    """The reward when the player sticks: the comparison, then the natural-hand rules."""
    base = (player_score > dealer_score) * 1.0 - (player_score < dealer_score) * 1.0
    sab = xp.logical_and(
        params.sutton_and_barto, xp.logical_and(natural_player, xp.logical_not(natural_dealer))
    )
    bonus = xp.logical_and(
        xp.logical_and(params.natural, xp.logical_not(params.sutton_and_barto)),
        xp.logical_and(natural_player, base == 1.0),
    )
    return xp.where(sab, 1.0, xp.where(bonus, 1.5, base))


def split_action(action: Any, playing: Any, xp: Namespace[Any]) -> tuple[Any, Any]:
    """``(hit, stick)``: the action, in games still being played."""
    return xp.logical_and(action != 0, playing), xp.logical_and(action == 0, playing)


def deal(
    player: Any,
    dealer: Any,
    hit: Any,
    stick: Any,
    cards: Any,
    xp: Namespace[Any],
    *,
    lazy: bool = False,
) -> tuple[Any, Any]:
    """One step's cards: a hit takes a card, a stick lets the dealer draw to 17.

    Args:
        player: The player's hand(s).
        dealer: The dealer's hand(s).
        hit: Where the player hits.
        stick: Where the player sticks.
        cards: ``cards(i, wanted)``: the step's ``i``-th card, taken where ``wanted``.
        xp: The array namespace.
        lazy: One game: stop as soon as the dealer is done.

    Returns:
        ``(player, dealer)`` after the step.
    """
    player = player.take(cards(0, hit), hit, xp)
    for i in range(MAX_DEALER_DRAWS):
        drawing = xp.logical_and(stick, value(dealer, xp)[0] < 17)
        if lazy and not drawing:
            break
        dealer = dealer.take(cards(i, drawing), drawing, xp)
    return player, dealer


def outcome(
    player: Any, dealer: Any, hit: Any, stick: Any, params: BlackjackParams, xp: Namespace[Any]
) -> tuple[Any, Any]:
    """``(reward, game_over)`` of a step, from the hands after it.

    -1 for a bust, the payout on a stick, 0 otherwise (and where nothing was played). A stick
    or a bust ends the game.
    """
    player_total = value(player, xp)[0]
    dealer_total = value(dealer, xp)[0]
    bust = player_total > 21
    stick_reward = payout(
        xp.where(bust, 0, player_total),
        xp.where(dealer_total > 21, 0, dealer_total),
        is_natural(player, xp),
        is_natural(dealer, xp),
        params,
        xp,
    )
    reward = xp.where(hit, xp.where(bust, -1.0, 0.0), xp.where(stick, stick_reward, 0.0))
    return reward, xp.logical_or(stick, xp.logical_and(hit, bust))


# -- card sources ---------------------------------------------------------------------------


def lazy_cards(rng: np.random.Generator) -> Any:
    """One game's card source: a draw of ``rng`` only for a card the rules take."""
    return lambda i, wanted: DECK[rng.integers(0, len(DECK))] if wanted else 0


def drawn_cards(rng: Any, xp: Namespace[Any]) -> Any:
    """Arrays' card source: every card a step may need, drawn up front.

    A hit takes the first and the dealer the first ones it needs (the two are exclusive, as in
    the reference's ``tabular`` id, whose key chain :func:`card_indices` follows on JAX).
    """
    values = xp.asarray(DECK)[card_indices(rng, MAX_DEALER_DRAWS)]
    return lambda i, wanted: values[i]


def card_indices(rng: Any, count: int) -> Any:
    """``count`` deck indices in ``[0, 13)``, shape ``(count, *batch)``.

    On a JAX key they follow the reference's ``tabular`` Blackjack: each card uses the first
    half of splitting the previous card's key (the first card's: of ``rng``), so the same key
    deals the same cards. On numpy it is one draw of ``count`` indices per environment.
    """
    if frandom.is_numpy_rng(rng):
        return frandom.integers(rng, 0, len(DECK), shape=(count,), batch_axis=-1)
    import jax.numpy as jnp

    indices = []
    key = rng
    for _ in range(count):
        key = frandom.split(key)[0]
        indices.append(frandom.integers(key, 0, len(DECK), shape=(1,))[0])
    return jnp.stack(indices)
