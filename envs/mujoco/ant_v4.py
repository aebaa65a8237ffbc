"""``Ant-v4``: the ant task with the v4 constructor, observation, reward and info."""

from __future__ import annotations

from typing import Any

from . import ant_v5
from ._definition import V4_FIXED_ARGUMENTS
from ._task import TerminatedProperty, reject_task_kwargs
from ._terms import Range
from .ant_v5 import ANT, DEFAULT_CAMERA_CONFIG
from .ant_v5 import DEFAULT_OPTIONS as _O
from .ant_v5 import DEFAULT_PARAMS as _P
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "AntEnv", "MujocoEnv"]


class AntEnv(TerminatedProperty, ant_v5.AntEnv):
    """The v4 ant: frame skip 5, the torso as main body, optional contact forces.

    Args:
        xml_file: The MJCF model.
        ctrl_cost_weight: Weight of the quadratic control cost.
        use_contact_forces: Observe the clipped contact forces of all bodies and charge the
            contact cost.
        contact_cost_weight: Weight of the contact cost.
        healthy_reward: Bonus per step (also paid on the terminal step, as in v4).
        terminate_when_unhealthy: End the episode when the ant is unhealthy.
        healthy_z_range: Closed bounds on the torso height.
        contact_force_range: Bounds the contact forces are clipped to.
        reset_noise_scale: Scale of the reset noise.
        exclude_current_positions_from_observation: Leave x and y out of the observation.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    metadata: dict[str, Any] = ANT.rules["v4"].metadata()
    version = "v4"

    def __init__(
        self,
        xml_file: str = _O.xml_file,
        ctrl_cost_weight: float = _P.ctrl_cost_weight,
        use_contact_forces: bool = False,
        contact_cost_weight: float = _P.contact_cost_weight,
        healthy_reward: float = _P.healthy_reward,
        terminate_when_unhealthy: bool = _O.terminate_when_unhealthy,
        healthy_z_range: Range = _P.healthy_z_range,
        contact_force_range: Range = _P.contact_force_range,
        reset_noise_scale: float = _P.reset_noise_scale,
        exclude_current_positions_from_observation: bool = (
            _O.exclude_current_positions_from_observation
        ),
        **kwargs: Any,
    ) -> None:
        reject_task_kwargs(kwargs, V4_FIXED_ARGUMENTS)
        self._use_contact_forces = use_contact_forces
        super().__init__(
            xml_file,
            5,
            ant_v5.DEFAULT_CAMERA_CONFIG,
            forward_reward_weight=_P.forward_reward_weight,
            ctrl_cost_weight=ctrl_cost_weight,
            contact_cost_weight=contact_cost_weight,
            healthy_reward=healthy_reward,
            main_body="torso",
            terminate_when_unhealthy=terminate_when_unhealthy,
            healthy_z_range=healthy_z_range,
            contact_force_range=contact_force_range,
            reset_noise_scale=reset_noise_scale,
            exclude_current_positions_from_observation=exclude_current_positions_from_observation,
            include_cfrc_ext_in_observation=use_contact_forces,
            **kwargs,
        )
