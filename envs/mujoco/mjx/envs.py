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
from gymnasium_core.functional import JaxEnvShell, JaxVectorEnvShell

from . import tasks as mjx_tasks
from .tasks import MjxTask

__all__ = [f"{name}{kind}" for name in mjx_tasks.MJX_TASKS for kind in ("MjxEnv", "MjxVectorEnv")]

_METADATA: dict[str, Any] = {"render_modes": ["rgb_array"], "jax": True}


def warn_if_not_finite(actions: Any, stacklevel: int = 3) -> None:
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
            stacklevel=stacklevel,
        )


class MjxEnv(JaxEnvShell[Any]):
    """One MJX task as a jitted single env; subclasses name it in :attr:`func_env_cls`.

    Keyword arguments are the native v5 env's (options and param overrides), plus ``params``
    for the adapter. Actions that are not finite warn before the step (:meth:`check_action`).
    """

    func_env_cls: ClassVar[type[MjxTask]]
    metadata: dict[str, Any] = _METADATA

    def check_action(self, action: object) -> None:
        """Warn when ``action`` holds NaN or an infinity (MJX would step it as given)."""
        warn_if_not_finite(action, stacklevel=4)

    def shell_metadata(self, func_env: Any) -> dict[str, Any]:
        """The task's own metadata (its ``render_fps`` follows the model's time step)."""
        return dict(func_env.metadata)


class MjxVectorEnv(JaxVectorEnvShell):
    """A batch of one MJX task stepped in one jitted call; subclasses set :attr:`func_env_cls`."""

    func_env_cls: ClassVar[type[MjxTask]]
    metadata: dict[str, Any] = _METADATA
    check_action = MjxEnv.check_action
    shell_metadata = MjxEnv.shell_metadata

    def __init__(
        self,
        num_envs: int,
        render_mode: str | None = None,
        max_episode_steps: int | None = 1000,
        **kwargs: Any,
    ) -> None:
        """Build the task and batch it ``num_envs`` times (episodes of 1,000 steps by default).

        Args:
            num_envs: The number of sub-environments.
            render_mode: ``None`` or ``"rgb_array"``.
            max_episode_steps: Truncate episodes after this many steps (0: never).
            **kwargs: The task's options and param overrides, plus the adapter's options
                (``params``, ``autoreset_mode``, ``devices``, ``mesh``, ...).
        """
        super().__init__(num_envs, render_mode, max_episode_steps, **kwargs)


# One pair per task: the registry's entry points are names in this module.


class AntMjxEnv(MjxEnv):
    """``mjx/Ant-v5``."""

    func_env_cls = mjx_tasks.MjxAnt


class AntMjxVectorEnv(MjxVectorEnv):
    """``mjx/Ant-v5``, batched."""

    func_env_cls = mjx_tasks.MjxAnt


class HalfCheetahMjxEnv(MjxEnv):
    """``mjx/HalfCheetah-v5``."""

    func_env_cls = mjx_tasks.MjxHalfCheetah


class HalfCheetahMjxVectorEnv(MjxVectorEnv):
    """``mjx/HalfCheetah-v5``, batched."""

    func_env_cls = mjx_tasks.MjxHalfCheetah


class HopperMjxEnv(MjxEnv):
    """``mjx/Hopper-v5``."""

    func_env_cls = mjx_tasks.MjxHopper


class HopperMjxVectorEnv(MjxVectorEnv):
    """``mjx/Hopper-v5``, batched."""

    func_env_cls = mjx_tasks.MjxHopper


class HumanoidMjxEnv(MjxEnv):
    """``mjx/Humanoid-v5``."""

    func_env_cls = mjx_tasks.MjxHumanoid


class HumanoidMjxVectorEnv(MjxVectorEnv):
    """``mjx/Humanoid-v5``, batched."""

    func_env_cls = mjx_tasks.MjxHumanoid


class HumanoidStandupMjxEnv(MjxEnv):
    """``mjx/HumanoidStandup-v5``."""

    func_env_cls = mjx_tasks.MjxHumanoidStandup


class HumanoidStandupMjxVectorEnv(MjxVectorEnv):
    """``mjx/HumanoidStandup-v5``, batched."""

    func_env_cls = mjx_tasks.MjxHumanoidStandup


class InvertedDoublePendulumMjxEnv(MjxEnv):
    """``mjx/InvertedDoublePendulum-v5``."""

    func_env_cls = mjx_tasks.MjxInvertedDoublePendulum


class InvertedDoublePendulumMjxVectorEnv(MjxVectorEnv):
    """``mjx/InvertedDoublePendulum-v5``, batched."""

    func_env_cls = mjx_tasks.MjxInvertedDoublePendulum


class InvertedPendulumMjxEnv(MjxEnv):
    """``mjx/InvertedPendulum-v5``."""

    func_env_cls = mjx_tasks.MjxInvertedPendulum


class InvertedPendulumMjxVectorEnv(MjxVectorEnv):
    """``mjx/InvertedPendulum-v5``, batched."""

    func_env_cls = mjx_tasks.MjxInvertedPendulum


class PusherMjxEnv(MjxEnv):
    """``mjx/Pusher-v5``."""

    func_env_cls = mjx_tasks.MjxPusher


class PusherMjxVectorEnv(MjxVectorEnv):
    """``mjx/Pusher-v5``, batched."""

    func_env_cls = mjx_tasks.MjxPusher


class ReacherMjxEnv(MjxEnv):
    """``mjx/Reacher-v5``."""

    func_env_cls = mjx_tasks.MjxReacher


class ReacherMjxVectorEnv(MjxVectorEnv):
    """``mjx/Reacher-v5``, batched."""

    func_env_cls = mjx_tasks.MjxReacher


class SwimmerMjxEnv(MjxEnv):
    """``mjx/Swimmer-v5``."""

    func_env_cls = mjx_tasks.MjxSwimmer


class SwimmerMjxVectorEnv(MjxVectorEnv):
    """``mjx/Swimmer-v5``, batched."""

    func_env_cls = mjx_tasks.MjxSwimmer


class Walker2dMjxEnv(MjxEnv):
    """``mjx/Walker2d-v5``."""

    func_env_cls = mjx_tasks.MjxWalker2d


class Walker2dMjxVectorEnv(MjxVectorEnv):
    """``mjx/Walker2d-v5``, batched."""

    func_env_cls = mjx_tasks.MjxWalker2d
