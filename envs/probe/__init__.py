"""Probe environments: tiny tasks with known answers that name an agent's bugs.

Each probe isolates one piece of an agent (its value target, its discount, its handling of
``terminated`` and ``truncated``, its autoreset bookkeeping, the sign of its policy gradient,
the scaling of its continuous actions, its memory, the scale of its values) and knows both
the right answer and the answers that named mistakes give: :meth:`ProbeFunctional.oracle`.
:mod:`gymnasium_core.testing.probes` trains an agent on every probe and prints a verdict per
probe.

| id | isolates | right answer |
|---|---|---|
| ``probe/ConstantReward-v0`` | the value target | ``V = 1`` |
| ``probe/ObservedReward-v0`` | values conditioned on the observation | ``V(o) = o`` |
| ``probe/DelayedReward-v0`` | discounting, stopping at ``terminated`` | ``V = (gamma, 1)`` |
| ``probe/Autoreset-v0`` | the vector env's autoreset bookkeeping | ``V = (1, 0)`` |
| ``probe/TimeLimit-v0`` | bootstrapping through ``truncated`` | ``V = 1/(1-gamma)`` |
| ``probe/Memory-v0`` | values that remember an earlier observation | ``V(blank | cue) = cue`` |
| ``probe/RewardScale-v0`` | value targets far from 1 | ``V = (1000 (1+gamma), 1000)`` |
| ``probe/ActionReward-v0`` | the policy gradient's sign | ``π(1) = 1`` |
| ``probe/ObservedAction-v0`` | an observation-conditioned policy | ``π(a = o) = 1`` |
| ``probe/DelayedCredit-v0`` | credit assignment over three steps | ``π(1 | first) = 1`` |
| ``probe/ContinuousAction-v0`` | continuous actions and their scaling | ``a = 1.5`` |

Every probe is one FuncEnv, defined in :mod:`.probes` with the stateful env behind ``make``
and the numpy vector env (``make_vec``); JAX runs it through :mod:`.jax_probes`
(``make_vec(..., "jax")``, the ``probe_jax/`` ids, ``gymnasium_core.functional.rollout``).
"""

from __future__ import annotations

from .probes import (
    ActionRewardFunctional,
    AutoresetFunctional,
    ConstantRewardFunctional,
    ContinuousActionFunctional,
    ContinuousParams,
    DelayedCreditFunctional,
    DelayedRewardFunctional,
    MemoryFunctional,
    ObservedActionFunctional,
    ObservedRewardFunctional,
    ProbeFunctional,
    ProbeState,
    RewardScaleFunctional,
    RewardScaleParams,
    TimeLimitFunctional,
)

__all__ = [
    "ActionRewardFunctional",
    "AutoresetFunctional",
    "ConstantRewardFunctional",
    "ContinuousActionFunctional",
    "ContinuousParams",
    "DelayedCreditFunctional",
    "DelayedRewardFunctional",
    "MemoryFunctional",
    "ObservedActionFunctional",
    "ObservedRewardFunctional",
    "ProbeFunctional",
    "ProbeState",
    "RewardScaleFunctional",
    "RewardScaleParams",
    "TimeLimitFunctional",
]
