"""CartPole: a pole hinged on a cart that is pushed left or right, as pure functions and as envs.

The agent keeps the pole upright by pushing the cart with a fixed force. Observation
``(x, x_dot, theta, theta_dot)`` (float32); actions ``0`` (push left) and ``1`` (push right).
Reward ``+1`` per step (Sutton & Barto variant: ``0`` per step, ``-1`` on failure). The episode
ends when ``|theta|`` exceeds 12 degrees or ``|x|`` exceeds 2.4.

:class:`CartPoleFunctional` is the one definition; :class:`CartPoleEnv` (``CartPole-v0/v1``,
on the scalar backend) and :class:`CartPoleVectorEnv` run it on numpy, the JAX ids
``phys2d/CartPole-v0/v1/v2`` on JAX. The env classes are thin shells over the generic adapters
that keep the reference's quirks (the warning and reward for stepping after termination).
``polemass_length`` is a param: ``masspole * length`` by default, as in the reference's
stateful env. The reference's functional CartPole sets it to ``masspole + length``; its ids
``phys2d/CartPole-v0/v1`` keep that value as a param, and ``phys2d/CartPole-v2`` has the
product.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from gymnasium_core import logger
from gymnasium_core.functional import FuncEnv, backends
from gymnasium_core.functional.backends import as_array_namespace
from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Box, Discrete
from gymnasium_core.vector.vector_env import AutoresetMode

from ._common import (
    Canvas,
    Real,
    close_canvas,
    draw_uniform,
    filled_circle,
    filled_polygon,
    import_pygame,
    is_scalar,
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
    StackedStateMixin,
    check_discrete,
    vector_metadata,
)

__all__ = [
    "CartPoleEnv",
    "CartPoleFunctional",
    "CartPoleParams",
    "CartPoleState",
    "CartPoleVectorEnv",
]


class CartPoleState(NamedTuple):
    """Dynamic state; each field a scalar or a ``(num_envs,)`` array."""

    x: Real  # cart position [m]
    x_dot: Real  # cart velocity [m/s]
    theta: Real  # pole angle from vertical [rad]
    theta_dot: Real  # pole angular velocity [rad/s]


class _CartPoleFields(NamedTuple):
    gravity: float = 9.8
    masscart: float = 1.0
    masspole: float = 0.1
    total_mass: float = 1.1  # masscart + masspole unless given
    length: float = 0.5  # half the pole length [m]
    polemass_length: float = 0.05  # masspole * length unless given
    force_mag: float = 10.0
    tau: float = 0.02  # seconds per step
    theta_threshold_radians: float = 12 * 2 * math.pi / 360
    x_threshold: float = 2.4
    sutton_barto_reward: bool = False
    reset_low: float = -0.05
    reset_high: float = 0.05


class CartPoleParams(_CartPoleFields):
    """Physical constants (reference values) and reset bounds.

    ``total_mass`` and ``polemass_length`` are fields, as the reference's attributes are:
    computed from the masses and the length when the params are built (unless given), and
    independent afterwards, so ``params._replace(length=...)`` leaves them as they were,
    exactly as writing ``env.length`` does in the reference.
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> CartPoleParams:
        """The params, with ``total_mass`` and ``polemass_length`` derived unless given."""
        params = super().__new__(cls, *args, **kwargs)
        derived: dict[str, Any] = {}
        fields = cls._fields
        if len(args) <= fields.index("total_mass") and "total_mass" not in kwargs:
            derived["total_mass"] = params.masspole + params.masscart
        if len(args) <= fields.index("polemass_length") and "polemass_length" not in kwargs:
            derived["polemass_length"] = params.masspole * params.length
        return params._replace(**derived) if derived else params


class CartPoleFunctional(FuncEnv[CartPoleState, Any, Any, Any, Any, Canvas, CartPoleParams]):
    """CartPole dynamics, reward and termination over any array backend.

    Args:
        kinematics_integrator: ``"euler"`` (the reference default) or
            ``"semi-implicit"`` (velocities updated before positions).
        **kwargs: Overrides of the default :class:`CartPoleParams`.
    """

    default_params: CartPoleParams
    observation_space = Box(
        -np.array([4.8, np.inf, 12 * 4 * math.pi / 360, np.inf], dtype=np.float32),
        np.array([4.8, np.inf, 12 * 4 * math.pi / 360, np.inf], dtype=np.float32),
        dtype=np.float32,
    )
    action_space = Discrete(2)
    screen_width = 600
    screen_height = 400

    def __init__(self, kinematics_integrator: str = "euler", **kwargs: Any) -> None:
        if kinematics_integrator not in ("euler", "semi-implicit", "semi_implicit"):
            raise ValueError(
                f"kinematics_integrator must be 'euler' or 'semi-implicit', "
                f"got {kinematics_integrator!r}."
            )
        self.kinematics_integrator = kinematics_integrator
        self._overrides = kwargs
        super().__init__()

    def get_default_params(self, **kwargs: Any) -> CartPoleParams:
        """Reference constants, with the constructor's and ``kwargs`` overrides."""
        return CartPoleParams(**{**getattr(self, "_overrides", {}), **kwargs})

    def initial(self, rng: RNG, params: CartPoleParams | None = None) -> CartPoleState:
        """Draw all four state variables uniformly in ``[reset_low, reset_high)``."""
        p = self.default_params if params is None else params
        return CartPoleState(*draw_uniform(self.xp, rng, p.reset_low, p.reset_high, 4))

    def transition(
        self, state: CartPoleState, action: Any, rng: RNG, params: CartPoleParams | None = None
    ) -> CartPoleState:
        """Advance one time step of length ``tau`` with the chosen push."""
        p = self.default_params if params is None else params
        xp = self.xp
        x, x_dot, theta, theta_dot = state
        force = xp.where(action == 1, p.force_mag, -p.force_mag)
        costheta = xp.cos(theta)
        sintheta = xp.sin(theta)
        total_mass, polemass_length = p.total_mass, p.polemass_length
        # The reference's expressions, evaluated in its order so float64 results agree bit for
        # bit, but accumulated in place into fresh temporaries: on numpy batches this reuses a
        # few buffers instead of allocating one per operation; Python floats and JAX arrays
        # simply rebind. Only exact rewrites are used (commuted operands, a - b == -(b - a)).
        # temp = (force + polemass_length * theta_dot**2 * sintheta) / total_mass
        temp = theta_dot * theta_dot
        temp *= polemass_length
        temp *= sintheta
        temp += force
        temp /= total_mass
        # thetaacc = (gravity * sintheta - costheta * temp)
        #     / (length * (4/3 - masspole * costheta**2 / total_mass))
        denom = costheta * costheta
        denom *= p.masspole
        denom /= total_mass
        denom -= 4.0 / 3.0
        denom *= -p.length
        thetaacc = sintheta * p.gravity
        thetaacc -= costheta * temp
        thetaacc /= denom
        # xacc = temp - polemass_length * thetaacc * costheta / total_mass
        pull = thetaacc * polemass_length
        pull *= costheta
        pull /= total_mass
        temp -= pull
        xacc = temp
        tau = p.tau
        if self.kinematics_integrator == "euler":
            # Each variable plus ``tau`` times its old rate, as ``_advance`` computes it, written
            # out: the default integrator runs on every single-env step.
            next_x, next_x_dot = x_dot * tau, xacc * tau
            next_theta, next_theta_dot = theta_dot * tau, thetaacc * tau
            next_x += x
            next_x_dot += x_dot
            next_theta += theta
            next_theta_dot += theta_dot
            # ``tuple.__new__`` builds the record without the Python frame of its ``__new__``.
            return tuple.__new__(CartPoleState, (next_x, next_x_dot, next_theta, next_theta_dot))
        # semi-implicit: velocities first, then positions from the new velocities
        x_dot = _advance(x_dot, xacc, tau)
        x = _advance(x, x_dot, tau)
        theta_dot = _advance(theta_dot, thetaacc, tau)
        theta = _advance(theta, theta_dot, tau)
        return CartPoleState(x, x_dot, theta, theta_dot)

    def observation(
        self, state: CartPoleState, rng: RNG, params: CartPoleParams | None = None
    ) -> Any:
        """The state as a float32 vector ``(x, x_dot, theta, theta_dot)``."""
        return pack(self.xp, state, np.float32)

    def terminal(self, state: CartPoleState, rng: RNG, params: CartPoleParams | None = None) -> Any:
        """Whether the cart left the track or the pole fell past the threshold angle."""
        p = self.default_params if params is None else params
        # ``|v| > bound`` is ``v < -bound or v > bound`` exactly (negation and ``abs`` round
        # nothing; NaN fails both), in half the comparisons.
        x_size: Any = abs(state.x)  # Any: a float, a numpy array or a JAX array
        theta_size: Any = abs(state.theta)
        return (x_size > p.x_threshold) | (theta_size > p.theta_threshold_radians)

    def reward(
        self,
        state: CartPoleState,
        action: Any,
        next_state: CartPoleState,
        rng: RNG,
        params: CartPoleParams | None = None,
    ) -> Any:
        """``1`` per step; with ``sutton_barto_reward``, ``-1`` on failure and ``0`` otherwise.

        CartPole's reward rules are here, with :meth:`past_end_reward` (a step after the
        episode ended) and :attr:`sutton_barto_zero` (the sign of a Sutton-Barto step that goes
        on) beside them.
        """
        p = self.default_params if params is None else params
        xp = self.xp
        if p.sutton_barto_reward is False:
            # A plain (untraced) False: every step pays 1, no need to test for failure.
            if isinstance(xp, backends.ScalarNamespace):  # is_scalar, without its call
                return 1.0
            arrays = as_array_namespace(xp)
            return arrays.ones(arrays.shape(next_state.x), dtype=arrays.float32)
        failed = self.terminal(next_state, rng, p)
        sutton_barto = xp.where(failed, -1.0, self.sutton_barto_zero)
        reward = xp.where(p.sutton_barto_reward, sutton_barto, 1.0)
        if is_scalar(xp):
            return float(reward)
        # float32 like the reference's CartPoleVectorEnv (values are exact in any dtype).
        return xp.asarray(reward, dtype=xp.float32)

    #: What a Sutton-Barto step that goes on pays. The reference's single env pays ``0.0``; its
    #: vector env negates the failure flags, so ``-0.0`` there (our vector env's definition
    #: sets it).
    sutton_barto_zero: float = 0.0

    @staticmethod
    def past_end_reward(params: CartPoleParams) -> float:
        """The reward of a step taken after the episode ended (the stateful env's, with a warning).

        ``0`` (Sutton-Barto: ``-1``), as the reference's.
        """
        return -1.0 if params.sutton_barto_reward else 0.0

    def render_init(self, params: CartPoleParams | None = None, **kwargs: Any) -> Canvas:
        """Open a 600x400 canvas (``render_mode`` and ``fps`` may be passed)."""
        return open_canvas(
            self.screen_width,
            self.screen_height,
            kwargs.get("render_mode", "rgb_array"),
            kwargs.get("fps", 50),
        )

    def render_image(
        self,
        state: CartPoleState,
        render_state: Canvas,
        params: CartPoleParams | None = None,
    ) -> tuple[Canvas, np.ndarray[Any, Any]]:
        """Draw the track, the cart and the pole."""
        p = self.default_params if params is None else params
        return render_state, present(render_state, _draw(state, p, self.screen_width))

    def render_close(self, render_state: Canvas, params: CartPoleParams | None = None) -> None:
        """Close the window, if any."""
        close_canvas(render_state)


def _advance(value: Any, rate: Any, tau: Any) -> Any:
    """``value + tau * rate`` as a new value (one temporary on numpy batches)."""
    out = rate * tau
    out += value
    return out


_TRACK_Y = 100  # height of the cart's centre line (and the track) above the frame bottom [px]
_CART_SIZE = (50.0, 30.0)
_POLE_WIDTH = 10.0
_CART_COLOR = (0, 0, 0)
_POLE_COLOR = (202, 152, 101)
_AXLE_COLOR = (129, 132, 203)


def _draw(state: CartPoleState, p: Any, width: int) -> Any:
    """The frame of ``state`` (y up), with the reference's geometry and colours.

    The cart is centred on the track line; the pole is a bar ``_POLE_WIDTH`` wide hinged at
    the axle, a quarter of the cart's height above the line, reaching half a pole width below
    the axle; the track line is drawn last, across the cart.
    """
    pygame = import_pygame()
    from pygame import gfxdraw

    surf = pygame.Surface((width, 400))
    surf.fill((255, 255, 255))
    scale = width / (p.x_threshold * 2)
    pole_len = scale * (2 * p.length)
    half_w, half_h = _CART_SIZE[0] / 2, _CART_SIZE[1] / 2
    cart_x = state.x * scale + width / 2.0
    cart = [(dx + cart_x, dy + _TRACK_Y) for dx, dy in _box(-half_w, half_w, -half_h, half_h)]
    filled_polygon(surf, cart, _CART_COLOR)

    axle_offset = _CART_SIZE[1] / 4.0
    half_pole = _POLE_WIDTH / 2
    # Positive theta tips the pole clockwise (to the right), a negative turn here.
    corners = turned(_box(-half_pole, half_pole, -half_pole, pole_len - half_pole), -state.theta)
    pole = [(x + cart_x, y + _TRACK_Y + axle_offset) for x, y in corners]
    filled_polygon(surf, pole, _POLE_COLOR)
    filled_circle(surf, cart_x, _TRACK_Y + axle_offset, half_pole, _AXLE_COLOR)
    gfxdraw.hline(surf, 0, width, _TRACK_Y, (0, 0, 0))
    return surf


def _box(left: float, right: float, bottom: float, top: float) -> list[tuple[float, float]]:
    """The corners of an axis-aligned box, from bottom-left going clockwise (y up)."""
    return [(left, bottom), (left, top), (right, top), (right, bottom)]


class _CartPoleViews:
    """The reference's CartPole attributes, as views of ``params`` and the functional env."""

    gravity = ParamView()
    masscart = ParamView()
    masspole = ParamView()
    total_mass = ParamView()
    length = ParamView()
    polemass_length = ParamView()
    force_mag = ParamView()
    tau = ParamView()
    theta_threshold_radians = ParamView()
    x_threshold = ParamView()
    kinematics_integrator = FuncAttrView("kinematics_integrator")
    screen_width = FuncAttrView("screen_width")
    screen_height = FuncAttrView("screen_height")


class CartPoleEnv(_CartPoleViews, ClassicControlEnv):
    """Balance a pole on a cart by pushing the cart left (0) or right (1).

    The reference's attributes (``gravity``, ``length``, ``tau``, ``x_threshold``, ...) are
    views of :attr:`params`: writing one changes the next step. As in the reference,
    ``total_mass`` and ``polemass_length`` are set once and do not follow later writes of
    the masses or the length. :attr:`state` is a float64 array ``(x, x_dot, theta,
    theta_dot)``.

    Args:
        sutton_barto_reward: Reward ``0`` per step and ``-1`` on failure instead of ``+1``.
        render_mode: ``None``, ``"human"`` or ``"rgb_array"`` (600x400 frames).
        kinematics_integrator: ``"euler"`` (default) or ``"semi-implicit"``.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": 50}
    _params_type = CartPoleParams
    _state_type = CartPoleState
    # The reference steps a float32 (or float16) state once in its dtype, with numpy's ``cos``
    # and ``sin``, and stores the result as float64.
    _narrow_xp = NumpyScalarNamespace("cos", "sin")
    _stored_dtype = np.float64
    _renders_nothing_before_reset = True

    _sutton_barto_reward = ParamView("sutton_barto_reward")

    def __init__(
        self,
        sutton_barto_reward: bool = False,
        render_mode: str | None = None,
        kinematics_integrator: str = "euler",
    ) -> None:
        self._setup(
            CartPoleFunctional(kinematics_integrator, sutton_barto_reward=sutton_barto_reward),
            render_mode,
        )
        self.steps_beyond_terminated: int | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """Start an episode; ``options`` may set the ``low`` / ``high`` reset bounds."""
        self.steps_beyond_terminated = None
        return super().reset(seed=seed, options=options)

    # Actions must be 0 or 1 (the reference's assertion).
    _check_action = staticmethod(check_discrete)

    def _terminal_reward(self, reward: Any) -> Any:
        """Count the steps taken past the terminal one; those pay ``0`` (Sutton-Barto: ``-1``).

        ``steps_beyond_terminated`` is ``None`` until the episode has ended; the first step
        after that warns, as the reference does.
        """
        past_end = self.steps_beyond_terminated
        if past_end is None:
            self.steps_beyond_terminated = 0
            return reward
        if past_end == 0:
            logger.warn(
                "step() was called after the episode terminated; call reset() when "
                "terminated is True, later steps are undefined behaviour."
            )
        self.steps_beyond_terminated = past_end + 1
        return self.func_env.past_end_reward(self.params)


class _StackedCartPoleFunctional(StackedStateMixin, CartPoleFunctional):
    """CartPole whose batched state is the reference's ``(4, num_envs)`` array."""

    state_type = CartPoleState
    sutton_barto_zero = -0.0  # the reference's vector env negates its failure flags


class CartPoleVectorEnv(_CartPoleViews, ClassicControlVectorEnv):
    """CartPole batched on numpy: ``num_envs`` copies stepped in one call.

    The reference's physics attributes (``gravity``, ``length``, ...) are views of
    :attr:`params`, as on :class:`CartPoleEnv`, and :attr:`state` is the reference's float64
    ``(4, num_envs)`` array (rows ``x, x_dot, theta, theta_dot``).

    Args:
        num_envs: Number of sub-environments.
        max_episode_steps: Steps after which a sub-env is truncated.
        render_mode: ``None`` or ``"rgb_array"`` (one 600x400 frame per sub-env).
        sutton_barto_reward: Reward ``0`` per step and ``-1`` on failure instead of ``+1``.
        autoreset_mode: How finished sub-envs restart (next-step by default, as the reference).
        params: Params for every sub-env (a batch of params for domain randomisation).
    """

    metadata: dict[str, Any] = vector_metadata(render_fps=50)

    low = ParamView("reset_low")  # the reset bounds of the last reset
    high = ParamView("reset_high")

    def __init__(
        self,
        num_envs: int = 1,
        max_episode_steps: int = 500,
        render_mode: str | None = None,
        sutton_barto_reward: bool = False,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        params: CartPoleParams | None = None,
    ) -> None:
        super().__init__(
            _StackedCartPoleFunctional(sutton_barto_reward=sutton_barto_reward),
            num_envs,
            params=params,
            max_episode_steps=max_episode_steps,
            autoreset_mode=autoreset_mode,
            render_mode=render_mode,
            metadata=dict(self.metadata),
        )
        self.steps_beyond_terminated: int | None = None  # kept for the reference's surface
        self.surf: Any = None

    @property
    def steps(self) -> np.ndarray[Any, Any]:
        """Steps taken in each sub-env's episode, ``(num_envs,)`` int32."""
        return self._steps

    @property
    def prev_done(self) -> np.ndarray[Any, Any]:
        """Which sub-envs ended on the last step (they restart on the next), ``(num_envs,)``."""
        return self._prev_done

    @property
    def screens(self) -> list[Any] | None:
        """The pygame surface of each sub-env's last frame, ``None`` before the first."""
        if self._render_states is None:
            return None
        return [canvas.surface for canvas in self._render_states]
