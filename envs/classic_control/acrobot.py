"""Acrobot: a two-link chain actuated at the middle joint, as pure functions and as envs.

The first link hangs from a fixed pivot; a torque of ``-1``, ``0`` or ``+1`` on the joint
between the links must swing the free end above a line one link length over the pivot.
Observation ``(cos th1, sin th1, cos th2, sin th2, th1_dot, th2_dot)`` (float32); reward
``-1`` per step and ``0`` on reaching the goal, which ends the episode.

Dynamics follow Sutton & Barto's book by default (``book_or_nips="book"``); ``"nips"``
selects the NIPS '95 paper's equations. Integration is one fourth-order Runge-Kutta step of
``dt`` in float64 (float32 on JAX without x64), with uniform torque noise of half-width
``torque_noise_max`` when it is positive.

:class:`AcrobotFunctional` is the one definition; :class:`AcrobotEnv` (``Acrobot-v1``) and
:class:`AcrobotVectorEnv` run it on numpy, ``phys2d/Acrobot-v0`` on JAX. The reference's class
constants (``dt``, ``LINK_LENGTH_1``, ``MAX_VEL_1``, ``book_or_nips``, ``torque_noise_max``, ...)
are class constants of :class:`AcrobotEnv` too, and on an instance they are views of its params:
writing one (or overriding it in a subclass body) changes the dynamics as in the reference. The
module also offers the reference's helpers :func:`wrap`, :func:`bound` and :func:`rk4`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any, NamedTuple, SupportsFloat

import numpy as np

from gymnasium_core.functional import FuncEnv, random
from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Box, Discrete
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
    check_discrete,
    vector_metadata,
)

__all__ = [
    "AcrobotEnv",
    "AcrobotFunctional",
    "AcrobotParams",
    "AcrobotState",
    "AcrobotVectorEnv",
    "bound",
    "rk4",
    "wrap",
]


# -- the definition ----------------------------------------------------------------------------


class AcrobotState(NamedTuple):
    """Dynamic state; each field a scalar or a ``(num_envs,)`` array."""

    theta1: Real  # first joint angle, 0 = hanging down [rad] in [-pi, pi]
    theta2: Real  # second joint angle relative to the first [rad] in [-pi, pi]
    dtheta1: Real  # [rad/s] in [-max_vel_1, max_vel_1]
    dtheta2: Real  # [rad/s] in [-max_vel_2, max_vel_2]


# The reference's torques of actions 0, 1 and 2.
UNIT_TORQUES: list[float] = [-1.0, 0.0, 1.0]


class AcrobotParams(NamedTuple):
    """Physical constants (reference values), torque noise and reset bounds."""

    dt: float = 0.2
    link_length_1: float = 1.0
    link_length_2: float = 1.0
    link_mass_1: float = 1.0
    link_mass_2: float = 1.0
    link_com_pos_1: float = 0.5
    link_com_pos_2: float = 0.5
    link_moi: float = 1.0
    max_vel_1: float = 4 * math.pi
    max_vel_2: float = 9 * math.pi
    gravity: float = 9.8
    torque_noise_max: float = 0.0
    reset_low: float = -0.1
    reset_high: float = 0.1


class AcrobotFunctional(FuncEnv[AcrobotState, Any, Any, Any, Any, Canvas, AcrobotParams]):
    """Acrobot dynamics over any array backend.

    Args:
        book_or_nips: ``"book"`` (default) or ``"nips"``: which equations of motion to use.
        **kwargs: Overrides of the default :class:`AcrobotParams`.
    """

    default_params: AcrobotParams
    observation_space = Box(
        -np.array([1.0, 1.0, 1.0, 1.0, 4 * np.pi, 9 * np.pi], dtype=np.float32),
        np.array([1.0, 1.0, 1.0, 1.0, 4 * np.pi, 9 * np.pi], dtype=np.float32),
        dtype=np.float32,
    )
    action_space = Discrete(3)
    screen_dim = 500

    def __init__(self, book_or_nips: str = "book", **kwargs: Any) -> None:
        if book_or_nips not in ("book", "nips"):
            raise ValueError(f"book_or_nips must be 'book' or 'nips', got {book_or_nips!r}.")
        self.book_or_nips = book_or_nips
        # The torque of each action, read at every step (the stateful env's `AVAIL_TORQUE`).
        self.avail_torque: list[float] = list(UNIT_TORQUES)
        self._overrides = kwargs
        super().__init__()

    def get_default_params(self, **kwargs: Any) -> AcrobotParams:
        """Reference constants, with the constructor's and ``kwargs`` overrides."""
        return AcrobotParams(**{**getattr(self, "_overrides", {}), **kwargs})

    def initial(self, rng: RNG, params: AcrobotParams | None = None) -> AcrobotState:
        """All four variables uniform in ``[reset_low, reset_high)``, rounded to float32."""
        p = self.default_params if params is None else params
        xp = self.xp
        values = xp.asarray(
            random.uniform(rng, p.reset_low, p.reset_high, shape=(4,), batch_axis=-1),
            dtype=xp.float32,
        )
        if is_scalar(xp):
            return AcrobotState(*values.tolist())
        return AcrobotState(*(wide(xp, values[i]) for i in range(4)))

    def transition(
        self, state: AcrobotState, action: Any, rng: RNG, params: AcrobotParams | None = None
    ) -> AcrobotState:
        """One Runge-Kutta step of ``dt`` under the chosen (maybe noisy) torque."""
        p = self.default_params if params is None else params
        xp = self.xp
        torque = _torque(xp, action, self.avail_torque)
        torque = torque + _torque_noise(xp, rng, p, torque)
        th1, th2, dth1, dth2 = _rk4(self._derivatives, state, torque, _Inertia.of(p), p.dt)
        return AcrobotState(
            _wrap(xp, th1, -xp.pi, xp.pi),
            _wrap(xp, th2, -xp.pi, xp.pi),
            xp.clip(dth1, -p.max_vel_1, p.max_vel_1),
            xp.clip(dth2, -p.max_vel_2, p.max_vel_2),
        )

    def observation(
        self, state: AcrobotState, rng: RNG, params: AcrobotParams | None = None
    ) -> Any:
        """Cosines and sines of both angles, then both angular velocities (float32)."""
        xp = self.xp
        th1, th2, dth1, dth2 = state
        fields = (xp.cos(th1), xp.sin(th1), xp.cos(th2), xp.sin(th2), dth1, dth2)
        return pack(xp, fields, np.float32)

    def terminal(self, state: AcrobotState, rng: RNG, params: AcrobotParams | None = None) -> Any:
        """Whether the free end is above one link length over the pivot."""
        xp = self.xp
        return -xp.cos(state.theta1) - xp.cos(state.theta2 + state.theta1) > 1.0

    def reward(
        self,
        state: AcrobotState,
        action: Any,
        next_state: AcrobotState,
        rng: RNG,
        params: AcrobotParams | None = None,
    ) -> Any:
        """``-1`` per step, ``0`` on reaching the goal."""
        xp = self.xp
        return as_float(xp, xp.where(self.terminal(next_state, rng, params), 0.0, -1.0))

    def _derivatives(self, s: AcrobotState, a: Any, c: _Inertia) -> AcrobotState:
        """Time derivatives of the state under torque ``a`` (the reference's ``_dsdt``).

        Operation order follows the reference, so float64 results agree bit for bit; the
        products of constants it evaluates first (left to right) come from ``c``.
        """
        xp = self.xp
        theta1, theta2, dtheta1, dtheta2 = s
        cos2, sin2 = xp.cos(theta2), xp.sin(theta2)
        d1 = c.m1_lc1_sq + c.m2 * (c.l1_sq_lc2_sq + c.two_l1_lc2 * cos2) + c.i1 + c.i2
        d2 = c.m2 * (c.lc2_sq + c.l1_lc2 * cos2) + c.i2
        phi2 = c.m2_lc2_g * xp.cos(theta1 + theta2 - xp.pi / 2.0)
        phi1 = (
            c.neg_m2_l1_lc2 * square_pow(xp, dtheta2) * sin2
            - c.two_m2_l1_lc2 * dtheta2 * dtheta1 * sin2
            + c.lever_g * xp.cos(theta1 - xp.pi / 2)
            + phi2
        )
        if self.book_or_nips == "nips":
            ddtheta2 = (a + d2 / d1 * phi1 - phi2) / (c.m2_lc2_sq_i2 - square_pow(xp, d2) / d1)
        else:
            ddtheta2 = (
                a + d2 / d1 * phi1 - c.m2_l1_lc2 * square_pow(xp, dtheta1) * sin2 - phi2
            ) / (c.m2_lc2_sq_i2 - square_pow(xp, d2) / d1)
        ddtheta1 = -(d2 * ddtheta2 + phi1) / d1
        return AcrobotState(dtheta1, dtheta2, ddtheta1, ddtheta2)

    def render_init(self, params: AcrobotParams | None = None, **kwargs: Any) -> Canvas:
        """Open a 500x500 canvas (``render_mode`` and ``fps`` may be passed)."""
        return open_canvas(
            self.screen_dim,
            self.screen_dim,
            kwargs.get("render_mode", "rgb_array"),
            kwargs.get("fps", 15),
        )

    def render_image(
        self,
        state: AcrobotState,
        render_state: Canvas,
        params: AcrobotParams | None = None,
    ) -> tuple[Canvas, np.ndarray[Any, Any]]:
        """Draw the goal line and both links."""
        p = self.default_params if params is None else params
        return render_state, present(render_state, _draw(state, p, render_state.width))

    def render_close(self, render_state: Canvas, params: AcrobotParams | None = None) -> None:
        """Close the window, if any."""
        close_canvas(render_state)


def _torque(xp: Namespace[Any], action: Any, avail_torque: list[float]) -> Any:
    """The torque of ``action``: ``avail_torque[action]``, widened.

    With the reference's torques (``-1, 0, +1``) it is ``action - 1`` computed directly, which
    is exact and keeps the index out of the compiled and scalar hot paths.
    """
    if avail_torque == UNIT_TORQUES:
        return wide(xp, action - 1.0)
    if is_scalar(xp):
        return float(avail_torque[int(action)])
    return wide(xp, xp.asarray(avail_torque)[action])


def _torque_noise(xp: Namespace[Any], rng: RNG, p: AcrobotParams, like: Any) -> Any:
    """Uniform noise in ``[-n, n)``; on numpy drawn only when ``n > 0``, as the reference."""
    n = p.torque_noise_max
    if rng is None:
        return 0.0
    if n.__class__ is float:  # the stateful env's params: no array to look into
        if not n > 0.0 and random.is_numpy_rng(rng):  # NaN too, as below
            return 0.0
    elif random.is_numpy_rng(rng) and not np.any(np.asarray(n) > 0):
        return 0.0
    # One value per environment: a batched generator adds the batch axis, vmap the JAX one.
    return random.uniform(rng, -n, n)


class _Inertia(NamedTuple):
    """The products of constants in the equations of motion, each as the reference forms it.

    Python evaluates ``m2 * l1 * lc2 * x`` as ``((m2 * l1) * lc2) * x``, so computing the
    leading product once per step leaves every result unchanged.
    """

    m1_lc1_sq: Any  # m1 * lc1**2
    m2: Any
    l1_sq_lc2_sq: Any  # l1**2 + lc2**2
    two_l1_lc2: Any  # 2 * l1 * lc2
    i1: Any
    i2: Any
    lc2_sq: Any  # lc2**2
    l1_lc2: Any  # l1 * lc2
    m2_lc2_g: Any  # m2 * lc2 * g
    neg_m2_l1_lc2: Any  # -m2 * l1 * lc2
    two_m2_l1_lc2: Any  # 2 * m2 * l1 * lc2
    lever_g: Any  # (m1 * lc1 + m2 * l1) * g
    m2_l1_lc2: Any  # m2 * l1 * lc2
    m2_lc2_sq_i2: Any  # m2 * lc2**2 + i2

    @classmethod
    def of(cls, p: AcrobotParams) -> _Inertia:
        """The products for params ``p`` (the moments of inertia are both ``link_moi``)."""
        m1, m2 = p.link_mass_1, p.link_mass_2
        l1, lc1, lc2 = p.link_length_1, p.link_com_pos_1, p.link_com_pos_2
        i = p.link_moi
        g = p.gravity
        return cls(
            m1_lc1_sq=m1 * lc1**2,
            m2=m2,
            l1_sq_lc2_sq=l1**2 + lc2**2,
            two_l1_lc2=2 * l1 * lc2,
            i1=i,
            i2=i,
            lc2_sq=lc2**2,
            l1_lc2=l1 * lc2,
            m2_lc2_g=m2 * lc2 * g,
            neg_m2_l1_lc2=-m2 * l1 * lc2,
            two_m2_l1_lc2=2 * m2 * l1 * lc2,
            lever_g=(m1 * lc1 + m2 * l1) * g,
            m2_l1_lc2=m2 * l1 * lc2,
            m2_lc2_sq_i2=m2 * lc2**2 + i,
        )


def _rk4(derivs: Any, y0: AcrobotState, a: Any, c: _Inertia, dt: Any) -> AcrobotState:
    """One classical Runge-Kutta step of length ``dt`` (torque held constant)."""
    dt2 = dt / 2.0
    y1, y2, y3, y4 = y0

    def shifted(h: Any, k: AcrobotState) -> AcrobotState:
        return AcrobotState(y1 + h * k[0], y2 + h * k[1], y3 + h * k[2], y4 + h * k[3])

    k1 = derivs(y0, a, c)
    k2 = derivs(shifted(dt2, k1), a, c)
    k3 = derivs(shifted(dt2, k2), a, c)
    k4 = derivs(shifted(dt, k3), a, c)
    sixth = dt / 6.0
    return AcrobotState(
        *(y + sixth * (d1 + 2 * d2 + 2 * d3 + d4) for y, d1, d2, d3, d4 in zip(y0, k1, k2, k3, k4))
    )


def _wrap(xp: Namespace[Any], x: Any, low: Any, high: Any) -> Any:
    """Shift ``x`` by whole periods into ``[low, high]`` (two periods at most, as needed here)."""
    period = high - low
    for _ in range(2):
        x = xp.where(x > high, x - period, x)
    for _ in range(2):
        x = xp.where(x < low, x + period, x)
    return x


def _draw(state: AcrobotState, p: AcrobotParams, dim: int) -> Any:
    """The frame of ``state`` (y up), with the reference's geometry and colours.

    The world spans ``link_length_1 + link_length_2 + 0.2`` on each side of the pivot; the
    goal line is one unit (not one link length) above the pivot. Angles are measured from
    straight down. numpy functions keep the state's dtype in the arithmetic, as the
    reference's drawing does.
    """
    pygame = import_pygame()
    surf = pygame.Surface((dim, dim))
    surf.fill((255, 255, 255))
    reach = p.link_length_1 + p.link_length_2 + 0.2
    scale = dim / (reach * 2)
    centre = dim / 2
    pygame.draw.line(
        surf,
        start_pos=(-2.2 * scale + centre, 1 * scale + centre),
        end_pos=(2.2 * scale + centre, 1 * scale + centre),
        color=(0, 0, 0),
    )
    theta1, theta2 = state.theta1, state.theta2
    # The elbow, relative to the pivot: x along the screen, y up.
    elbow_x = p.link_length_1 * np.sin(theta1) * scale
    elbow_y = -p.link_length_1 * np.cos(theta1) * scale
    joints = ((0.0, 0.0), (float(elbow_x), float(elbow_y)))
    angles = (theta1 - math.pi / 2, theta1 + theta2 - math.pi / 2)
    lengths = (p.link_length_1 * scale, p.link_length_2 * scale)
    half = 0.1 * scale
    for (jx, jy), angle, length in zip(joints, angles, lengths, strict=True):
        x, y = jx + centre, jy + centre
        corners = turned(((0, -half), (0, half), (length, half), (length, -half)), angle)
        link = [(cx + x, cy + y) for cx, cy in corners]
        filled_polygon(surf, link, (0, 204, 204))
        filled_circle(surf, x, y, half, (204, 204, 0))
    return surf


# -- the stateful and numpy-batched envs -------------------------------------------------------


class AcrobotEnv(ClassicControlEnv):
    """Swing the tip of a two-link chain above a line, with a torque of -1, 0 or +1.

    Unlike the reference, an action outside ``{0, 1, 2}`` raises ``AssertionError`` (the
    reference indexes its torque list with it, so ``-1`` silently means ``+1``).

    Args:
        render_mode: ``None``, ``"human"`` or ``"rgb_array"`` (500x500 frames).
        book_or_nips: ``"book"`` or ``"nips"`` equations of motion (default: the class's
            :attr:`book_or_nips`, ``"book"``).
        torque_noise_max: Half-width of the uniform noise added to the torque (default: the
            class's :attr:`torque_noise_max`, ``0.0``).
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": 15}
    _params_type = AcrobotParams
    _state_type = AcrobotState
    _reset_dtype = np.float32  # the reference draws float32; its steps store float64
    _renders_nothing_before_reset = True

    # The reference's class constants, plain class attributes (a subclass may override them in
    # its body). On an instance each is a view: of a params field, or of the FuncEnv's
    # configuration ("func_env.<attribute>"); see ``__getattribute__``.
    _CONSTANTS: dict[str, str] = {
        "dt": "dt",
        "LINK_LENGTH_1": "link_length_1",
        "LINK_LENGTH_2": "link_length_2",
        "LINK_MASS_1": "link_mass_1",
        "LINK_MASS_2": "link_mass_2",
        "LINK_COM_POS_1": "link_com_pos_1",
        "LINK_COM_POS_2": "link_com_pos_2",
        "LINK_MOI": "link_moi",
        "MAX_VEL_1": "max_vel_1",
        "MAX_VEL_2": "max_vel_2",
        "torque_noise_max": "torque_noise_max",
        "book_or_nips": "func_env.book_or_nips",
        "SCREEN_DIM": "func_env.screen_dim",
        "AVAIL_TORQUE": "func_env.avail_torque",
    }
    dt = AcrobotParams._field_defaults["dt"]
    LINK_LENGTH_1 = AcrobotParams._field_defaults["link_length_1"]
    LINK_LENGTH_2 = AcrobotParams._field_defaults["link_length_2"]
    LINK_MASS_1 = AcrobotParams._field_defaults["link_mass_1"]
    LINK_MASS_2 = AcrobotParams._field_defaults["link_mass_2"]
    LINK_COM_POS_1 = AcrobotParams._field_defaults["link_com_pos_1"]
    LINK_COM_POS_2 = AcrobotParams._field_defaults["link_com_pos_2"]
    LINK_MOI = AcrobotParams._field_defaults["link_moi"]
    MAX_VEL_1 = AcrobotParams._field_defaults["max_vel_1"]
    MAX_VEL_2 = AcrobotParams._field_defaults["max_vel_2"]
    torque_noise_max = AcrobotParams._field_defaults["torque_noise_max"]
    book_or_nips = "book"
    SCREEN_DIM = AcrobotFunctional.screen_dim
    AVAIL_TORQUE: list[float] = [-1.0, 0.0, +1]
    action_arrow: Any = None
    domain_fig: Any = None
    actions_num = 3

    def __init__(
        self,
        render_mode: str | None = None,
        book_or_nips: str | None = None,
        torque_noise_max: float | None = None,
    ) -> None:
        func_env = AcrobotFunctional()
        # The class's constants (a subclass's overrides included) become the params.
        cls = type(self)
        fields = {}
        for name, target in self._CONSTANTS.items():
            value = getattr(cls, name)
            if target.startswith("func_env."):
                setattr(func_env, target.removeprefix("func_env."), value)
            else:
                fields[target] = value
        func_env.default_params = func_env.default_params._replace(**fields)
        self._setup(func_env, render_mode)
        if torque_noise_max is not None:
            self.torque_noise_max = torque_noise_max
        if book_or_nips is not None:
            self.book_or_nips = book_or_nips

    def __getattribute__(self, name: str) -> Any:
        target = AcrobotEnv._CONSTANTS.get(name)
        if target is None:
            return object.__getattribute__(self, name)
        if target.startswith("func_env."):
            return getattr(object.__getattribute__(self, "func_env"), target[9:])
        return getattr(object.__getattribute__(self, "params"), target)

    def __setattr__(self, name: str, value: Any) -> None:
        target = AcrobotEnv._CONSTANTS.get(name)
        if target is None:
            object.__setattr__(self, name, value)
        elif target.startswith("func_env."):
            setattr(self.func_env, target[9:], value)
        else:
            self._write_params(**{target: value})

    def step(
        self, a: Any
    ) -> tuple[np.ndarray[Any, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply torque ``a - 1``; ``a`` must be 0, 1 or 2."""
        check_discrete(self.action_space, a)
        return super().step(a)


class AcrobotVectorEnv(ClassicControlVectorEnv):
    """Acrobot batched on numpy: ``num_envs`` copies stepped in one call.

    Args:
        num_envs: Number of sub-environments.
        max_episode_steps: Steps after which a sub-env is truncated.
        render_mode: ``None`` or ``"rgb_array"``.
        book_or_nips: ``"book"`` (default) or ``"nips"`` equations of motion.
        torque_noise_max: Half-width of the uniform noise added to the torque.
        autoreset_mode: How finished sub-envs restart.
        params: Params for every sub-env (or a batch of them).
    """

    metadata: dict[str, Any] = vector_metadata(render_fps=15)

    def __init__(
        self,
        num_envs: int = 1,
        max_episode_steps: int = 500,
        render_mode: str | None = None,
        book_or_nips: str = "book",
        torque_noise_max: float = 0.0,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        params: AcrobotParams | None = None,
    ) -> None:
        super().__init__(
            AcrobotFunctional(book_or_nips, torque_noise_max=torque_noise_max),
            num_envs,
            params=params,
            max_episode_steps=max_episode_steps,
            autoreset_mode=autoreset_mode,
            render_mode=render_mode,
            metadata=dict(self.metadata),
        )


# -- the reference module's numeric helpers ---------------------------------------------------


def wrap(x: Any, m: Any, M: Any) -> Any:
    """Shift ``x`` by whole periods ``M - m`` until it lies in ``[m, M]``.

    Unlike clipping, this keeps an angle's meaning: ``wrap(3.5 * pi, -pi, pi)`` is
    ``-0.5 * pi``.

    Args:
        x: A scalar.
        m: The lower end of the range.
        M: The upper end of the range.

    Returns:
        ``x`` moved into the range.
    """
    period = M - m
    while x > M:
        x = x - period
    while x < m:
        x = x + period
    return x


def bound(x: Any, m: Any, M: Any = None) -> Any:
    """Clip the scalar ``x`` to ``[m, M]``; with ``M`` omitted, ``m`` is the pair ``(low, high)``.

    Args:
        x: A scalar.
        m: The lower bound, or ``(lower, upper)`` when ``M`` is ``None``.
        M: The upper bound.

    Returns:
        ``x`` clipped to the bounds.
    """
    low, high = (m[0], m[1]) if M is None else (m, M)
    return min(max(x, low), high)


def rk4(derivs: Callable[[Any], Any], y0: Any, t: Any) -> np.ndarray[Any, Any]:
    """Integrate ``dy/dt = derivs(y)`` over the sample times ``t`` with classical Runge-Kutta.

    As the reference's helper (which the reference's Acrobot calls with a state augmented by
    its torque), the result is the last sample with at most its first four components.

    Args:
        derivs: ``derivs(y)`` returns the derivative of ``y`` (a sequence of the same length).
        y0: The initial value: a scalar or a 1-D sequence.
        t: The sample times (at least one).

    Returns:
        ``y`` at ``t[-1]``, float64, truncated to four components.
    """
    y = np.array(y0, dtype=np.float64)
    for start, end in itertools.pairwise(t):
        h = end - start
        k1 = np.asarray(derivs(y))
        k2 = np.asarray(derivs(y + h / 2.0 * k1))
        k3 = np.asarray(derivs(y + h / 2.0 * k2))
        k4 = np.asarray(derivs(y + h * k3))
        y = y + h / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y if y.ndim == 0 else y[:4]
