"""Ant: make a four-legged robot walk forward (``Ant-v4`` and ``Ant-v5``).

A sphere torso on a free joint carries four legs, each with a hip and an ankle hinge; eight
motors (actions in ``[-1, 1]``, gear 150) drive them.

Observation (float64): ``qpos[2:]`` (x and y too when
``exclude_current_positions_from_observation=False``), ``qvel``, then the external contact
wrenches ``cfrc_ext`` clipped to ``contact_force_range``: v5 includes those of every body but
the world (``include_cfrc_ext_in_observation``), v4 those of all 14 bodies when
``use_contact_forces``.

Reward: ``forward_reward_weight * dx/dt + healthy_reward - control_penalty - contact_cost``, with
``x`` the main body's position. v4 has no contact cost unless ``use_contact_forces``, and then
reports it under ``info["reward_ctrl"]`` (a reference quirk kept for v4). The ant is healthy
while its state is finite and the torso height lies in the closed ``healthy_z_range``.

Versions: v5 takes ``frame_skip``, ``default_camera_config``, ``forward_reward_weight`` and
``main_body``, pays the healthy reward only while healthy, always charges the contact cost,
reports ``x_position`` / ``y_position`` from ``qpos`` and returns them on reset.

:class:`AntEnv` here has the v5 defaults; :mod:`.ant_v4` subclasses it with
the v4 constructor.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

import numpy as np
from numpy.typing import NDArray

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
)
from ._task import HealthCheckedEnv
from ._terms import (
    Range,
    body_index,
    clipped_contact_forces,
    contact_survival_reward,
    control_cost,
    entry,
    flat_squared_sum_cost,
    in_range,
    observation_size,
    planar_velocity,
    position_info,
    skipped_positions,
    state_observation,
    survive_reward,
)
from .mujoco_env import MujocoEnv

__all__ = [
    "ANT",
    "DEFAULT_CAMERA_CONFIG",
    "DEFAULT_OPTIONS",
    "DEFAULT_PARAMS",
    "AntEnv",
    "AntOptions",
    "AntParams",
    "AntRules",
    "MujocoEnv",
    "ant_contact_cost",
    "ant_contact_forces",
    "ant_is_healthy",
]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {"distance": 4.0}


def ant_is_healthy(qpos: Array, qvel: Array, z_range: Range, xp: ArrayNamespace = np) -> Array:
    """Whether the ant's state is finite and its torso height ``qpos[2]`` in the closed range.

    ``qpos`` and ``qvel`` may be one state or a batch (one row per env).
    """
    state = xp.concatenate((qpos, qvel), axis=-1)
    return xp.isfinite(state).all(axis=-1) & in_range(state[..., 2], z_range, closed=True)


class AntParams(NamedTuple):
    """The ant's numbers, with their defaults (those of both versions)."""

    forward_reward_weight: float = 1
    ctrl_cost_weight: float = 0.5
    contact_cost_weight: float = 5e-4
    healthy_reward: float = 1.0
    healthy_z_range: Range = (0.2, 1.0)
    contact_force_range: Range = (-1.0, 1.0)
    reset_noise_scale: float = 0.1


class AntOptions(NamedTuple):
    """The ant's static configuration, with the v5 defaults."""

    xml_file: str = "ant.xml"
    frame_skip: int = 5
    default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG
    main_body: int | str = 1
    terminate_when_unhealthy: bool = True
    exclude_current_positions_from_observation: bool = True
    include_cfrc_ext_in_observation: bool = True


#: The reward terms v4 reports, in its order (no contact term).
V4_REWARD_TERMS = ("reward_forward", "reward_ctrl", "reward_survive")

DEFAULT_PARAMS = AntParams()
DEFAULT_OPTIONS = AntOptions()


def _observation_size(task: TaskShell[AntRules]) -> int:
    included = task.options.include_cfrc_ext_in_observation
    return observation_size(task, 2, (task.model.nbody - 1) * 6 if included else 0)


def ant_contact_forces(data: SimData, params: AntParams, xp: ArrayNamespace = np) -> Array:
    """``cfrc_ext`` clipped to ``contact_force_range``, shape ``(nbody, 6)`` (per row)."""
    return clipped_contact_forces(data.cfrc_ext, params.contact_force_range, xp)


def ant_contact_cost(forces: Array, params: AntParams, xp: ArrayNamespace = np) -> Array:
    """The quadratic cost of the clipped contact forces of each simulation."""
    return flat_squared_sum_cost(forces, params.contact_cost_weight, xp)


def _observation(
    task: TaskShell[AntRules], data: SimData, params: AntParams, xp: ArrayNamespace
) -> Array:
    extras: tuple[Any, ...] = ()
    if task.options.include_cfrc_ext_in_observation:
        forces = ant_contact_forces(data, params, xp)
        observed = forces if task.rules.observes_world_body_forces else forces[..., 1:, :]
        extras = (observed.reshape((*observed.shape[:-2], -1)),)
    return state_observation(
        data.qpos, data.qvel, skipped_positions(task.options, 2), extras, xp=xp
    )


def _is_healthy(
    task: TaskShell[AntRules], data: SimData, params: AntParams, xp: ArrayNamespace
) -> Array:
    return ant_is_healthy(data.qpos, data.qvel, params.healthy_z_range, xp)


def _main_body_xy(task: TaskShell[AntRules], data: SimData) -> Array:
    """The x and y of the main body (the point whose progress is rewarded)."""
    body = body_index(task, task.options.main_body)
    return data.xpos[..., body, :2]


def _step_info(
    task: TaskShell[AntRules],
    before: SimData,
    action: Array,
    after: SimData,
    params: AntParams,
    xp: ArrayNamespace,
) -> dict[str, Any]:
    xy_velocity = planar_velocity(_main_body_xy(task, before), _main_body_xy(task, after), task.dt)
    x_velocity, y_velocity = entry(xy_velocity, 0), entry(xy_velocity, 1)
    info = {
        **position_info(after.qpos[..., 0:2], xp),
        "x_velocity": x_velocity,
        "y_velocity": y_velocity,
        "reward_forward": x_velocity * params.forward_reward_weight,
        "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, xp, axis=-1),
    }
    if task.options.include_cfrc_ext_in_observation or not task.rules.charges_observed_contacts:
        forces = ant_contact_forces(after, params, xp)
        info["reward_contact"] = -ant_contact_cost(forces, params, xp)
    is_healthy = checked_health(task, after, params, xp)
    info["reward_survive"] = survive_reward(task, is_healthy, params)
    return info


@dataclass(frozen=True)
class AntRules(Rules):
    """The ant's version rules, with three of its own.

    Attributes:
        observes_world_body_forces: The observed contact forces include the world body's.
        charges_observed_contacts: The contact cost is charged only when the contact forces
            are observed (v4's ``use_contact_forces``); else always.
        reports_contact_cost_as_control: When contacts are charged, ``info["reward_ctrl"]``
            reports the contact cost (a reference quirk kept for v4).
    """

    observes_world_body_forces: bool = False
    charges_observed_contacts: bool = False
    reports_contact_cost_as_control: bool = False

    def arranged(self, info: Mapping[str, Any], tracked_positions: Callable[[], Any] | None) -> Any:
        """As :meth:`Rules.arranged`, with the contact cost under ``reward_ctrl`` if asked."""
        if self.reports_contact_cost_as_control and "reward_contact" in info:
            info = {**info, "reward_ctrl": info["reward_contact"]}
        return super().arranged(info, tracked_positions)


#: The ant task.
ANT = TaskDefinition(
    name="Ant",
    params=AntParams,
    options=AntOptions,
    rules={
        "v4": AntRules(
            **{
                **vars(V4),
                "render_fps": 20,
                "reward_info_names": {name: name for name in V4_REWARD_TERMS},
                "reward_terms_first": True,
                "reports_forward_reward": True,
            },
            observes_world_body_forces=True,
            charges_observed_contacts=True,
            reports_contact_cost_as_control=True,
        ),
        "v5": AntRules(**vars(V5)),
    },
    observation_size=_observation_size,
    observation=_observation,
    step_info=_step_info,
    state_info=lambda task, data, xp: position_info(data.qpos[..., 0:2], xp),
    is_healthy=_is_healthy,
    reward=contact_survival_reward,
    velocity_noise="normal",
    uses_contact_forces=True,
    before_fields=("xpos",),
    tracked_info=lambda task, data, xp: position_info(_main_body_xy(task, data), xp),
)


class AntEnv(HealthCheckedEnv):
    """Walk forward with a four-legged ant (v5 defaults; see the module docstring).

    Args:
        xml_file: The MJCF model (a name in the assets folder or a path).
        frame_skip: Physics steps (of 0.01 s) per environment step.
        default_camera_config: ``mujoco.MjvCamera`` attributes of the render camera.
        forward_reward_weight: Weight of the forward velocity reward.
        ctrl_cost_weight: Weight of the quadratic control cost.
        contact_cost_weight: Weight of the quadratic cost on clipped contact forces.
        healthy_reward: Bonus per healthy step.
        main_body: Name or id of the body whose motion is rewarded.
        terminate_when_unhealthy: End the episode when the ant is unhealthy.
        healthy_z_range: Closed bounds on the torso height.
        contact_force_range: Bounds the contact forces are clipped to.
        reset_noise_scale: Scale of the reset noise (uniform on ``qpos``, Gaussian on ``qvel``).
        exclude_current_positions_from_observation: Leave x and y out of the observation.
        include_cfrc_ext_in_observation: Append the clipped contact forces to the observation.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    VELOCITY_NOISE = "normal"

    definition = ANT

    def __init__(
        self,
        xml_file: str = DEFAULT_OPTIONS.xml_file,
        frame_skip: int = DEFAULT_OPTIONS.frame_skip,
        default_camera_config: dict[str, Any] | None = DEFAULT_OPTIONS.default_camera_config,
        forward_reward_weight: float = DEFAULT_PARAMS.forward_reward_weight,
        ctrl_cost_weight: float = DEFAULT_PARAMS.ctrl_cost_weight,
        contact_cost_weight: float = DEFAULT_PARAMS.contact_cost_weight,
        healthy_reward: float = DEFAULT_PARAMS.healthy_reward,
        main_body: int | str = DEFAULT_OPTIONS.main_body,
        terminate_when_unhealthy: bool = DEFAULT_OPTIONS.terminate_when_unhealthy,
        healthy_z_range: Range = DEFAULT_PARAMS.healthy_z_range,
        contact_force_range: Range = DEFAULT_PARAMS.contact_force_range,
        reset_noise_scale: float = DEFAULT_PARAMS.reset_noise_scale,
        exclude_current_positions_from_observation: bool = (
            DEFAULT_OPTIONS.exclude_current_positions_from_observation
        ),
        include_cfrc_ext_in_observation: bool = DEFAULT_OPTIONS.include_cfrc_ext_in_observation,
        **kwargs: Any,
    ) -> None:
        self._forward_reward_weight = forward_reward_weight
        self._ctrl_cost_weight = ctrl_cost_weight
        self._contact_cost_weight = contact_cost_weight
        self._healthy_reward = healthy_reward
        self._main_body = main_body
        self._terminate_when_unhealthy = terminate_when_unhealthy
        self._healthy_z_range = healthy_z_range
        self._contact_force_range = contact_force_range
        self._include_cfrc_ext_in_observation = include_cfrc_ext_in_observation
        self._setup(
            xml_file,
            frame_skip,
            default_camera_config,
            reset_noise_scale,
            exclude_current_positions_from_observation,
            kwargs,
        )

    @property
    def rules(self) -> AntRules:
        """What this class's version does (see :class:`AntRules`)."""
        rules = self.definition.rules[self.version]
        assert isinstance(rules, AntRules)
        return rules

    def _extra_observation_sizes(self) -> dict[str, int]:
        forces = self.data.cfrc_ext
        observed = forces if self.rules.observes_world_body_forces else forces[1:]
        return {"cfrc_ext": observed.size * self._include_cfrc_ext_in_observation}

    @property
    def contact_forces(self) -> NDArray[np.float64]:
        """``cfrc_ext`` clipped to ``contact_force_range``, shape ``(nbody, 6)``."""
        return cast("NDArray[np.float64]", ant_contact_forces(self.data, self.params))

    @property
    def contact_cost(self) -> Any:
        """Quadratic cost of the clipped contact forces."""
        return ant_contact_cost(self.contact_forces, self.params)
