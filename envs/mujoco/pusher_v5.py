"""Pusher: a seven-joint arm pushes a cylinder across a table onto a goal.

Observation ``(23,)`` float64: the seven arm angles, their velocities, then the positions of
the fingertips, the object and the goal. Action ``(7,)`` in ``[-2, 2]``: the joint torques.
Reward: ``reward_dist + reward_ctrl + reward_near``, the object-goal distance, the squared
controls and the fingertips-object distance, weighted 1, 0.1 and 0.5 by default (v4 measures
the distances before the step's physics, v5 after). Never terminates (100-step limit).

v4 and v5 are this one class: it has the v5 defaults and :mod:`.pusher_v4` subclasses it with
the v4 constructor and model. The v5 model differs from v4's in the object (one cylinder of
density 0.01).
"""

from __future__ import annotations

from collections.abc import Mapping
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
    "PUSHER",
    "MujocoEnv",
    "PusherEnv",
    "PusherOptions",
    "PusherParams",
    "observation",
    "reward_terms",
]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {"trackbodyid": -1, "distance": 4.0}
MIN_OBJECT_GOAL_DISTANCE = 0.17  # m; reset redraws the object until it is this far away
# Where reset draws the object: x in OBJECT_X_RANGE, y in OBJECT_Y_RANGE (m, uniform)
OBJECT_X_RANGE = (-0.3, 0.0)
OBJECT_Y_RANGE = (-0.2, 0.2)
ARM_VELOCITY_NOISE = 0.005  # half-width of the uniform reset jitter of the arm's velocities


def observation(
    qpos: Array, qvel: Array, tips: Array, obj: Array, goal: Array, xp: ArrayNamespace
) -> Array:
    """Arm angles ``(7,)``, arm velocities ``(7,)``, fingertips, object and goal ``(3,)`` each.

    Each input may carry a leading batch axis (one observation per row).
    """
    return xp.concatenate([qpos[..., :7], qvel[..., :7], tips, obj, goal], axis=-1)


def reward_terms(
    tips: Array,
    obj: Array,
    goal: Array,
    action: Array,
    weights: tuple[float, float, float],
    xp: ArrayNamespace,
) -> tuple[Value, Value, Value]:
    """``(reward_near, reward_dist, reward_ctrl)``, each non-positive and weighted.

    Args:
        tips: ``(3,)`` fingertips position.
        obj: ``(3,)`` object position.
        goal: ``(3,)`` goal position.
        action: ``(7,)`` controls.
        weights: ``(near, dist, control)`` weights.
        xp: The array namespace.
    """
    near_weight, dist_weight, control_weight = weights
    reward_near = -distance(obj - tips, xp) * near_weight
    reward_dist = -distance(obj - goal, xp) * dist_weight
    reward_ctrl = -control_cost(action, control_weight, xp, axis=-1)
    return reward_near, reward_dist, reward_ctrl


class PusherParams(NamedTuple):
    """The pusher's numbers, with their defaults (v4 fixes all three)."""

    reward_near_weight: float = 0.5
    reward_dist_weight: float = 1
    reward_control_weight: float = 0.1


class PusherOptions(NamedTuple):
    """The pusher's static configuration, with the v5 defaults."""

    xml_file: str = "pusher_v5.xml"
    frame_skip: int = 5
    default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG


DEFAULT_PARAMS = PusherParams()
DEFAULT_OPTIONS = PusherOptions()


def _points(task: TaskShell[PusherRules], data: SimData) -> tuple[Array, Array, Array]:
    xpos = data.xpos
    return (
        xpos[..., body_index(task, "tips_arm"), :],
        xpos[..., body_index(task, "object"), :],
        xpos[..., body_index(task, "goal"), :],
    )


def _observation(
    task: TaskShell[PusherRules], data: SimData, params: PusherParams, xp: ArrayNamespace
) -> Array:
    return observation(data.qpos, data.qvel, *_points(task, data), xp)


def _step_info(
    task: TaskShell[PusherRules],
    before: SimData,
    action: Array,
    after: SimData,
    params: PusherParams,
    xp: ArrayNamespace,
) -> dict[str, Any]:
    # v4 scores the state the action starts from
    points = _points(task, before if task.rules.scores_before_step else after)
    weights = (params.reward_near_weight, params.reward_dist_weight, params.reward_control_weight)
    near, dist, ctrl = reward_terms(*points, action, weights, xp)
    info = {"reward_dist": dist, "reward_ctrl": ctrl, "reward_near": near}
    if task.rules.weighs_terms_in_reward:
        # v4 reports the distance and control terms unweighted; its reward weighs them, as the
        # terms above are weighed (``w * x`` is ``x * w`` exactly)
        _, info[UNWEIGHTED_DIST], info[UNWEIGHTED_CTRL] = reward_terms(
            *points, action, (1, 1, 1), xp
        )
    return info


def _reward(info: Mapping[str, Any]) -> Value:
    total: Value = info["reward_dist"] + info["reward_ctrl"] + info["reward_near"]
    return total


#: The step info's entries of v4's unweighted terms.
UNWEIGHTED_DIST = "reward_dist_unweighted"
UNWEIGHTED_CTRL = "reward_ctrl_unweighted"


def _initial_state(
    task: TaskShell[PusherRules], rng: Array, params: PusherParams
) -> tuple[Array, Array]:
    """The reset drawn from a JAX key: arm at rest, goal at the origin, object away from it."""
    import jax
    import jax.numpy as jnp

    from .mjx.tasks import noisy_state, rejection_sample

    k_obj, k_vel = jax.random.split(rng)
    (x_low, x_high), (y_low, y_high) = OBJECT_X_RANGE, OBJECT_Y_RANGE
    low, high = jnp.array([x_low, y_low]), jnp.array([x_high, y_high])
    cylinder = rejection_sample(
        k_obj,
        lambda key: jax.random.uniform(key, (2,), minval=low, maxval=high),
        lambda c: jnp.linalg.norm(c) > MIN_OBJECT_GOAL_DISTANCE,
    )
    qpos = jnp.asarray(task.init_qpos).at[-4:-2].set(cylinder).at[-2:].set(0.0)
    _, qvel = noisy_state(k_vel, task.init_qpos, task.init_qvel, ARM_VELOCITY_NOISE, "uniform")
    return qpos, qvel.at[-4:].set(0.0)


@dataclass(frozen=True)
class PusherRules(Rules):
    """The pusher's version rules, with two of its own.

    Attributes:
        scores_before_step: The reward measures the state the action starts from.
        weighs_terms_in_reward: The info reports the unweighted distance and control terms
            (and no ``reward_near``); the weights apply only in the reward's sum.
    """

    scores_before_step: bool = False
    weighs_terms_in_reward: bool = False


#: The pusher task.
PUSHER = TaskDefinition(
    name="Pusher",
    params=PusherParams,
    options=PusherOptions,
    rules={
        "v4": PusherRules(
            **{
                **vars(V4),
                "render_fps": 20,
                "reward_info_names": {
                    "reward_dist": UNWEIGHTED_DIST,
                    "reward_ctrl": UNWEIGHTED_CTRL,
                },
            },
            scores_before_step=True,
            weighs_terms_in_reward=True,
        ),
        "v5": PusherRules(**vars(V5)),
    },
    observation_size=lambda task: 23,
    observation=_observation,
    step_info=_step_info,
    reward=_reward,
    initial_state=_initial_state,
    before_fields=("xpos",),
)


class PusherEnv(TaskEnv):
    """Push a cylinder onto a goal (``Pusher-v4`` / ``-v5``; v5 defaults).

    Args:
        xml_file: The model (v5 only).
        frame_skip: Physics steps per environment step (dt = 0.05 s by default).
        default_camera_config: Render camera settings.
        reward_near_weight: Weight of the fingertips-object distance.
        reward_dist_weight: Weight of the object-goal distance.
        reward_control_weight: Weight of the squared controls.
        **kwargs: Passed to :class:`MujocoEnv`.
    """

    definition = PUSHER

    def __init__(
        self,
        xml_file: str = DEFAULT_OPTIONS.xml_file,
        frame_skip: int = DEFAULT_OPTIONS.frame_skip,
        default_camera_config: dict[str, Any] | None = DEFAULT_OPTIONS.default_camera_config,
        reward_near_weight: float = DEFAULT_PARAMS.reward_near_weight,
        reward_dist_weight: float = DEFAULT_PARAMS.reward_dist_weight,
        reward_control_weight: float = DEFAULT_PARAMS.reward_control_weight,
        **kwargs: Any,
    ) -> None:
        """Build the model and the spaces."""
        self._reward_near_weight = reward_near_weight
        self._reward_dist_weight = reward_dist_weight
        self._reward_control_weight = reward_control_weight
        self._compile(
            xml_file,
            frame_skip,
            Box(low=-np.inf, high=np.inf, shape=(23,), dtype=np.float64),
            {"default_camera_config": default_camera_config, **kwargs},
        )

    @property
    def rules(self) -> PusherRules:
        """What this class's version does (see :class:`PusherRules`)."""
        rules = self.definition.rules[self.version]
        assert isinstance(rules, PusherRules)
        return rules

    HAS_BATCHED_TERMS = True

    def _get_rew(self, action: NDArray[np.float32]) -> tuple[Any, dict[str, Any]]:
        """The reward of the current step and its terms, as ``(reward, reward_info)``.

        The terms are the definition's (see :meth:`TaskEnv._hooked_reward`); subclasses may
        override it to shape the reward, as with the reference's class.
        """
        return self._hooked_reward(action)

    def reset_model(self) -> NDArray[np.float64]:
        """Arm at rest in its default pose, goal at the origin, object drawn away from it.

        The reference writes into ``init_qpos`` itself here; a copy is written instead, which
        changes no trajectory (every reset overwrites the same four entries).
        """
        qpos = self.init_qpos.copy()
        self.goal_pos = np.asarray([0, 0])
        while True:
            self.cylinder_pos = np.concatenate(
                [
                    self.np_random.uniform(*OBJECT_X_RANGE, size=1),
                    self.np_random.uniform(*OBJECT_Y_RANGE, size=1),
                ]
            )
            if np.linalg.norm(self.cylinder_pos - self.goal_pos) > MIN_OBJECT_GOAL_DISTANCE:
                break
        qpos[-4:-2] = self.cylinder_pos
        qpos[-2:] = self.goal_pos
        self.set_state(qpos, self._still_velocities(ARM_VELOCITY_NOISE, num_still=4))
        return self._get_obs()
