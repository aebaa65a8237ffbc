"""What every MuJoCo task shares: the version switch, constructor plumbing, resets, step end.

:class:`TaskEnv` is the stateful shell under all eleven tasks (the pendulums, Reacher and Pusher
directly, the locomotion tasks through :class:`._locomotion.LocomotionEnv`). It keeps the
version (``"v4"`` or ``"v5"``, a class attribute the ``<task>_v4`` classes override), compiles
the model, sets the metadata of that version, draws the reset noise and ends a step.

The task terms here are functions of arrays with an ``xp`` namespace argument (``numpy`` or
``jax.numpy``), so a second physics backend can reuse them. The arithmetic, including the order
of operations and the dtypes it meets, is kept as the reference computes it, which is what
makes rollouts equal bit for bit.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Literal, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from gymnasium_core import spaces

from .mujoco_env import MujocoEnv

__all__ = [
    "RENDER_MODES",
    "TaskEnv",
    "Version",
    "control_cost",
    "distance",
    "uniform_noise",
    "v4_metadata",
    "v5_metadata",
]

Version = Literal["v4", "v5"]

RENDER_MODES = ["human", "rgb_array", "depth_array", "rgbd_tuple"]


def v4_metadata(render_fps: int) -> dict[str, Any]:
    """The class metadata of a v4 environment: a fixed ``render_fps`` (checked against ``dt``)."""
    return {"render_modes": list(RENDER_MODES), "render_fps": render_fps}


def v5_metadata(dt: float) -> dict[str, Any]:
    """The metadata v5 environments set per instance: ``render_fps`` follows ``frame_skip``."""
    return {"render_modes": list(RENDER_MODES), "render_fps": int(np.round(1.0 / dt))}


def uniform_noise(rng: np.random.Generator, scale: float, size: int) -> Any:
    """``size`` draws from ``U(-scale, scale)`` (one call on ``rng``, as the reference draws)."""
    return rng.uniform(low=-scale, high=scale, size=size)


def control_cost(action: Any, xp: ModuleType) -> Any:
    """Sum of squared controls, in the action's own dtype (float32 for sampled actions)."""
    return xp.square(action).sum()


def distance(vector: Any, xp: ModuleType) -> Any:
    """Euclidean length of ``vector``."""
    return xp.linalg.norm(vector)


class TaskEnv(MujocoEnv):
    """A MuJoCo task of version ``"v4"`` or ``"v5"``.

    Subclasses compile their model with :meth:`_compile`, implement ``step`` (ending it with
    :meth:`_finish_step`) and ``_get_obs``, and either set :attr:`_reset_noise_scale` and
    :attr:`VELOCITY_NOISE` for the default :meth:`reset_model` or override it.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}

    #: The version whose defaults, observation and info the class follows.
    version: Version = "v5"
    #: How :meth:`reset_model` perturbs the initial velocities: ``"uniform"`` or ``"normal"``.
    VELOCITY_NOISE: Literal["uniform", "normal"] = "uniform"

    _reset_noise_scale: float

    def _compile(
        self,
        xml_file: str,
        frame_skip: int,
        observation_space: spaces.Space[Any] | None,
        mujoco_kwargs: dict[str, Any],
    ) -> None:
        """Build the :class:`MujocoEnv` and set the metadata of :attr:`version`.

        v4 classes carry ``render_fps`` in their class metadata (checked against ``dt`` by
        :class:`MujocoEnv`); v5 derives it from ``dt`` after compiling.
        """
        MujocoEnv.__init__(
            self, xml_file, frame_skip, observation_space=observation_space, **mujoco_kwargs
        )
        if self.version == "v5":
            self.metadata = v5_metadata(self.dt)

    def _noisy_initial_state(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """The initial state plus reset noise, drawn from ``np_random`` (positions first).

        Positions get ``U(-scale, scale)`` noise; velocities the same, or ``scale`` times a
        standard normal draw when :attr:`VELOCITY_NOISE` is ``"normal"``.
        """
        scale = self._reset_noise_scale
        rng, model = self.np_random, self.model
        position_noise = uniform_noise(rng, scale, model.nq)
        if self.VELOCITY_NOISE == "normal":
            velocity_noise = scale * rng.standard_normal(model.nv)
        else:
            velocity_noise = uniform_noise(rng, scale, model.nv)
        return self.init_qpos + position_noise, self.init_qvel + velocity_noise

    def _still_velocities(self, scale: float, num_still: int) -> NDArray[np.float64]:
        """``init_qvel`` plus ``U(-scale, scale)`` noise, its last ``num_still`` entries zero.

        The arm tasks reset this way: the arm jitters while the target or object stays still.
        """
        qvel: NDArray[np.float64] = self.init_qvel + uniform_noise(
            self.np_random, scale, self.model.nv
        )
        qvel[-num_still:] = 0
        return qvel

    def reset_model(self) -> NDArray[np.float64]:
        """Perturb the initial state and return the first observation."""
        qpos, qvel = self._noisy_initial_state()
        self.set_state(qpos, qvel)
        return self._get_obs()

    def _get_obs(self) -> NDArray[np.float64]:
        """The observation of the current state."""
        raise NotImplementedError

    def _finish_step(
        self, observation: NDArray[np.float64], reward: Any, terminated: bool, info: dict[str, Any]
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Render in human mode and assemble the step's return value (never truncated here)."""
        if self.render_mode == "human":
            self.render()
        return observation, reward, terminated, False, info
