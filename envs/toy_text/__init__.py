"""Toy-text environments: small discrete tasks (Blackjack, CliffWalking, FrozenLake, Taxi).

Each task's dynamics live once in a FuncEnv; the stateful env, the numpy-batched vector env
and the JAX envs (:mod:`gymnasium_core.envs.tabular`) all run it.
"""

from . import utils as utils  # a module of the package, as in Gymnasium
from .blackjack import BlackjackEnv
from .cliffwalking import CliffWalkingEnv
from .frozen_lake import FrozenLakeEnv
from .taxi import TaxiEnv

__all__ = ["BlackjackEnv", "CliffWalkingEnv", "FrozenLakeEnv", "TaxiEnv"]
