"""MountainCar with discrete actions, as pure functions and as envs; the part both variants share.

A car sits in a valley between two hills and must build momentum to reach the flag on the
right hill. Observation ``(position, velocity)`` (float32). ``MountainCar-v0``: actions
``0/1/2`` push left / not at all / right, reward ``-1`` per step, goal at 0.5. The episode ends
when the car is at the goal with at least ``goal_velocity``.

:class:`MountainCarFunctional` is the one definition; :class:`MountainCarEnv`
(``MountainCar-v0``) and :class:`MountainCarVectorEnv` run it on numpy, ``phys2d/MountainCar-v0``
on JAX. The state, the goal test, the track's walls and the drawing are shared with the
continuous variant (:mod:`.continuous_mountain_car`), which builds on them.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from gymnasium_core.functional import FuncEnv
from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Box, Discrete, Space
from gymnasium_core.vector.vector_env import AutoresetMode

from ._common import (
    Canvas,
    Real,
    as_float,
    close_canvas,
    draw_uniform,
    filled_circle,
    filled_polygon,
    import_pygame,
    open_canvas,
    pack,
    present,
    turned,
)
from ._stateful import (
    ClassicControlEnv,
    ClassicControlVectorEnv,
    FuncAttrView,
    NumpyScalarNamespace,
    ParamView,
    check_discrete,
    vector_metadata,
)

__all__ = [
    "MountainCarEnv",
    "MountainCarFunctional",
    "MountainCarParams",
    "MountainCarState",
    "MountainCarVectorEnv",
]


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

    def render_init(self, params: Any = None, **kwargs: Any) -> Canvas:
        """Open a 600x400 canvas (``render_mode`` and ``fps`` may be passed)."""
        return open_canvas(
            self.screen_width,
            self.screen_height,
            kwargs.get("render_mode", "rgb_array"),
            kwargs.get("fps", 30),
        )

    def render_image(
        self, state: MountainCarState, render_state: Canvas, params: Any = None
    ) -> tuple[Canvas, np.ndarray[Any, Any]]:
        """Draw the valley, the car and the flag."""
        p = self.default_params if params is None else params
        return render_state, present(render_state, _draw(state, p, self.screen_width))

    def render_close(self, render_state: Canvas, params: Any = None) -> None:
        """Close the window, if any."""
        close_canvas(render_state)


class MountainCarFunctional(
    _MountainCarCommon,
    FuncEnv[MountainCarState, Any, Any, Any, Any, Canvas, MountainCarParams],
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
    pygame = import_pygame()
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
    body = [(x + base_x, y + _CLEARANCE + lift) for x, y in turned(corners, angle)]
    filled_polygon(surf, body, (0, 0, 0))
    for x, y in turned([(car_w / 4, 0), (-car_w / 4, 0)], angle):
        wheel_x, wheel_y = int(x + base_x), int(y + _CLEARANCE + lift)
        filled_circle(surf, wheel_x, wheel_y, car_h / 2.5, (128, 128, 128))

    flag_x = int((p.goal_position - p.min_position) * scale)
    flag_bottom = int(_height(p.goal_position) * scale)
    flag_top = flag_bottom + 50
    gfxdraw.vline(surf, flag_x, flag_bottom, flag_top, (0, 0, 0))
    pennant = [(flag_x, flag_top), (flag_x, flag_top - 10), (flag_x + 25, flag_top - 5)]
    filled_polygon(surf, pennant, (204, 204, 0))
    return surf


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
