"""FrozenLake on JAX: the functional id ``tabular/FrozenLake-v0`` and the JAX vector env.

The dynamics are :class:`gymnasium_core.envs.toy_text.frozen_lake.FrozenLakeFunctional`, the same
definition the stateful ``FrozenLake`` env runs; this module only moves it to JAX.
"""

from __future__ import annotations

from ..toy_text.frozen_lake import FrozenLakeFunctional
from ._jax import TabularJaxEnv, TabularJaxVectorEnv

__all__ = ["FrozenLakeFunctional", "FrozenLakeJaxEnv", "FrozenLakeJaxVectorEnv"]


class FrozenLakeJaxEnv(TabularJaxEnv):
    """FrozenLake on JAX, one environment (``make("tabular/FrozenLake-v0")``)."""

    func_env_cls = FrozenLakeFunctional


class FrozenLakeJaxVectorEnv(TabularJaxVectorEnv):
    """FrozenLake on JAX, a batch stepped in one jitted call."""

    func_env_cls = FrozenLakeFunctional
