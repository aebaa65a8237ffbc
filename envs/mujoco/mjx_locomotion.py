"""The seven MuJoCo locomotion tasks (v5) on MJX.

Ant, HalfCheetah, Hopper, Humanoid, HumanoidStandup, Swimmer and Walker2d as
:class:`~.mjx_core.MjxTask` subclasses. Observations, health checks and reward terms are the
native tasks' functions (:mod:`._locomotion`, :mod:`.hopper`, :mod:`.ant`, ...) called with
``xp = jax.numpy``; each task gathers its reward terms in one ``_terms`` method that both
``reward`` and ``transition_info`` read, so the info keys are the native v5 ones.

Two choices where MJX differs from native MuJoCo: the humanoids' models ask for the PGS
solver, which MJX lacks, so they run Newton's method (see :func:`.mjx_core.load_models`); and
``cfrc_ext`` is computed after each step only for the tasks that read it.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar, NamedTuple

import jax
import jax.numpy as jnp

from . import ant, half_cheetah, hopper, humanoid, humanoidstandup, walker2d
from ._locomotion import (
    clipped_contact_forces,
    control_cost,
    healthy_reward,
    in_range,
    mass_center_xy,
    planar_velocity,
    squared_sum_cost,
    state_observation,
)
from .humanoid import BODY_STATE_PARTS, body_state_parts
from .mjx_core import MjxTask, noisy_state, private_field

__all__ = [
    "MjxAnt",
    "MjxHalfCheetah",
    "MjxHopper",
    "MjxHumanoid",
    "MjxHumanoidStandup",
    "MjxSwimmer",
    "MjxWalker2d",
]

Range = tuple[float, float]
INF = math.inf


class _LocomotionTask(MjxTask):
    """Shared parts: reset noise, the ``qpos`` / ``qvel`` observation, terminal and reward."""

    #: How the native task perturbs the initial velocities.
    VELOCITY_NOISE: ClassVar[str] = "uniform"
    #: Velocities in the observation are clipped to this bound (``None``: not clipped).
    VELOCITY_LIMIT: ClassVar[float | None] = None
    #: The root's position coordinates (x, or x and y) that the observation may leave out.
    NUM_ROOT_POSITIONS: ClassVar[int] = 1

    exclude_current_positions_from_observation: bool

    @property
    def num_skipped_qpos(self) -> int:
        """Leading ``qpos`` entries the observation leaves out."""
        return self.NUM_ROOT_POSITIONS if self.exclude_current_positions_from_observation else 0

    def _observation_size(self) -> int:
        model = self.mj_model
        return int(model.nq) - self.num_skipped_qpos + int(model.nv) + self._extra_size()

    def _extra_size(self) -> int:
        return 0

    def _extras(self, state: Any, params: Any) -> tuple[Any, ...]:
        return ()

    def initial(self, rng: Any, params: Any = None) -> Any:
        """The native reset: noise of scale ``reset_noise_scale`` on ``qpos`` and ``qvel``."""
        p = self._params(params)
        qpos, qvel = noisy_state(
            rng, self.init_qpos, self.init_qvel, p.reset_noise_scale, self.VELOCITY_NOISE
        )
        return self.make_state(qpos, qvel)

    def observation(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """``qpos`` (less the skipped root positions), ``qvel``, then the task's extras."""
        extras = self._extras(state, self._params(params))
        obs: jax.Array = state_observation(
            state.qpos, state.qvel, self.num_skipped_qpos, extras, self.VELOCITY_LIMIT, jnp
        )
        return obs

    def _terms(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        """The step's info: positions, velocities and the signed reward terms."""
        raise NotImplementedError

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: Any = None
    ) -> jax.Array:
        """The sum of the ``reward_*`` terms of :meth:`_terms`."""
        terms = self._terms(state, action, next_state, self._params(params))
        total: jax.Array = sum(v for k, v in terms.items() if k.startswith("reward_"))
        return total

    def transition_info(
        self, state: Any, action: Any, next_state: Any, params: Any = None
    ) -> dict[str, Any]:
        """The native v5 step info."""
        return self._terms(state, action, next_state, self._params(params))


class _HealthyTask(_LocomotionTask):
    """Tasks paid to stay healthy and ended when they are not (if asked)."""

    terminate_when_unhealthy: bool

    def is_healthy(self, state: Any, params: Any) -> jax.Array:
        """Whether ``state`` is healthy under ``params``."""
        raise NotImplementedError

    def terminal(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """Unhealthy, when the task ends episodes then."""
        if not self.terminate_when_unhealthy:
            return jnp.asarray(False)
        return ~self.is_healthy(state, self._params(params))

    def _survive(self, next_state: Any, params: Any) -> Any:
        # v5 pays the bonus only while healthy.
        return healthy_reward(self.is_healthy(next_state, params), params.healthy_reward, False)


# -- the planar runners -------------------------------------------------------------------------


class HalfCheetahParams(NamedTuple):
    """Numeric arguments of ``HalfCheetah-v5``."""

    forward_reward_weight: float = 1.0
    ctrl_cost_weight: float = 0.1
    reset_noise_scale: float = 0.1


class MjxHalfCheetah(_LocomotionTask):
    """``HalfCheetah-v5`` on MJX."""

    PARAMS = HalfCheetahParams
    OPTIONS: ClassVar[dict[str, Any]] = {
        "xml_file": "half_cheetah.xml",
        "frame_skip": 5,
        "default_camera_config": half_cheetah.DEFAULT_CAMERA_CONFIG,
        "exclude_current_positions_from_observation": True,
    }
    VELOCITY_NOISE = "normal"

    def _terms(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        x_after = next_state.qpos[0]
        x_velocity = planar_velocity(state.qpos[0], x_after, self.dt)
        return {
            "x_position": x_after,
            "x_velocity": x_velocity,
            "reward_forward": params.forward_reward_weight * x_velocity,
            "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, jnp),
        }

    def state_info(self, state: Any, params: Any = None) -> dict[str, Any]:
        """``x_position``."""
        return {"x_position": state.qpos[0]}


class SwimmerParams(NamedTuple):
    """Numeric arguments of ``Swimmer-v5``."""

    forward_reward_weight: float = 1.0
    ctrl_cost_weight: float = 1e-4
    reset_noise_scale: float = 0.1


class MjxSwimmer(_LocomotionTask):
    """``Swimmer-v5`` on MJX."""

    PARAMS = SwimmerParams
    OPTIONS: ClassVar[dict[str, Any]] = {
        "xml_file": "swimmer.xml",
        "frame_skip": 4,
        "default_camera_config": None,
        "exclude_current_positions_from_observation": True,
    }
    NUM_ROOT_POSITIONS = 2

    def _terms(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        xy_after = next_state.qpos[0:2]
        x_velocity, y_velocity = planar_velocity(state.qpos[0:2], xy_after, self.dt)
        return {
            **_position_info(xy_after),
            "x_velocity": x_velocity,
            "y_velocity": y_velocity,
            "reward_forward": params.forward_reward_weight * x_velocity,
            "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, jnp),
        }

    def state_info(self, state: Any, params: Any = None) -> dict[str, Any]:
        """Position and distance from the origin."""
        return _position_info(state.qpos[0:2])


class _PlanarLeggedTask(_HealthyTask):
    """Hopper and Walker2d: forward progress of ``rootx``, survival bonus, control cost."""

    VELOCITY_LIMIT = 10.0

    def _terms(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        x_after = next_state.qpos[0]
        x_velocity = planar_velocity(state.qpos[0], x_after, self.dt)
        return {
            **self.state_info(next_state),
            "x_velocity": x_velocity,
            "reward_forward": params.forward_reward_weight * x_velocity,
            "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, jnp),
            "reward_survive": self._survive(next_state, params),
        }

    def state_info(self, state: Any, params: Any = None) -> dict[str, Any]:
        """``x_position`` and the height change ``z_distance_from_origin``."""
        return {
            "x_position": state.qpos[0],
            "z_distance_from_origin": state.qpos[1] - self.init_qpos[1],
        }


class HopperParams(NamedTuple):
    """Numeric arguments of ``Hopper-v5``."""

    forward_reward_weight: float = 1.0
    ctrl_cost_weight: float = 1e-3
    healthy_reward: float = 1.0
    healthy_state_range: Range = (-100.0, 100.0)
    healthy_z_range: Range = (0.7, INF)
    healthy_angle_range: Range = (-0.2, 0.2)
    reset_noise_scale: float = 5e-3


class MjxHopper(_PlanarLeggedTask):
    """``Hopper-v5`` on MJX."""

    PARAMS = HopperParams
    OPTIONS: ClassVar[dict[str, Any]] = {
        "xml_file": "hopper.xml",
        "frame_skip": 4,
        "default_camera_config": hopper.DEFAULT_CAMERA_CONFIG,
        "terminate_when_unhealthy": True,
        "exclude_current_positions_from_observation": True,
    }

    def is_healthy(self, state: Any, params: Any) -> jax.Array:
        """Bounded state, enough height, torso near upright."""
        healthy: jax.Array = hopper.hopper_is_healthy(
            state.qpos,
            state.qvel,
            params.healthy_state_range,
            params.healthy_z_range,
            params.healthy_angle_range,
            jnp,
        )
        return healthy


class Walker2dParams(NamedTuple):
    """Numeric arguments of ``Walker2d-v5``."""

    forward_reward_weight: float = 1.0
    ctrl_cost_weight: float = 1e-3
    healthy_reward: float = 1.0
    healthy_z_range: Range = (0.8, 2.0)
    healthy_angle_range: Range = (-1.0, 1.0)
    reset_noise_scale: float = 5e-3


class MjxWalker2d(_PlanarLeggedTask):
    """``Walker2d-v5`` on MJX."""

    PARAMS = Walker2dParams
    OPTIONS: ClassVar[dict[str, Any]] = {
        "xml_file": "walker2d_v5.xml",
        "frame_skip": 4,
        "default_camera_config": walker2d.DEFAULT_CAMERA_CONFIG,
        "terminate_when_unhealthy": True,
        "exclude_current_positions_from_observation": True,
    }

    def is_healthy(self, state: Any, params: Any) -> jax.Array:
        """Torso height and angle in their ranges."""
        healthy: jax.Array = walker2d.walker_is_healthy(
            state.qpos, params.healthy_z_range, params.healthy_angle_range
        )
        return healthy


# -- Ant ----------------------------------------------------------------------------------------


class AntParams(NamedTuple):
    """Numeric arguments of ``Ant-v5``."""

    forward_reward_weight: float = 1.0
    ctrl_cost_weight: float = 0.5
    contact_cost_weight: float = 5e-4
    healthy_reward: float = 1.0
    healthy_z_range: Range = (0.2, 1.0)
    contact_force_range: Range = (-1.0, 1.0)
    reset_noise_scale: float = 0.1


class MjxAnt(_HealthyTask):
    """``Ant-v5`` on MJX."""

    PARAMS = AntParams
    OPTIONS: ClassVar[dict[str, Any]] = {
        "xml_file": "ant.xml",
        "frame_skip": 5,
        "default_camera_config": ant.DEFAULT_CAMERA_CONFIG,
        "main_body": 1,
        "terminate_when_unhealthy": True,
        "exclude_current_positions_from_observation": True,
        "include_cfrc_ext_in_observation": True,
    }
    NUM_ROOT_POSITIONS = 2
    USES_CONTACT_FORCES = True
    VELOCITY_NOISE = "normal"

    main_body: int | str
    include_cfrc_ext_in_observation: bool

    def _extra_size(self) -> int:
        return (self.mj_model.nbody - 1) * 6 if self.include_cfrc_ext_in_observation else 0

    def _contact_forces(self, state: Any, params: Any) -> Any:
        cfrc_ext = private_field(state, "cfrc_ext")
        return clipped_contact_forces(cfrc_ext, params.contact_force_range, jnp)

    def _extras(self, state: Any, params: Any) -> tuple[Any, ...]:
        if not self.include_cfrc_ext_in_observation:
            return ()
        return (self._contact_forces(state, params)[1:].ravel(),)

    def is_healthy(self, state: Any, params: Any) -> jax.Array:
        """A finite state with the torso height in the closed ``healthy_z_range``."""
        healthy: jax.Array = ant.ant_is_healthy(state.qpos, state.qvel, params.healthy_z_range, jnp)
        return healthy

    def _terms(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        body = self.mj_model.body(self.main_body).id
        x_velocity, y_velocity = planar_velocity(
            state.xpos[body, :2], next_state.xpos[body, :2], self.dt
        )
        forces = self._contact_forces(next_state, params)
        return {
            **_position_info(next_state.qpos[0:2]),
            "x_velocity": x_velocity,
            "y_velocity": y_velocity,
            "reward_forward": x_velocity * params.forward_reward_weight,
            "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, jnp),
            "reward_contact": -squared_sum_cost(forces, params.contact_cost_weight, jnp),
            "reward_survive": self._survive(next_state, params),
        }

    def state_info(self, state: Any, params: Any = None) -> dict[str, Any]:
        """Position and distance from the origin."""
        return _position_info(state.qpos[0:2])


# -- the humanoids ------------------------------------------------------------------------------


class _HumanoidBody:
    """The humanoids' observation: ``qpos``, ``qvel`` and the body-state parts switched on."""

    mj_model: Any
    include_cinert_in_observation: bool
    include_cvel_in_observation: bool
    include_qfrc_actuator_in_observation: bool
    include_cfrc_ext_in_observation: bool

    @property
    def included_parts(self) -> dict[str, bool]:
        """Which of ``cinert``, ``cvel``, ``qfrc_actuator``, ``cfrc_ext`` are observed."""
        flags = (
            self.include_cinert_in_observation,
            self.include_cvel_in_observation,
            self.include_qfrc_actuator_in_observation,
            self.include_cfrc_ext_in_observation,
        )
        return {name: bool(flag) for name, flag in zip(BODY_STATE_PARTS, flags, strict=True)}

    def _extra_size(self) -> int:
        model = self.mj_model
        sizes = {
            "cinert": (model.nbody - 1) * 10,
            "cvel": (model.nbody - 1) * 6,
            "qfrc_actuator": model.nv - 6,
            "cfrc_ext": (model.nbody - 1) * 6,
        }
        return sum(size for name, size in sizes.items() if self.included_parts[name])

    def _extras(self, state: Any, params: Any) -> tuple[Any, ...]:
        parts = body_state_parts(
            private_field(state, "cinert"),
            state.cvel,
            state.qfrc_actuator,
            private_field(state, "cfrc_ext"),
            self.included_parts,
            full=False,
            xp=jnp,
        )
        return tuple(parts)

    def _tendons(self, state: Any) -> dict[str, Any]:
        return {
            "tendon_length": state.ten_length,
            "tendon_velocity": private_field(state, "ten_velocity"),
        }


_HUMANOID_SWITCHES: dict[str, Any] = {
    "exclude_current_positions_from_observation": True,
    "include_cinert_in_observation": True,
    "include_cvel_in_observation": True,
    "include_qfrc_actuator_in_observation": True,
    "include_cfrc_ext_in_observation": True,
}


class HumanoidParams(NamedTuple):
    """Numeric arguments of ``Humanoid-v5``."""

    forward_reward_weight: float = 1.25
    ctrl_cost_weight: float = 0.1
    contact_cost_weight: float = 5e-7
    contact_cost_range: Range = (-INF, 10.0)
    healthy_reward: float = 5.0
    healthy_z_range: Range = (1.0, 2.0)
    reset_noise_scale: float = 1e-2


class MjxHumanoid(_HumanoidBody, _HealthyTask):
    """``Humanoid-v5`` on MJX (Newton's method in place of the model's PGS solver)."""

    PARAMS = HumanoidParams
    NUM_ROOT_POSITIONS = 2
    OPTIONS: ClassVar[dict[str, Any]] = {
        "xml_file": "humanoid.xml",
        "frame_skip": 5,
        "default_camera_config": humanoid.DEFAULT_CAMERA_CONFIG,
        "terminate_when_unhealthy": True,
        **_HUMANOID_SWITCHES,
    }
    USES_CONTACT_FORCES = True

    def is_healthy(self, state: Any, params: Any) -> jax.Array:
        """Torso height in the open ``healthy_z_range``."""
        healthy: jax.Array = in_range(state.qpos[2], params.healthy_z_range)
        return healthy

    def _mass_center(self, state: Any) -> Any:
        body_mass = jnp.asarray(self.mj_model.body_mass)
        return mass_center_xy(body_mass, state.xipos, jnp)

    def _terms(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        x_velocity, y_velocity = planar_velocity(
            self._mass_center(state), self._mass_center(next_state), self.dt
        )
        contact = squared_sum_cost(
            private_field(next_state, "cfrc_ext"), params.contact_cost_weight, jnp
        )
        return {
            **self.state_info(next_state),
            "x_velocity": x_velocity,
            "y_velocity": y_velocity,
            "reward_survive": self._survive(next_state, params),
            "reward_forward": params.forward_reward_weight * x_velocity,
            # The humanoids charge the applied controls (``data.ctrl``), as the native task.
            "reward_ctrl": -control_cost(next_state.ctrl, params.ctrl_cost_weight, jnp),
            "reward_contact": -jnp.clip(contact, *params.contact_cost_range),
        }

    def state_info(self, state: Any, params: Any = None) -> dict[str, Any]:
        """Position, tendon lengths and velocities, distance from the origin."""
        xy = state.qpos[0:2]
        return {
            "x_position": xy[0],
            "y_position": xy[1],
            **self._tendons(state),
            "distance_from_origin": jnp.linalg.norm(xy, ord=2),
        }


class HumanoidStandupParams(NamedTuple):
    """Numeric arguments of ``HumanoidStandup-v5`` (``uph_cost_weight`` is unused, as there)."""

    uph_cost_weight: float = 1.0
    ctrl_cost_weight: float = 0.1
    impact_cost_weight: float = 5e-7
    impact_cost_range: Range = (-INF, 10.0)
    reset_noise_scale: float = 1e-2


class MjxHumanoidStandup(_HumanoidBody, _LocomotionTask):
    """``HumanoidStandup-v5`` on MJX (Newton's method in place of the model's PGS solver)."""

    PARAMS = HumanoidStandupParams
    NUM_ROOT_POSITIONS = 2
    OPTIONS: ClassVar[dict[str, Any]] = {
        "xml_file": "humanoidstandup.xml",
        "frame_skip": 5,
        "default_camera_config": humanoidstandup.DEFAULT_CAMERA_CONFIG,
        **_HUMANOID_SWITCHES,
    }
    USES_CONTACT_FORCES = True

    def _terms(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        _, uph_cost, control_penalty, impact_cost = humanoidstandup.standup_reward_terms(
            next_state.qpos[2],
            float(self.mj_model.opt.timestep),
            next_state.ctrl,
            private_field(next_state, "cfrc_ext"),
            params.ctrl_cost_weight,
            params.impact_cost_weight,
            params.impact_cost_range,
            jnp,
        )
        return {
            **self.state_info(next_state),
            "reward_linup": uph_cost,
            "reward_quadctrl": -control_penalty,
            "reward_impact": -impact_cost,
        }

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: Any = None
    ) -> jax.Array:
        """Torso height over the timestep, minus the costs, plus one."""
        terms = self._terms(state, action, next_state, self._params(params))
        total: jax.Array = (
            terms["reward_linup"] + terms["reward_quadctrl"] + terms["reward_impact"] + 1
        )
        return total

    def state_info(self, state: Any, params: Any = None) -> dict[str, Any]:
        """Position, height change and tendon states."""
        return {
            "x_position": state.qpos[0],
            "y_position": state.qpos[1],
            "z_distance_from_origin": state.qpos[2] - self.init_qpos[2],
            **self._tendons(state),
        }


def _position_info(xy: Any) -> dict[str, Any]:
    return {
        "x_position": xy[0],
        "y_position": xy[1],
        "distance_from_origin": jnp.linalg.norm(xy, ord=2),
    }
