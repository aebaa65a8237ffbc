"""Blackjack on JAX: the functional id ``tabular/Blackjack-v0`` and the JAX vector env.

This is the reference's ``tabular`` layout, usable as it is under ``jax.jit``: the state is an
:class:`EnvState` of ``jax.numpy`` arrays (both hands as ``(21,)`` float32 card values, padded
with zeros), the observation one ``(3,)`` int32 array ``(player_sum, dealer_card,
usable_ace)`` and the reward is computed from the hands after the step. The same key deals the
same cards as the reference's class. A finished game is absorbing here (nothing more is dealt
and the reward is 0), where the reference keeps dealing.

The rules are those of :mod:`gymnasium_core.envs.toy_text.blackjack` (the same array
functions score hands, deal and pay out). ``with_xp("numpy")`` runs the class on numpy arrays.

Example:
    >>> import jax
    >>> env = BlackjackFunctional()
    >>> key = jax.random.PRNGKey(0)
    >>> state = env.initial(key)
    >>> next_state = jax.jit(env.transition)(state, 1, key, env.get_default_params())
    >>> env.observation(next_state, key).dtype
    dtype('int32')
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from gymnasium_core import spaces
from gymnasium_core.functional import FuncEnv
from gymnasium_core.functional import random as frandom
from gymnasium_core.functional.array_types import ArrayNamespace
from gymnasium_core.functional.backends import as_array_namespace, get_namespace
from gymnasium_core.vector import AutoresetMode

from ..toy_text._common import RenderTarget, import_pygame
from ..toy_text.blackjack import (
    DECK,
    FACES,
    MAX_CARDS,
    SCREEN_SIZE,
    SUITS,
    ArrayHand,
    BlackjackParams,
    card_indices,
    deal,
    draw_table,
    drawn_cards,
    hand_value,
    is_natural_hand,
    outcome,
    put,
    split_action,
)
from .frozen_lake import TabularJaxEnv, TabularJaxVectorEnv

__all__ = [
    "BlackJackJaxEnv",
    "BlackJackJaxVectorEnv",
    "BlackJackParams",
    "BlackjackFunctional",
    "EnvState",
    "RenderStateType",
    "cmp",
    "dealer_stop",
    "draw_card",
    "draw_card_wrapper",
    "draw_hand",
    "is_bust",
    "is_natural",
    "notake",
    "random_card",
    "score",
    "sum_hand",
    "take",
    "usable_ace",
]

#: The reference's name of its params class; ours is the toy-text Blackjack's params record.
BlackJackParams = BlackjackParams

#: A shown-card picture: the surface, the card's value letter and its suit.
RenderStateType = tuple[Any, str, str]


def __getattr__(name: str) -> Any:
    # JAX names are built on first use, so importing this module does not start a backend.
    if name == "PRNGKeyType":
        import jax

        return jax.Array
    if name == "deck":
        import jax.numpy as jnp

        return jnp.array(DECK)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class EnvState(NamedTuple):
    """A game of Blackjack, the reference's ``tabular`` state."""

    dealer_hand: Any  # (21,) float32: the dealer's card values (1 = ace), 0-padded
    player_hand: Any  # (21,) float32: the player's card values, 0-padded
    dealer_cards: Any  # () int: number of dealer cards
    player_cards: Any  # () int: number of player cards
    done: Any  # () int: 1 once the game is over


def _jnp() -> Any:
    import jax.numpy as jnp

    return jnp


# -- the reference's module-level helpers, over jax.numpy arrays --------------------------------


def cmp(a: Any, b: Any) -> Any:
    """1 where ``a > b``, -1 where ``a < b``, 0 where equal (int arrays)."""
    return (a > b).astype(int) - (a < b).astype(int)


def random_card(key: Any) -> tuple[Any, Any]:
    """One card and the key it was drawn with (the first half of splitting ``key``)."""
    key = frandom.split(key)[0]
    index = frandom.integers(key, 0, len(DECK), shape=(1,))[0]
    return _jnp().asarray(DECK)[index].astype(int), key


def draw_hand(key: Any, hand: Any) -> tuple[Any, Any]:
    """``hand`` with two fresh cards in its first two slots, and the last key used."""
    card, key = random_card(key)
    hand = put(hand, 0, card, _jnp())
    card, key = random_card(key)
    return put(hand, 1, card, _jnp()), key


def draw_card(key: Any, hand: Any, index: Any) -> tuple[Any, Any, Any]:
    """``(key, hand, index + 1)``: ``hand`` with a fresh card at ``index``."""
    card, key = random_card(key)
    return key, put(hand, index, card, _jnp()), index + 1


def draw_card_wrapper(val: tuple[Any, Any, Any]) -> tuple[Any, Any, Any]:
    """:func:`draw_card` on one ``(key, hand, index)`` tuple (a ``while_loop`` body)."""
    return draw_card(*val)


def dealer_stop(val: tuple[Any, Any, Any]) -> Any:
    """Whether a dealer with ``(key, hand, index)`` still draws: the hand is under 17."""
    return sum_hand(val[1]) < 17


def usable_ace(hand: Any) -> Any:
    """Whether ``hand`` holds an ace that can count 11 without busting."""
    return hand_value(ArrayHand(hand, None), _jnp())[1]


def sum_hand(hand: Any) -> Any:
    """The hand's total, an ace counting 11 when that does not bust."""
    return hand_value(ArrayHand(hand, None), _jnp())[0]


def is_bust(hand: Any) -> Any:
    """Whether the hand's total is over 21."""
    return sum_hand(hand) > 21


def score(hand: Any) -> Any:
    """The hand's total, or 0 for a bust."""
    total = sum_hand(hand)
    return total * (total <= 21)


def is_natural(hand: Any) -> Any:
    """Whether the hand is exactly two cards, an ace and a ten."""
    jnp = _jnp()
    return is_natural_hand(ArrayHand(hand, jnp.count_nonzero(hand)), jnp)


def take(env_state: tuple[EnvState, Any]) -> tuple[EnvState, Any]:
    """``(state, key)`` after the player hits (whether it busts is decided by the caller)."""
    state, key = env_state
    key, player_hand, player_cards = draw_card(key, state.player_hand, state.player_cards)
    return state._replace(player_hand=player_hand, player_cards=player_cards, done=0), key


def notake(env_state: tuple[EnvState, Any]) -> tuple[EnvState, Any]:
    """``(state, key)`` after the player sticks: the dealer draws to 17 and the game ends."""
    import jax

    state, key = env_state
    key, dealer_hand, dealer_cards = jax.lax.while_loop(
        dealer_stop, draw_card_wrapper, (key, state.dealer_hand, state.dealer_cards)
    )
    return state._replace(dealer_hand=dealer_hand, dealer_cards=dealer_cards, done=1), key


# -- the functional env ---------------------------------------------------------------------


class BlackjackFunctional(FuncEnv[EnvState, Any, Any, Any, Any, RenderStateType, BlackjackParams]):
    """Blackjack as pure functions over :class:`EnvState` (computing with ``jax.numpy``).

    Args:
        options: Attribute values to set on the instance (the reference's argument).
        natural: The default params' ``natural``: pay 1.5 for a winning natural.
        sab: The default params' ``sutton_and_barto`` (overrides ``natural``).
    """

    action_space: spaces.Space[Any] = spaces.Discrete(2)
    xp: ArrayNamespace = np
    observation_space: spaces.Space[Any] = spaces.Box(
        low=np.array([1, 1, 0]), high=np.array([32, 11, 1]), shape=(3,), dtype=np.int32
    )
    # The reference's metadata, keys included.
    metadata: dict[str, Any] = {
        "render_modes": ["rgb_array"],
        "render_fps": 4,
        "autoreseet-mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        options: dict[str, Any] | None = None,
        *,
        natural: bool = False,
        sab: bool = True,
    ) -> None:
        self._defaults = BlackjackParams(natural=natural, sutton_and_barto=sab)
        self.xp = as_array_namespace(get_namespace("jax"))
        super().__init__(options)

    def get_default_params(self, **kwargs: Any) -> BlackjackParams:
        """The rules given at construction, with ``kwargs`` overriding fields."""
        return self._defaults._replace(**kwargs)

    def _rules(self, params: Any) -> BlackjackParams:
        # The reference's default is the params class itself: read it as its defaults.
        if params is None:
            return self._defaults
        if isinstance(params, type):
            return params()  # type: ignore[no-any-return]
        return params  # type: ignore[no-any-return]

    def initial(self, rng: Any, params: BlackjackParams | None = None) -> EnvState:
        """Deal the player's two cards, then the dealer's, from the reference's key chain."""
        xp = self.xp
        cards = xp.asarray(DECK)[card_indices(rng, 4)].astype(xp.float32)
        empty = xp.zeros((*xp.shape(cards[0]), MAX_CARDS), dtype=xp.float32)
        player = put(put(empty, 0, cards[0], xp), 1, cards[1], xp)
        dealer = put(put(empty, 0, cards[2], xp), 1, cards[3], xp)
        two = xp.zeros(xp.shape(cards[0]), dtype=xp.int32) + 2
        return EnvState(dealer, player, two, two, two * 0)

    def transition(self, state: EnvState, action: Any, key: Any, params: Any = None) -> EnvState:
        """Hit (1) or stick (0), dealing from ``key`` as the reference does."""
        xp = self.xp
        hit, stick = split_action(xp.asarray(action), state.done == 0, xp)
        player, dealer = deal(
            ArrayHand(state.player_hand, state.player_cards),
            ArrayHand(state.dealer_hand, state.dealer_cards),
            hit,
            stick,
            drawn_cards(key, xp),
            xp,
        )
        _, over = outcome(player, dealer, hit, stick, self._defaults, xp)
        done = xp.asarray(xp.where(over, 1, state.done), dtype=xp.int32)
        return EnvState(dealer.cards, player.cards, dealer.count, player.count, done)

    def observation(self, state: EnvState, rng: Any = None, params: Any = None) -> Any:
        """``(player_sum, dealer_card, usable_ace)`` as an int32 array ``(..., 3)``."""
        xp = self.xp
        total, ace = hand_value(ArrayHand(state.player_hand, None), xp)
        shown = state.dealer_hand[..., 0]
        return xp.stack([total, shown, xp.asarray(ace).astype(total.dtype)], axis=-1).astype(
            xp.int32
        )

    def reward(
        self,
        state: EnvState,
        action: Any,
        next_state: EnvState,
        rng: Any = None,
        params: Any = None,
    ) -> Any:
        """-1 for a bust, the payout on a stick, 0 otherwise (float32)."""
        xp = self.xp
        hit, stick = split_action(xp.asarray(action), state.done == 0, xp)
        reward, _ = outcome(
            ArrayHand(next_state.player_hand, next_state.player_cards),
            ArrayHand(next_state.dealer_hand, next_state.dealer_cards),
            hit,
            stick,
            self._rules(params),
            xp,
        )
        return xp.asarray(reward, dtype=xp.float32)

    def terminal(self, state: EnvState, rng: Any = None, params: Any = None) -> Any:
        """Whether the game is over."""
        return state.done > 0

    def render_init(  # type: ignore[override]  # the reference's parameters
        self, screen_width: Any = SCREEN_SIZE[0], screen_height: int = SCREEN_SIZE[1]
    ) -> RenderStateType:
        """An off-screen table; the hidden look of the shown card is fixed, as the reference's.

        Our adapters pass their params first: anything but an int there means the default size.
        """
        pygame = import_pygame()
        if not isinstance(screen_width, int):
            screen_width = SCREEN_SIZE[0]
        look = np.random.default_rng(0)
        suit, value = SUITS[look.integers(0, 4)], FACES[look.integers(0, 3)]
        return pygame.Surface((screen_width, screen_height)), value, suit

    def render_image(
        self, state: EnvState, render_state: RenderStateType, params: Any = None
    ) -> tuple[RenderStateType, np.ndarray[Any, Any]]:
        """Draw the table for ``state``; return the render state and the frame."""
        surface, value, suit = render_state
        total, shown, ace = (int(v) for v in np.asarray(self.observation(state)))
        label = "A" if shown == 1 else value if shown == 10 else str(shown)
        draw_table(surface, total, shown, bool(ace), label + suit)
        frame = RenderTarget.on_surface(surface).present(0)
        assert frame is not None
        return render_state, frame

    def render_close(self, render_state: RenderStateType, params: Any = None) -> None:
        """Nothing to release: the surface is off-screen."""


class BlackJackJaxEnv(TabularJaxEnv):
    """Blackjack on JAX, one environment (``make("tabular/Blackjack-v0")``).

    Args:
        render_mode: ``None`` or ``"rgb_array"``.
        **kwargs: ``natural`` and ``sab``, the default rules.
    """

    func_env_cls = BlackjackFunctional


class BlackJackJaxVectorEnv(TabularJaxVectorEnv):
    """Blackjack on JAX, a batch stepped in one jitted call."""

    func_env_cls = BlackjackFunctional
