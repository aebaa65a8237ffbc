"""Pendulum: the stateful env (``Pendulum-v1``) and its numpy-batched vector env.

The dynamics live in :class:`PendulumFunctional`.
"""

from __future__ import annotations

import math
from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core.vector.vector_env import AutoresetMode

from ._pendulum_func import (
    DEFAULT_X,
    DEFAULT_Y,
    PendulumFunctional,
    PendulumParams,
    PendulumState,
    angle_normalize,
)
from ._stateful import (
    ClassicControlEnv,
    FuncAttrView,
    NumpyScalarNamespace,
    ParamView,
    check_continuous,
)
from ._vector import ClassicControlVectorEnv, vector_metadata

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
