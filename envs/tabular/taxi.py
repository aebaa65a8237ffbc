"""Taxi on JAX: the functional id ``tabular/Taxi-v0`` and the JAX vector env.

The dynamics are :class:`gymnasium_core.envs.toy_text.taxi.TaxiFunctional`, the same
definition the stateful ``Taxi`` env runs; this module only moves it to JAX.
"""

from __future__ import annotations

from ..toy_text.taxi import TaxiFunctional
from .frozen_lake import TabularJaxEnv, TabularJaxVectorEnv

__all__ = ["TaxiFunctional", "TaxiJaxEnv", "TaxiJaxVectorEnv"]


class TaxiJaxEnv(TabularJaxEnv):
    """Taxi on JAX, one environment (``make("tabular/Taxi-v0")``)."""

    func_env_cls = TaxiFunctional


class TaxiJaxVectorEnv(TabularJaxVectorEnv):
    """Taxi on JAX, a batch stepped in one jitted call."""

    func_env_cls = TaxiFunctional
