"""CliffWalking on JAX: the functional id ``tabular/CliffWalking-v0`` and the JAX vector env.

The dynamics are :class:`gymnasium_core.envs.toy_text.cliffwalking.CliffWalkingFunctional`, the same
definition the stateful ``CliffWalking`` env runs; this module only moves it to JAX.
"""

from __future__ import annotations

from ..toy_text.cliffwalking import CliffWalkingFunctional
from ._common import TabularJaxEnv, TabularJaxVectorEnv

__all__ = ["CliffWalkingFunctional", "CliffWalkingJaxEnv", "CliffWalkingJaxVectorEnv"]


class CliffWalkingJaxEnv(TabularJaxEnv):
    """CliffWalking on JAX, one environment (``make("tabular/CliffWalking-v0")``)."""

    func_env_cls = CliffWalkingFunctional


class CliffWalkingJaxVectorEnv(TabularJaxVectorEnv):
    """CliffWalking on JAX, a batch stepped in one jitted call."""

    func_env_cls = CliffWalkingFunctional
