"""Blackjack: beat the dealer with a hand closer to 21, drawn from an infinite deck.

The player sees ``(player_sum, dealer_card, usable_ace)``; actions are 0 stick and 1 hit.
Hitting past 21 loses (-1) at once; sticking lets the dealer draw to 17 or more, then the
higher score wins (+1 / -1, 0 for a draw). Aces count 11 while that does not bust.
``natural`` pays 1.5 for a winning two-card 21 (ignored when ``sab``); with ``sab`` (Sutton &
Barto, Example 5.1) a player natural against a dealer without one always wins.

Cards are drawn with ``choice`` over the 13-card deck in the reference's order: at reset the
dealer's two cards, the player's two, the dealer's shown suit, and a face (J/Q/K) when the
shown card is worth 10. The suit and face only matter for rendering. On a JAX key the cards
follow the reference's ``tabular`` id instead (player first, each card from a chained split of
the key), so the same key deals the same game there.

The rules are written once, over an array namespace: every rule (what a hand is worth, what a
natural is, when the dealer stops, what a step pays) is a function of a hand's summary (raw
sum, whether it holds an ace or a ten, the number of cards) and runs on Python scalars
(:data:`~gymnasium_core.functional.backends.scalar`, for one game), numpy arrays (a batch) or
``jax.numpy`` (under ``jit``/``vmap``). Only how a hand is stored differs: :class:`ListHand`
keeps the reference's list of one game, :class:`ArrayHand` zero-padded arrays. Cards come from
a card source: one game draws each card when the rules take it, in the reference's order
(:func:`lazy_cards`); arrays draw every card a step may need up front and mask the unused ones
(:func:`drawn_cards`).

The definition is :class:`BlackjackFunctional` (the JAX class of ``tabular/Blackjack-v0``
runs the same rules); this module also holds the stateful env behind ``make("Blackjack-v1")``
and its numpy vector env.
"""

from __future__ import annotations

from typing import Any, NamedTuple, SupportsFloat

import numpy as np

from gymnasium_core import logger, spaces
from gymnasium_core.core import Env
from gymnasium_core.functional import FuncEnv
from gymnasium_core.functional import random as frandom
from gymnasium_core.functional.array_types import ArrayNamespace, Namespace
from gymnasium_core.functional.backends import as_array_namespace, scalar

from ._common import RenderTarget, ToyTextVectorEnv, import_pygame

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


# -- the definition ----------------------------------------------------------------------------

DECK = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
MAX_CARDS = 21  # 21 aces is the longest hand that has not bust
# A dealer stops at 17: at most 10 draws after the first two cards (two aces, four more,
# a six, then five aces: soft 16, hard 12, then one at a time to 17).
MAX_DEALER_DRAWS = 10

SUITS = ("C", "D", "H", "S")
FACES = ("J", "Q", "K")

#: The reference's 13-card deck (1 is an ace; the last three tens are J, Q, K).
deck = list(DECK)

# The reference's table geometry, in pixels (our drawing is our own; these are its facts).
SCREEN_SIZE = (384, 376)
ART_PIXEL = 4
FELT_COLOR = (196, 216, 158)
DEALER_LABEL_POS = (40, 32)
DEALER_CARD_POS = (96, 72)
HIDDEN_CARD_POS = (208, 72)
PLAYER_LABEL_POS = (40, 208)
PLAYER_SUM_TOP = 248
USABLE_ACE_TOP = 328
LABEL_DIGIT_GAP = 12
SMALL_DIGIT_GAP = 4
BIG_DIGIT_GAP = 12


class BlackjackState(NamedTuple):
    """The game: both hands, the shown card's look, and the last outcome.

    On the single-env path the hands are Python lists; on arrays they are ``(21,)`` int
    arrays padded with zeros, with the card counts alongside.
    """

    player: Any  # (21,) int: the player's cards (1 = ace), 0-padded
    dealer: Any  # (21,) int: the dealer's cards, 0-padded
    player_count: Any  # () int: number of player cards
    dealer_count: Any  # () int: number of dealer cards
    suit: Any  # () int: suit of the dealer's shown card, index into "CDHS"
    face: Any  # () int: J/Q/K index when the shown card is worth 10, else -1
    reward: Any  # () float: reward of the last step
    terminated: Any  # () bool: whether the game is over


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


class BlackjackFunctional(FuncEnv[BlackjackState, Any, Any, Any, Any, Any, BlackjackParams]):
    """Blackjack as pure functions (see the module docstring for the rules)."""

    action_space: spaces.Space[Any] = spaces.Discrete(2)
    observation_space = spaces.Tuple((spaces.Discrete(32), spaces.Discrete(11), spaces.Discrete(2)))
    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 4}
    # Only arrays reach ``xp``: one env's hands are lists, computed on the scalar namespace.
    xp: ArrayNamespace = np

    def __init__(self, natural: bool = False, sab: bool = True, stack_obs: bool = False) -> None:
        """Set the default rules.

        Args:
            natural: Pay 1.5 for a winning natural; ignored when ``sab``.
            sab: Follow Sutton & Barto (``sutton_and_barto`` in the params).
            stack_obs: Observe one ``(3,)`` int32 array (the reference's ``tabular``
                layout, with a ``Box`` space) instead of a tuple of three ints.
        """
        self._defaults = BlackjackParams(natural=natural, sutton_and_barto=sab)
        self.stack_obs = stack_obs
        if stack_obs:
            self.observation_space = spaces.Box(  # type: ignore[assignment]
                low=np.array([1, 1, 0]), high=np.array([32, 11, 1]), shape=(3,), dtype=np.int32
            )
        super().__init__()

    def get_default_params(self, **kwargs: Any) -> BlackjackParams:
        """The rules given at construction, with ``kwargs`` overriding fields."""
        return self._defaults._replace(**kwargs)

    def _is_scalar(self, rng: Any) -> bool:
        return isinstance(rng, np.random.Generator) and self.xp is np

    # -- initial --------------------------------------------------------------------------

    def initial(self, rng: Any, params: BlackjackParams | None = None) -> BlackjackState:
        """Deal two cards each (dealer first) and draw the shown card's suit and face."""
        if self._is_scalar(rng):
            dealer = [DECK[rng.integers(0, 13)], DECK[rng.integers(0, 13)]]
            player = [DECK[rng.integers(0, 13)], DECK[rng.integers(0, 13)]]
            suit = int(rng.integers(0, 4))
            face = int(rng.integers(0, 3)) if dealer[0] == 10 else -1
            return BlackjackState(player, dealer, 2, 2, suit, face, 0.0, False)
        return self._initial_arrays(rng)

    def _initial_arrays(self, rng: Any) -> BlackjackState:
        """:meth:`initial` on arrays: a batch on numpy, or JAX."""
        xp = self.xp
        # The player's two cards, then the dealer's, as the reference's tabular id deals them.
        cards = card_indices(rng, 4)
        deck = xp.asarray(DECK)
        empty = xp.zeros(MAX_CARDS, dtype=deck.dtype)
        player = put(put(empty, 0, deck[cards[0]], xp), 1, deck[cards[1]], xp)
        dealer = put(put(empty, 0, deck[cards[2]], xp), 1, deck[cards[3]], xp)
        # The shown card's look (rendering only), from a key the cards do not use: a draw in
        # [0, 12) whose residues mod 4 and mod 3 are a uniform suit and face.
        look = frandom.integers(frandom.split(rng)[1], 0, 12, batch_axis=-1)
        suit = look % 4
        face = xp.where(deck[cards[2]] == 10, look % 3, -1)
        two = xp.zeros_like(suit) + 2
        return self._typed(BlackjackState(player, dealer, two, two, suit, face, two * 0.0, two < 0))

    def _typed(self, state: BlackjackState) -> BlackjackState:
        """Fix every field's dtype, so a jitted step sees the same types each call."""
        xp = self.xp
        index = np.int64 if xp is np else xp.int32
        player, dealer, player_count, dealer_count, suit, face = (
            xp.asarray(field, dtype=index) for field in state[:6]
        )
        return BlackjackState(
            player,
            dealer,
            player_count,
            dealer_count,
            suit,
            face,
            xp.asarray(state.reward, dtype=xp.float32),
            xp.asarray(state.terminated, dtype=xp.bool_),
        )

    # -- transition -----------------------------------------------------------------------

    def transition(
        self, state: BlackjackState, action: Any, rng: Any, params: BlackjackParams | None = None
    ) -> BlackjackState:
        """Hit (draw a card, lose on a bust) or stick (the dealer plays, then the payout).

        One game with list hands (the stateful env) draws each card when the rules take it,
        in the reference's order, and keeps dealing after the end as the reference does. On
        arrays a finished game is absorbing: nothing is dealt, the reward is 0 and the hands
        (so the observation) stay in the observation space.
        """
        params = self._defaults if params is None else params
        if isinstance(state.player, list):
            hit, stick = split_action(action, True, scalar)
            player, dealer = deal(
                ListHand(state.player),
                ListHand(state.dealer),
                hit,
                stick,
                lazy_cards(rng),
                scalar,
                lazy=True,
            )
            reward, over = outcome(player, dealer, hit, stick, params, scalar)
            return state._replace(
                player=player.cards,
                dealer=dealer.cards,
                player_count=len(player.cards),
                dealer_count=len(dealer.cards),
                reward=float(reward),
                terminated=bool(over),
            )
        xp = self.xp
        playing = xp.logical_not(state.terminated)
        hit, stick = split_action(xp.asarray(action), playing, xp)
        player, dealer = deal(
            ArrayHand(state.player, state.player_count),
            ArrayHand(state.dealer, state.dealer_count),
            hit,
            stick,
            drawn_cards(rng, xp),
            xp,
        )
        reward, over = outcome(player, dealer, hit, stick, params, xp)
        return state._replace(
            player=player.cards,
            dealer=dealer.cards,
            player_count=player.count,
            dealer_count=dealer.count,
            reward=xp.asarray(reward, dtype=xp.float32),
            terminated=xp.logical_or(state.terminated, over),
        )

    # -- outputs --------------------------------------------------------------------------

    def observation(
        self, state: BlackjackState, rng: Any = None, params: BlackjackParams | None = None
    ) -> Any:
        """``(player_sum, dealer_card, usable_ace)``: ints, or an int array ``(..., 3)``."""
        if isinstance(state.player, list):
            total, ace = hand_value(ListHand(state.player), scalar)
            return (int(total), state.dealer[0], int(ace))
        xp = self.xp
        total, ace = hand_total(state.player, xp)
        if self.stack_obs:
            return xp.stack([total, state.dealer[..., 0], ace], axis=-1).astype(xp.int32)
        dtype = np.int64 if xp is np else xp.int32
        return (total.astype(dtype), state.dealer[..., 0].astype(dtype), ace.astype(dtype))

    def reward(
        self,
        state: BlackjackState,
        action: Any,
        next_state: BlackjackState,
        rng: Any = None,
        params: BlackjackParams | None = None,
    ) -> Any:
        """The reward stored by :meth:`transition`."""
        return next_state.reward

    def terminal(
        self, state: BlackjackState, rng: Any = None, params: BlackjackParams | None = None
    ) -> Any:
        """Whether the game is over (a bust or a stick)."""
        return state.terminated

    # -- rendering ------------------------------------------------------------------------

    def render_init(self, params: BlackjackParams | None = None, **kwargs: Any) -> RenderTarget:
        """An off-screen surface of the reference's frame size."""
        return RenderTarget("rgb_array", SCREEN_SIZE, "Blackjack")

    def render_image(
        self,
        state: BlackjackState,
        render_state: RenderTarget,
        params: BlackjackParams | None = None,
    ) -> tuple[RenderTarget, np.ndarray[Any, Any]]:
        """Draw the table and return the frame."""
        dealer = np.asarray(state.dealer).tolist()
        total, ace = (int(v) for v in hand_total(np.asarray(state.player), np))
        shown = int(dealer[0]) if isinstance(dealer, list) else int(dealer)
        draw_table(render_state, total, shown, bool(ace), _card_label(shown, state))
        frame = render_state.present(0)
        assert frame is not None
        return render_state, frame

    def render_close(
        self, render_state: RenderTarget, params: BlackjackParams | None = None
    ) -> None:
        """Release the surface."""
        render_state.close()


def hand_total(hand: Any, xp: Namespace[Any]) -> tuple[Any, Any]:
    """``(total, usable_ace)`` of ``(..., width)`` zero-padded hands, both of the hands' dtype."""
    total, usable = hand_value(ArrayHand(hand, None), xp)
    return total, xp.asarray(usable).astype(xp.asarray(total).dtype)


# -- hands -------------------------------------------------------------------------------------


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


# -- the rules ---------------------------------------------------------------------------------


def hand_value(hand: ListHand | ArrayHand, xp: Namespace[Any]) -> tuple[Any, Any]:
    """``(total, usable_ace)``: an ace counts 11 when that does not bust."""
    raw_sum, has_ace, _, _ = hand.summary(xp)
    usable = xp.logical_and(has_ace, raw_sum + 10 <= 21)
    return raw_sum + xp.where(usable, 10, 0), usable


def is_natural_hand(hand: ListHand | ArrayHand, xp: Namespace[Any]) -> Any:
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
        drawing = xp.logical_and(stick, hand_value(dealer, xp)[0] < 17)
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
    player_total = hand_value(player, xp)[0]
    dealer_total = hand_value(dealer, xp)[0]
    bust = player_total > 21
    stick_reward = payout(
        xp.where(bust, 0, player_total),
        xp.where(dealer_total > 21, 0, dealer_total),
        is_natural_hand(player, xp),
        is_natural_hand(dealer, xp),
        params,
        xp,
    )
    reward = xp.where(hit, xp.where(bust, -1.0, 0.0), xp.where(stick, stick_reward, 0.0))
    return reward, xp.logical_or(stick, xp.logical_and(hit, bust))


# -- card sources ------------------------------------------------------------------------------


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


# -- the reference module's helpers, on one game's list of cards -------------------------------


def cmp(a: Any, b: Any) -> float:
    """1.0 if ``a > b``, -1.0 if ``a < b``, 0.0 if equal."""
    return float(a > b) - float(a < b)


def draw_card(np_random: np.random.Generator) -> int:
    """One card from an infinite deck (one draw of ``np_random``, as the reference makes)."""
    return DECK[np_random.integers(0, len(DECK))]


def draw_hand(np_random: np.random.Generator) -> list[int]:
    """Two cards from an infinite deck."""
    return [draw_card(np_random), draw_card(np_random)]


def usable_ace(hand: list[int]) -> int:
    """1 if the hand holds an ace that can count 11 without busting, else 0."""
    return int(hand_value(ListHand(hand), scalar)[1])


def sum_hand(hand: list[int]) -> int:
    """The hand's total, an ace counting 11 when that does not bust."""
    return int(hand_value(ListHand(hand), scalar)[0])


def is_bust(hand: list[int]) -> bool:
    """Whether the hand's total is over 21."""
    return sum_hand(hand) > 21


def score(hand: list[int]) -> int:
    """The hand's total, or 0 for a bust."""
    total = sum_hand(hand)
    return 0 if total > 21 else total


def is_natural(hand: list[int]) -> bool:
    """Whether the hand is a two-card 21 (an ace and a ten)."""
    return bool(is_natural_hand(ListHand(hand), scalar))


# -- drawing -----------------------------------------------------------------------------------


def _card_label(shown: int, state: BlackjackState) -> str:
    value = "A" if shown == 1 else FACES[int(state.face)] if shown == 10 else str(shown)
    return value + SUITS[int(state.suit)]


def draw_table(
    surface: Any, player_sum: int, dealer_card_value: int, usable_ace: bool, dealer_card: str
) -> None:
    """Draw the table onto ``surface``: the dealer's shown card and the player's sum.

    Args:
        surface: A pygame surface (or a :class:`RenderTarget`) of :data:`SCREEN_SIZE`.
        player_sum: The player's total.
        dealer_card_value: The value of the dealer's shown card (1 for an ace).
        usable_ace: Whether the player holds a usable ace.
        dealer_card: The shown card's name: value then suit, e.g. ``"KS"`` or ``"7H"``.
    """
    pygame = import_pygame()
    target = surface if isinstance(surface, RenderTarget) else RenderTarget.on_surface(surface)
    surface = target.surface
    dealer_value, card = dealer_card_value, dealer_card
    surface.fill(FELT_COLOR)
    ink = (30, 50, 30)
    target.text(f"Dealer: {dealer_value}", (120, 44), 32, ink, bold=True)
    for x, face_up in ((96, True), (208, False)):
        rect = pygame.Rect(x, 72, 80, 112)
        pygame.draw.rect(
            surface, (250, 250, 245) if face_up else (60, 80, 160), rect, border_radius=8
        )
        pygame.draw.rect(surface, (40, 40, 40), rect, 2, border_radius=8)
        if face_up:
            red = card[-1] in "DH"
            target.text(
                card[:-1], rect.center, 44, (190, 30, 30) if red else (20, 20, 20), bold=True
            )
            target.text(
                card[-1],
                (rect.left + 14, rect.top + 16),
                22,
                (190, 30, 30) if red else (20, 20, 20),
            )
    target.text("Player", (SCREEN_SIZE[0] // 2, 222), 32, ink, bold=True)
    target.text(str(player_sum), (SCREEN_SIZE[0] // 2, 280), 96, ink, bold=True)
    if usable_ace:
        target.text("usable ace", (SCREEN_SIZE[0] // 2, 340), 30, ink)


# -- the stateful env and the numpy vector env -------------------------------------------------


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
