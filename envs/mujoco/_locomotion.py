"""What the MuJoCo locomotion tasks share: reward terms, health checks, observations, resets.

The task arithmetic is written as small functions of MuJoCo arrays (``qpos``, ``qvel``,
``cfrc_ext``, ``xipos``, ...) and an array namespace ``xp`` (``numpy`` or ``jax.numpy``), so a
physics backend other than native MuJoCo can reuse it. Each function performs the same
floating-point operations, in the same order, as Gymnasium's environments, which is what keeps
trajectories bit-for-bit equal to the reference.

:class:`LocomotionEnv` is the stateful shell the seven tasks (Ant, HalfCheetah, Hopper,
Humanoid, HumanoidStandup, Swimmer, Walker2d) build on: it keeps the version (``"v4"`` or
``"v5"``), sets the observation space and metadata the way that version does, and draws the
reset noise.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any, Literal, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from gymnasium_core import spaces

from .mujoco_env import MujocoEnv

__all__ = [
    "LocomotionEnv",
    "PlanarLeggedEnv",
    "Version",
    "clipped_contact_forces",
    "control_cost",
    "healthy_reward",
    "in_range",
    "mass_center_xy",
    "planar_velocity",
    "reject_task_kwargs",
    "squared_sum_cost",
    "state_observation",
    "terminated",
]

Version = Literal["v4", "v5"]
Xp = Any  # an array namespace: numpy or jax.numpy
Array = Any  # an array of ``xp``
Range = tuple[float, float]


# -- reward terms ---------------------------------------------------------------------------------


def squared_sum_cost(values: Array, weight: float, xp: Xp = np) -> Array:
    """``weight * sum(values ** 2)``: the quadratic penalty behind control and contact costs.

    The result keeps the dtype numpy gives it: a float32 action makes a float32 cost, as in the
    reference, and the total reward then rounds the same way.
    """
    return weight * xp.sum(xp.square(values))


def control_cost(action: Array, weight: float, xp: Xp = np) -> Array:
    """Quadratic penalty on the action (or on ``data.ctrl`` for the humanoids)."""
    return squared_sum_cost(action, weight, xp)


def clipped_contact_forces(cfrc_ext: Array, force_range: Range, xp: Xp = np) -> Array:
    """External contact wrenches of each body, clipped elementwise to ``force_range``."""
    low, high = force_range
    return xp.clip(cfrc_ext, low, high)


def planar_velocity(before: Array, after: Array, dt: float) -> Array:
    """Finite-difference velocity of a position over one environment step of ``dt`` seconds."""
    return (after - before) / dt


def mass_center_xy(body_mass: Array, xipos: Array, xp: Xp = np) -> Array:
    """The x and y of the whole model's centre of mass, shape ``(2,)``.

    Args:
        body_mass: Body masses, shape ``(nbody,)``.
        xipos: World positions of the bodies' centres of mass, shape ``(nbody, 3)``.
        xp: The array namespace.
    """
    # einsum, not a matmul: its summation order is the one the reference's numbers carry.
    weighted = xp.einsum("b,bj->j", body_mass, xipos)
    return (weighted / body_mass.sum())[0:2]


# -- health and episode end -----------------------------------------------------------------------


def in_range(value: Array, bounds: Range, *, closed: bool = False) -> Array:
    """Whether ``value`` lies in ``bounds``: the open interval, or the closed one if asked."""
    low, high = bounds
    if closed:
        return (low <= value) & (value <= high)
    return (low < value) & (value < high)


def healthy_reward(is_healthy: Array, weight: float, pay_when_unhealthy: bool) -> Array:
    """The per-step survival bonus.

    v4 pays it on every step while ``terminate_when_unhealthy`` is set, the terminal unhealthy
    step included (a reference quirk kept for v4); v5 pays it only while healthy.
    """
    return (is_healthy | pay_when_unhealthy) * weight


def terminated(is_healthy: Array, terminate_when_unhealthy: bool) -> bool:
    """The episode ends when the body is unhealthy, if the task is asked to end it then."""
    return bool(not is_healthy) and terminate_when_unhealthy


# -- observations ---------------------------------------------------------------------------------


def state_observation(
    qpos: Array,
    qvel: Array,
    num_skipped: int,
    extras: Sequence[Array] = (),
    velocity_limit: float | None = None,
    xp: Xp = np,
) -> Array:
    """``qpos`` without its first ``num_skipped`` entries, then ``qvel``, then ``extras``.

    Args:
        qpos: Joint positions, shape ``(nq,)``.
        qvel: Joint velocities, shape ``(nv,)``.
        num_skipped: Leading ``qpos`` entries left out (the root's x, or x and y).
        extras: Further flat arrays appended in order (contact forces, inertias, ...).
        velocity_limit: If given, velocities are clipped to ``[-limit, limit]``.
        xp: The array namespace.

    Returns:
        The observation, shape ``(nq - num_skipped + nv + sum of extra sizes,)``.
    """
    velocity = qvel if velocity_limit is None else xp.clip(qvel, -velocity_limit, velocity_limit)
    return xp.concatenate((qpos[num_skipped:], velocity, *extras))


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


# -- the stateful shell -------------------------------------------------------------------------


class LocomotionEnv(MujocoEnv):
    """A MuJoCo locomotion task of version ``"v4"`` or ``"v5"``.

    The v4 classes are subclasses that set :attr:`version` to ``"v4"`` and give ``__init__``
    the v4 signature and defaults. Subclasses set :attr:`num_skipped_qpos` in ``__init__``
    before calling :meth:`_setup`, and implement :meth:`_extra_observation_sizes` when the
    observation holds more than ``qpos`` and ``qvel``.
    """

    #: The version whose defaults, observation and info the class follows.
    version: Version = "v5"
    #: How the initial velocities are perturbed: ``"uniform"`` or ``"normal"``.
    VELOCITY_NOISE: Literal["uniform", "normal"] = "uniform"

    num_skipped_qpos: int
    _reset_noise_scale: float

    def _setup(
        self,
        xml_file: str,
        frame_skip: int,
        reset_noise_scale: float,
        mujoco_kwargs: dict[str, Any],
    ) -> None:
        """Compile the model and set the spaces and metadata of :attr:`version`.

        v4 classes carry ``render_fps`` in their class metadata (checked against ``dt`` by
        :class:`MujocoEnv`); v5 derives it from ``dt`` after compiling.
        """
        version = self.version
        self._reset_noise_scale = reset_noise_scale
        MujocoEnv.__init__(self, xml_file, frame_skip, observation_space=None, **mujoco_kwargs)
        modes = ["human", "rgb_array", "depth_array", "rgbd_tuple"]
        if version == "v5":
            self.metadata = {"render_modes": modes, "render_fps": int(np.round(1.0 / self.dt))}
        size = self.data.qpos.size - self.num_skipped_qpos + self.data.qvel.size
        extras = self._extra_observation_sizes()
        size += sum(extras.values())
        self.observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float64)
        if version == "v5":
            self.observation_structure: dict[str, int] = {
                "skipped_qpos": self.num_skipped_qpos,
                "qpos": self.data.qpos.size - self.num_skipped_qpos,
                "qvel": self.data.qvel.size,
                **extras,
            }

    def _extra_observation_sizes(self) -> dict[str, int]:
        """Sizes of the observation parts after ``qvel``, by name (none by default)."""
        return {}

    def _simulate(self, action: Any) -> None:
        """Advance the physics by one environment step (``frame_skip`` MuJoCo steps)."""
        self.do_simulation(action, self.frame_skip)

    def _noisy_initial_state(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """The initial state plus reset noise, drawn from ``np_random`` (positions first)."""
        scale = self._reset_noise_scale
        rng, model = self.np_random, self.model
        position_noise = rng.uniform(low=-scale, high=scale, size=model.nq)
        if self.VELOCITY_NOISE == "normal":
            velocity_noise = scale * rng.standard_normal(model.nv)
        else:
            velocity_noise = rng.uniform(low=-scale, high=scale, size=model.nv)
        return self.init_qpos + position_noise, self.init_qvel + velocity_noise

    def reset_model(self) -> NDArray[np.float64]:
        """Perturb the initial state and return the first observation."""
        qpos, qvel = self._noisy_initial_state()
        self.set_state(qpos, qvel)
        return self._get_obs()

    def _get_obs(self) -> NDArray[np.float64]:
        """The observation of the current state."""
        raise NotImplementedError

    def _observe(
        self, extras: Sequence[NDArray[np.float64]] = (), velocity_limit: float | None = None
    ) -> NDArray[np.float64]:
        """``qpos`` (less the skipped entries), ``qvel`` and ``extras``, concatenated."""
        observation: NDArray[np.float64] = state_observation(
            self.data.qpos, self.data.qvel, self.num_skipped_qpos, extras, velocity_limit
        )
        return observation

    def _finish_step(
        self, observation: NDArray[np.float64], reward: Any, is_done: bool, info: dict[str, Any]
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Render in human mode and assemble the step's return value."""
        if self.render_mode == "human":
            self.render()
        return observation, reward, is_done, False, info


class PlanarLeggedEnv(LocomotionEnv):
    """Shared shell of the planar legged runners (Hopper, Walker2d).

    The body moves in the x-z plane on root joints ``rootx``, ``rootz``, ``rooty``; the reward
    is forward progress of ``rootx`` plus a survival bonus minus a control cost, and velocities
    in the observation are clipped to ``[-10, 10]``. Subclasses define :attr:`is_healthy`.
    """

    VELOCITY_LIMIT = 10.0

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
        self.num_skipped_qpos = 1 if exclude_current_positions_from_observation else 0
        self._setup(
            xml_file,
            frame_skip,
            reset_noise_scale,
            {"default_camera_config": default_camera_config, **kwargs},
        )

    @property
    def is_healthy(self) -> bool:
        """Whether the body is upright and within its healthy ranges."""
        raise NotImplementedError

    @property
    def healthy_reward(self) -> Any:
        """The survival bonus of the current state (see :func:`healthy_reward`)."""
        pay_when_unhealthy = self.version == "v4" and self._terminate_when_unhealthy
        return healthy_reward(self.is_healthy, self._healthy_reward, pay_when_unhealthy)

    def control_cost(self, action: Any) -> Any:
        """Quadratic control cost of ``action``."""
        return control_cost(action, self._ctrl_cost_weight)

    def _get_obs(self) -> NDArray[np.float64]:
        return self._observe((), self.VELOCITY_LIMIT)

    def step(
        self, action: Any
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply torques for ``frame_skip`` physics steps and score the forward progress."""
        x_before = self.data.qpos[0]
        self._simulate(action)
        x_after = self.data.qpos[0]
        x_velocity = planar_velocity(x_before, x_after, self.dt)

        observation = self._get_obs()
        progress = self._forward_reward_weight * x_velocity
        survive_reward = self.healthy_reward
        control_penalty = self.control_cost(action)
        reward = (progress + survive_reward) - control_penalty
        is_done = terminated(self.is_healthy, self._terminate_when_unhealthy)

        info: dict[str, Any] = {"x_position": x_after}
        if self.version == "v5":
            info["z_distance_from_origin"] = self.data.qpos[1] - self.init_qpos[1]
        info["x_velocity"] = x_velocity
        if self.version == "v5":
            info["reward_forward"] = progress
            info["reward_ctrl"] = -control_penalty
            info["reward_survive"] = survive_reward
        return self._finish_step(observation, reward, is_done, info)

    def _get_reset_info(self) -> dict[str, Any]:
        if self.version == "v4":
            return {}
        qpos = self.data.qpos
        return {"x_position": qpos[0], "z_distance_from_origin": qpos[1] - self.init_qpos[1]}
