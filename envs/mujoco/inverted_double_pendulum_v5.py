"""InvertedDoublePendulum: balance two poles stacked on a cart that a motor pushes.

Observation float64: cart position, sine and cosine of both pole angles, the three velocities
(clipped to ``[-10, 10]``) and the constraint forces (clipped to ``[-10, 10]``): all three in
v4 ``(11,)``, only the cart's in v5 ``(9,)``. Action ``(1,)`` in ``[-1, 1]`` (gear 500).
Reward: an alive bonus (10; since v5 ``healthy_reward``, and only while not terminated) minus a
penalty on the tip's distance from height 2 and on the pole speeds. Termination: the tip of the
upper pole at or below height 1.

v4 and v5 are this one class: it has the v5 defaults and ``inverted_double_pendulum_v4``
subclasses it with the v4 constructor.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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
    Value,
    checked_health,
)
from ._task import TaskEnv
from .mujoco_env import MujocoEnv

__all__ = [
    "DEFAULT_CAMERA_CONFIG",
    "DEFAULT_OPTIONS",
    "DEFAULT_PARAMS",
    "INVERTED_DOUBLE_PENDULUM",
    "InvertedDoublePendulumEnv",
    "InvertedDoublePendulumOptions",
    "InvertedDoublePendulumParams",
    "MujocoEnv",
    "is_fallen",
    "observation",
    "penalties",
]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {
    "trackbodyid": 0,
    "distance": 4.1225,
    "lookat": np.array((0.0, 0.0, 0.12250000000000005)),
}
MIN_TIP_HEIGHT = 1.0  # m; at or below it the episode ends


def observation(
    qpos: Array, qvel: Array, qfrc_constraint: Array, n_constraint: int, xp: ArrayNamespace
) -> Array:
    """Cart position, sin / cos of the pole angles, clipped velocities and constraint forces.

    Args:
        qpos: ``(3,)`` positions (or ``(num_envs, 3)``: one observation per row).
        qvel: ``(3,)`` velocities.
        qfrc_constraint: ``(3,)`` constraint forces.
        n_constraint: How many constraint forces to keep (3 in v4, 1 in v5).
        xp: The array namespace.
    """
    angles = qpos[..., 1:]
    return xp.concatenate(
        [
            qpos[..., :1],
            xp.sin(angles),
            xp.cos(angles),
            xp.clip(qvel, -10, 10),
            xp.clip(qfrc_constraint, -10, 10)[..., :n_constraint],
        ],
        axis=-1,
    )


def penalties(tip_x: Array, tip_z: Array, qvel: Array) -> tuple[Array, Array]:
    """``(distance penalty, velocity penalty)``: the tip away from (x=0, z=2), the poles' speeds."""
    distance_penalty = 0.01 * tip_x**2 + (tip_z - 2) ** 2
    v1, v2 = qvel[..., 1][()], qvel[..., 2][()]
    velocity_penalty = 0.001 * v1**2 + 0.005 * v2**2
    return distance_penalty, velocity_penalty


def is_fallen(tip_z: Array) -> Array:
    """True when the tip is at or below :data:`MIN_TIP_HEIGHT`."""
    return tip_z <= MIN_TIP_HEIGHT


class InvertedDoublePendulumParams(NamedTuple):
    """The double pendulum's numbers, with their defaults (v4 fixes both)."""

    healthy_reward: float = 10.0
    reset_noise_scale: float = 0.1


class InvertedDoublePendulumOptions(NamedTuple):
    """The double pendulum's static configuration, with the v5 defaults."""

    xml_file: str = "inverted_double_pendulum.xml"
    frame_skip: int = 5
    default_camera_config: dict[str, Any] | None = None


DEFAULT_PARAMS = InvertedDoublePendulumParams()
DEFAULT_OPTIONS = InvertedDoublePendulumOptions()


def _observation(
    task: TaskShell[InvertedDoublePendulumRules],
    data: SimData,
    params: InvertedDoublePendulumParams,
    xp: ArrayNamespace,
) -> Array:
    n_constraint = task.rules.num_constraint_forces
    return observation(data.qpos, data.qvel, data.qfrc_constraint, n_constraint, xp)


def _tip(data: SimData) -> tuple[Array, Array]:
    """The x and z of the pole's tip (scalars, or one per row of a batch)."""
    tip = data.site_xpos[..., 0, :]
    return tip[..., 0][()], tip[..., 2][()]


def _is_healthy(
    task: TaskShell[InvertedDoublePendulumRules],
    data: SimData,
    params: InvertedDoublePendulumParams,
    xp: ArrayNamespace,
) -> Array:
    return ~is_fallen(_tip(data)[1])


def _step_info(
    task: TaskShell[InvertedDoublePendulumRules],
    before: SimData,
    action: Array,
    after: SimData,
    params: InvertedDoublePendulumParams,
    xp: ArrayNamespace,
) -> dict[str, Any]:
    tip_x, tip_z = _tip(after)
    distance_penalty, velocity_penalty = penalties(tip_x, tip_z, after.qvel)
    # the health check of ``after`` (not fallen), which the termination asks for again
    paid = checked_health(task, after, params, xp) | task.rules.pays_survive_on_terminal_step
    alive: Value
    if isinstance(paid, np.bool_):
        alive = params.healthy_reward * int(paid)  # a Python float, as the reference's
    else:
        alive = params.healthy_reward * paid.astype(int if xp is np else xp.float32)
    return {
        "reward_survive": alive,
        "distance_penalty": -distance_penalty,
        "velocity_penalty": -velocity_penalty,
    }


def _reward(info: Mapping[str, Any]) -> Value:
    total: Value = info["reward_survive"] + info["distance_penalty"] + info["velocity_penalty"]
    return total


@dataclass(frozen=True)
class InvertedDoublePendulumRules(Rules):
    """The double pendulum's version rules, with one of its own.

    Attributes:
        num_constraint_forces: How many constraint forces the observation holds (the cart's
            first).
    """

    num_constraint_forces: int = 1


#: The double pendulum task.
INVERTED_DOUBLE_PENDULUM = TaskDefinition(
    name="InvertedDoublePendulum",
    params=InvertedDoublePendulumParams,
    options=InvertedDoublePendulumOptions,
    rules={
        "v4": InvertedDoublePendulumRules(
            **{**vars(V4), "render_fps": 20, "reports_reward_terms": False},
            num_constraint_forces=3,
        ),
        "v5": InvertedDoublePendulumRules(**vars(V5)),
    },
    observation_size=lambda task: 9,
    observation=_observation,
    step_info=_step_info,
    is_healthy=_is_healthy,
    reward=_reward,
    velocity_noise="normal",
    before_fields=(),
)


class InvertedDoublePendulumEnv(TaskEnv):
    """Balance a double pendulum on a cart (``InvertedDoublePendulum-v4`` / ``-v5``; v5 defaults).

    Args:
        xml_file: The model (v5 only).
        frame_skip: Physics steps per environment step (dt = 0.05 s by default).
        default_camera_config: Render camera settings (v5 defaults to ``None``, the free camera
            framing the whole model, as the reference does).
        healthy_reward: Alive bonus per step.
        reset_noise_scale: Half-width of the uniform ``qpos`` noise and standard deviation of
            the Gaussian ``qvel`` noise.
        **kwargs: Passed to :class:`MujocoEnv`.
    """

    VELOCITY_NOISE = "normal"

    definition = INVERTED_DOUBLE_PENDULUM

    def __init__(
        self,
        xml_file: str = DEFAULT_OPTIONS.xml_file,
        frame_skip: int = DEFAULT_OPTIONS.frame_skip,
        default_camera_config: dict[str, Any] | None = DEFAULT_OPTIONS.default_camera_config,
        healthy_reward: float = DEFAULT_PARAMS.healthy_reward,
        reset_noise_scale: float = DEFAULT_PARAMS.reset_noise_scale,
        **kwargs: Any,
    ) -> None:
        """Build the model and the spaces."""
        self._healthy_reward = healthy_reward
        self._reset_noise_scale = reset_noise_scale
        self._n_constraint = self.rules.num_constraint_forces
        self._compile(
            xml_file,
            frame_skip,
            Box(low=-np.inf, high=np.inf, shape=(8 + self._n_constraint,), dtype=np.float64),
            {"default_camera_config": default_camera_config, **kwargs},
        )

    @property
    def rules(self) -> InvertedDoublePendulumRules:
        """What this class's version does (see :class:`InvertedDoublePendulumRules`)."""
        rules = self.definition.rules[self.version]
        assert isinstance(rules, InvertedDoublePendulumRules)
        return rules

    def _reward_arguments(self, info: dict[str, Any], action: Any) -> tuple[Any, ...]:
        tip_x, _, tip_z = self.data.site_xpos[0]
        return (tip_x, tip_z, bool(is_fallen(tip_z)))

    def _get_rew(self, x: float, y: float, terminated: bool) -> tuple[Any, dict[str, Any]]:
        """The reward of the current step and its terms, as ``(reward, reward_info)``.

        ``x`` and ``y`` are the pole tip's horizontal position and height; the terms are the
        definition's. Subclasses may override it to shape the reward, as with the reference's
        class.
        """
        info = self._current_info()
        return self.definition.reward(info), dict(info)
