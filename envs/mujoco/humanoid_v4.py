"""``Humanoid-v4``: the humanoid task with the v4 constructor, observation, reward and info."""

from __future__ import annotations

from typing import Any

from . import humanoid_v5
from ._definition import V4_FIXED_ARGUMENTS
from ._task import TerminatedProperty, reject_task_kwargs
from ._terms import Range
from .humanoid_v5 import DEFAULT_CAMERA_CONFIG, HUMANOID, mass_center
from .humanoid_v5 import DEFAULT_OPTIONS as _O
from .humanoid_v5 import DEFAULT_PARAMS as _P
from .mujoco_env import MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "HumanoidEnv", "MujocoEnv", "mass_center"]


class HumanoidEnv(TerminatedProperty, humanoid_v5.HumanoidEnv):
    """The v4 humanoid: ``humanoid.xml``, frame skip 5, full observation, no contact cost.

    See :class:`gymnasium_core.envs.mujoco.humanoid_v5.HumanoidEnv` for the arguments.
    """

    metadata: dict[str, Any] = HUMANOID.rules["v4"].metadata()
    version = "v4"

    def __init__(
        self,
        forward_reward_weight: float = _P.forward_reward_weight,
        ctrl_cost_weight: float = _P.ctrl_cost_weight,
        healthy_reward: float = _P.healthy_reward,
        terminate_when_unhealthy: bool = _O.terminate_when_unhealthy,
        healthy_z_range: Range = _P.healthy_z_range,
        reset_noise_scale: float = _P.reset_noise_scale,
        exclude_current_positions_from_observation: bool = (
            _O.exclude_current_positions_from_observation
        ),
        **kwargs: Any,
    ) -> None:
        reject_task_kwargs(kwargs, V4_FIXED_ARGUMENTS)
        super().__init__(
            "humanoid.xml",
            5,
            humanoid_v5.DEFAULT_CAMERA_CONFIG,
            forward_reward_weight=forward_reward_weight,
            ctrl_cost_weight=ctrl_cost_weight,
            healthy_reward=healthy_reward,
            terminate_when_unhealthy=terminate_when_unhealthy,
            healthy_z_range=healthy_z_range,
            reset_noise_scale=reset_noise_scale,
            exclude_current_positions_from_observation=exclude_current_positions_from_observation,
            **kwargs,
        )
