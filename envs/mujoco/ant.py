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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from ._locomotion import (
    HealthCheckedEnv,
    Range,
    Xp,
    clipped_contact_forces,
    healthy_reward,
    in_range,
    planar_velocity,
    position_info,
    rows_position_info,
    squared_sum_cost,
    state_observation,
    terminated,
)

__all__ = ["DEFAULT_CAMERA_CONFIG", "AntEnv", "ant_is_healthy"]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {"distance": 4.0}


def ant_is_healthy(qpos: Any, qvel: Any, z_range: Range, xp: Xp = np) -> Any:
    """Whether the ant's state is finite and its torso height ``qpos[2]`` in the closed range.

    ``qpos`` and ``qvel`` may be one state or a batch (one row per env).
    """
    state = xp.concatenate((qpos, qvel), axis=-1)
    return xp.isfinite(state).all(axis=-1) & in_range(state[..., 2], z_range, closed=True)


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
    #: v4 only: observe all contact forces and charge the contact cost.
    _use_contact_forces = True

    def __init__(
        self,
        xml_file: str = "ant.xml",
        frame_skip: int = 5,
        default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG,
        forward_reward_weight: float = 1,
        ctrl_cost_weight: float = 0.5,
        contact_cost_weight: float = 5e-4,
        healthy_reward: float = 1.0,
        main_body: int | str = 1,
        terminate_when_unhealthy: bool = True,
        healthy_z_range: Range = (0.2, 1.0),
        contact_force_range: Range = (-1.0, 1.0),
        reset_noise_scale: float = 0.1,
        exclude_current_positions_from_observation: bool = True,
        include_cfrc_ext_in_observation: bool = True,
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

    def _extra_observation_sizes(self) -> dict[str, int]:
        if self.version == "v4":
            return {"cfrc_ext": self.data.cfrc_ext.size * self._use_contact_forces}
        return {"cfrc_ext": self.data.cfrc_ext[1:].size * self._include_cfrc_ext_in_observation}

    @property
    def is_healthy(self) -> Any:
        """Whether the state is finite and the torso height within ``healthy_z_range``."""
        return ant_is_healthy(self.data.qpos, self.data.qvel, self._healthy_z_range)

    @property
    def contact_forces(self) -> NDArray[np.float64]:
        """``cfrc_ext`` clipped to ``contact_force_range``, shape ``(nbody, 6)``."""
        forces: NDArray[np.float64] = clipped_contact_forces(
            self.data.cfrc_ext, self._contact_force_range
        )
        return forces

    @property
    def contact_cost(self) -> Any:
        """Quadratic cost of the clipped contact forces."""
        return squared_sum_cost(self.contact_forces, self._contact_cost_weight)

    def _get_obs(self) -> NDArray[np.float64]:
        extras: tuple[NDArray[np.float64], ...] = ()
        if self.version == "v4" and self._use_contact_forces:
            extras = (self.contact_forces.ravel(),)
        elif self.version == "v5" and self._include_cfrc_ext_in_observation:
            extras = (self.contact_forces[1:].ravel(),)
        return self._observe(extras)

    def step(
        self, action: Any
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply torques for ``frame_skip`` physics steps and score the forward progress."""
        main_body = self.data.body(self._main_body)
        xy_after, xy_velocity = self._simulate_tracking(action, lambda: main_body.xpos[:2].copy())
        x_velocity, y_velocity = xy_velocity

        observation = self._get_obs()
        if self.version == "v5":
            reward, reward_info = self._get_rew(x_velocity, action)
            is_done = self._is_terminated()
            info = position_info(self.data.qpos[0:2])
            info.update(x_velocity=x_velocity, y_velocity=y_velocity, **reward_info)
            return self._finish_step(observation, reward, is_done, info)
        progress = x_velocity * self._forward_reward_weight
        survive_reward = self.healthy_reward
        control_penalty = self.control_cost(action)
        contact_penalty = self.contact_cost if self._use_contact_forces else 0.0
        costs = control_penalty + contact_penalty if self._use_contact_forces else control_penalty
        reward = (progress + survive_reward) - costs
        is_done = self._is_terminated()
        info = self._v4_info(progress, control_penalty, contact_penalty, survive_reward)
        info.update(position_info(xy_after), x_velocity=x_velocity, y_velocity=y_velocity)
        info["forward_reward"] = progress
        return self._finish_step(observation, reward, is_done, info)

    def _get_rew(self, x_velocity: float, action: Any) -> tuple[Any, dict[str, Any]]:
        """The v5 reward of a step and its terms, as ``(reward, reward_info)``.

        Subclasses may override it to shape the reward, as with the reference's class.
        """
        progress = x_velocity * self._forward_reward_weight
        survive_reward = self.healthy_reward
        control_penalty = self.control_cost(action)
        contact_penalty = self.contact_cost
        reward = (progress + survive_reward) - (control_penalty + contact_penalty)
        reward_info = {
            "reward_forward": progress,
            "reward_ctrl": -control_penalty,
            "reward_contact": -contact_penalty,
            "reward_survive": survive_reward,
        }
        return reward, reward_info

    def _v4_info(
        self, progress: Any, control_penalty: Any, contact_penalty: Any, survive_reward: Any
    ) -> dict[str, Any]:
        # v4 overwrites the control term with the contact cost when it charges contacts.
        shown_cost = contact_penalty if self._use_contact_forces else control_penalty
        return {
            "reward_forward": progress,
            "reward_ctrl": -shown_cost,
            "reward_survive": survive_reward,
        }

    def _get_reset_info(self) -> dict[str, Any]:
        return {} if self.version == "v4" else position_info(self.data.qpos[0:2])

    HAS_BATCHED_TERMS = True

    def _batched_positions(self, datas: Sequence[Any]) -> NDArray[np.float64]:
        body = int(self.model.body(self._main_body).id)
        return np.array([data.xpos[body, :2] for data in datas])

    def _batched_terms(
        self, datas: Sequence[Any], actions: Any, before: NDArray[np.float64]
    ) -> tuple[Any, Any, Any, dict[str, Any]]:
        count = len(datas)
        qpos = np.stack([data.qpos for data in datas])
        qvel = np.stack([data.qvel for data in datas])
        xy_after = self._batched_positions(datas)
        xy_velocity = planar_velocity(before, xy_after, self.dt)
        x_velocity, y_velocity = xy_velocity[:, 0], xy_velocity[:, 1]
        forces = clipped_contact_forces(
            np.stack([data.cfrc_ext for data in datas]), self._contact_force_range
        )
        is_v4 = self.version == "v4"
        extras: tuple[Any, ...] = ()
        if is_v4 and self._use_contact_forces:
            extras = (forces.reshape(count, -1),)
        elif not is_v4 and self._include_cfrc_ext_in_observation:
            extras = (forces[:, 1:].reshape(count, -1),)
        observations = state_observation(qpos, qvel, self.num_skipped_qpos, extras)
        is_healthy = ant_is_healthy(qpos, qvel, self._healthy_z_range)
        pay_when_unhealthy = is_v4 and self._terminate_when_unhealthy
        survive_reward = healthy_reward(is_healthy, self._healthy_reward, pay_when_unhealthy)
        progress = x_velocity * self._forward_reward_weight
        control_penalty = squared_sum_cost(actions, self._ctrl_cost_weight, axis=-1)
        charges_contacts = not is_v4 or self._use_contact_forces
        if charges_contacts:
            flat = forces.reshape(count, -1)
            contact_penalty = squared_sum_cost(flat, self._contact_cost_weight, axis=-1)
            rewards = (progress + survive_reward) - (control_penalty + contact_penalty)
        else:
            rewards = (progress + survive_reward) - control_penalty
        terminations = terminated(is_healthy, self._terminate_when_unhealthy)
        motion = {"x_velocity": x_velocity, "y_velocity": y_velocity}
        if is_v4:
            shown_cost = contact_penalty if self._use_contact_forces else control_penalty
            info = {
                "reward_forward": progress,
                "reward_ctrl": -shown_cost,
                "reward_survive": survive_reward,
                **rows_position_info(xy_after),
                **motion,
                "forward_reward": progress,
            }
        else:
            info = {
                **rows_position_info(qpos[:, 0:2]),
                **motion,
                "reward_forward": progress,
                "reward_ctrl": -control_penalty,
                "reward_contact": -contact_penalty,
                "reward_survive": survive_reward,
            }
        return observations, rewards, terminations, info
