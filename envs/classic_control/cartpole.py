"""CartPole: the stateful env (``CartPole-v0/v1``) and its numpy-batched vector env.

The dynamics live in :class:`CartPoleFunctional`; these classes are thin shells over the
generic adapters that keep the reference's quirks (the warning and reward for stepping after
termination).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.vector.vector_env import AutoresetMode

from ._cartpole_func import CartPoleFunctional, CartPoleParams, CartPoleState
from ._stateful import (
    ClassicControlEnv,
    FuncAttrView,
    NumpyScalarNamespace,
    ParamView,
    check_discrete,
)
from ._vector import ClassicControlVectorEnv, StackedStateMixin, vector_metadata

__all__ = [
    "CartPoleEnv",
    "CartPoleFunctional",
    "CartPoleParams",
    "CartPoleState",
    "CartPoleVectorEnv",
]


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
