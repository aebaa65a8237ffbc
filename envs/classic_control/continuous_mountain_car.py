"""MountainCar with a continuous force, as pure functions and as envs.

The car of :mod:`.mountain_car` (the same valley, state, walls and drawing) driven by a force
in ``[-1, 1]``: ``MountainCarContinuous-v0`` pays ``100`` on reaching the goal (0.45) minus
``0.1 * force**2`` per step, and ends when the car is at the goal with at least
``goal_velocity``. It keeps the reference's float32 state: after each step the state is stored
in float32 and the next step computes in float32 where the reference does.

:class:`ContinuousMountainCarFunctional` is the one definition;
:class:`Continuous_MountainCarEnv` and :class:`Continuous_MountainCarVectorEnv` run it on
numpy, ``phys2d/MountainCarContinuous-v0`` on JAX.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from gymnasium_core.functional import FuncEnv
from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Box
from gymnasium_core.vector.vector_env import AutoresetMode

from ._common import Canvas, as_float, is_scalar, wide
from ._stateful import (
    ClassicControlEnv,
    ClassicControlVectorEnv,
    FuncAttrView,
    ParamView,
    check_continuous,
    vector_metadata,
)
from .mountain_car import MountainCarState, _at_goal, _initial, _limit, _MountainCarCommon

__all__ = [
    "ContinuousMountainCarFunctional",
    "ContinuousMountainCarParams",
    "Continuous_MountainCarEnv",
    "Continuous_MountainCarVectorEnv",
    "MountainCarState",
]


class ContinuousMountainCarParams(NamedTuple):
    """Constants of the continuous task (reference values) and reset bounds."""

    min_action: float = -1.0
    max_action: float = 1.0
    min_position: float = -1.2
    max_position: float = 0.6
    max_speed: float = 0.07
    goal_position: float = 0.45
    goal_velocity: float = 0.0
    power: float = 0.0015
    gravity: float = 0.0025
    reset_low: float = -0.6
    reset_high: float = -0.4


class ContinuousMountainCarFunctional(
    _MountainCarCommon,
    FuncEnv[MountainCarState, Any, Any, Any, Any, Canvas, ContinuousMountainCarParams],
):
    """The continuous-action mountain car over any array backend.

    Args:
        **kwargs: Overrides of the default :class:`ContinuousMountainCarParams`.
    """

    default_params: ContinuousMountainCarParams
    params_class = ContinuousMountainCarParams
    action_space = Box(low=-1.0, high=1.0, shape=(1,), dtype=np.float32)

    def initial(
        self, rng: RNG, params: ContinuousMountainCarParams | None = None
    ) -> MountainCarState:
        """Position uniform in ``[reset_low, reset_high)``, at rest (float64 until a step)."""
        p = self.default_params if params is None else params
        state = _initial(self.xp, rng, p)
        if is_scalar(self.xp):
            # numpy float64 scalars, as the reference's: a float32 step result added to a
            # Python float would stay float32 and round differently.
            return MountainCarState(np.float64(state.position), np.float64(state.velocity))
        return state

    def transition(
        self,
        state: MountainCarState,
        action: Any,
        rng: RNG,
        params: ContinuousMountainCarParams | None = None,
    ) -> MountainCarState:
        """Apply the (clipped) force and gravity; store the new state in float32."""
        p = self.default_params if params is None else params
        xp = self.xp
        position, velocity = state
        velocity = velocity + _velocity_change(xp, _force(xp, action), position, p)
        velocity = xp.clip(velocity, -p.max_speed, p.max_speed)
        new = _limit(xp, position + velocity, velocity, p)
        if is_scalar(xp):
            return MountainCarState(np.float32(new.position), np.float32(new.velocity))
        return MountainCarState(
            xp.asarray(new.position, dtype=xp.float32), xp.asarray(new.velocity, dtype=xp.float32)
        )

    def reward(
        self,
        state: MountainCarState,
        action: Any,
        next_state: MountainCarState,
        rng: RNG,
        params: ContinuousMountainCarParams | None = None,
    ) -> Any:
        """``100`` on reaching the goal, minus ``0.1 * action**2`` (the unclipped action)."""
        p = self.default_params if params is None else params
        xp = self.xp
        force = wide(xp, _force(xp, action))
        bonus = xp.where(_at_goal(next_state, p), 100.0, 0.0)
        return as_float(xp, bonus - (force * force) * 0.1)


def _force(xp: Namespace[Any], action: Any) -> Any:
    """The force component of an action of shape ``(1,)`` or ``(num_envs, 1)``."""
    return action[0] if is_scalar(xp) else action[..., 0]


def _velocity_change(
    xp: Namespace[Any], force: Any, position: Any, p: ContinuousMountainCarParams
) -> Any:
    """``force * power - gravity * cos(3 * position)`` with the reference's precision.

    The reference computes ``cos`` in float64 and the rest in the action's own type, by
    numpy's rules for its scalars: float32 for an in-range float32 action (float16 for a
    float16 one), Python floats for an action given as a list. An out-of-range action is
    replaced by a Python-float bound, which makes that sum float64 before it is added to the
    velocity.
    """
    slope = p.gravity * xp.cos(wide(xp, 3 * position))
    if is_scalar(xp):
        # Python's ``min`` / ``max`` keep the action's scalar unless a bound replaces it.
        force = min(max(force, p.min_action), p.max_action)
        return force * p.power - slope
    clipped = xp.clip(force, p.min_action, p.max_action)
    in_range = xp.asarray(force * p.power, dtype=force.dtype) - xp.asarray(slope, dtype=force.dtype)
    out_of_range = xp.asarray(wide(xp, clipped) * p.power - slope, dtype=force.dtype)
    return xp.where(clipped == force, in_range, out_of_range)


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
