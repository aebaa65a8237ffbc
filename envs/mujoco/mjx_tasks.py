"""The pendulums, Reacher and Pusher (v5) as functional envs over MJX, MuJoCo in JAX.

Each task reuses the observation, reward and termination functions of its native module with
``xp = jax.numpy``; only the physics differs (``mjx.step`` instead of ``mj_step``). The state
is an ``mjx.Data``, so the envs jit, vmap and scan like any other JAX functional env:

>>> from gymnasium_core.functional import FunctionalJaxEnv  # doctest: +SKIP
>>> env = FunctionalJaxEnv(MjxReacher(reward_control_weight=0.5))  # doctest: +SKIP

MJX computes in float32 (unless ``jax_enable_x64`` is set), so trajectories follow the native
float64 ones only to a tolerance (see ``docs/envs/mujoco_mjx.md``). Reset distributions equal
the native ones, drawn from JAX keys instead of a numpy generator. This module also re-exports
the locomotion tasks of :mod:`.mjx_locomotion`, so every MJX task can be imported from here.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp

from . import inverted_double_pendulum as idp
from . import inverted_pendulum as ip
from . import pusher, reacher
from .mjx_core import MjxTask, noisy_state, rejection_sample
from .mjx_locomotion import (
    MjxAnt,
    MjxHalfCheetah,
    MjxHopper,
    MjxHumanoid,
    MjxHumanoidStandup,
    MjxSwimmer,
    MjxWalker2d,
)

__all__ = [
    "MJX_TASKS",
    "MjxAnt",
    "MjxHalfCheetah",
    "MjxHopper",
    "MjxHumanoid",
    "MjxHumanoidStandup",
    "MjxInvertedDoublePendulum",
    "MjxInvertedPendulum",
    "MjxPusher",
    "MjxReacher",
    "MjxSwimmer",
    "MjxWalker2d",
]


class InvertedPendulumParams(NamedTuple):
    """Numeric arguments of ``InvertedPendulum-v5``."""

    reset_noise_scale: float


class MjxInvertedPendulum(MjxTask):
    """``InvertedPendulum-v5`` on MJX."""

    NATIVE = ip.InvertedPendulumEnv
    PARAMS = InvertedPendulumParams
    OPTION_NAMES = ("xml_file", "frame_skip", "default_camera_config")

    def _observation_size(self) -> int:
        return 4

    def initial(self, rng: Any, params: Any = None) -> Any:
        """Uniform noise on the default ``qpos`` and ``qvel``."""
        p = self._params(params)
        qpos, qvel = noisy_state(
            rng, self.init_qpos, self.init_qvel, p.reset_noise_scale, "uniform"
        )
        return self.make_state(qpos, qvel)

    def observation(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """``qpos`` then ``qvel``."""
        obs: jax.Array = ip.observation(state.qpos, state.qvel, jnp)
        return obs

    def terminal(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """Non-finite state or the pole past 0.2 rad."""
        fallen: jax.Array = ip.is_unhealthy(self.observation(state, rng), jnp)
        return fallen

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: Any = None
    ) -> jax.Array:
        """1 while the pole stays up, 0 on the step it falls."""
        return 1.0 - self.terminal(next_state, rng).astype(jnp.float32)

    def transition_info(
        self, state: Any, action: Any, next_state: Any, params: Any = None
    ) -> dict[str, Any]:
        """``reward_survive``, as the native v5 step reports it."""
        return {"reward_survive": self.reward(state, action, next_state, None, params)}


class InvertedDoublePendulumParams(NamedTuple):
    """Numeric arguments of ``InvertedDoublePendulum-v5``."""

    healthy_reward: float
    reset_noise_scale: float


class MjxInvertedDoublePendulum(MjxTask):
    """``InvertedDoublePendulum-v5`` on MJX."""

    NATIVE = idp.InvertedDoublePendulumEnv
    PARAMS = InvertedDoublePendulumParams
    OPTION_NAMES = ("xml_file", "frame_skip", "default_camera_config")

    def _observation_size(self) -> int:
        return 9

    def initial(self, rng: Any, params: Any = None) -> Any:
        """Uniform noise on ``qpos``, Gaussian noise on ``qvel``."""
        p = self._params(params)
        qpos, qvel = noisy_state(rng, self.init_qpos, self.init_qvel, p.reset_noise_scale, "normal")
        return self.make_state(qpos, qvel)

    def observation(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """Cart, sin / cos of the poles, clipped velocities, the cart's constraint force."""
        obs: jax.Array = idp.observation(state.qpos, state.qvel, state.qfrc_constraint, 1, jnp)
        return obs

    def terminal(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """The tip at or below height 1."""
        fallen: jax.Array = idp.is_fallen(state.site_xpos[0, 2])
        return fallen

    def _terms(self, next_state: Any, params: Any) -> dict[str, Any]:
        p = self._params(params)
        tip = next_state.site_xpos[0]
        distance_penalty, velocity_penalty = idp.penalties(tip[0], tip[2], next_state.qvel)
        alive = p.healthy_reward * (1.0 - idp.is_fallen(tip[2]).astype(jnp.float32))
        return {
            "reward_survive": alive,
            "distance_penalty": -distance_penalty,
            "velocity_penalty": -velocity_penalty,
        }

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: Any = None
    ) -> jax.Array:
        """Alive bonus while up, minus the distance and velocity penalties."""
        terms = self._terms(next_state, params)
        total: jax.Array = (
            terms["reward_survive"] + terms["distance_penalty"] + terms["velocity_penalty"]
        )
        return total

    def transition_info(
        self, state: Any, action: Any, next_state: Any, params: Any = None
    ) -> dict[str, Any]:
        """The reward terms, named as the native v5 step names them."""
        return self._terms(next_state, params)


class ReacherParams(NamedTuple):
    """Numeric arguments of ``Reacher-v5``."""

    reward_dist_weight: float
    reward_control_weight: float


class MjxReacher(MjxTask):
    """``Reacher-v5`` on MJX."""

    NATIVE = reacher.ReacherEnv
    PARAMS = ReacherParams
    OPTION_NAMES = ("xml_file", "frame_skip", "default_camera_config")

    def _observation_size(self) -> int:
        return 10

    def initial(self, rng: Any, params: Any = None) -> Any:
        """Jitter the arm; a target uniform in the disc of radius 0.2, at rest."""
        k_arm, k_goal = jax.random.split(rng)
        radius = reacher.GOAL_RADIUS
        goal = rejection_sample(
            k_goal,
            lambda key: jax.random.uniform(key, (2,), minval=-radius, maxval=radius),
            lambda g: jnp.linalg.norm(g) < radius,
        )
        init = (self.init_qpos, self.init_qvel)
        qpos, _ = noisy_state(k_arm, *init, reacher.ARM_POSITION_NOISE, "uniform")
        _, qvel = noisy_state(k_arm, *init, reacher.ARM_VELOCITY_NOISE, "uniform")
        return self.make_state(qpos.at[-2:].set(goal), qvel.at[-2:].set(0.0))

    def _points(self, state: Any) -> tuple[Any, Any]:
        model = self.mj_model
        xpos = state.xpos
        return xpos[model.body("fingertip").id], xpos[model.body("target").id]

    def observation(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """Arm angles as cos / sin, target, arm velocities, fingertip - target (x, y)."""
        tip, target = self._points(state)
        obs: jax.Array = reacher.observation(state.qpos, state.qvel, tip, target, 2, jnp)
        return obs

    def _terms(self, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        p = self._params(params)
        tip, target = self._points(next_state)
        reward_dist, reward_ctrl = reacher.reward_terms(
            tip, target, action, p.reward_dist_weight, p.reward_control_weight, jnp
        )
        return {"reward_dist": reward_dist, "reward_ctrl": reward_ctrl}

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: Any = None
    ) -> jax.Array:
        """Minus the distance to the target minus the squared controls (weighted)."""
        terms = self._terms(action, next_state, params)
        total: jax.Array = terms["reward_dist"] + terms["reward_ctrl"]
        return total

    def transition_info(
        self, state: Any, action: Any, next_state: Any, params: Any = None
    ) -> dict[str, Any]:
        """``reward_dist`` and ``reward_ctrl``."""
        return self._terms(action, next_state, params)


class PusherParams(NamedTuple):
    """Numeric arguments of ``Pusher-v5``."""

    reward_near_weight: float
    reward_dist_weight: float
    reward_control_weight: float


class MjxPusher(MjxTask):
    """``Pusher-v5`` on MJX."""

    NATIVE = pusher.PusherEnv
    PARAMS = PusherParams
    OPTION_NAMES = ("xml_file", "frame_skip", "default_camera_config")

    def _observation_size(self) -> int:
        return 23

    def initial(self, rng: Any, params: Any = None) -> Any:
        """Default arm pose, goal at the origin, object at least 0.17 away from it."""
        k_obj, k_vel = jax.random.split(rng)
        (x_low, x_high), (y_low, y_high) = pusher.OBJECT_X_RANGE, pusher.OBJECT_Y_RANGE
        low, high = jnp.array([x_low, y_low]), jnp.array([x_high, y_high])
        cylinder = rejection_sample(
            k_obj,
            lambda key: jax.random.uniform(key, (2,), minval=low, maxval=high),
            lambda c: jnp.linalg.norm(c) > pusher.MIN_OBJECT_GOAL_DISTANCE,
        )
        qpos = jnp.asarray(self.init_qpos).at[-4:-2].set(cylinder).at[-2:].set(0.0)
        _, qvel = noisy_state(
            k_vel, self.init_qpos, self.init_qvel, pusher.ARM_VELOCITY_NOISE, "uniform"
        )
        return self.make_state(qpos, qvel.at[-4:].set(0.0))

    def _points(self, state: Any) -> tuple[Any, Any, Any]:
        model, xpos = self.mj_model, state.xpos
        return (
            xpos[model.body("tips_arm").id],
            xpos[model.body("object").id],
            xpos[model.body("goal").id],
        )

    def observation(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """Arm angles and velocities, then fingertips, object and goal positions."""
        obs: jax.Array = pusher.observation(state.qpos, state.qvel, *self._points(state), jnp)
        return obs

    def _terms(self, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        p = self._params(params)
        weights = (p.reward_near_weight, p.reward_dist_weight, p.reward_control_weight)
        near, dist, ctrl = pusher.reward_terms(*self._points(next_state), action, weights, jnp)
        return {"reward_dist": dist, "reward_ctrl": ctrl, "reward_near": near}

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: Any = None
    ) -> jax.Array:
        """Weighted fingertips-object distance, object-goal distance and squared controls."""
        terms = self._terms(action, next_state, params)
        total: jax.Array = terms["reward_dist"] + terms["reward_ctrl"] + terms["reward_near"]
        return total

    def transition_info(
        self, state: Any, action: Any, next_state: Any, params: Any = None
    ) -> dict[str, Any]:
        """``reward_dist``, ``reward_ctrl`` and ``reward_near``."""
        return self._terms(action, next_state, params)


#: Every MJX task, by the name of its native task.
MJX_TASKS: dict[str, type[MjxTask]] = {
    "Ant": MjxAnt,
    "HalfCheetah": MjxHalfCheetah,
    "Hopper": MjxHopper,
    "Humanoid": MjxHumanoid,
    "HumanoidStandup": MjxHumanoidStandup,
    "InvertedDoublePendulum": MjxInvertedDoublePendulum,
    "InvertedPendulum": MjxInvertedPendulum,
    "Pusher": MjxPusher,
    "Reacher": MjxReacher,
    "Swimmer": MjxSwimmer,
    "Walker2d": MjxWalker2d,
}
