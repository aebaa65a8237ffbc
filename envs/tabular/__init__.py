"""Tabular tasks on JAX: the ``tabular/*`` functional ids and the JAX vector envs."""

from .blackjack import BlackJackJaxEnv
from .cliffwalking import CliffWalkingJaxEnv
from .frozen_lake import FrozenLakeJaxEnv
from .taxi import TaxiJaxEnv

__all__ = ["BlackJackJaxEnv", "CliffWalkingJaxEnv", "FrozenLakeJaxEnv", "TaxiJaxEnv"]
