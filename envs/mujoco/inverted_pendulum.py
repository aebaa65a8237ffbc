"""InvertedPendulum: balance a pole on a cart that a motor pushes along a rail.

Observation ``(4,)`` float64: cart position, pole angle, cart velocity, pole angular velocity
(``qpos`` then ``qvel``). Action ``(1,)`` in ``[-3, 3]``: the force on the cart (gear 100).
Reward: +1 per step; since v5 only while the pole is upright (``info["reward_survive"]``).
Termination: a non-finite observation or a pole angle beyond 0.2 rad.

v4 and v5 are this one class: it has the v5 defaults (:mod:`.inverted_pendulum_v5` exports it
again) and :mod:`.inverted_pendulum_v4` subclasses it with the v4 constructor.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from gymnasium_core.spaces import Box

from ._task import TaskEnv

__all__ = ["DEFAULT_CAMERA_CONFIG", "InvertedPendulumEnv", "is_unhealthy", "observation"]

DEFAULT_CAMERA_CONFIG: dict[str, Any] = {"trackbodyid": 0, "distance": 2.04}
MAX_POLE_ANGLE = 0.2  # rad; beyond it the episode ends


def observation(qpos: Any, qvel: Any, xp: ModuleType) -> Any:
    """``(4,)``: ``qpos`` followed by ``qvel`` (a batch of states: one row each)."""
    return xp.concatenate([qpos, qvel], axis=-1)


def is_unhealthy(obs: Any, xp: ModuleType) -> Any:
    """True when the state is not finite or the pole leans past :data:`MAX_POLE_ANGLE`.

    ``obs`` is one observation or a batch (one answer per row).
    """
    # bitwise operators keep it traceable under jax; a NaN angle also fails ``<=``
    return ~(xp.isfinite(obs).all(axis=-1) & (abs(obs[..., 1]) <= MAX_POLE_ANGLE))


class InvertedPendulumEnv(TaskEnv):
    """Balance a pole on a cart (``InvertedPendulum-v4`` / ``-v5``; v5 defaults).

    Args:
        xml_file: The model (v5 only; v4 always uses ``inverted_pendulum.xml``).
        frame_skip: Physics steps per environment step (dt = 0.04 s by default).
        default_camera_config: Render camera settings.
        reset_noise_scale: Half-width of the uniform noise added to ``qpos`` and ``qvel``.
        **kwargs: Passed to :class:`MujocoEnv` (``render_mode``, ``width``, ...).
    """

    def __init__(
        self,
        xml_file: str = "inverted_pendulum.xml",
        frame_skip: int = 2,
        default_camera_config: dict[str, Any] | None = DEFAULT_CAMERA_CONFIG,
        reset_noise_scale: float = 0.01,
        **kwargs: Any,
    ) -> None:
        """Build the model and the spaces."""
        self._reset_noise_scale = reset_noise_scale
        self._compile(
            xml_file,
            frame_skip,
            Box(low=-np.inf, high=np.inf, shape=(4,), dtype=np.float64),
            {"default_camera_config": default_camera_config, **kwargs},
        )
        if self.version == "v5":
            self.observation_structure = {"qpos": self.data.qpos.size, "qvel": self.data.qvel.size}

    def step(
        self, action: NDArray[np.float32]
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Push the cart with ``action`` for ``frame_skip`` physics steps."""
        self.do_simulation(action, self.frame_skip)
        obs = self._get_obs()
        terminated = bool(is_unhealthy(obs, np))
        info: dict[str, Any] = {}
        reward: float
        if self.version == "v5":
            # v5 rewards only healthy steps, as a Python int (the reference's type)
            reward = int(not terminated)
            info["reward_survive"] = reward
        else:
            reward = 1.0
        return self._finish_step(obs, reward, terminated, info)

    def _get_obs(self) -> NDArray[np.float64]:
        obs: NDArray[np.float64] = observation(self.data.qpos, self.data.qvel, np)
        return obs

    HAS_BATCHED_TERMS = True

    def _batched_terms(
        self, datas: Sequence[Any], actions: Any, before: NDArray[np.float64]
    ) -> tuple[Any, Any, Any, dict[str, Any]]:
        qpos = np.stack([data.qpos for data in datas])
        qvel = np.stack([data.qvel for data in datas])
        observations = observation(qpos, qvel, np)
        terminations = is_unhealthy(observations, np)
        if self.version == "v4":
            return observations, np.ones(len(datas)), terminations, {}
        # v5's reward is a Python int per env: an int array in the batched info
        survive = np.logical_not(terminations).astype(int)
        return observations, survive.astype(np.float64), terminations, {"reward_survive": survive}
