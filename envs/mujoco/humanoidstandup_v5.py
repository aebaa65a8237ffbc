"""HumanoidStandup: make a humanoid lying on its back stand up (``HumanoidStandup-v4/-v5``).

The body is Humanoid's, starting on the floor. There is no termination.

Observation (float64): as Humanoid's (see :mod:`.humanoid_v5`), with the same v4 / v5 layouts.

Reward: ``z / timestep - control_penalty - impact_cost + 1``, where ``z`` is the torso height after
the step (divided by the physics timestep, not by ``dt``), ``control_penalty`` is
``ctrl_cost_weight * |data.ctrl|^2`` and ``impact_cost`` is
``impact_cost_weight * |cfrc_ext|^2`` clipped to ``impact_cost_range``. Like the reference,
v5 accepts ``uph_cost_weight`` but does not use it.

Versions: v4 takes only the :class:`~gymnasium_core.envs.mujoco.MujocoEnv` arguments; v5 makes
every constant an argument, adds the observation switches and positions and tendon states to
``info`` and fills the reset ``info``.

:class:`HumanoidStandupEnv` here has the v5 defaults; :mod:`.humanoidstandup_v4` subclasses it with
the v4 constructor.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NamedTuple

import numpy as np

from ._definition import Array, ArrayNamespace, Rules, SimData, TaskDefinition, TaskShell, Value
from ._terms import Range, clipped_squared_cost, control_cost, entry, physics_timestep
from .humanoid_v5 import (
    HUMANOID_V4,
    HUMANOID_V5,
    HumanoidObservationMixin,
    body_state_observation,
    body_state_observation_size,
)
from .mujoco_env import MujocoEnv

__all__ = [
    "DEFAULT_CAMERA_CONFIG",
    "DEFAULT_OPTIONS",
    "DEFAULT_PARAMS",
    "HUMANOID_STANDUP",
    "HumanoidStandupEnv",
    "HumanoidStandupOptions",
    "HumanoidStandupParams",
    "MujocoEnv",
    "standup_position_info",
    "standup_reward_terms",
]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {
    "trackbodyid": 1,
    "distance": 4.0,
    "lookat": np.array([0.0, 0.0, 0.8925]),
    "elevation": -20.0,
}


def standup_reward_terms(
    z: Array,
    timestep: float,
    ctrl: Array,
    cfrc_ext: Array,
    ctrl_cost_weight: float,
    impact_cost_weight: float,
    impact_cost_range: Range,
    xp: ArrayNamespace = np,
    axis: int | None = None,
) -> tuple[Array, Array, Array]:
    """The stand-up reward's terms (the reward is the definition's ``reward`` of them).

    Args:
        z: Torso height after the step.
        timestep: The physics timestep (the reference divides by it, not by ``dt``).
        ctrl: Applied controls, shape ``(nu,)``.
        cfrc_ext: External contact wrenches, shape ``(nbody, 6)``.
        ctrl_cost_weight: Weight of the control cost.
        impact_cost_weight: Weight of the impact cost.
        impact_cost_range: Bounds the impact cost is clipped to.
        xp: The array namespace.
        axis: ``-1`` for a batch: ``z`` of shape ``(num_envs,)``, ``ctrl`` ``(num_envs, nu)``
            and ``cfrc_ext`` flattened per env, ``(num_envs, nbody * 6)``.

    Returns:
        ``(uph_cost, control_penalty, impact_cost)``; the costs are positive.
    """
    uph_cost = (z - 0) / timestep
    control_penalty = control_cost(ctrl, ctrl_cost_weight, xp, axis)
    impact_cost = clipped_squared_cost(cfrc_ext, impact_cost_weight, impact_cost_range, xp, axis)
    return uph_cost, control_penalty, impact_cost


def standup_position_info(
    qpos: Array, init_qpos: Array, ten_length: Array, ten_velocity: Array, xp: ArrayNamespace = np
) -> dict[str, Any]:
    """HumanoidStandup's v5 ``info`` of a state: position, height change, tendon states.

    ``qpos`` may be one state or a batch (one row per env).
    """
    return {
        "x_position": entry(qpos, 0),
        "y_position": entry(qpos, 1),
        "z_distance_from_origin": qpos[..., 2] - init_qpos[2],
        "tendon_length": xp.array(ten_length),
        "tendon_velocity": xp.array(ten_velocity),
    }


class HumanoidStandupParams(NamedTuple):
    """The stand-up task's numbers, with their defaults (``uph_cost_weight`` is unused)."""

    uph_cost_weight: float = 1
    ctrl_cost_weight: float = 0.1
    impact_cost_weight: float = 5e-7
    impact_cost_range: Range = (-np.inf, 10.0)
    reset_noise_scale: float = 1e-2


class HumanoidStandupOptions(NamedTuple):
    """The stand-up task's static configuration, with the v5 defaults."""

    xml_file: str = "humanoidstandup.xml"
    frame_skip: int = 5
    default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG
    exclude_current_positions_from_observation: bool = True
    include_cinert_in_observation: bool = True
    include_cvel_in_observation: bool = True
    include_qfrc_actuator_in_observation: bool = True
    include_cfrc_ext_in_observation: bool = True


DEFAULT_PARAMS = HumanoidStandupParams()
DEFAULT_OPTIONS = HumanoidStandupOptions()


def _state_info(task: TaskShell[Rules], data: SimData, xp: ArrayNamespace) -> dict[str, Any]:
    return standup_position_info(data.qpos, task.init_qpos, data.ten_length, data.ten_velocity, xp)


def _step_info(
    task: TaskShell[Rules],
    before: SimData,
    action: Array,
    after: SimData,
    params: HumanoidStandupParams,
    xp: ArrayNamespace,
) -> dict[str, Any]:
    cfrc_ext = after.cfrc_ext
    uph_cost, control_penalty, impact_cost = standup_reward_terms(
        after.qpos[..., 2],
        physics_timestep(task),
        after.ctrl,
        cfrc_ext.reshape((*cfrc_ext.shape[:-2], -1)),
        params.ctrl_cost_weight,
        params.impact_cost_weight,
        params.impact_cost_range,
        xp,
        axis=-1,
    )
    return {
        **_state_info(task, after, xp),
        "reward_linup": uph_cost,
        "reward_quadctrl": -control_penalty,
        "reward_impact": -impact_cost,
    }


def _reward(info: Mapping[str, Any]) -> Value:
    # the height term less both costs, plus one: ``a - b`` is ``a + (-b)`` exactly
    total: Value = info["reward_linup"] + info["reward_quadctrl"] + info["reward_impact"] + 1
    return total


#: The stand-up task.
HUMANOID_STANDUP = TaskDefinition(
    name="HumanoidStandup",
    params=HumanoidStandupParams,
    options=HumanoidStandupOptions,
    rules={"v4": replace(HUMANOID_V4, render_fps=67), "v5": HUMANOID_V5},
    observation_size=body_state_observation_size,
    observation=body_state_observation,
    step_info=_step_info,
    state_info=_state_info,
    reward=_reward,
    uses_contact_forces=True,
    before_fields=(),
    # v4 reports no positions
    tracked_info=lambda task, data, xp: {},
)


class HumanoidStandupEnv(HumanoidObservationMixin):
    """Stand a lying humanoid up (v5 defaults; see the module docstring).

    Args:
        xml_file: The MJCF model (a name in the assets folder or a path).
        frame_skip: Physics steps (of 0.003 s) per environment step.
        default_camera_config: ``mujoco.MjvCamera`` attributes of the render camera.
        uph_cost_weight: Accepted and unused, as in the reference.
        ctrl_cost_weight: Weight of the quadratic control cost.
        impact_cost_weight: Weight of the quadratic contact-force cost.
        impact_cost_range: Bounds the impact cost is clipped to.
        reset_noise_scale: Half-width of the uniform reset noise on ``qpos`` and ``qvel``.
        exclude_current_positions_from_observation: Leave x and y out of the observation.
        include_cinert_in_observation: Observe ``cinert``.
        include_cvel_in_observation: Observe ``cvel``.
        include_qfrc_actuator_in_observation: Observe ``qfrc_actuator``.
        include_cfrc_ext_in_observation: Observe ``cfrc_ext``.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    definition = HUMANOID_STANDUP

    def __init__(
        self,
        xml_file: str = DEFAULT_OPTIONS.xml_file,
        frame_skip: int = DEFAULT_OPTIONS.frame_skip,
        default_camera_config: dict[str, Any] | None = DEFAULT_OPTIONS.default_camera_config,
        uph_cost_weight: float = DEFAULT_PARAMS.uph_cost_weight,
        ctrl_cost_weight: float = DEFAULT_PARAMS.ctrl_cost_weight,
        impact_cost_weight: float = DEFAULT_PARAMS.impact_cost_weight,
        impact_cost_range: Range = DEFAULT_PARAMS.impact_cost_range,
        reset_noise_scale: float = DEFAULT_PARAMS.reset_noise_scale,
        exclude_current_positions_from_observation: bool = (
            DEFAULT_OPTIONS.exclude_current_positions_from_observation
        ),
        include_cinert_in_observation: bool = DEFAULT_OPTIONS.include_cinert_in_observation,
        include_cvel_in_observation: bool = DEFAULT_OPTIONS.include_cvel_in_observation,
        include_qfrc_actuator_in_observation: bool = (
            DEFAULT_OPTIONS.include_qfrc_actuator_in_observation
        ),
        include_cfrc_ext_in_observation: bool = DEFAULT_OPTIONS.include_cfrc_ext_in_observation,
        **kwargs: Any,
    ) -> None:
        self._uph_cost_weight = uph_cost_weight
        self._ctrl_cost_weight = ctrl_cost_weight
        self._impact_cost_weight = impact_cost_weight
        self._impact_cost_range = impact_cost_range
        self._set_included_parts(
            cinert=include_cinert_in_observation,
            cvel=include_cvel_in_observation,
            qfrc_actuator=include_qfrc_actuator_in_observation,
            cfrc_ext=include_cfrc_ext_in_observation,
        )
        self._setup(
            xml_file,
            frame_skip,
            default_camera_config,
            reset_noise_scale,
            exclude_current_positions_from_observation,
            kwargs,
        )

    def _reward_arguments(self, info: dict[str, Any], action: Any) -> tuple[Any, ...]:
        return (self.data.qpos[2], action)

    def _get_rew(self, pos_after: float, action: Any) -> tuple[Any, dict[str, Any]]:
        """The reward of the current step and its terms, as ``(reward, reward_info)``.

        The terms are the definition's (see :meth:`TaskEnv._hooked_reward`); subclasses may
        override it to shape the reward, as with the reference's v5 class.
        """
        return self._hooked_reward(action)
