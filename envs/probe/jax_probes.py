"""The probes on JAX: ``make("probe_jax/<Name>-v0")`` and ``make_vec(..., "jax")``.

Each class only names the task's FuncEnv; the generic JAX shells move it to ``jax.numpy`` and
jit its reset and step. ``make_vec("probe/<Name>-v0", n, vectorization_mode="jax")`` and the
``probe_jax`` ids give the vector classes here; ``gymnasium_core.functional.rollout`` runs any
of them inside one ``lax.scan``. Importing this module imports JAX.
"""

from __future__ import annotations

from typing import Any

from gymnasium_core.functional import JaxEnvShell, JaxVectorEnvShell

from .probes import (
    ActionRewardFunctional,
    AutoresetFunctional,
    ConstantRewardFunctional,
    ContinuousActionFunctional,
    DelayedCreditFunctional,
    DelayedRewardFunctional,
    MemoryFunctional,
    ObservedActionFunctional,
    ObservedRewardFunctional,
    RewardScaleFunctional,
    TimeLimitFunctional,
)

__all__ = [
    "ActionRewardJaxEnv",
    "ActionRewardJaxVectorEnv",
    "AutoresetJaxEnv",
    "AutoresetJaxVectorEnv",
    "ConstantRewardJaxEnv",
    "ConstantRewardJaxVectorEnv",
    "ContinuousActionJaxEnv",
    "ContinuousActionJaxVectorEnv",
    "DelayedCreditJaxEnv",
    "DelayedCreditJaxVectorEnv",
    "DelayedRewardJaxEnv",
    "DelayedRewardJaxVectorEnv",
    "MemoryJaxEnv",
    "MemoryJaxVectorEnv",
    "ObservedActionJaxEnv",
    "ObservedActionJaxVectorEnv",
    "ObservedRewardJaxEnv",
    "ObservedRewardJaxVectorEnv",
    "ProbeJaxEnv",
    "ProbeJaxVectorEnv",
    "RewardScaleJaxEnv",
    "RewardScaleJaxVectorEnv",
    "TimeLimitJaxEnv",
    "TimeLimitJaxVectorEnv",
]

#: The probes' JAX metadata: plain frames, four a second.
JAX_METADATA: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 4, "jax": True}


class ProbeJaxEnv(JaxEnvShell[Any]):
    """One probe on JAX, reset and stepped by jitted calls."""

    metadata = JAX_METADATA


class ProbeJaxVectorEnv(JaxVectorEnvShell):
    """A batch of one probe on JAX, stepped in one jitted call."""

    metadata = JAX_METADATA


class ConstantRewardJaxEnv(ProbeJaxEnv):
    """``probe_jax/ConstantReward-v0``: :class:`ConstantRewardFunctional` on JAX."""

    func_env_cls = ConstantRewardFunctional


class ConstantRewardJaxVectorEnv(ProbeJaxVectorEnv):
    """:class:`ConstantRewardFunctional` batched on JAX."""

    func_env_cls = ConstantRewardFunctional


class ObservedRewardJaxEnv(ProbeJaxEnv):
    """``probe_jax/ObservedReward-v0``: :class:`ObservedRewardFunctional` on JAX."""

    func_env_cls = ObservedRewardFunctional


class ObservedRewardJaxVectorEnv(ProbeJaxVectorEnv):
    """:class:`ObservedRewardFunctional` batched on JAX."""

    func_env_cls = ObservedRewardFunctional


class DelayedRewardJaxEnv(ProbeJaxEnv):
    """``probe_jax/DelayedReward-v0``: :class:`DelayedRewardFunctional` on JAX."""

    func_env_cls = DelayedRewardFunctional


class DelayedRewardJaxVectorEnv(ProbeJaxVectorEnv):
    """:class:`DelayedRewardFunctional` batched on JAX."""

    func_env_cls = DelayedRewardFunctional


class AutoresetJaxEnv(ProbeJaxEnv):
    """``probe_jax/Autoreset-v0``: :class:`AutoresetFunctional` on JAX."""

    func_env_cls = AutoresetFunctional


class AutoresetJaxVectorEnv(ProbeJaxVectorEnv):
    """:class:`AutoresetFunctional` batched on JAX."""

    func_env_cls = AutoresetFunctional


class TimeLimitJaxEnv(ProbeJaxEnv):
    """``probe_jax/TimeLimit-v0``: :class:`TimeLimitFunctional` on JAX."""

    func_env_cls = TimeLimitFunctional


class TimeLimitJaxVectorEnv(ProbeJaxVectorEnv):
    """:class:`TimeLimitFunctional` batched on JAX."""

    func_env_cls = TimeLimitFunctional


class ActionRewardJaxEnv(ProbeJaxEnv):
    """``probe_jax/ActionReward-v0``: :class:`ActionRewardFunctional` on JAX."""

    func_env_cls = ActionRewardFunctional


class ActionRewardJaxVectorEnv(ProbeJaxVectorEnv):
    """:class:`ActionRewardFunctional` batched on JAX."""

    func_env_cls = ActionRewardFunctional


class ObservedActionJaxEnv(ProbeJaxEnv):
    """``probe_jax/ObservedAction-v0``: :class:`ObservedActionFunctional` on JAX."""

    func_env_cls = ObservedActionFunctional


class ObservedActionJaxVectorEnv(ProbeJaxVectorEnv):
    """:class:`ObservedActionFunctional` batched on JAX."""

    func_env_cls = ObservedActionFunctional


class DelayedCreditJaxEnv(ProbeJaxEnv):
    """``probe_jax/DelayedCredit-v0``: :class:`DelayedCreditFunctional` on JAX."""

    func_env_cls = DelayedCreditFunctional


class DelayedCreditJaxVectorEnv(ProbeJaxVectorEnv):
    """:class:`DelayedCreditFunctional` batched on JAX."""

    func_env_cls = DelayedCreditFunctional


class ContinuousActionJaxEnv(ProbeJaxEnv):
    """``probe_jax/ContinuousAction-v0``: :class:`ContinuousActionFunctional` on JAX."""

    func_env_cls = ContinuousActionFunctional


class ContinuousActionJaxVectorEnv(ProbeJaxVectorEnv):
    """:class:`ContinuousActionFunctional` batched on JAX."""

    func_env_cls = ContinuousActionFunctional


class MemoryJaxEnv(ProbeJaxEnv):
    """``probe_jax/Memory-v0``: :class:`MemoryFunctional` on JAX."""

    func_env_cls = MemoryFunctional


class MemoryJaxVectorEnv(ProbeJaxVectorEnv):
    """:class:`MemoryFunctional` batched on JAX."""

    func_env_cls = MemoryFunctional


class RewardScaleJaxEnv(ProbeJaxEnv):
    """``probe_jax/RewardScale-v0``: :class:`RewardScaleFunctional` on JAX."""

    func_env_cls = RewardScaleFunctional


class RewardScaleJaxVectorEnv(ProbeJaxVectorEnv):
    """:class:`RewardScaleFunctional` batched on JAX."""

    func_env_cls = RewardScaleFunctional
