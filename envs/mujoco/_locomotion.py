"""The stateful shells of the MuJoCo locomotion tasks.

:class:`LocomotionEnv` is the shell the seven tasks (Ant, HalfCheetah, Hopper, Humanoid,
HumanoidStandup, Swimmer, Walker2d) build on, over :class:`._task.TaskEnv` (which steps through
the definition's terms, written in :mod:`._terms`): it sets the observation space the way the
version does and keeps the reference's ``_get_rew`` and ``control_cost`` hooks.
:class:`HealthCheckedEnv` adds the ``is_healthy`` and ``healthy_reward`` hooks of the tasks
that can fall, and :class:`PlanarLeggedEnv` the constructor of Hopper and Walker2d.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from gymnasium_core import spaces

from ._definition import V4_FIXED_ARGUMENTS
from ._task import TaskEnv, Version
from ._terms import Range, control_cost, survive_reward, terminated
from .mujoco_env import MujocoEnv

__all__ = [
    "V4_FIXED_ARGUMENTS",
    "HealthCheckedEnv",
    "LocomotionEnv",
    "PlanarLeggedEnv",
    "TerminatedProperty",
    "Version",
    "reject_task_kwargs",
]


def reject_task_kwargs(kwargs: dict[str, Any], fixed: Sequence[str] = ()) -> None:
    """Refuse keyword arguments a v4 constructor does not take.

    v4 classes forward ``**kwargs`` to :class:`MujocoEnv` only, so a v5-only task argument
    (or a base argument the v4 class fixes itself) is a ``TypeError`` there, as in the
    reference.

    Raises:
        TypeError: If a key is not a :class:`MujocoEnv` argument, or is one of ``fixed``.
    """
    accepted = set(inspect.signature(MujocoEnv.__init__).parameters) - {"self", *fixed}
    for name in kwargs:
        if name not in accepted:
            raise TypeError(f"__init__() got an unexpected keyword argument {name!r}")


# -- the stateful shells ------------------------------------------------------------------------


class LocomotionEnv(TaskEnv):
    """A MuJoCo locomotion task of version ``"v4"`` or ``"v5"``.

    The v4 classes are subclasses that set :attr:`version` to ``"v4"`` and give ``__init__``
    the v4 signature and defaults. Subclasses set :attr:`NUM_ROOT_POSITIONS`, call
    :meth:`_setup` from ``__init__``, and implement :meth:`_extra_observation_sizes` when the
    observation holds more than ``qpos`` and ``qvel``.
    """

    #: Leading ``qpos`` entries that locate the root (x, or x and y) and that
    #: ``exclude_current_positions_from_observation`` leaves out of the observation.
    NUM_ROOT_POSITIONS: int = 2
    HAS_BATCHED_TERMS = True

    num_skipped_qpos: int
    _ctrl_cost_weight: float

    def _setup(
        self,
        xml_file: str,
        frame_skip: int,
        default_camera_config: dict[str, Any] | None,
        reset_noise_scale: float,
        exclude_current_positions_from_observation: bool,
        mujoco_kwargs: dict[str, Any],
    ) -> None:
        """Compile the model and set the observation space of :attr:`version`."""
        self._exclude_current_positions_from_observation = (
            exclude_current_positions_from_observation
        )
        self.num_skipped_qpos = (
            self.NUM_ROOT_POSITIONS if exclude_current_positions_from_observation else 0
        )
        self._reset_noise_scale = reset_noise_scale
        self._compile(
            xml_file,
            frame_skip,
            None,
            {"default_camera_config": default_camera_config, **mujoco_kwargs},
        )
        size = self.data.qpos.size - self.num_skipped_qpos + self.data.qvel.size
        extras = self._extra_observation_sizes()
        size += sum(extras.values())
        self.observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float64)
        if self.rules.reports_observation_structure:
            self.observation_structure: dict[str, int] = {
                "skipped_qpos": self.num_skipped_qpos,
                "qpos": self.data.qpos.size - self.num_skipped_qpos,
                "qvel": self.data.qvel.size,
                **extras,
            }

    def _extra_observation_sizes(self) -> dict[str, int]:
        """Sizes of the observation parts after ``qvel``, by name (none by default)."""
        return {}

    def _reward_arguments(self, info: dict[str, Any], action: Any) -> tuple[Any, ...]:
        return (info["x_velocity"], action)

    def _get_rew(self, x_velocity: Any, action: Any) -> tuple[Any, dict[str, Any]]:
        """The reward of the current step and its terms, as ``(reward, reward_info)``.

        The terms are the definition's (see :meth:`TaskEnv._hooked_reward`); subclasses may
        override it to shape the reward, as with the reference's v5 classes.
        """
        return self._hooked_reward(action)

    def control_cost(self, action: Any) -> Any:
        """Quadratic control cost of ``action``."""
        return control_cost(action, self.params.ctrl_cost_weight)


class HealthCheckedEnv(LocomotionEnv):
    """A locomotion task with a health check, a survival bonus and termination when unhealthy.

    Subclasses set ``_healthy_reward`` and ``_terminate_when_unhealthy`` in ``__init__``; the
    health check is the definition's.
    """

    _healthy_reward: float
    _terminate_when_unhealthy: bool

    @property
    def is_healthy(self) -> Any:
        """Whether the body is within its healthy ranges (the definition's check)."""
        check = self.definition.is_healthy
        assert check is not None
        return check(self, self.data, self.params, np)

    @property
    def healthy_reward(self) -> Any:
        """The survival bonus of the current state (see :func:`survive_reward`)."""
        return survive_reward(self, self.is_healthy, self.params)

    def _is_terminated(self) -> bool:
        """Whether the current state ends the episode (see :func:`terminated`)."""
        return bool(terminated(self.is_healthy, self.options.terminate_when_unhealthy))


class TerminatedProperty:
    """The v4 ``terminated`` property of the tasks that can fall (Ant, Hopper, Humanoid, Walker2d).

    The reference's v4 classes expose whether the current state ends the episode as a
    property; v5 computes it inside ``step`` only.
    """

    _is_terminated: Callable[[], bool]

    @property
    def terminated(self) -> bool:
        """Whether the current state ends the episode."""
        return self._is_terminated()

    def _hooked_termination(self) -> bool:
        # v4 steps read this property, so a subclass overriding it changes the step
        return self.terminated


class PlanarLeggedEnv(HealthCheckedEnv):
    """Shared shell of the planar legged runners (Hopper, Walker2d).

    The body moves in the x-z plane on root joints ``rootx``, ``rootz``, ``rooty``; the reward
    is forward progress of ``rootx`` plus a survival bonus minus a control cost, and velocities
    in the observation are clipped to ``[-10, 10]`` (the terms of
    :func:`planar_legged_step_info` and :func:`planar_legged_observation`).
    """

    NUM_ROOT_POSITIONS = 1

    def __init__(
        self,
        xml_file: str,
        frame_skip: int,
        default_camera_config: dict[str, Any] | None,
        forward_reward_weight: float,
        ctrl_cost_weight: float,
        healthy_reward: float,
        terminate_when_unhealthy: bool,
        healthy_z_range: Range,
        healthy_angle_range: Range,
        reset_noise_scale: float,
        exclude_current_positions_from_observation: bool,
        **kwargs: Any,
    ) -> None:
        self._forward_reward_weight = forward_reward_weight
        self._ctrl_cost_weight = ctrl_cost_weight
        self._healthy_reward = healthy_reward
        self._terminate_when_unhealthy = terminate_when_unhealthy
        self._healthy_z_range = healthy_z_range
        self._healthy_angle_range = healthy_angle_range
        self._setup(
            xml_file,
            frame_skip,
            default_camera_config,
            reset_noise_scale,
            exclude_current_positions_from_observation,
            kwargs,
        )
