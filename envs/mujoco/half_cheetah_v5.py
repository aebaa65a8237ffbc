"""HalfCheetah: make a planar two-legged cheetah run forward (``HalfCheetah-v4/-v5``).

Nine degrees of freedom: the root slides along x and z and turns about y; the back and front
legs have thigh, shin and foot hinges driven by six motors (actions in ``[-1, 1]``). The
cheetah cannot fall: episodes never terminate and end only by truncation.

Observation (float64): ``qpos[1:]`` (``rootx`` too when
``exclude_current_positions_from_observation=False``) then ``qvel``, unclipped.

Reward: ``forward_reward_weight * dx/dt - ctrl_cost_weight * |action|^2``. Reset noise is
uniform on ``qpos`` and Gaussian (standard deviation ``reset_noise_scale``) on ``qvel``.

Versions: v5 takes ``xml_file``, ``frame_skip`` and ``default_camera_config``, names the
forward term ``reward_forward`` (v4: ``reward_run``) and returns ``x_position`` on reset.

:class:`HalfCheetahEnv` here has the v5 defaults; :mod:`.half_cheetah_v4` subclasses it with
the v4 constructor.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from ._definition import V4, V5, Array, ArrayNamespace, Rules, SimData, TaskDefinition, TaskShell
from ._task import LocomotionEnv
from ._terms import (
    control_cost,
    entry,
    observation_size,
    planar_velocity,
    root_x_info,
    skipped_positions,
    state_observation,
)
from .mujoco_env import MujocoEnv

__all__ = [
    "DEFAULT_CAMERA_CONFIG",
    "DEFAULT_OPTIONS",
    "DEFAULT_PARAMS",
    "HALF_CHEETAH",
    "HalfCheetahEnv",
    "HalfCheetahOptions",
    "HalfCheetahParams",
    "MujocoEnv",
]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {"distance": 4.0}


class HalfCheetahParams(NamedTuple):
    """The cheetah's numbers, with their defaults (those of both versions)."""

    forward_reward_weight: float = 1.0
    ctrl_cost_weight: float = 0.1
    reset_noise_scale: float = 0.1


class HalfCheetahOptions(NamedTuple):
    """The cheetah's static configuration, with the v5 defaults."""

    xml_file: str = "half_cheetah.xml"
    frame_skip: int = 5
    default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG
    exclude_current_positions_from_observation: bool = True


DEFAULT_PARAMS = HalfCheetahParams()
DEFAULT_OPTIONS = HalfCheetahOptions()


def _observation(
    task: TaskShell[Rules], data: SimData, params: HalfCheetahParams, xp: ArrayNamespace
) -> Array:
    return state_observation(data.qpos, data.qvel, skipped_positions(task.options, 1), xp=xp)


def _step_info(
    task: TaskShell[Rules],
    before: SimData,
    action: Array,
    after: SimData,
    params: HalfCheetahParams,
    xp: ArrayNamespace,
) -> dict[str, Any]:
    x_velocity = planar_velocity(entry(before.qpos, 0), entry(after.qpos, 0), task.dt)
    return {
        **root_x_info(task, after, xp),
        "x_velocity": x_velocity,
        "reward_forward": params.forward_reward_weight * x_velocity,
        "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, xp, axis=-1),
    }


#: The cheetah task.
HALF_CHEETAH = TaskDefinition(
    name="HalfCheetah",
    params=HalfCheetahParams,
    options=HalfCheetahOptions,
    rules={
        # v4 names the forward term "reward_run"
        "v4": replace(
            V4,
            render_fps=20,
            reward_info_names={"reward_run": "reward_forward", "reward_ctrl": "reward_ctrl"},
        ),
        "v5": V5,
    },
    observation_size=lambda task: observation_size(task, 1),
    observation=_observation,
    step_info=_step_info,
    state_info=root_x_info,
    velocity_noise="normal",
    # v4 reports the root's positions: those of the state the step info starts with
    tracks_step_positions=True,
)


class HalfCheetahEnv(LocomotionEnv):
    """Run forward with a planar cheetah (v5 defaults; see the module docstring).

    Args:
        xml_file: The MJCF model (a name in the assets folder or a path).
        frame_skip: Physics steps (of 0.01 s) per environment step.
        default_camera_config: ``mujoco.MjvCamera`` attributes of the render camera.
        forward_reward_weight: Weight of the forward velocity reward.
        ctrl_cost_weight: Weight of the quadratic control cost.
        reset_noise_scale: Scale of the reset noise on ``qpos`` and ``qvel``.
        exclude_current_positions_from_observation: Leave ``rootx`` out of the observation.
        **kwargs: Passed to :class:`~gymnasium_core.envs.mujoco.MujocoEnv`.
    """

    NUM_ROOT_POSITIONS = 1
    VELOCITY_NOISE = "normal"

    definition = HALF_CHEETAH

    def __init__(
        self,
        xml_file: str = DEFAULT_OPTIONS.xml_file,
        frame_skip: int = DEFAULT_OPTIONS.frame_skip,
        default_camera_config: dict[str, Any] | None = DEFAULT_OPTIONS.default_camera_config,
        forward_reward_weight: float = DEFAULT_PARAMS.forward_reward_weight,
        ctrl_cost_weight: float = DEFAULT_PARAMS.ctrl_cost_weight,
        reset_noise_scale: float = DEFAULT_PARAMS.reset_noise_scale,
        exclude_current_positions_from_observation: bool = (
            DEFAULT_OPTIONS.exclude_current_positions_from_observation
        ),
        **kwargs: Any,
    ) -> None:
        self._forward_reward_weight = forward_reward_weight
        self._ctrl_cost_weight = ctrl_cost_weight
        self._setup(
            xml_file,
            frame_skip,
            default_camera_config,
            reset_noise_scale,
            exclude_current_positions_from_observation,
            kwargs,
        )
