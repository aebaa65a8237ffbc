"""InvertedPendulum: balance a pole on a cart that a motor pushes along a rail.

Observation ``(4,)`` float64: cart position, pole angle, cart velocity, pole angular velocity
(``qpos`` then ``qvel``). Action ``(1,)`` in ``[-3, 3]``: the force on the cart (gear 100).
Reward: +1 per step; since v5 only while the pole is upright (``info["reward_survive"]``).
Termination: a non-finite observation or a pole angle beyond 0.2 rad.

v4 and v5 are this one class; :mod:`.inverted_pendulum_v4` and :mod:`.inverted_pendulum_v5`
fix each version's constructor.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gymnasium_core.spaces import Box

from ._task import RENDER_MODES, uniform_noise, v5_metadata
from .mujoco_env import DEFAULT_SIZE, MujocoEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "InvertedPendulumEnv", "is_unhealthy", "observation"]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {"trackbodyid": 0, "distance": 2.04}
MAX_POLE_ANGLE = 0.2  # rad; beyond it the episode ends


def observation(qpos: Any, qvel: Any, xp: ModuleType) -> Any:
    """``(4,)``: ``qpos`` followed by ``qvel``."""
    return xp.concatenate([qpos, qvel]).ravel()


def is_unhealthy(obs: Any, xp: ModuleType) -> Any:
    """True when the state is not finite or the pole leans past :data:`MAX_POLE_ANGLE`."""
    # bitwise operators keep it traceable under jax; a NaN angle also fails ``<=``
    return ~(xp.isfinite(obs).all() & (abs(obs[1]) <= MAX_POLE_ANGLE))


class InvertedPendulumEnv(MujocoEnv):
    """Balance a pole on a cart (``InvertedPendulum-v4`` / ``-v5``).

    Args:
        xml_file: The model (v5 only; v4 always uses ``inverted_pendulum.xml``).
        frame_skip: Physics steps per environment step (dt = 0.04 s by default).
        default_camera_config: Render camera settings.
        reset_noise_scale: Half-width of the uniform noise added to ``qpos`` and ``qvel``.
        version: 4 or 5.
        **kwargs: Passed to :class:`MujocoEnv` (``render_mode``, ``width``, ...).
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}

    def __init__(
        self,
        xml_file: str = "inverted_pendulum.xml",
        frame_skip: int = 2,
        default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG,
        reset_noise_scale: float = 0.01,
        *,
        version: int = 5,
        render_mode: str | None = None,
        width: int = DEFAULT_SIZE,
        height: int = DEFAULT_SIZE,
        camera_id: int | None = None,
        camera_name: str | None = None,
        max_geom: int = 1000,
        visual_options: dict[int, bool] | None = None,
    ) -> None:
        """Build the model and the spaces."""
        self._version = version
        self._reset_noise_scale = reset_noise_scale
        MujocoEnv.__init__(
            self,
            xml_file,
            frame_skip,
            observation_space=Box(low=-np.inf, high=np.inf, shape=(4,), dtype=np.float64),
            render_mode=render_mode,
            width=width,
            height=height,
            camera_id=camera_id,
            camera_name=camera_name,
            default_camera_config=default_camera_config,
            max_geom=max_geom,
            visual_options=visual_options,
        )
        if version >= 5:
            self.metadata = v5_metadata(self.dt)
            self.observation_structure = {"qpos": self.data.qpos.size, "qvel": self.data.qvel.size}

    def step(
        self, action: NDArray[np.float32]
    ) -> tuple[NDArray[np.float64], float, bool, bool, dict[str, Any]]:
        """Push the cart with ``action`` for ``frame_skip`` physics steps."""
        self.do_simulation(action, self.frame_skip)
        obs = self._get_obs()
        terminated = bool(is_unhealthy(obs, np))
        info: dict[str, Any] = {}
        reward: float
        if self._version >= 5:
            # v5 rewards only healthy steps, as a Python int (the reference's type)
            reward = int(not terminated)
            info["reward_survive"] = reward
        else:
            reward = 1.0
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, False, info

    def reset_model(self) -> NDArray[np.float64]:
        """Add ``U(-scale, scale)`` noise to the default ``qpos`` and ``qvel``."""
        scale = self._reset_noise_scale
        qpos = self.init_qpos + uniform_noise(self.np_random, scale, self.model.nq)
        qvel = self.init_qvel + uniform_noise(self.np_random, scale, self.model.nv)
        self.set_state(qpos, qvel)
        return self._get_obs()

    def _get_obs(self) -> NDArray[np.float64]:
        obs: NDArray[np.float64] = observation(self.data.qpos, self.data.qvel, np)
        return obs
