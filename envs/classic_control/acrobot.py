"""Acrobot: the stateful env (``Acrobot-v1``) and its numpy-batched vector env.

The dynamics live in :class:`AcrobotFunctional`. The reference's class constants
(``dt``, ``LINK_LENGTH_1``, ``MAX_VEL_1``, ``book_or_nips``, ``torque_noise_max``, ...) are
class constants here too, and on an instance they are views of its params: writing one (or
overriding it in a subclass body) changes the dynamics as in the reference. The module also
offers the reference's helpers :func:`wrap`, :func:`bound` and :func:`rk4`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core.vector.vector_env import AutoresetMode

from ._acrobot_func import AcrobotFunctional, AcrobotParams, AcrobotState
from ._stateful import ClassicControlEnv, check_discrete
from ._vector import ClassicControlVectorEnv, vector_metadata

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
