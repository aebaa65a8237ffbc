"""The inverted pendulum swing-up, as pure functions and as envs.

A pendulum hangs from a frictionless pivot; the agent applies a torque in ``[-2, 2]`` to swing
it up and keep it upright. Observation ``(cos(theta), sin(theta), theta_dot)`` (float32),
action ``(torque,)`` (float32). Reward ``-(theta**2 + 0.1 * theta_dot**2 + 0.001 * torque**2)``
with ``theta`` normalised to ``[-pi, pi)``. No terminal state (the time limit ends episodes).
The state also keeps the last applied torque, which only the renderer reads.

:class:`PendulumFunctional` is the one definition; :class:`PendulumEnv` (``Pendulum-v1``) and
:class:`PendulumVectorEnv` run it on numpy, ``phys2d/Pendulum-v0`` on JAX.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple, SupportsFloat

import numpy as np

from gymnasium_core.functional import FuncEnv, random
from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.functional.backends import as_array_namespace
from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Box
from gymnasium_core.vector.vector_env import AutoresetMode

from ._common import (
    Canvas,
    Real,
    as_float,
    close_canvas,
    filled_circle,
    filled_polygon,
    import_pygame,
    is_scalar,
    open_canvas,
    pack,
    present,
    square_pow,
    turned,
    wide,
)
from ._stateful import (
    ClassicControlEnv,
    ClassicControlVectorEnv,
    FuncAttrView,
    NumpyScalarNamespace,
    ParamView,
    check_continuous,
    vector_metadata,
)

__all__ = [
    "DEFAULT_X",
    "DEFAULT_Y",
    "PendulumEnv",
    "PendulumFunctional",
    "PendulumParams",
    "PendulumState",
    "PendulumVectorEnv",
    "angle_normalize",
]

DEFAULT_X = math.pi  # default half-range of the initial angle [rad]
DEFAULT_Y = 1.0  # default half-range of the initial angular velocity [rad/s]


class PendulumState(NamedTuple):
    """Dynamic state; each field a scalar or a ``(num_envs,)`` array."""

    theta: Real  # angle from upright [rad], unbounded
    theta_dot: Real  # angular velocity [rad/s]
    last_u: Real  # last applied torque, NaN before the first step (for rendering)


class PendulumParams(NamedTuple):
    """Physical constants (reference values) and the reset half-ranges."""

    max_speed: float = 8  # an int, as the reference's attribute
    max_torque: float = 2.0
    dt: float = 0.05
    g: float = 10.0
    m: float = 1.0
    l: float = 1.0  # noqa: E741  (the textbook symbol, and the reference's name)
    x_init: float = DEFAULT_X  # initial theta is uniform in [-x_init, x_init)
    y_init: float = DEFAULT_Y  # initial theta_dot is uniform in [-y_init, y_init)


class PendulumFunctional(FuncEnv[PendulumState, Any, Any, Any, Any, Canvas, PendulumParams]):
    """Pendulum dynamics and cost over any array backend.

    Args:
        **kwargs: Overrides of the default :class:`PendulumParams`.
    """

    default_params: PendulumParams
    observation_space = Box(
        -np.array([1.0, 1.0, 8.0], dtype=np.float32),
        np.array([1.0, 1.0, 8.0], dtype=np.float32),
        dtype=np.float32,
    )
    action_space = Box(low=-2.0, high=2.0, shape=(1,), dtype=np.float32)
    screen_dim = 500

    def __init__(self, **kwargs: Any) -> None:
        self._overrides = kwargs
        super().__init__()

    def get_default_params(self, **kwargs: Any) -> PendulumParams:
        """Reference constants, with the constructor's and ``kwargs`` overrides."""
        return PendulumParams(**{**getattr(self, "_overrides", {}), **kwargs})

    def initial(self, rng: RNG, params: PendulumParams | None = None) -> PendulumState:
        """``theta`` and ``theta_dot`` uniform in the symmetric reset ranges, in one draw."""
        p = self.default_params if params is None else params
        xp = self.xp
        high = xp.stack([xp.asarray(p.x_init), xp.asarray(p.y_init)], axis=-1)
        # One two-value draw, as the reference's; a batched generator puts envs first.
        values = random.uniform(rng, -high, high, shape=(2,), batch_axis=0)
        if is_scalar(xp):
            theta, theta_dot = values.tolist()
            return PendulumState(theta, theta_dot, math.nan)
        return PendulumState(values[..., 0], values[..., 1], values[..., 0] * xp.nan)

    def transition(
        self, state: PendulumState, action: Any, rng: RNG, params: PendulumParams | None = None
    ) -> PendulumState:
        """Apply the clipped torque for ``dt`` seconds."""
        p = self.default_params if params is None else params
        xp = self.xp
        u = _torque(xp, action, p)
        th, thdot = state.theta, state.theta_dot
        # ``3.0 / (m * l**2) * u`` is float32 in the reference (a float32 torque times a Python
        # float) before it meets the float64 state; ``wide`` keeps that rounding.
        accel = 3 * p.g / (2 * p.l) * xp.sin(th) + wide(xp, 3.0 / (p.m * p.l**2) * u)
        newthdot = xp.clip(thdot + accel * p.dt, -p.max_speed, p.max_speed)
        return PendulumState(th + newthdot * p.dt, newthdot, u)

    def observation(
        self, state: PendulumState, rng: RNG, params: PendulumParams | None = None
    ) -> Any:
        """``(cos(theta), sin(theta), theta_dot)`` as float32."""
        xp = self.xp
        return pack(xp, (xp.cos(state.theta), xp.sin(state.theta), state.theta_dot), np.float32)

    def terminal(self, state: PendulumState, rng: RNG, params: PendulumParams | None = None) -> Any:
        """Never terminal."""
        return _never(self.xp, state.theta)

    def reward(
        self,
        state: PendulumState,
        action: Any,
        next_state: PendulumState,
        rng: RNG,
        params: PendulumParams | None = None,
    ) -> Any:
        """Minus the cost of the angle, the speed and the torque before the step."""
        p = self.default_params if params is None else params
        xp = self.xp
        u = _torque(xp, action, p)
        th, thdot = state.theta, state.theta_dot
        costs = (
            square_pow(xp, angle_normalize(th))
            + 0.1 * square_pow(xp, thdot)
            + wide(xp, 0.001 * (u**2))
        )
        if is_scalar(xp):
            # numpy's minus, as the reference's on its numpy scalars: float64 for a Python
            # float, the costs' own dtype over numpy scalars.
            return np.negative(costs)
        return as_float(xp, -costs)

    def render_init(self, params: PendulumParams | None = None, **kwargs: Any) -> Canvas:
        """Open a 500x500 canvas (``render_mode`` and ``fps`` may be passed)."""
        return open_canvas(
            self.screen_dim,
            self.screen_dim,
            kwargs.get("render_mode", "rgb_array"),
            kwargs.get("fps", 30),
        )

    def render_image(
        self,
        state: PendulumState,
        render_state: Canvas,
        params: PendulumParams | None = None,
    ) -> tuple[Canvas, np.ndarray[Any, Any]]:
        """Draw the rod, the pivot and an arrow for the last torque."""
        return render_state, present(render_state, _draw(state, render_state))

    def render_close(self, render_state: Canvas, params: PendulumParams | None = None) -> None:
        """Close the window, if any."""
        close_canvas(render_state)


def angle_normalize(x: Any) -> Any:
    """Wrap an angle (a number or an array of any backend) into ``[-pi, pi)``.

    Only ``+``, ``%`` and ``-`` with Python floats are used, so the result has the type and
    backend of ``x``.
    """
    return ((x + math.pi) % (2 * math.pi)) - math.pi


def _never(xp: Namespace[Any], like: Any) -> Any:
    if is_scalar(xp):
        return False
    arrays = as_array_namespace(xp)
    return arrays.zeros(arrays.shape(like), dtype=bool)


def _torque(xp: Namespace[Any], action: Any, p: PendulumParams) -> Any:
    """The first action component clipped to ``[-max_torque, max_torque]``, in its dtype."""
    if is_scalar(xp):
        u = action[0]
        # numpy's clip returns the action's dtype; keep it (a Python bound would not be float32).
        if -p.max_torque <= u <= p.max_torque:
            return u
        return np.clip(action, -p.max_torque, p.max_torque)[0]
    return xp.clip(action[..., 0], -p.max_torque, p.max_torque)


_ROD_COLOR = (204, 77, 77)


def _draw(state: PendulumState, canvas: Canvas) -> Any:
    """The frame of ``state`` (y up), with the reference's geometry and colours.

    The world spans 2.2 on each side of the pivot; the rod is one unit long and 0.2 wide,
    with round ends. The last torque is shown by an arrow of our own drawing inside the square
    where the reference shows its arrow image (``scale * |u| / 2`` pixels wide, centred on the
    pivot), so the frames agree outside that square.
    """
    pygame = import_pygame()
    dim = canvas.width
    surf = pygame.Surface((dim, dim))
    surf.fill((255, 255, 255))
    scale = dim / (2.2 * 2)
    centre = dim // 2
    rod_length, rod_width = 1 * scale, 0.2 * scale
    angle = state.theta + np.pi / 2
    half = rod_width / 2
    corners = turned(((0, -half), (0, half), (rod_length, half), (rod_length, -half)), angle)
    rod = [(x + centre, y + centre) for x, y in corners]
    filled_polygon(surf, rod, _ROD_COLOR)
    filled_circle(surf, centre, centre, half, _ROD_COLOR)
    ((end_x, end_y),) = turned([(rod_length, 0)], angle)
    filled_circle(surf, int(end_x + centre), int(end_y + centre), half, _ROD_COLOR)
    last_u = float(state.last_u)
    if not math.isnan(last_u):
        size = int(float(scale * np.abs(last_u) / 2))
        _torque_arrow(surf, centre - size // 2, size, last_u > 0)
    filled_circle(surf, centre, centre, 0.05 * scale, (0, 0, 0))
    return surf


def _torque_arrow(surf: Any, corner: int, size: int, counter_clockwise: bool) -> None:
    """A three-quarter circle with a head, inside the ``size``-pixel square at ``corner``.

    Coordinates are the drawing's (y up, as on screen). A positive torque turns the pendulum
    counter-clockwise: the arc then runs counter-clockwise from the top to the right, where
    the head points up; a negative torque gives the mirror image.
    """
    if size < 8:
        return  # too small to draw an arrow inside its square
    pygame = import_pygame()
    centre = corner + size / 2
    radius = 0.36 * size
    side = 1.0 if counter_clockwise else -1.0
    # Angles from the top, a quarter turn, round to the right (mirrored for a negative torque).
    steps = 48
    arc = []
    for i in range(steps + 1):
        t = math.pi / 2 + 1.5 * math.pi * i / steps
        arc.append((centre + side * radius * math.cos(t), centre + radius * math.sin(t)))
    pygame.draw.lines(surf, (0, 0, 0), False, arc, max(1, size // 25))
    end_x, end_y = arc[-1]
    half, length = 0.12 * size, 0.22 * size
    head = [(end_x - half, end_y), (end_x + half, end_y), (end_x, end_y + length)]
    filled_polygon(surf, head, (0, 0, 0))


class PendulumEnv(ClassicControlEnv):
    """Swing a pendulum up and hold it upright with a torque in ``[-2, 2]``.

    The reference's constants (``max_speed``, ``max_torque``, ``dt``, ``g``, ``m``, ``l``) are
    views of :attr:`params`; :attr:`state` is a float64 array ``(theta, theta_dot)`` and
    :attr:`last_u` the last clipped torque (``None`` after ``reset``). A float32 (or float16)
    state assigned to it stays in the dtype the reference's steps give it.

    Reset options ``x_init`` / ``y_init`` set the half-ranges of the initial angle and
    angular velocity.

    Args:
        render_mode: ``None``, ``"human"`` or ``"rgb_array"`` (500x500 frames).
        g: Gravitational acceleration.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": 30}
    _params_type = PendulumParams
    _state_type = PendulumState
    _state_size = 2
    # The reference steps a float32 (or float16) state in its dtype with numpy's ``sin``,
    # ``cos`` and ``clip``, and stores ``np.array([theta, theta_dot])``: the state stays in
    # the dtype the step's results promote to.
    _narrow_xp = NumpyScalarNamespace("cos", "sin")

    max_speed = ParamView()
    max_torque = ParamView()
    dt = ParamView()
    g = ParamView()
    m = ParamView()
    l = ParamView()  # noqa: E741  (the reference's name)
    screen_dim = FuncAttrView("screen_dim")

    def __init__(self, render_mode: str | None = None, g: float = 10.0) -> None:
        self._setup(PendulumFunctional(g=g), render_mode)
        self.last_u: Any = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """Start an episode; ``options`` may set the ``x_init`` / ``y_init`` half-ranges."""
        self.last_u = None
        return super().reset(seed=seed, options=options)

    def _record(self, values: list[Any]) -> Any:
        return PendulumState(values[0], values[1], math.nan)

    def _render_func_state(self) -> Any:
        view = self.state
        if view is None:
            return None
        return PendulumState(view[0], view[1], math.nan if self.last_u is None else self.last_u)

    def step(
        self, u: Any
    ) -> tuple[np.ndarray[Any, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply torque ``u[0]``, clipped to ``[-2, 2]``; NaN or a wrong shape raise."""
        check_continuous(self.action_space, u)
        if not isinstance(u, np.ndarray):
            # The reference clips it with numpy: a list becomes a float64 array, whose element
            # is the torque (``last_u``) and meets a narrower state as float64.
            u = np.asarray(u)
        obs, reward, terminated, truncated, info = super().step(u)
        self.last_u = self._func_state.last_u  # the clipped torque, as the reference keeps it
        return obs, reward, terminated, truncated, info


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
