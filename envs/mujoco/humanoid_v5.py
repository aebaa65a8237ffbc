"""Humanoid: make a 3D bipedal robot walk forward without falling (``Humanoid-v4/-v5``).

A torso on a free joint, an abdomen, two legs and two arms: 17 hinges driven by 17 motors
(actions in ``[-0.4, 0.4]``). Two fixed tendons couple each hip to its knee.

Observation (float64): ``qpos[2:]`` (x and y too when
``exclude_current_positions_from_observation=False``), ``qvel``, then the bodies' inertias
``cinert``, velocities ``cvel``, actuator forces ``qfrc_actuator`` and external contact
wrenches ``cfrc_ext``. v5 leaves out the world body's rows and the free joint's six actuator
forces, and each part can be switched off (``include_*_in_observation``); v4 always includes
them all (376 entries).

Reward: ``forward_reward_weight * dx/dt + healthy_reward - control_penalty - contact_cost`` where
``x`` is the x of the whole body's centre of mass, ``control_penalty`` is taken on ``data.ctrl``
and ``contact_cost`` (v5 only) is ``contact_cost_weight * |cfrc_ext|^2`` clipped to
``contact_cost_range``. The humanoid is healthy while the torso height lies in the open
``healthy_z_range``.

Versions: v5 adds the contact cost and the observation switches, takes ``xml_file``,
``frame_skip`` and ``default_camera_config``, pays the healthy reward only while healthy,
reports positions from ``qpos`` with the tendon lengths and velocities, and fills the reset
``info``.

:class:`HumanoidEnv` here has the v5 defaults; :mod:`.humanoid_v4` subclasses it with
the v4 constructor.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Mapping
from dataclasses import dataclass, replace
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
from ._task import HealthCheckedEnv, LocomotionEnv
from ._terms import (
    Range,
    contact_survival_reward,
    control_cost,
    entry,
    flat_squared_sum_cost,
    in_range,
    mass_center_xy,
    observation_size,
    planar_velocity,
    position_info,
    skipped_positions,
    state_observation,
    survive_reward,
)
from .mujoco_env import MujocoEnv

__all__ = [
    "DEFAULT_CAMERA_CONFIG",
    "DEFAULT_OPTIONS",
    "DEFAULT_PARAMS",
    "HUMANOID",
    "HUMANOID_V4",
    "HUMANOID_V5",
    "HumanoidEnv",
    "HumanoidObservationMixin",
    "HumanoidOptions",
    "HumanoidParams",
    "HumanoidRules",
    "MujocoEnv",
    "body_state_observation",
    "body_state_observation_size",
    "body_state_parts",
    "body_state_sizes",
    "humanoid_contact_cost",
    "humanoid_is_healthy",
    "humanoid_position_info",
    "included_parts",
    "mass_center",
]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {
    "trackbodyid": 1,
    "distance": 4.0,
    "lookat": np.array([0.0, 0.0, 2.0]),
    "elevation": -20.0,
}


def mass_center(model: Any, data: SimData) -> NDArray[np.float64]:
    """The x and y of the model's centre of mass in ``data``, shape ``(2,)`` (a new array).

    Args:
        model: The compiled ``mujoco.MjModel`` (its ``body_mass`` is read).
        data: The ``mujoco.MjData`` (its ``xipos`` is read).
    """
    # one MjData on numpy: a float64 numpy array
    return cast("NDArray[np.float64]", mass_center_xy(model.body_mass, data.xipos)).copy()


#: Names of the optional observation parts, in observation order.
BODY_STATE_PARTS = ("cinert", "cvel", "qfrc_actuator", "cfrc_ext")


def body_state_parts(
    cinert: Array,
    cvel: Array,
    qfrc_actuator: Array,
    cfrc_ext: Array,
    included: Mapping[str, bool],
    full: bool,
    xp: ArrayNamespace = np,
) -> list[Any]:
    """The flat body-state parts of a humanoid observation, in observation order.

    Args:
        cinert: Body inertias in the centre-of-mass frame, shape ``(nbody, 10)``.
        cvel: Body velocities, shape ``(nbody, 6)``.
        qfrc_actuator: Actuator forces in joint space, shape ``(nv,)``.
        cfrc_ext: External contact wrenches, shape ``(nbody, 6)``.
        included: Which of :data:`BODY_STATE_PARTS` to include.
        full: Keep the world body's rows and the free joint's forces (v4) or drop them (v5).
        xp: The array namespace.
    """
    first_body, first_dof = (0, 0) if full else (1, 6)
    arrays = {
        "cinert": cinert[..., first_body:, :],
        "cvel": cvel[..., first_body:, :],
        "qfrc_actuator": qfrc_actuator[..., first_dof:],
        "cfrc_ext": cfrc_ext[..., first_body:, :],
    }
    # One flat part per state; a batch (a leading axis on every input) keeps its rows.
    lead = qfrc_actuator.shape[:-1]
    return [arrays[name].reshape((*lead, -1)) for name in BODY_STATE_PARTS if included[name]]


def body_state_sizes(nbody: int, nv: int, full: bool) -> dict[str, int]:
    """The flat sizes of the :func:`body_state_parts`, by name (all four, included or not).

    Args:
        nbody: Bodies in the model, the world body included.
        nv: Degrees of freedom.
        full: As in :func:`body_state_parts`.
    """
    num_bodies, num_dofs = (nbody, nv) if full else (nbody - 1, nv - 6)
    return {
        "cinert": num_bodies * 10,
        "cvel": num_bodies * 6,
        "qfrc_actuator": num_dofs,
        "cfrc_ext": num_bodies * 6,
    }


def included_parts(
    cinert: bool, cvel: bool, qfrc_actuator: bool, cfrc_ext: bool
) -> dict[str, bool]:
    """The ``include_*_in_observation`` switches keyed by :data:`BODY_STATE_PARTS` names."""
    flags = (cinert, cvel, qfrc_actuator, cfrc_ext)
    return {name: bool(flag) for name, flag in zip(BODY_STATE_PARTS, flags, strict=True)}


def humanoid_is_healthy(qpos: Array, z_range: Range) -> Array:
    """Whether the torso height ``qpos[2]`` lies in the open ``z_range`` (also per row)."""
    return in_range(qpos[..., 2], z_range)


def humanoid_position_info(
    qpos: Array, ten_length: Array, ten_velocity: Array, xp: ArrayNamespace = np
) -> dict[str, Any]:
    """Humanoid's v5 ``info`` of a state: position, tendon states, distance from the origin.

    The tendon states are copies (``data`` changes with the next step).
    """
    position = position_info(qpos[..., 0:2], xp)
    return {
        "x_position": position["x_position"],
        "y_position": position["y_position"],
        "tendon_length": xp.array(ten_length),
        "tendon_velocity": xp.array(ten_velocity),
        "distance_from_origin": position["distance_from_origin"],
    }


def _included(options: Any) -> Mapping[str, bool]:
    return _cached_included_parts(
        options.include_cinert_in_observation,
        options.include_cvel_in_observation,
        options.include_qfrc_actuator_in_observation,
        options.include_cfrc_ext_in_observation,
    )


@functools.lru_cache(maxsize=32)
def _cached_included_parts(
    cinert: bool, cvel: bool, qfrc_actuator: bool, cfrc_ext: bool
) -> Mapping[str, bool]:
    # every step asks for the same switches: one read-only mapping per combination
    return types.MappingProxyType(included_parts(cinert, cvel, qfrc_actuator, cfrc_ext))


def body_state_observation_size(task: TaskShell[HumanoidRules]) -> int:
    """The v5 humanoids' observation size: ``qpos``, ``qvel`` and the parts switched on."""
    sizes = body_state_sizes(task.model.nbody, task.model.nv, full=False)
    included = _included(task.options)
    return observation_size(task, 2, sum(size for name, size in sizes.items() if included[name]))


def body_state_observation(
    task: TaskShell[HumanoidRules], data: SimData, params: Any, xp: ArrayNamespace
) -> Array:
    """The humanoids' observation: ``qpos``, ``qvel`` and the body-state parts switched on."""
    parts = body_state_parts(
        data.cinert,
        data.cvel,
        data.qfrc_actuator,
        data.cfrc_ext,
        _included(task.options),
        full=task.rules.full_body_state,
        xp=xp,
    )
    return state_observation(data.qpos, data.qvel, skipped_positions(task.options, 2), parts, xp=xp)


class HumanoidParams(NamedTuple):
    """The humanoid's numbers, with their defaults (v4 takes all but the contact cost's)."""

    forward_reward_weight: float = 1.25
    ctrl_cost_weight: float = 0.1
    contact_cost_weight: float = 5e-7
    contact_cost_range: Range = (-np.inf, 10.0)
    healthy_reward: float = 5.0
    healthy_z_range: Range = (1.0, 2.0)
    reset_noise_scale: float = 1e-2


class HumanoidOptions(NamedTuple):
    """The humanoid's static configuration, with the v5 defaults."""

    xml_file: str = "humanoid.xml"
    frame_skip: int = 5
    default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG
    terminate_when_unhealthy: bool = True
    exclude_current_positions_from_observation: bool = True
    include_cinert_in_observation: bool = True
    include_cvel_in_observation: bool = True
    include_qfrc_actuator_in_observation: bool = True
    include_cfrc_ext_in_observation: bool = True


DEFAULT_PARAMS = HumanoidParams()
DEFAULT_OPTIONS = HumanoidOptions()


def _is_healthy(
    task: TaskShell[HumanoidRules], data: SimData, params: HumanoidParams, xp: ArrayNamespace
) -> Array:
    return humanoid_is_healthy(data.qpos, params.healthy_z_range)


def _state_info(
    task: TaskShell[HumanoidRules], data: SimData, xp: ArrayNamespace
) -> dict[str, Any]:
    return humanoid_position_info(data.qpos, data.ten_length, data.ten_velocity, xp)


def humanoid_contact_cost(data: SimData, params: HumanoidParams, xp: ArrayNamespace = np) -> Array:
    """The quadratic cost of each simulation's ``cfrc_ext``, clipped to ``contact_cost_range``."""
    low, high = params.contact_cost_range
    return xp.clip(flat_squared_sum_cost(data.cfrc_ext, params.contact_cost_weight, xp), low, high)


def _mass_center(task: TaskShell[HumanoidRules], data: SimData, xp: ArrayNamespace) -> Array:
    return mass_center_xy(xp.asarray(task.model.body_mass), data.xipos, xp)


def _step_info(
    task: TaskShell[HumanoidRules],
    before: SimData,
    action: Array,
    after: SimData,
    params: HumanoidParams,
    xp: ArrayNamespace,
) -> dict[str, Any]:
    xy_velocity = planar_velocity(
        _mass_center(task, before, xp), _mass_center(task, after, xp), task.dt
    )
    x_velocity, y_velocity = entry(xy_velocity, 0), entry(xy_velocity, 1)
    is_healthy = checked_health(task, after, params, xp)
    info = {
        **_state_info(task, after, xp),
        "x_velocity": x_velocity,
        "y_velocity": y_velocity,
        "reward_survive": survive_reward(task, is_healthy, params),
        "reward_forward": params.forward_reward_weight * x_velocity,
        # the humanoids charge the applied controls (``data.ctrl``), not the action
        "reward_ctrl": -control_cost(after.ctrl, params.ctrl_cost_weight, xp, axis=-1),
    }
    if task.rules.charges_contact_cost:
        info["reward_contact"] = -humanoid_contact_cost(after, params, xp)
    return info


@dataclass(frozen=True)
class HumanoidRules(Rules):
    """The humanoids' version rules, with two of their own.

    Attributes:
        full_body_state: The observation keeps the world body's rows and the free joint's
            actuator forces, and every part is observed.
        charges_contact_cost: The reward charges the (clipped) contact cost.
    """

    full_body_state: bool = False
    charges_contact_cost: bool = True


#: v4's humanoid rules (both humanoids; each adds its ``render_fps``).
HUMANOID_V4 = HumanoidRules(**vars(V4), full_body_state=True, charges_contact_cost=False)
#: v5's humanoid rules.
HUMANOID_V5 = HumanoidRules(**vars(V5))


#: The humanoid task.
HUMANOID = TaskDefinition(
    name="Humanoid",
    params=HumanoidParams,
    options=HumanoidOptions,
    rules={
        "v4": replace(
            HUMANOID_V4,
            render_fps=67,
            reward_info_names={
                "reward_linvel": "reward_forward",
                "reward_quadctrl": "reward_ctrl",
                "reward_alive": "reward_survive",
            },
            reward_terms_first=True,
            reports_forward_reward=True,
        ),
        "v5": HUMANOID_V5,
    },
    observation_size=body_state_observation_size,
    observation=body_state_observation,
    step_info=_step_info,
    state_info=_state_info,
    is_healthy=_is_healthy,
    reward=contact_survival_reward,
    uses_contact_forces=True,
    before_fields=("xipos",),
    tracked_info=lambda task, data, xp: position_info(_mass_center(task, data, xp), xp),
)


class HumanoidObservationMixin(LocomotionEnv):
    """What Humanoid and HumanoidStandup share: the observation and the tendon ``info``."""

    _included_parts: dict[str, bool]

    @property
    def rules(self) -> HumanoidRules:
        """What this class's version does (see :class:`HumanoidRules`)."""
        rules = self.definition.rules[self.version]
        assert isinstance(rules, HumanoidRules)
        return rules

    def _extra_observation_sizes(self) -> dict[str, int]:
        sizes = body_state_sizes(self.model.nbody, self.model.nv, self.rules.full_body_state)
        parts = {name: sizes[name] * self._included_parts[name] for name in BODY_STATE_PARTS}
        return {**parts, "ten_length": 0, "ten_velocity": 0}

    def _set_included_parts(
        self, cinert: bool, cvel: bool, qfrc_actuator: bool, cfrc_ext: bool
    ) -> None:
        self._include_cinert_in_observation = cinert
        self._include_cvel_in_observation = cvel
        self._include_qfrc_actuator_in_observation = qfrc_actuator
        self._include_cfrc_ext_in_observation = cfrc_ext
        self._included_parts = included_parts(cinert, cvel, qfrc_actuator, cfrc_ext)


class HumanoidEnv(HumanoidObservationMixin, HealthCheckedEnv):
    """Walk forward with a 3D humanoid (v5 defaults; see the module docstring).

    Args:
        xml_file: The MJCF model (a name in the assets folder or a path).
        frame_skip: Physics steps (of 0.003 s) per environment step.
        default_camera_config: ``mujoco.MjvCamera`` attributes of the render camera.
        forward_reward_weight: Weight of the forward velocity of the centre of mass.
        ctrl_cost_weight: Weight of the quadratic control cost.
        contact_cost_weight: Weight of the quadratic contact-force cost.
        contact_cost_range: Bounds the contact cost is clipped to.
        healthy_reward: Bonus per healthy step.
        terminate_when_unhealthy: End the episode when the humanoid falls.
        healthy_z_range: Open bounds on the torso height.
        reset_noise_scale: Half-width of the uniform reset noise on ``qpos`` and ``qvel``.
        exclude_current_positions_from_observation: Leave x and y out of the observation.
        include_cinert_in_observation: Observe ``cinert``.
        include_cvel_in_observation: Observe ``cvel``.
        include_qfrc_actuator_in_observation: Observe ``qfrc_actuator``.
        include_cfrc_ext_in_observation: Observe ``cfrc_ext``.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    definition = HUMANOID

    def __init__(
        self,
        xml_file: str = DEFAULT_OPTIONS.xml_file,
        frame_skip: int = DEFAULT_OPTIONS.frame_skip,
        default_camera_config: dict[str, Any] | None = DEFAULT_OPTIONS.default_camera_config,
        forward_reward_weight: float = DEFAULT_PARAMS.forward_reward_weight,
        ctrl_cost_weight: float = DEFAULT_PARAMS.ctrl_cost_weight,
        contact_cost_weight: float = DEFAULT_PARAMS.contact_cost_weight,
        contact_cost_range: Range = DEFAULT_PARAMS.contact_cost_range,
        healthy_reward: float = DEFAULT_PARAMS.healthy_reward,
        terminate_when_unhealthy: bool = DEFAULT_OPTIONS.terminate_when_unhealthy,
        healthy_z_range: Range = DEFAULT_PARAMS.healthy_z_range,
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
        self._forward_reward_weight = forward_reward_weight
        self._ctrl_cost_weight = ctrl_cost_weight
        self._contact_cost_weight = contact_cost_weight
        self._contact_cost_range = contact_cost_range
        self._healthy_reward = healthy_reward
        self._terminate_when_unhealthy = terminate_when_unhealthy
        self._healthy_z_range = healthy_z_range
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

    def control_cost(self, action: Any) -> Any:
        """Quadratic cost of the applied controls (``data.ctrl``; ``action`` is unused)."""
        return control_cost(self.data.ctrl, self.params.ctrl_cost_weight)

    @property
    def contact_cost(self) -> Any:
        """Quadratic cost of the contact forces, clipped to ``contact_cost_range``."""
        return humanoid_contact_cost(self.data, self.params)
