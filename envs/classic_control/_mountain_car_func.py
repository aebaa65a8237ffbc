"""Mountain car as pure functions, with discrete (MountainCar) and continuous actions.

A car sits in a valley between two hills and must build momentum to reach the flag on the
right hill. Observation ``(position, velocity)`` (float32). ``MountainCar-v0``: actions
``0/1/2`` push left / not at all / right, reward ``-1`` per step, goal at 0.5.
``MountainCarContinuous-v0``: a force in ``[-1, 1]``, reward ``100`` on reaching the goal
(0.45) minus ``0.1 * force**2`` per step. Both end when the car is at the goal with at
least ``goal_velocity``.

The continuous variant keeps the reference's float32 state: after each step the state is
stored in float32 and the next step computes in float32 where the reference does.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from gymnasium_core.functional import FuncEnv
from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Box, Discrete, Space

from . import _render
from ._common import Real, as_float, draw_uniform, is_scalar, pack, wide


class MountainCarState(NamedTuple):
    """Dynamic state; each field a scalar or a ``(num_envs,)`` array."""

    position: Real  # along the track, in [min_position, max_position]
    velocity: Real  # in [-max_speed, max_speed]


class MountainCarParams(NamedTuple):
    """Constants of the discrete task (reference values) and reset bounds."""

    min_position: float = -1.2
    max_position: float = 0.6
    max_speed: float = 0.07
    goal_position: float = 0.5
    goal_velocity: float = 0.0
    force: float = 0.001
    gravity: float = 0.0025
    reset_low: float = -0.6
    reset_high: float = -0.4


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


def _initial(xp: Namespace[Any], rng: RNG, p: Any) -> MountainCarState:
    (position,) = draw_uniform(xp, rng, p.reset_low, p.reset_high, 1)
    # ``x - x`` is a zero of the right type on every backend (and +0.0, never -0.0).
    return MountainCarState(position, position - position)


def _at_goal(state: MountainCarState, p: Any) -> Any:
    return (state.position >= p.goal_position) & (state.velocity >= p.goal_velocity)


def _limit(xp: Namespace[Any], position: Any, velocity: Any, p: Any) -> MountainCarState:
    """Clip the position to the track; the left wall stops the car."""
    position = xp.clip(position, p.min_position, p.max_position)
    stopped = (position == p.min_position) & (velocity < 0)
    return MountainCarState(position, xp.where(stopped, velocity - velocity, velocity))


class _MountainCarCommon:
    """What both variants share: the observation, the goal test, params and drawing."""

    xp: Namespace[Any]
    default_params: Any
    params_class: type
    screen_width = 600
    screen_height = 400
    observation_space: Space[Any] = Box(
        np.array([-1.2, -0.07], dtype=np.float32),
        np.array([0.6, 0.07], dtype=np.float32),
        dtype=np.float32,
    )

    def __init__(self, **kwargs: Any) -> None:
        self._overrides = kwargs
        super().__init__()

    def get_default_params(self, **kwargs: Any) -> Any:
        """Reference constants, with the constructor's and ``kwargs`` overrides."""
        return self.params_class(**{**getattr(self, "_overrides", {}), **kwargs})

    def observation(self, state: MountainCarState, rng: RNG, params: Any = None) -> Any:
        """``(position, velocity)`` as float32."""
        return pack(self.xp, state, np.float32)

    def terminal(self, state: MountainCarState, rng: RNG, params: Any = None) -> Any:
        """Whether the car reached the goal fast enough."""
        p = self.default_params if params is None else params
        return _at_goal(state, p)

    def render_init(self, params: Any = None, **kwargs: Any) -> _render.Canvas:
        """Open a 600x400 canvas (``render_mode`` and ``fps`` may be passed)."""
        return _render.open_canvas(
            self.screen_width,
            self.screen_height,
            kwargs.get("render_mode", "rgb_array"),
            kwargs.get("fps", 30),
        )

    def render_image(
        self, state: MountainCarState, render_state: _render.Canvas, params: Any = None
    ) -> tuple[_render.Canvas, np.ndarray[Any, Any]]:
        """Draw the valley, the car and the flag."""
        p = self.default_params if params is None else params
        return render_state, _render.present(render_state, _draw(state, p, self.screen_width))

    def render_close(self, render_state: _render.Canvas, params: Any = None) -> None:
        """Close the window, if any."""
        _render.close_canvas(render_state)


class MountainCarFunctional(
    _MountainCarCommon,
    FuncEnv[MountainCarState, Any, Any, Any, Any, _render.Canvas, MountainCarParams],
):
    """The discrete-action mountain car over any array backend.

    Args:
        **kwargs: Overrides of the default :class:`MountainCarParams`.
    """

    default_params: MountainCarParams
    params_class = MountainCarParams
    action_space = Discrete(3)

    def initial(self, rng: RNG, params: MountainCarParams | None = None) -> MountainCarState:
        """Position uniform in ``[reset_low, reset_high)``, at rest."""
        p = self.default_params if params is None else params
        return _initial(self.xp, rng, p)

    def transition(
        self,
        state: MountainCarState,
        action: Any,
        rng: RNG,
        params: MountainCarParams | None = None,
    ) -> MountainCarState:
        """Push, let gravity act, then clip speed and position."""
        p = self.default_params if params is None else params
        xp = self.xp
        position, velocity = state
        # The reference adds push and gravity first, then adds the sum to the velocity.
        velocity = velocity + ((action - 1) * p.force + xp.cos(3 * position) * (-p.gravity))
        velocity = xp.clip(velocity, -p.max_speed, p.max_speed)
        return _limit(xp, position + velocity, velocity, p)

    def reward(
        self,
        state: MountainCarState,
        action: Any,
        next_state: MountainCarState,
        rng: RNG,
        params: MountainCarParams | None = None,
    ) -> Any:
        """``-1`` every step."""
        return as_float(self.xp, -1.0)


class ContinuousMountainCarFunctional(
    _MountainCarCommon,
    FuncEnv[MountainCarState, Any, Any, Any, Any, _render.Canvas, ContinuousMountainCarParams],
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


_CAR_SIZE = (40, 20)
_CLEARANCE = 10


def _height(x: Any) -> Any:
    return np.sin(3 * x) * 0.45 + 0.55


def _draw(state: MountainCarState, p: Any, width: int) -> Any:
    """The frame of ``state`` (y up), with the reference's geometry and colours.

    As in the reference, the car is turned by ``cos(3 * position)`` radians (a stand-in for
    the slope's angle) and its wheels sit on its bottom edge; numpy functions keep the
    state's dtype (float32 for a stepped continuous car) in the arithmetic.
    """
    pygame = _render.import_pygame()
    from pygame import gfxdraw

    surf = pygame.Surface((width, 400))
    surf.fill((255, 255, 255))
    scale = width / (p.max_position - p.min_position)
    xs = np.linspace(p.min_position, p.max_position, 100)
    ground = list(zip((xs - p.min_position) * scale, _height(xs) * scale, strict=True))
    pygame.draw.aalines(surf, (0, 0, 0), False, ground)

    pos = state.position
    angle = math.cos(3 * pos)
    base_x = (pos - p.min_position) * scale
    lift = _height(pos) * scale
    car_w, car_h = _CAR_SIZE
    corners = [(-car_w / 2, 0), (-car_w / 2, car_h), (car_w / 2, car_h), (car_w / 2, 0)]
    body = [(x + base_x, y + _CLEARANCE + lift) for x, y in _render.turned(corners, angle)]
    _render.filled_polygon(surf, body, (0, 0, 0))
    for x, y in _render.turned([(car_w / 4, 0), (-car_w / 4, 0)], angle):
        wheel_x, wheel_y = int(x + base_x), int(y + _CLEARANCE + lift)
        _render.filled_circle(surf, wheel_x, wheel_y, car_h / 2.5, (128, 128, 128))

    flag_x = int((p.goal_position - p.min_position) * scale)
    flag_bottom = int(_height(p.goal_position) * scale)
    flag_top = flag_bottom + 50
    gfxdraw.vline(surf, flag_x, flag_bottom, flag_top, (0, 0, 0))
    pennant = [(flag_x, flag_top), (flag_x, flag_top - 10), (flag_x + 25, flag_top - 5)]
    _render.filled_polygon(surf, pennant, (204, 204, 0))
    return surf
