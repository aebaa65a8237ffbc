"""InvertedPendulum: balance a pole on a cart that a motor pushes along a rail.

Observation ``(4,)`` float64: cart position, pole angle, cart velocity, pole angular velocity
(``qpos`` then ``qvel``). Action ``(1,)`` in ``[-3, 3]``: the force on the cart (gear 100).
Reward: +1 per step; since v5 only while the pole is upright (``info["reward_survive"]``).
Termination: a non-finite observation or a pole angle beyond 0.2 rad.

v4 and v5 are this one class: it has the v5 defaults and :mod:`.inverted_pendulum_v4`
subclasses it with the v4 constructor.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

import numpy as np

from gymnasium_core.spaces import Box

from ._definition import (
    V4,
    V5,
    Array,
    ArrayNamespace,
    Rules,
    SimData,
    TaskDefinition,
    TaskShell,
    checked_health,
    checked_observation,
)
from ._task import TaskEnv
from ._terms import entry
from .mujoco_env import MujocoEnv

__all__ = [
    "DEFAULT_CAMERA_CONFIG",
    "DEFAULT_OPTIONS",
    "DEFAULT_PARAMS",
    "INVERTED_PENDULUM",
    "InvertedPendulumEnv",
    "InvertedPendulumOptions",
    "InvertedPendulumParams",
    "MujocoEnv",
    "is_unhealthy",
    "observation",
]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {"trackbodyid": 0, "distance": 2.04}
MAX_POLE_ANGLE = 0.2  # rad; beyond it the episode ends


def observation(qpos: Array, qvel: Array, xp: ArrayNamespace) -> Array:
    """``(4,)``: ``qpos`` followed by ``qvel`` (a batch of states: one row each)."""
    return xp.concatenate([qpos, qvel], axis=-1)


def is_unhealthy(obs: Array, xp: ArrayNamespace) -> Array:
    """True when the state is not finite or the pole leans past :data:`MAX_POLE_ANGLE`.

    ``obs`` is one observation or a batch (one answer per row).
    """
    # bitwise operators keep it traceable under jax; a NaN angle also fails ``<=``
    # One state's angle is a numpy scalar (see :func:`entry`), whose ``abs`` and comparison
    # skip the ufunc machinery; ``all`` is the reduction itself on numpy (``ndarray.all``
    # wraps it in Python) and the array's own on JAX, without ``xp.all``'s Python dispatch.
    # The same answers as the ufuncs, for a batch too.
    angle: Any = entry(obs, 1)  # a numpy scalar, a column, or a JAX array
    upright = abs(angle) <= MAX_POLE_ANGLE
    finite = xp.isfinite(obs)
    all_finite = np.logical_and.reduce(finite, axis=-1) if xp is np else finite.all(axis=-1)
    unhealthy: Array = ~(all_finite & upright)
    return unhealthy


class InvertedPendulumParams(NamedTuple):
    """The pendulum's numbers, with their defaults (those of both versions)."""

    reset_noise_scale: float = 0.01


class InvertedPendulumOptions(NamedTuple):
    """The pendulum's static configuration, with the v5 defaults."""

    xml_file: str = "inverted_pendulum.xml"
    frame_skip: int = 2
    default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG


DEFAULT_PARAMS = InvertedPendulumParams()
DEFAULT_OPTIONS = InvertedPendulumOptions()


def _observation(
    task: TaskShell[Rules], data: SimData, params: InvertedPendulumParams, xp: ArrayNamespace
) -> Array:
    return observation(data.qpos, data.qvel, xp)


def _is_healthy(
    task: TaskShell[Rules], data: SimData, params: InvertedPendulumParams, xp: ArrayNamespace
) -> Array:
    return ~is_unhealthy(checked_observation(task, data, params, xp), xp)


def _step_info(
    task: TaskShell[Rules],
    before: SimData,
    action: Array,
    after: SimData,
    params: InvertedPendulumParams,
    xp: ArrayNamespace,
) -> dict[str, Any]:
    healthy = checked_health(task, after, params, xp)
    if isinstance(healthy, np.bool_):
        # one step pays a Python number: v4's float 1.0 on every step, else the int 1 while
        # the pole stays up and 0 on the step it falls (the reference's types)
        if task.rules.pays_survive_on_terminal_step:
            return {"reward_survive": 1.0}
        return {"reward_survive": int(healthy)}
    if task.rules.pays_survive_on_terminal_step:
        survive = xp.ones(xp.shape(healthy))  # 1 on every step
    elif xp is np:
        survive = healthy.astype(int)  # 1 while the pole stays up, 0 on the step it falls
    else:
        survive = healthy.astype(xp.float32)
    if xp is np and np.ndim(survive) == 0:
        # one step pays a Python number: an int, or v4's float (the reference's types)
        return {"reward_survive": survive.item()}
    return {"reward_survive": survive}


#: The pendulum task.
INVERTED_PENDULUM = TaskDefinition(
    name="InvertedPendulum",
    params=InvertedPendulumParams,
    options=InvertedPendulumOptions,
    rules={"v4": replace(V4, render_fps=25, reports_reward_terms=False), "v5": V5},
    observation_size=lambda task: 4,
    observation=_observation,
    step_info=_step_info,
    is_healthy=_is_healthy,
    before_fields=(),
)


class InvertedPendulumEnv(TaskEnv):
    """Balance a pole on a cart (``InvertedPendulum-v4`` / ``-v5``; v5 defaults).

    Args:
        xml_file: The model (v5 only; v4 always uses ``inverted_pendulum.xml``).
        frame_skip: Physics steps per environment step (dt = 0.04 s by default).
        default_camera_config: Render camera settings.
        reset_noise_scale: Half-width of the uniform noise added to ``qpos`` and ``qvel``.
        **kwargs: Passed to :class:`MujocoEnv` (``render_mode``, ``width``, ...).
    """

    definition = INVERTED_PENDULUM

    def __init__(
        self,
        xml_file: str = DEFAULT_OPTIONS.xml_file,
        frame_skip: int = DEFAULT_OPTIONS.frame_skip,
        default_camera_config: dict[str, Any] | None = DEFAULT_OPTIONS.default_camera_config,
        reset_noise_scale: float = DEFAULT_PARAMS.reset_noise_scale,
        **kwargs: Any,
    ) -> None:
        """Build the model and the spaces."""
        self._reset_noise_scale = reset_noise_scale
        self._compile(
            xml_file,
            frame_skip,
            Box(low=-np.inf, high=np.inf, shape=(4,), dtype=np.float64),
            {"default_camera_config": default_camera_config, **kwargs},
        )
        if self.rules.reports_observation_structure:
            self.observation_structure = {"qpos": self.data.qpos.size, "qvel": self.data.qvel.size}

    HAS_BATCHED_TERMS = True
