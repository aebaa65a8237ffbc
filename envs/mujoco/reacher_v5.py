"""Reacher: move the tip of a two-link planar arm onto a randomly placed target.

Observation float64: cosine and sine of both arm angles, the target's position, the arm's
angular velocities and the fingertip-to-target vector (3 entries in v4 ``(11,)``, only x and y
in v5 ``(10,)``). Action ``(2,)`` in ``[-1, 1]``: the two joint torques (gear 200).
Reward: minus the fingertip-target distance minus the squared controls (weighted in v5); v4
measures the distance *before* the step's physics, v5 after. Never terminates (50-step limit).

v4 and v5 are this one class: it has the v5 defaults and :mod:`.reacher_v4` subclasses it with
the v4 constructor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

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
)
from ._task import TaskEnv
from ._terms import body_index, control_cost, distance
from .mujoco_env import MujocoEnv

__all__ = [
    "DEFAULT_CAMERA_CONFIG",
    "DEFAULT_OPTIONS",
    "DEFAULT_PARAMS",
    "REACHER",
    "MujocoEnv",
    "ReacherEnv",
    "ReacherOptions",
    "ReacherParams",
    "observation",
    "reward_terms",
]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {"trackbodyid": 0}
GOAL_RADIUS = 0.2  # m; targets are drawn uniformly in the disc of this radius
# Half-widths of the uniform reset jitter of the arm (fixed, not arguments, as in the reference)
ARM_POSITION_NOISE = 0.1
ARM_VELOCITY_NOISE = 0.005


def observation(
    qpos: Array, qvel: Array, fingertip: Array, target: Array, n_offset: int, xp: ArrayNamespace
) -> Array:
    """Arm angles as cos / sin, target position, arm velocities, fingertip - target.

    Args:
        qpos: ``(4,)`` arm angles and target position.
        qvel: ``(4,)`` velocities.
        fingertip: ``(3,)`` fingertip body position.
        target: ``(3,)`` target body position.
        n_offset: Entries of the fingertip-target vector kept (3 in v4, 2 in v5).
        xp: The array namespace.
    """
    theta = qpos[..., :2]
    offset = (fingertip - target)[..., :n_offset]
    return xp.concatenate(
        [xp.cos(theta), xp.sin(theta), qpos[..., 2:], qvel[..., :2], offset], axis=-1
    )


def reward_terms(
    fingertip: Array,
    target: Array,
    action: Array,
    dist_weight: float,
    control_weight: float,
    xp: ArrayNamespace,
) -> tuple[Value, Value]:
    """``(reward_dist, reward_ctrl)``: both non-positive, already weighted."""
    reward_dist = -distance(fingertip - target, xp) * dist_weight
    reward_ctrl = -control_cost(action, control_weight, xp, axis=-1)
    return reward_dist, reward_ctrl


class ReacherParams(NamedTuple):
    """The reacher's numbers, with their defaults (v4 fixes both)."""

    reward_dist_weight: float = 1
    reward_control_weight: float = 1


class ReacherOptions(NamedTuple):
    """The reacher's static configuration, with the v5 defaults."""

    xml_file: str = "reacher.xml"
    frame_skip: int = 2
    default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG


DEFAULT_PARAMS = ReacherParams()
DEFAULT_OPTIONS = ReacherOptions()


def _points(task: TaskShell[ReacherRules], data: SimData) -> tuple[Array, Array]:
    xpos = data.xpos
    return xpos[..., body_index(task, "fingertip"), :], xpos[..., body_index(task, "target"), :]


def _observation(
    task: TaskShell[ReacherRules], data: SimData, params: ReacherParams, xp: ArrayNamespace
) -> Array:
    tip, target = _points(task, data)
    return observation(data.qpos, data.qvel, tip, target, task.rules.fingertip_offset_size, xp)


def _step_info(
    task: TaskShell[ReacherRules],
    before: SimData,
    action: Array,
    after: SimData,
    params: ReacherParams,
    xp: ArrayNamespace,
) -> dict[str, Any]:
    # v4 scores the state the action starts from
    tip, target = _points(task, before if task.rules.scores_before_step else after)
    reward_dist, reward_ctrl = reward_terms(
        tip, target, action, params.reward_dist_weight, params.reward_control_weight, xp
    )
    return {"reward_dist": reward_dist, "reward_ctrl": reward_ctrl}


def _initial_state(
    task: TaskShell[ReacherRules], rng: Array, params: ReacherParams
) -> tuple[Array, Array]:
    """The reset drawn from a JAX key: the arm jittered, a target in the disc, at rest."""
    import jax
    import jax.numpy as jnp

    from .mjx.tasks import noisy_state, rejection_sample

    k_arm, k_goal = jax.random.split(rng)
    goal = rejection_sample(
        k_goal,
        lambda key: jax.random.uniform(key, (2,), minval=-GOAL_RADIUS, maxval=GOAL_RADIUS),
        lambda g: jnp.linalg.norm(g) < GOAL_RADIUS,
    )
    init = (task.init_qpos, task.init_qvel)
    qpos, _ = noisy_state(k_arm, *init, ARM_POSITION_NOISE, "uniform")
    _, qvel = noisy_state(k_arm, *init, ARM_VELOCITY_NOISE, "uniform")
    return qpos.at[-2:].set(goal), qvel.at[-2:].set(0.0)


@dataclass(frozen=True)
class ReacherRules(Rules):
    """The reacher's version rules, with two of its own.

    Attributes:
        scores_before_step: The reward measures the state the action starts from.
        fingertip_offset_size: Entries of the fingertip-target vector observed (z too: 3).
    """

    scores_before_step: bool = False
    fingertip_offset_size: int = 2


#: The reacher task.
REACHER = TaskDefinition(
    name="Reacher",
    params=ReacherParams,
    options=ReacherOptions,
    rules={
        "v4": ReacherRules(
            **{**vars(V4), "render_fps": 50}, scores_before_step=True, fingertip_offset_size=3
        ),
        "v5": ReacherRules(**vars(V5)),
    },
    observation_size=lambda task: 10,
    observation=_observation,
    step_info=_step_info,
    initial_state=_initial_state,
    before_fields=("xpos",),
)


class ReacherEnv(TaskEnv):
    """Reach a target with a two-link arm (``Reacher-v4`` / ``-v5``; v5 defaults).

    Args:
        xml_file: The model (v5 only).
        frame_skip: Physics steps per environment step (dt = 0.02 s by default).
        default_camera_config: Render camera settings.
        reward_dist_weight: Weight of the distance term.
        reward_control_weight: Weight of the control term.
        **kwargs: Passed to :class:`MujocoEnv`.
    """

    definition = REACHER

    def __init__(
        self,
        xml_file: str = DEFAULT_OPTIONS.xml_file,
        frame_skip: int = DEFAULT_OPTIONS.frame_skip,
        default_camera_config: dict[str, Any] | None = DEFAULT_OPTIONS.default_camera_config,
        reward_dist_weight: float = DEFAULT_PARAMS.reward_dist_weight,
        reward_control_weight: float = DEFAULT_PARAMS.reward_control_weight,
        **kwargs: Any,
    ) -> None:
        """Build the model and the spaces."""
        self._reward_dist_weight = reward_dist_weight
        self._reward_control_weight = reward_control_weight
        self._n_offset = self.rules.fingertip_offset_size
        self._compile(
            xml_file,
            frame_skip,
            Box(low=-np.inf, high=np.inf, shape=(8 + self._n_offset,), dtype=np.float64),
            {"default_camera_config": default_camera_config, **kwargs},
        )

    @property
    def rules(self) -> ReacherRules:
        """What this class's version does (see :class:`ReacherRules`)."""
        rules = self.definition.rules[self.version]
        assert isinstance(rules, ReacherRules)
        return rules

    def _get_rew(self, action: NDArray[np.float32]) -> tuple[Any, dict[str, Any]]:
        """The reward of the current step and its terms, as ``(reward, reward_info)``.

        The terms are the definition's (see :meth:`TaskEnv._hooked_reward`); subclasses may
        override it to shape the reward, as with the reference's v5 class.
        """
        return self._hooked_reward(action)

    def reset_model(self) -> NDArray[np.float64]:
        """Jitter the arm, draw a target in the disc of radius 0.2, keep the target still."""
        qpos = (
            self.np_random.uniform(
                low=-ARM_POSITION_NOISE, high=ARM_POSITION_NOISE, size=self.model.nq
            )
            + self.init_qpos
        )
        # rejection sampling from the square, as the reference does
        while True:
            self.goal = self.np_random.uniform(low=-GOAL_RADIUS, high=GOAL_RADIUS, size=2)
            if np.linalg.norm(self.goal) < GOAL_RADIUS:
                break
        qpos[-2:] = self.goal
        self.set_state(qpos, self._still_velocities(ARM_VELOCITY_NOISE, num_still=2))
        return self._get_obs()
