"""Humanoid and HumanoidStandup (v5) on MJX.

Both observe ``qpos``, ``qvel`` and the body-state parts switched on, assembled by the native
:func:`.humanoid.body_state_parts`; health, reward terms and ``info`` are the native
:mod:`.humanoid` and :mod:`.humanoidstandup` functions called with ``xp = jax.numpy``.

Their models ask for the PGS solver, which MJX lacks, so they run Newton's method (see
:func:`.mjx_core.load_models`).
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp

from . import humanoid, humanoidstandup
from ._locomotion import (
    clipped_squared_cost,
    control_cost,
    mass_center_xy,
    planar_velocity,
)
from ._mjx_locomotion import HealthyTask, LocomotionTask
from .humanoid import (
    body_state_parts,
    body_state_sizes,
    humanoid_is_healthy,
    humanoid_position_info,
    included_parts,
)
from .humanoidstandup import standup_position_info, standup_reward_terms
from .mjx_core import private_field

__all__ = ["MjxHumanoid", "MjxHumanoidStandup"]

Range = tuple[float, float]
INF = math.inf


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
        return included_parts(
            self.include_cinert_in_observation,
            self.include_cvel_in_observation,
            self.include_qfrc_actuator_in_observation,
            self.include_cfrc_ext_in_observation,
        )

    def _extra_size(self) -> int:
        sizes = body_state_sizes(self.mj_model.nbody, self.mj_model.nv, full=False)
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

    def _tendons(self, state: Any) -> tuple[Any, Any]:
        """The tendons' lengths and velocities."""
        return state.ten_length, private_field(state, "ten_velocity")


_HUMANOID_SWITCHES = (
    "exclude_current_positions_from_observation",
    "include_cinert_in_observation",
    "include_cvel_in_observation",
    "include_qfrc_actuator_in_observation",
    "include_cfrc_ext_in_observation",
)


class HumanoidParams(NamedTuple):
    """Numeric arguments of ``Humanoid-v5``."""

    forward_reward_weight: float
    ctrl_cost_weight: float
    contact_cost_weight: float
    contact_cost_range: Range
    healthy_reward: float
    healthy_z_range: Range
    reset_noise_scale: float


class MjxHumanoid(_HumanoidBody, HealthyTask):
    """``Humanoid-v5`` on MJX (Newton's method in place of the model's PGS solver)."""

    NATIVE = humanoid.HumanoidEnv
    PARAMS = HumanoidParams
    OPTION_NAMES = (
        "xml_file",
        "frame_skip",
        "default_camera_config",
        "terminate_when_unhealthy",
        *_HUMANOID_SWITCHES,
    )
    USES_CONTACT_FORCES = True

    def is_healthy(self, state: Any, params: Any) -> jax.Array:
        """Torso height in the open ``healthy_z_range``."""
        healthy: jax.Array = humanoid_is_healthy(state.qpos, params.healthy_z_range)
        return healthy

    def _mass_center(self, state: Any) -> Any:
        body_mass = jnp.asarray(self.mj_model.body_mass)
        return mass_center_xy(body_mass, state.xipos, jnp)

    def _terms(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        x_velocity, y_velocity = planar_velocity(
            self._mass_center(state), self._mass_center(next_state), self.dt
        )
        contact = clipped_squared_cost(
            private_field(next_state, "cfrc_ext"),
            params.contact_cost_weight,
            params.contact_cost_range,
            jnp,
        )
        return {
            **self.state_info(next_state),
            "x_velocity": x_velocity,
            "y_velocity": y_velocity,
            "reward_survive": self._survive(next_state, params),
            "reward_forward": params.forward_reward_weight * x_velocity,
            # The humanoids charge the applied controls (``data.ctrl``), as the native task.
            "reward_ctrl": -control_cost(next_state.ctrl, params.ctrl_cost_weight, jnp),
            "reward_contact": -contact,
        }

    def state_info(self, state: Any, params: Any = None) -> dict[str, Any]:
        """Position, tendon lengths and velocities, distance from the origin."""
        return humanoid_position_info(state.qpos, *self._tendons(state), jnp)


class HumanoidStandupParams(NamedTuple):
    """Numeric arguments of ``HumanoidStandup-v5`` (``uph_cost_weight`` is unused, as there)."""

    uph_cost_weight: float
    ctrl_cost_weight: float
    impact_cost_weight: float
    impact_cost_range: Range
    reset_noise_scale: float


class MjxHumanoidStandup(_HumanoidBody, LocomotionTask):
    """``HumanoidStandup-v5`` on MJX (Newton's method in place of the model's PGS solver)."""

    NATIVE = humanoidstandup.HumanoidStandupEnv
    PARAMS = HumanoidStandupParams
    OPTION_NAMES = ("xml_file", "frame_skip", "default_camera_config", *_HUMANOID_SWITCHES)
    USES_CONTACT_FORCES = True

    def _scored(self, next_state: Any, params: Any) -> tuple[jax.Array, dict[str, Any]]:
        """The native stand-up reward of ``next_state`` and the step's info."""
        reward, uph_cost, control_penalty, impact_cost = standup_reward_terms(
            next_state.qpos[2],
            float(self.mj_model.opt.timestep),
            next_state.ctrl,
            private_field(next_state, "cfrc_ext"),
            params.ctrl_cost_weight,
            params.impact_cost_weight,
            params.impact_cost_range,
            jnp,
        )
        info = {
            **self.state_info(next_state),
            "reward_linup": uph_cost,
            "reward_quadctrl": -control_penalty,
            "reward_impact": -impact_cost,
        }
        return reward, info

    def _terms(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        return self._scored(next_state, params)[1]

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: Any = None
    ) -> jax.Array:
        """Torso height over the timestep, minus the costs, plus one."""
        return self._scored(next_state, self._params(params))[0]

    def state_info(self, state: Any, params: Any = None) -> dict[str, Any]:
        """Position, height change and tendon states."""
        return standup_position_info(state.qpos, self.init_qpos, *self._tendons(state))
