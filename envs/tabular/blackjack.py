"""Blackjack on JAX: the functional id ``tabular/Blackjack-v0`` and the JAX vector env.

Observations are one ``(3,)`` int32 array, as in the reference's ``tabular`` module.

The dynamics are :class:`gymnasium_core.envs.toy_text.blackjack.BlackjackFunctional`, the same
definition the stateful ``Blackjack`` env runs; this module only moves it to JAX.
"""

from __future__ import annotations

from ..toy_text.blackjack import BlackjackFunctional
from ._common import TabularJaxEnv, TabularJaxVectorEnv

__all__ = ["BlackJackJaxEnv", "BlackJackJaxVectorEnv", "BlackjackFunctional"]


class BlackJackJaxEnv(TabularJaxEnv):
    """Blackjack on JAX, one environment (``make("tabular/Blackjack-v0")``)."""

    func_env_cls = BlackjackFunctional
    # The reference's tabular layout: one (3,) int32 observation.
    func_env_kwargs = {"stack_obs": True}


class BlackJackJaxVectorEnv(TabularJaxVectorEnv):
    """Blackjack on JAX, a batch stepped in one jitted call."""

    func_env_cls = BlackjackFunctional
    # The reference's tabular layout: one (3,) int32 observation.
    func_env_kwargs = {"stack_obs": True}
