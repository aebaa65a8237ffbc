"""MountainCar with discrete actions: the stateful env (``MountainCar-v0``) and its vector env.

The dynamics live in :class:`MountainCarFunctional`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core.vector.vector_env import AutoresetMode

from ._mountain_car_func import MountainCarFunctional, MountainCarParams, MountainCarState
from ._stateful import (
    ClassicControlEnv,
    FuncAttrView,
    NumpyScalarNamespace,
    ParamView,
    check_discrete,
)
from ._vector import ClassicControlVectorEnv, vector_metadata

__all__ = [
    "MountainCarEnv",
    "MountainCarFunctional",
    "MountainCarParams",
    "MountainCarState",
    "MountainCarVectorEnv",
]


class MountainCarEnv(ClassicControlEnv):
    """Drive an underpowered car up a hill: push left (0), nothing (1) or right (2).

    The reference's constants (``force``, ``gravity``, ``goal_position``, ...) are views of
    :attr:`params`; :attr:`state` is a float64 array ``(position, velocity)`` (after a step the
    reference holds a tuple of the same two numbers). A float32 (or float16) state assigned to
    it stays in the dtype the reference's steps give it (a numpy-int action widens it).

    Args:
        render_mode: ``None``, ``"human"`` or ``"rgb_array"`` (600x400 frames).
        goal_velocity: Minimum velocity at the goal for the episode to end.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": 30}
    _params_type = MountainCarParams
    _state_type = MountainCarState
    _state_size = 2
    # The reference steps a float32 (or float16) state with numpy's scalar promotion,
    # ``math.cos`` and ``np.clip``, and keeps a tuple of the results.
    _narrow_xp = NumpyScalarNamespace()

    min_position = ParamView()
    max_position = ParamView()
    max_speed = ParamView()
    goal_position = ParamView()
    goal_velocity = ParamView()
    force = ParamView()
    gravity = ParamView()
    screen_width = FuncAttrView("screen_width")
    screen_height = FuncAttrView("screen_height")

    def __init__(self, render_mode: str | None = None, goal_velocity: float = 0) -> None:
        self._setup(MountainCarFunctional(goal_velocity=goal_velocity), render_mode)
        # Computed once from the constants, as the reference's.
        self.low = np.array([self.min_position, -self.max_speed], dtype=np.float32)
        self.high = np.array([self.max_position, self.max_speed], dtype=np.float32)

    # Actions must be 0, 1 or 2 (the reference's assertion).
    _check_action = staticmethod(check_discrete)

    def _narrow_kept(self, next_state: Any) -> Any:
        """The reference's tuple: each scalar as it is; stopped at the left wall, the int 0.

        A velocity of exactly zero at ``min_position`` is read as the wall's stop (its
        ``velocity = 0``): the int makes the next step's velocity float64, as in the reference.
        """
        position, velocity = next_state
        if velocity == 0 and position == self.min_position:
            return MountainCarState(position, 0)
        return next_state

    def get_keys_to_action(self) -> dict[tuple[int, ...], int]:
        """Keyboard mapping for ``play``: the left and right arrow keys push the car."""
        left, right = 276, 275  # pygame's legacy key codes for the arrows
        return {(): 1, (left,): 0, (right,): 2, (right, left): 1}


class MountainCarVectorEnv(ClassicControlVectorEnv):
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
        max_episode_steps: int = 200,
        render_mode: str | None = None,
        goal_velocity: float = 0,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        params: MountainCarParams | None = None,
    ) -> None:
        super().__init__(
            MountainCarFunctional(goal_velocity=goal_velocity),
            num_envs,
            params=params,
            max_episode_steps=max_episode_steps,
            autoreset_mode=autoreset_mode,
            render_mode=render_mode,
            metadata=dict(self.metadata),
        )
