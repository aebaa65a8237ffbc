"""MountainCar with a continuous force: ``MountainCarContinuous-v0`` and its vector env.

The dynamics live in :class:`ContinuousMountainCarFunctional`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core.vector.vector_env import AutoresetMode

from ._mountain_car_func import (
    ContinuousMountainCarFunctional,
    ContinuousMountainCarParams,
    MountainCarState,
)
from ._stateful import ClassicControlEnv, FuncAttrView, ParamView, check_continuous
from ._vector import ClassicControlVectorEnv, vector_metadata

__all__ = [
    "ContinuousMountainCarFunctional",
    "ContinuousMountainCarParams",
    "Continuous_MountainCarEnv",
    "Continuous_MountainCarVectorEnv",
    "MountainCarState",
]


class Continuous_MountainCarEnv(ClassicControlEnv):
    """Drive an underpowered car up a hill with a force in ``[-1, 1]``.

    The reference's constants (``power``, ``goal_position``, ...) are views of :attr:`params`;
    :attr:`state` is an array ``(position, velocity)``, float64 after ``reset`` and float32
    after a step, as the reference's.

    Args:
        render_mode: ``None``, ``"human"`` or ``"rgb_array"`` (600x400 frames).
        goal_velocity: Minimum velocity at the goal for the episode to end.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": 30}
    _params_type = ContinuousMountainCarParams
    _state_type = MountainCarState
    _state_size = 2
    _step_dtype = np.float32  # the reference stores its stepped state in float32

    min_action = ParamView()
    max_action = ParamView()
    min_position = ParamView()
    max_position = ParamView()
    max_speed = ParamView()
    goal_position = ParamView()
    goal_velocity = ParamView()
    power = ParamView()
    screen_width = FuncAttrView("screen_width")
    screen_height = FuncAttrView("screen_height")

    def __init__(self, render_mode: str | None = None, goal_velocity: float = 0) -> None:
        self._setup(ContinuousMountainCarFunctional(goal_velocity=goal_velocity), render_mode)
        # Computed once from the constants, as the reference's.
        self.low_state = np.array([self.min_position, -self.max_speed], dtype=np.float32)
        self.high_state = np.array([self.max_position, self.max_speed], dtype=np.float32)

    def _from_view(self, view: Any) -> Any:
        # numpy scalars of the array's dtype: the reference computes in float32 once its state
        # is float32, and ours must round the same way.
        return MountainCarState(view[0], view[1])

    # A force ``action[0]``, clipped to ``[-1, 1]``; NaN or a wrong shape raise.
    _check_action = staticmethod(check_continuous)


class Continuous_MountainCarVectorEnv(ClassicControlVectorEnv):
    """MountainCar batched on numpy: ``num_envs`` copies stepped in one call.

    Args:
        num_envs: Number of sub-environments.
        max_episode_steps: Steps after which a sub-env is truncated.
        render_mode: ``None`` or ``"rgb_array"``.
        goal_velocity: Minimum velocity at the goal for an episode to end.
        autoreset_mode: How finished sub-envs restart.
        params: Params for every sub-env (or a batch of them).
    """

    metadata: dict[str, Any] = vector_metadata(render_fps=30)

    def __init__(
        self,
        num_envs: int = 1,
        max_episode_steps: int = 999,
        render_mode: str | None = None,
        goal_velocity: float = 0,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        params: ContinuousMountainCarParams | None = None,
    ) -> None:
        super().__init__(
            ContinuousMountainCarFunctional(goal_velocity=goal_velocity),
            num_envs,
            params=params,
            max_episode_steps=max_episode_steps,
            autoreset_mode=autoreset_mode,
            render_mode=render_mode,
            metadata=dict(self.metadata),
        )
