"""Blackjack on JAX: the functional id ``tabular/Blackjack-v0`` and the JAX vector env.

Observations are one ``(3,)`` int32 array, as in the reference's ``tabular`` module.

The dynamics are :class:`gymnasium_core.envs.toy_text.blackjack.BlackjackFunctional`, the same
definition the stateful ``Blackjack`` env runs; this module only moves it to JAX.
"""

from __future__ import annotations

from ..toy_text.blackjack import BlackjackFunctional as _StatefulLayoutBlackjack
from ._common import TabularJaxEnv, TabularJaxVectorEnv

__all__ = ["BlackJackJaxEnv", "BlackJackJaxVectorEnv", "BlackjackFunctional"]


class BlackjackFunctional(_StatefulLayoutBlackjack):
    """Blackjack observing one ``(3,)`` int32 array by default, as the reference's class.

    Args:
        natural: Pay 1.5 for a winning natural; ignored when ``sab``.
        sab: Follow Sutton & Barto (the reference's ``tabular`` default).
        stack_obs: Observe one ``(3,)`` array (default) rather than a tuple of three ints.
    """

    def __init__(self, natural: bool = False, sab: bool = True, stack_obs: bool = True) -> None:
        super().__init__(natural=natural, sab=sab, stack_obs=stack_obs)


class BlackJackJaxEnv(TabularJaxEnv):
    """Blackjack on JAX, one environment (``make("tabular/Blackjack-v0")``)."""

    func_env_cls = BlackjackFunctional


class BlackJackJaxVectorEnv(TabularJaxVectorEnv):
    """Blackjack on JAX, a batch stepped in one jitted call."""

    func_env_cls = BlackjackFunctional
