"""The probes as the stateful env behind ``make("probe/<Name>-v0")`` and its numpy vector env.

Each task is defined once, as a FuncEnv in :mod:`._value_probes` or :mod:`._policy_probes`;
the classes here only name it. :class:`ProbeEnv` steps it on Python scalars with the env's
``np_random``; :class:`ProbeVectorEnv` steps ``num_envs`` copies on numpy
(``make_vec(id, n, vectorization_mode="vector_entry_point")``, also ``make_vec``'s default for
these ids). The JAX classes are in :mod:`.jax_probes`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gymnasium_core.functional import FunctionalNumpyEnv, FunctionalNumpyVectorEnv, backends
from gymnasium_core.vector.vector_env import AutoresetMode

from ._base import ProbeFunctional
from ._policy_probes import (
    ActionRewardFunctional,
    ContinuousActionFunctional,
    DelayedCreditFunctional,
    ObservedActionFunctional,
)
from ._value_probes import (
    AutoresetFunctional,
    ConstantRewardFunctional,
    DelayedRewardFunctional,
    MemoryFunctional,
    ObservedRewardFunctional,
    RewardScaleFunctional,
    TimeLimitFunctional,
)

__all__ = [
    "ActionRewardEnv",
    "ActionRewardVectorEnv",
    "AutoresetEnv",
    "AutoresetVectorEnv",
    "ConstantRewardEnv",
    "ConstantRewardVectorEnv",
    "ContinuousActionEnv",
    "ContinuousActionVectorEnv",
    "DelayedCreditEnv",
    "DelayedCreditVectorEnv",
    "DelayedRewardEnv",
    "DelayedRewardVectorEnv",
    "MemoryEnv",
    "MemoryVectorEnv",
    "ObservedActionEnv",
    "ObservedActionVectorEnv",
    "ObservedRewardEnv",
    "ObservedRewardVectorEnv",
    "ProbeEnv",
    "ProbeVectorEnv",
    "RewardScaleEnv",
    "RewardScaleVectorEnv",
    "TimeLimitEnv",
    "TimeLimitVectorEnv",
]


class ProbeEnv(FunctionalNumpyEnv[Any, Any]):
    """A probe as a stateful env: its FuncEnv stepped on Python scalars.

    Subclasses name the task in :attr:`func_env_cls`.

    Args:
        render_mode: ``None`` or ``"rgb_array"`` (a plain drawing of the episode's steps).
        **kwargs: The task's constructor arguments (the continuous probe's ``target``, the
            reward-scale probe's ``scale``).
    """

    func_env_cls: ClassVar[type[ProbeFunctional]]
    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        func_env = self.func_env_cls(**kwargs).with_xp(backends.scalar)
        super().__init__(func_env, render_mode=render_mode, metadata=dict(self.metadata))


class ProbeVectorEnv(FunctionalNumpyVectorEnv):
    """A probe batched on numpy: ``num_envs`` copies stepped in one call.

    Args:
        num_envs: The number of sub-environments.
        max_episode_steps: Truncate episodes after this many steps (``None``: never).
        autoreset_mode: How finished sub-environments restart (next-step by default).
        render_mode: ``None`` or ``"rgb_array"`` (one frame per sub-env).
        params: The task's params (the continuous and reward-scale probes'), shared or one
            row per sub-env.
        **kwargs: The task's constructor arguments.
    """

    func_env_cls: ClassVar[type[ProbeFunctional]]
    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(
        self,
        num_envs: int = 1,
        *,
        max_episode_steps: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        render_mode: str | None = None,
        params: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            self.func_env_cls(**kwargs),
            num_envs,
            params=params,
            max_episode_steps=max_episode_steps,
            autoreset_mode=autoreset_mode,
            render_mode=render_mode,
            metadata=dict(self.metadata),
        )


class ConstantRewardEnv(ProbeEnv):
    """``probe/ConstantReward-v0``: :class:`ConstantRewardFunctional` as a stateful env."""

    func_env_cls = ConstantRewardFunctional


class ConstantRewardVectorEnv(ProbeVectorEnv):
    """:class:`ConstantRewardFunctional` batched on numpy."""

    func_env_cls = ConstantRewardFunctional


class ObservedRewardEnv(ProbeEnv):
    """``probe/ObservedReward-v0``: :class:`ObservedRewardFunctional` as a stateful env."""

    func_env_cls = ObservedRewardFunctional


class ObservedRewardVectorEnv(ProbeVectorEnv):
    """:class:`ObservedRewardFunctional` batched on numpy."""

    func_env_cls = ObservedRewardFunctional


class DelayedRewardEnv(ProbeEnv):
    """``probe/DelayedReward-v0``: :class:`DelayedRewardFunctional` as a stateful env."""

    func_env_cls = DelayedRewardFunctional


class DelayedRewardVectorEnv(ProbeVectorEnv):
    """:class:`DelayedRewardFunctional` batched on numpy."""

    func_env_cls = DelayedRewardFunctional


class AutoresetEnv(ProbeEnv):
    """``probe/Autoreset-v0``: :class:`AutoresetFunctional` as a stateful env."""

    func_env_cls = AutoresetFunctional


class AutoresetVectorEnv(ProbeVectorEnv):
    """:class:`AutoresetFunctional` batched on numpy."""

    func_env_cls = AutoresetFunctional


class TimeLimitEnv(ProbeEnv):
    """``probe/TimeLimit-v0``: :class:`TimeLimitFunctional` as a stateful env."""

    func_env_cls = TimeLimitFunctional


class TimeLimitVectorEnv(ProbeVectorEnv):
    """:class:`TimeLimitFunctional` batched on numpy."""

    func_env_cls = TimeLimitFunctional


class ActionRewardEnv(ProbeEnv):
    """``probe/ActionReward-v0``: :class:`ActionRewardFunctional` as a stateful env."""

    func_env_cls = ActionRewardFunctional


class ActionRewardVectorEnv(ProbeVectorEnv):
    """:class:`ActionRewardFunctional` batched on numpy."""

    func_env_cls = ActionRewardFunctional


class ObservedActionEnv(ProbeEnv):
    """``probe/ObservedAction-v0``: :class:`ObservedActionFunctional` as a stateful env."""

    func_env_cls = ObservedActionFunctional


class ObservedActionVectorEnv(ProbeVectorEnv):
    """:class:`ObservedActionFunctional` batched on numpy."""

    func_env_cls = ObservedActionFunctional


class DelayedCreditEnv(ProbeEnv):
    """``probe/DelayedCredit-v0``: :class:`DelayedCreditFunctional` as a stateful env."""

    func_env_cls = DelayedCreditFunctional


class DelayedCreditVectorEnv(ProbeVectorEnv):
    """:class:`DelayedCreditFunctional` batched on numpy."""

    func_env_cls = DelayedCreditFunctional


class ContinuousActionEnv(ProbeEnv):
    """``probe/ContinuousAction-v0``: :class:`ContinuousActionFunctional` as a stateful env."""

    func_env_cls = ContinuousActionFunctional


class ContinuousActionVectorEnv(ProbeVectorEnv):
    """:class:`ContinuousActionFunctional` batched on numpy."""

    func_env_cls = ContinuousActionFunctional


class MemoryEnv(ProbeEnv):
    """``probe/Memory-v0``: :class:`MemoryFunctional` as a stateful env."""

    func_env_cls = MemoryFunctional


class MemoryVectorEnv(ProbeVectorEnv):
    """:class:`MemoryFunctional` batched on numpy."""

    func_env_cls = MemoryFunctional


class RewardScaleEnv(ProbeEnv):
    """``probe/RewardScale-v0``: :class:`RewardScaleFunctional` as a stateful env."""

    func_env_cls = RewardScaleFunctional


class RewardScaleVectorEnv(ProbeVectorEnv):
    """:class:`RewardScaleFunctional` batched on numpy."""

    func_env_cls = RewardScaleFunctional
