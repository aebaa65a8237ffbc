"""Pendulum: the stateful env (``Pendulum-v1``) and its numpy-batched vector env.

The dynamics live in :class:`PendulumFunctional`.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core.vector.vector_env import AutoresetMode

from ._pendulum_func import PendulumFunctional, PendulumParams, PendulumState, angle_normalize
from ._shells import ClassicControlEnv, ClassicControlVectorEnv, check_continuous, vector_metadata

__all__ = [
    "PendulumEnv",
    "PendulumFunctional",
    "PendulumParams",
    "PendulumState",
    "PendulumVectorEnv",
    "angle_normalize",
]


class PendulumEnv(ClassicControlEnv):
    """Swing a pendulum up and hold it upright with a torque in ``[-2, 2]``.

    Reset options ``x_init`` / ``y_init`` set the half-ranges of the initial angle and
    angular velocity.

    Args:
        render_mode: ``None``, ``"human"`` or ``"rgb_array"`` (500x500 frames).
        g: Gravitational acceleration.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": 30}

    def __init__(self, render_mode: str | None = None, g: float = 10.0) -> None:
        self.g = g
        self._setup(PendulumFunctional(g=g), render_mode)

    @property
    def last_u(self) -> Any:
        """The last applied (clipped) torque, ``None`` before the first step."""
        if self.state is None or self.state.last_u != self.state.last_u:
            return None
        return self.state.last_u

    def step(
        self, action: Any
    ) -> tuple[np.ndarray[Any, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply torque ``action[0]``, clipped to ``[-2, 2]``; NaN or a wrong shape raise."""
        check_continuous(self.action_space, action)
        return super().step(action)


class PendulumVectorEnv(ClassicControlVectorEnv):
    """Pendulum batched on numpy: ``num_envs`` copies stepped in one call.

    Args:
        num_envs: Number of sub-environments.
        max_episode_steps: Steps after which a sub-env is truncated.
        render_mode: ``None`` or ``"rgb_array"``.
        g: Gravitational acceleration.
        autoreset_mode: How finished sub-envs restart.
        params: Params for every sub-env (or a batch of them).
    """

    metadata: dict[str, Any] = vector_metadata(render_fps=30)

    def __init__(
        self,
        num_envs: int = 1,
        max_episode_steps: int = 200,
        render_mode: str | None = None,
        g: float = 10.0,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        params: PendulumParams | None = None,
    ) -> None:
        super().__init__(
            PendulumFunctional(g=g),
            num_envs,
            params=params,
            max_episode_steps=max_episode_steps,
            autoreset_mode=autoreset_mode,
            render_mode=render_mode,
            metadata=dict(self.metadata),
        )
