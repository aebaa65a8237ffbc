"""The pendulums, Reacher and Pusher (v5) as functional envs over MJX, MuJoCo in JAX.

Each task reuses the observation, reward and termination functions of its native module with
``xp = jax.numpy``; only the physics differs (``mujoco.mjx.step`` instead of ``mj_step``). The
state is an ``mjx.Data``, so the envs jit, vmap and scan like any other JAX functional env:

>>> from gymnasium_core.functional import FunctionalJaxEnv  # doctest: +SKIP
>>> env = FunctionalJaxEnv(MjxReacher())  # doctest: +SKIP

MJX computes in float32 (unless ``jax_enable_x64`` is set), so trajectories follow the native
float64 ones only to a tolerance; the tests compare single steps from injected native states.
Reset distributions equal the native ones, drawn from JAX keys instead of a numpy generator.
MuJoCo and JAX load when a task is created, never at import.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from gymnasium_core.functional.func_env import FuncEnv
from gymnasium_core.spaces import Box

from . import inverted_double_pendulum as idp
from . import inverted_pendulum as ip
from . import pusher, reacher
from ._task import v5_metadata
from .mujoco_env import ASSETS_DIR

__all__ = ["MjxInvertedDoublePendulum", "MjxInvertedPendulum", "MjxPusher", "MjxReacher"]


class _MjxTask(FuncEnv[Any, Any, Any, Any, Any, None, None]):
    """Shared shell: model loading, spaces and the frame-skipped MJX step."""

    xml_file: str
    frame_skip: int
    obs_dim: int

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        """Compile the model, move it to JAX, and set the spaces."""
        import jax.numpy as jnp
        import mujoco
        from mujoco import mjx

        super().__init__(options)
        self.xp = jnp
        path = (
            self.xml_file
            if os.path.isabs(self.xml_file)
            else os.path.join(ASSETS_DIR, self.xml_file)
        )
        self.mj_model = mujoco.MjModel.from_xml_path(path)
        self.mjx_model = mjx.put_model(self.mj_model)
        self.init_qpos = jnp.asarray(self.mj_model.qpos0)
        self.init_qvel = jnp.zeros(self.mj_model.nv)
        low, high = self.mj_model.actuator_ctrlrange.astype(np.float32).T
        self.action_space = Box(low=low, high=high, dtype=np.float32)
        self.observation_space = Box(-np.inf, np.inf, (self.obs_dim,), np.float64)
        self.dt = float(self.mj_model.opt.timestep) * self.frame_skip
        self.metadata = {**v5_metadata(self.dt), "render_modes": [], "jax": True}

    def __getstate__(self) -> dict[str, Any]:
        """The options only: the compiled models are rebuilt on unpickling."""
        return {"options": {k: v for k, v in self.__dict__.items() if k in self._OPTION_NAMES}}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Rebuild from the options."""
        self.__init__(state["options"])  # type: ignore[misc]

    _OPTION_NAMES: tuple[str, ...] = ("xml_file", "frame_skip")

    def _data(self, qpos: Any, qvel: Any) -> Any:
        from mujoco import mjx

        data = mjx.make_data(self.mjx_model).replace(qpos=qpos, qvel=qvel)
        return mjx.forward(self.mjx_model, data)

    def transition(self, state: Any, action: Any, rng: Any, params: None = None) -> Any:
        """Apply ``action`` for ``frame_skip`` MJX steps."""
        import jax
        from mujoco import mjx

        data = state.replace(ctrl=self.xp.asarray(action, dtype=state.ctrl.dtype))
        return jax.lax.fori_loop(0, self.frame_skip, lambda _, d: mjx.step(self.mjx_model, d), data)

    def terminal(self, state: Any, rng: Any, params: None = None) -> Any:
        """These tasks end only by time limit unless a subclass says otherwise."""
        return self.xp.asarray(False)

    def _body(self, name: str) -> int:
        return int(self.mj_model.body(name).id)


class MjxInvertedPendulum(_MjxTask):
    """``InvertedPendulum-v5`` on MJX."""

    xml_file = "inverted_pendulum.xml"
    frame_skip = 2
    obs_dim = 4
    reset_noise_scale = 0.01
    _OPTION_NAMES = ("xml_file", "frame_skip", "reset_noise_scale")

    def initial(self, rng: Any, params: None = None) -> Any:
        """Uniform noise on the default ``qpos`` and ``qvel``."""
        import jax

        k_pos, k_vel = jax.random.split(rng)
        s = self.reset_noise_scale
        qpos = self.init_qpos + jax.random.uniform(k_pos, self.init_qpos.shape, minval=-s, maxval=s)
        qvel = self.init_qvel + jax.random.uniform(k_vel, self.init_qvel.shape, minval=-s, maxval=s)
        return self._data(qpos, qvel)

    def observation(self, state: Any, rng: Any, params: None = None) -> Any:
        """``qpos`` then ``qvel``."""
        return ip.observation(state.qpos, state.qvel, self.xp)

    def terminal(self, state: Any, rng: Any, params: None = None) -> Any:
        """Non-finite state or the pole past 0.2 rad."""
        return ip.is_unhealthy(self.observation(state, rng), self.xp)

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: None = None
    ) -> Any:
        """1 while the pole stays up, 0 on the step it falls."""
        return 1.0 - self.terminal(next_state, rng).astype(self.xp.float32)


class MjxInvertedDoublePendulum(_MjxTask):
    """``InvertedDoublePendulum-v5`` on MJX."""

    xml_file = "inverted_double_pendulum.xml"
    frame_skip = 5
    obs_dim = 9
    healthy_reward = 10.0
    reset_noise_scale = 0.1
    _OPTION_NAMES = ("xml_file", "frame_skip", "healthy_reward", "reset_noise_scale")

    def initial(self, rng: Any, params: None = None) -> Any:
        """Uniform noise on ``qpos``, Gaussian noise on ``qvel``."""
        import jax

        k_pos, k_vel = jax.random.split(rng)
        s = self.reset_noise_scale
        qpos = self.init_qpos + jax.random.uniform(k_pos, self.init_qpos.shape, minval=-s, maxval=s)
        qvel = self.init_qvel + jax.random.normal(k_vel, self.init_qvel.shape) * s
        return self._data(qpos, qvel)

    def observation(self, state: Any, rng: Any, params: None = None) -> Any:
        """Cart, sin / cos of the poles, clipped velocities, the cart's constraint force."""
        return idp.observation(state.qpos, state.qvel, state.qfrc_constraint, 1, self.xp)

    def terminal(self, state: Any, rng: Any, params: None = None) -> Any:
        """The tip at or below height 1."""
        return idp.is_fallen(state.site_xpos[0, 2])

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: None = None
    ) -> Any:
        """Alive bonus while up, minus the distance and velocity penalties."""
        tip = next_state.site_xpos[0]
        distance_penalty, velocity_penalty = idp.penalties(tip[0], tip[2], next_state.qvel)
        alive = self.healthy_reward * (1.0 - idp.is_fallen(tip[2]).astype(self.xp.float32))
        return alive - distance_penalty - velocity_penalty


def _rejection_sample(rng: Any, draw: Any, accept: Any) -> Any:
    """Draw with ``draw(key)`` until ``accept(sample)``, as a traceable loop."""
    import jax

    def cond(carry: Any) -> Any:
        return ~accept(carry[1])

    def body(carry: Any) -> Any:
        key, _ = carry
        key, sub = jax.random.split(key)
        return key, draw(sub)

    key, sub = jax.random.split(rng)
    return jax.lax.while_loop(cond, body, (key, draw(sub)))[1]


class MjxReacher(_MjxTask):
    """``Reacher-v5`` on MJX."""

    xml_file = "reacher.xml"
    frame_skip = 2
    obs_dim = 10
    reward_dist_weight = 1.0
    reward_control_weight = 1.0
    _OPTION_NAMES = ("xml_file", "frame_skip", "reward_dist_weight", "reward_control_weight")

    def initial(self, rng: Any, params: None = None) -> Any:
        """Jitter the arm; a target uniform in the disc of radius 0.2, at rest."""
        import jax

        xp = self.xp
        k_pos, k_goal, k_vel = jax.random.split(rng, 3)
        radius = reacher.GOAL_RADIUS
        goal = _rejection_sample(
            k_goal,
            lambda key: jax.random.uniform(key, (2,), minval=-radius, maxval=radius),
            lambda g: xp.linalg.norm(g) < radius,
        )
        qpos = self.init_qpos + jax.random.uniform(
            k_pos, self.init_qpos.shape, minval=-0.1, maxval=0.1
        )
        qpos = qpos.at[-2:].set(goal)
        qvel = self.init_qvel + jax.random.uniform(
            k_vel, self.init_qvel.shape, minval=-0.005, maxval=0.005
        )
        return self._data(qpos, qvel.at[-2:].set(0.0))

    def observation(self, state: Any, rng: Any, params: None = None) -> Any:
        """Arm angles as cos / sin, target, arm velocities, fingertip - target (x, y)."""
        tip, target = state.xpos[self._body("fingertip")], state.xpos[self._body("target")]
        return reacher.observation(state.qpos, state.qvel, tip, target, 2, self.xp)

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: None = None
    ) -> Any:
        """Minus the distance to the target minus the squared controls (weighted)."""
        tip, target = (
            next_state.xpos[self._body("fingertip")],
            next_state.xpos[self._body("target")],
        )
        reward_dist, reward_ctrl = reacher.reward_terms(
            tip, target, action, self.reward_dist_weight, self.reward_control_weight, self.xp
        )
        return reward_dist + reward_ctrl


class MjxPusher(_MjxTask):
    """``Pusher-v5`` on MJX."""

    xml_file = "pusher_v5.xml"
    frame_skip = 5
    obs_dim = 23
    reward_near_weight = 0.5
    reward_dist_weight = 1.0
    reward_control_weight = 0.1
    _OPTION_NAMES = (
        "xml_file",
        "frame_skip",
        "reward_near_weight",
        "reward_dist_weight",
        "reward_control_weight",
    )

    def initial(self, rng: Any, params: None = None) -> Any:
        """Default arm pose, goal at the origin, object at least 0.17 away from it."""
        import jax

        xp = self.xp
        k_obj, k_vel = jax.random.split(rng)
        low, high = xp.array([-0.3, -0.2]), xp.array([0.0, 0.2])
        cylinder = _rejection_sample(
            k_obj,
            lambda key: jax.random.uniform(key, (2,), minval=low, maxval=high),
            lambda c: xp.linalg.norm(c) > pusher.MIN_OBJECT_GOAL_DISTANCE,
        )
        qpos = self.init_qpos.at[-4:-2].set(cylinder).at[-2:].set(0.0)
        qvel = self.init_qvel + jax.random.uniform(
            k_vel, self.init_qvel.shape, minval=-0.005, maxval=0.005
        )
        return self._data(qpos, qvel.at[-4:].set(0.0))

    def _points(self, state: Any) -> tuple[Any, Any, Any]:
        xpos = state.xpos
        return xpos[self._body("tips_arm")], xpos[self._body("object")], xpos[self._body("goal")]

    def observation(self, state: Any, rng: Any, params: None = None) -> Any:
        """Arm angles and velocities, then fingertips, object and goal positions."""
        return pusher.observation(state.qpos, state.qvel, *self._points(state), self.xp)

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: None = None
    ) -> Any:
        """Weighted fingertips-object distance, object-goal distance and squared controls."""
        weights = (self.reward_near_weight, self.reward_dist_weight, self.reward_control_weight)
        near, dist, ctrl = pusher.reward_terms(*self._points(next_state), action, weights, self.xp)
        return dist + ctrl + near
