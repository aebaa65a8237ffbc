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

The rules live once, in :mod:`._blackjack_rules`, over an array namespace: one game runs them
on Python scalars with list hands, a batch on numpy arrays, JAX under ``jit``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from gymnasium_core import spaces
from gymnasium_core.functional import FuncEnv
from gymnasium_core.functional import random as frandom
from gymnasium_core.functional.array_types import ArrayNamespace, Namespace
from gymnasium_core.functional.backends import scalar

from . import _blackjack_rules as rules
from ._blackjack_rules import DECK, MAX_CARDS, BlackjackParams
from ._render import RenderTarget, import_pygame

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
    return int(rules.value(rules.ListHand(hand), scalar)[1])


def sum_hand(hand: list[int]) -> int:
    """The hand's total, an ace counting 11 when that does not bust."""
    return int(rules.value(rules.ListHand(hand), scalar)[0])


def is_bust(hand: list[int]) -> bool:
    """Whether the hand's total is over 21."""
    return sum_hand(hand) > 21


def score(hand: list[int]) -> int:
    """The hand's total, or 0 for a bust."""
    total = sum_hand(hand)
    return 0 if total > 21 else total


def is_natural(hand: list[int]) -> bool:
    """Whether the hand is a two-card 21 (an ace and a ten)."""
    return bool(rules.is_natural(rules.ListHand(hand), scalar))


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
        cards = rules.card_indices(rng, 4)
        deck = xp.asarray(DECK)
        empty = xp.zeros(MAX_CARDS, dtype=deck.dtype)
        player = rules.put(rules.put(empty, 0, deck[cards[0]], xp), 1, deck[cards[1]], xp)
        dealer = rules.put(rules.put(empty, 0, deck[cards[2]], xp), 1, deck[cards[3]], xp)
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
            hit, stick = rules.split_action(action, True, scalar)
            player, dealer = rules.deal(
                rules.ListHand(state.player),
                rules.ListHand(state.dealer),
                hit,
                stick,
                rules.lazy_cards(rng),
                scalar,
                lazy=True,
            )
            reward, over = rules.outcome(player, dealer, hit, stick, params, scalar)
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
        hit, stick = rules.split_action(xp.asarray(action), playing, xp)
        player, dealer = rules.deal(
            rules.ArrayHand(state.player, state.player_count),
            rules.ArrayHand(state.dealer, state.dealer_count),
            hit,
            stick,
            rules.drawn_cards(rng, xp),
            xp,
        )
        reward, over = rules.outcome(player, dealer, hit, stick, params, xp)
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
            total, ace = rules.value(rules.ListHand(state.player), scalar)
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
    total, usable = rules.value(rules.ArrayHand(hand, None), xp)
    return total, xp.asarray(usable).astype(xp.asarray(total).dtype)


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
