"""The registered ``mjx/<Task>-v5`` environments: the MJX tasks behind the JAX adapters.

``make("mjx/Hopper-v5")`` builds :class:`HopperMjxEnv`, a jitted single environment, and
``make_vec("mjx/Hopper-v5", n)`` or ``make_vec("Hopper-v5", n, vectorization_mode="jax")``
builds :class:`HopperMjxVectorEnv`, ``n`` copies stepped in one jitted call. Keyword arguments
are those of the native v5 env (static options and params), plus ``params`` and the vector
adapter's options.
"""

from __future__ import annotations

from typing import Any, ClassVar

import jax
import jax.numpy as jnp
import numpy as np

from gymnasium_core import logger
from gymnasium_core.functional.jax_env import FunctionalJaxEnv
from gymnasium_core.functional.jax_vector_env import FunctionalJaxVectorEnv

from . import tasks as mjx_tasks
from .task import MjxTask

__all__ = [f"{name}{kind}" for name in mjx_tasks.MJX_TASKS for kind in ("MjxEnv", "MjxVectorEnv")]

_VECTOR_KEYS = {"params", "autoreset_mode", "devices", "mesh", "mesh_axis", "render_all"}
_METADATA: dict[str, Any] = {"render_modes": ["rgb_array"], "jax": True}


def warn_if_not_finite(actions: Any) -> None:
    """Warn when an action holds NaN or an infinity, as native MuJoCo does.

    Native MuJoCo warns about such controls and resets the simulation; MJX steps them as
    given, so the state becomes NaN and the health check ends the episode. The warning makes
    that visible. A JAX array is checked on its device (one small host sync per step).
    """
    if isinstance(actions, jax.Array):
        finite = bool(jnp.isfinite(actions).all())
    else:
        finite = bool(np.isfinite(np.asarray(actions, dtype=np.float64)).all())
    if not finite:
        logger.warn(
            "The action holds NaN or infinite values. MJX steps them as given: the state of "
            "each affected environment becomes NaN and its episode ends (terminated=True).",
            category=RuntimeWarning,
            stacklevel=3,
        )


class MjxEnv(FunctionalJaxEnv[Any]):
    """One MJX task as a jitted single env; subclasses name it in :attr:`task_cls`."""

    task_cls: ClassVar[type[MjxTask]]
    metadata: dict[str, Any] = _METADATA

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        """Build the task from the native env's keyword arguments.

        Args:
            render_mode: ``None`` or ``"rgb_array"``.
            **kwargs: The task's options and param overrides, plus ``params`` for the adapter.
        """
        params = kwargs.pop("params", None)
        task = self.task_cls(**kwargs)
        super().__init__(task, metadata=dict(task.metadata), render_mode=render_mode, params=params)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Step the task, warning first if ``action`` is not finite."""
        warn_if_not_finite(action)
        return super().step(action)


class MjxVectorEnv(FunctionalJaxVectorEnv):
    """A batch of one MJX task stepped in one jitted call; subclasses set :attr:`task_cls`."""

    task_cls: ClassVar[type[MjxTask]]
    metadata: dict[str, Any] = _METADATA

    def __init__(
        self,
        num_envs: int,
        render_mode: str | None = None,
        max_episode_steps: int = 1000,
        **kwargs: Any,
    ) -> None:
        """Build the task and batch it ``num_envs`` times.

        Args:
            num_envs: The number of sub-environments.
            render_mode: ``None`` or ``"rgb_array"``.
            max_episode_steps: Truncate episodes after this many steps (0: never).
            **kwargs: The task's options and param overrides, plus the adapter's options
                (``params``, ``autoreset_mode``, ``devices``, ``mesh``, ...).
        """
        adapter = {key: kwargs.pop(key) for key in list(kwargs) if key in _VECTOR_KEYS}
        task = self.task_cls(**kwargs)
        super().__init__(
            task,
            num_envs,
            max_episode_steps=max_episode_steps or 0,
            metadata=dict(task.metadata),
            render_mode=render_mode,
            **adapter,
        )

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step every sub-environment, warning first if ``actions`` is not finite."""
        warn_if_not_finite(actions)
        return super().step(actions)


# One pair per task: the registry's entry points are names in this module.


class AntMjxEnv(MjxEnv):
    """``mjx/Ant-v5``."""

    task_cls = mjx_tasks.MjxAnt


class AntMjxVectorEnv(MjxVectorEnv):
    """``mjx/Ant-v5``, batched."""

    task_cls = mjx_tasks.MjxAnt


class HalfCheetahMjxEnv(MjxEnv):
    """``mjx/HalfCheetah-v5``."""

    task_cls = mjx_tasks.MjxHalfCheetah


class HalfCheetahMjxVectorEnv(MjxVectorEnv):
    """``mjx/HalfCheetah-v5``, batched."""

    task_cls = mjx_tasks.MjxHalfCheetah


class HopperMjxEnv(MjxEnv):
    """``mjx/Hopper-v5``."""

    task_cls = mjx_tasks.MjxHopper


class HopperMjxVectorEnv(MjxVectorEnv):
    """``mjx/Hopper-v5``, batched."""

    task_cls = mjx_tasks.MjxHopper


class HumanoidMjxEnv(MjxEnv):
    """``mjx/Humanoid-v5``."""

    task_cls = mjx_tasks.MjxHumanoid


class HumanoidMjxVectorEnv(MjxVectorEnv):
    """``mjx/Humanoid-v5``, batched."""

    task_cls = mjx_tasks.MjxHumanoid


class HumanoidStandupMjxEnv(MjxEnv):
    """``mjx/HumanoidStandup-v5``."""

    task_cls = mjx_tasks.MjxHumanoidStandup


class HumanoidStandupMjxVectorEnv(MjxVectorEnv):
    """``mjx/HumanoidStandup-v5``, batched."""

    task_cls = mjx_tasks.MjxHumanoidStandup


class InvertedDoublePendulumMjxEnv(MjxEnv):
    """``mjx/InvertedDoublePendulum-v5``."""

    task_cls = mjx_tasks.MjxInvertedDoublePendulum


class InvertedDoublePendulumMjxVectorEnv(MjxVectorEnv):
    """``mjx/InvertedDoublePendulum-v5``, batched."""

    task_cls = mjx_tasks.MjxInvertedDoublePendulum


class InvertedPendulumMjxEnv(MjxEnv):
    """``mjx/InvertedPendulum-v5``."""

    task_cls = mjx_tasks.MjxInvertedPendulum


class InvertedPendulumMjxVectorEnv(MjxVectorEnv):
    """``mjx/InvertedPendulum-v5``, batched."""

    task_cls = mjx_tasks.MjxInvertedPendulum


class PusherMjxEnv(MjxEnv):
    """``mjx/Pusher-v5``."""

    task_cls = mjx_tasks.MjxPusher


class PusherMjxVectorEnv(MjxVectorEnv):
    """``mjx/Pusher-v5``, batched."""

    task_cls = mjx_tasks.MjxPusher


class ReacherMjxEnv(MjxEnv):
    """``mjx/Reacher-v5``."""

    task_cls = mjx_tasks.MjxReacher


class ReacherMjxVectorEnv(MjxVectorEnv):
    """``mjx/Reacher-v5``, batched."""

    task_cls = mjx_tasks.MjxReacher


class SwimmerMjxEnv(MjxEnv):
    """``mjx/Swimmer-v5``."""

    task_cls = mjx_tasks.MjxSwimmer


class SwimmerMjxVectorEnv(MjxVectorEnv):
    """``mjx/Swimmer-v5``, batched."""

    task_cls = mjx_tasks.MjxSwimmer


class Walker2dMjxEnv(MjxEnv):
    """``mjx/Walker2d-v5``."""

    task_cls = mjx_tasks.MjxWalker2d


class Walker2dMjxVectorEnv(MjxVectorEnv):
    """``mjx/Walker2d-v5``, batched."""

    task_cls = mjx_tasks.MjxWalker2d
