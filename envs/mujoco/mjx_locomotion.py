"""The MJX locomotion tasks (v5): the runners and swimmer here, the humanoids re-exported.

HalfCheetah, Swimmer, Hopper, Walker2d and Ant as :class:`~.mjx_core.MjxTask` subclasses over
the shells of :mod:`._mjx_locomotion`; Humanoid and HumanoidStandup live in
:mod:`.mjx_humanoids` and are re-exported here, so all seven import from this module.
Observations, health checks, reward terms and ``info`` are the native tasks' functions
(:mod:`._locomotion`, :mod:`.hopper`, :mod:`.ant`, ...) called with ``xp = jax.numpy``; each
task gathers its reward terms in one ``_terms`` method that both ``reward`` and
``transition_info`` read, so the info keys are the native v5 ones.

``cfrc_ext`` is computed after each step only for the tasks that read it
(:attr:`~.mjx_core.MjxTask.USES_CONTACT_FORCES`).
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp

from . import ant, half_cheetah, hopper, swimmer, walker2d
from ._locomotion import (
    clipped_contact_forces,
    control_cost,
    planar_position_info,
    planar_velocity,
    position_info,
    squared_sum_cost,
)
from ._mjx_locomotion import HealthyTask, LocomotionTask
from .mjx_core import private_field
from .mjx_humanoids import MjxHumanoid, MjxHumanoidStandup

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


# -- the planar runners and the swimmer -----------------------------------------------------------


class HalfCheetahParams(NamedTuple):
    """Numeric arguments of ``HalfCheetah-v5``."""

    forward_reward_weight: float
    ctrl_cost_weight: float
    reset_noise_scale: float


class MjxHalfCheetah(LocomotionTask):
    """``HalfCheetah-v5`` on MJX."""

    NATIVE = half_cheetah.HalfCheetahEnv
    PARAMS = HalfCheetahParams
    OPTION_NAMES = (
        "xml_file",
        "frame_skip",
        "default_camera_config",
        "exclude_current_positions_from_observation",
    )

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

    forward_reward_weight: float
    ctrl_cost_weight: float
    reset_noise_scale: float


class MjxSwimmer(LocomotionTask):
    """``Swimmer-v5`` on MJX."""

    NATIVE = swimmer.SwimmerEnv
    PARAMS = SwimmerParams
    OPTION_NAMES = (
        "xml_file",
        "frame_skip",
        "default_camera_config",
        "exclude_current_positions_from_observation",
    )

    def _terms(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        xy_after = next_state.qpos[0:2]
        x_velocity, y_velocity = planar_velocity(state.qpos[0:2], xy_after, self.dt)
        return {
            **position_info(xy_after, jnp),
            "x_velocity": x_velocity,
            "y_velocity": y_velocity,
            "reward_forward": params.forward_reward_weight * x_velocity,
            "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, jnp),
        }

    def state_info(self, state: Any, params: Any = None) -> dict[str, Any]:
        """Position and distance from the origin."""
        return position_info(state.qpos[0:2], jnp)


class _PlanarLeggedTask(HealthyTask):
    """Hopper and Walker2d: forward progress of ``rootx``, survival bonus, control cost."""

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
        return planar_position_info(state.qpos, self.init_qpos)


class HopperParams(NamedTuple):
    """Numeric arguments of ``Hopper-v5``."""

    forward_reward_weight: float
    ctrl_cost_weight: float
    healthy_reward: float
    healthy_state_range: Range
    healthy_z_range: Range
    healthy_angle_range: Range
    reset_noise_scale: float


class MjxHopper(_PlanarLeggedTask):
    """``Hopper-v5`` on MJX."""

    NATIVE = hopper.HopperEnv
    PARAMS = HopperParams
    OPTION_NAMES = (
        "xml_file",
        "frame_skip",
        "default_camera_config",
        "terminate_when_unhealthy",
        "exclude_current_positions_from_observation",
    )

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

    forward_reward_weight: float
    ctrl_cost_weight: float
    healthy_reward: float
    healthy_z_range: Range
    healthy_angle_range: Range
    reset_noise_scale: float


class MjxWalker2d(_PlanarLeggedTask):
    """``Walker2d-v5`` on MJX."""

    NATIVE = walker2d.Walker2dEnv
    PARAMS = Walker2dParams
    OPTION_NAMES = (
        "xml_file",
        "frame_skip",
        "default_camera_config",
        "terminate_when_unhealthy",
        "exclude_current_positions_from_observation",
    )

    def is_healthy(self, state: Any, params: Any) -> jax.Array:
        """Torso height and angle in their ranges."""
        healthy: jax.Array = walker2d.walker_is_healthy(
            state.qpos, params.healthy_z_range, params.healthy_angle_range
        )
        return healthy


# -- Ant ----------------------------------------------------------------------------------------


class AntParams(NamedTuple):
    """Numeric arguments of ``Ant-v5``."""

    forward_reward_weight: float
    ctrl_cost_weight: float
    contact_cost_weight: float
    healthy_reward: float
    healthy_z_range: Range
    contact_force_range: Range
    reset_noise_scale: float


class MjxAnt(HealthyTask):
    """``Ant-v5`` on MJX."""

    NATIVE = ant.AntEnv
    PARAMS = AntParams
    OPTION_NAMES = (
        "xml_file",
        "frame_skip",
        "default_camera_config",
        "main_body",
        "terminate_when_unhealthy",
        "exclude_current_positions_from_observation",
        "include_cfrc_ext_in_observation",
    )
    USES_CONTACT_FORCES = True

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
            **position_info(next_state.qpos[0:2], jnp),
            "x_velocity": x_velocity,
            "y_velocity": y_velocity,
            "reward_forward": x_velocity * params.forward_reward_weight,
            "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, jnp),
            "reward_contact": -squared_sum_cost(forces, params.contact_cost_weight, jnp),
            "reward_survive": self._survive(next_state, params),
        }

    def state_info(self, state: Any, params: Any = None) -> dict[str, Any]:
        """Position and distance from the origin."""
        return position_info(state.qpos[0:2], jnp)
