"""The shells the MJX locomotion tasks share: observation, reset, reward sum, health and end.

:class:`LocomotionTask` links each MJX task to its native class (:attr:`LocomotionTask.NATIVE`)
and reads from it what shapes the task: how many root positions the observation may leave out,
how the reset perturbs velocities and the bound on observed velocities. The observation itself
is :func:`._locomotion.state_observation` with ``xp = jax.numpy``. :class:`HealthyTask` adds the
survival bonus and termination, through the same :func:`._locomotion.healthy_reward` and
:func:`._locomotion.terminated` as the native envs.
"""

from __future__ import annotations

from typing import Any, ClassVar

import jax
import jax.numpy as jnp

from ._locomotion import LocomotionEnv, healthy_reward, state_observation, terminated
from .mjx_core import MjxTask, noisy_state

__all__ = ["HealthyTask", "LocomotionTask"]


class LocomotionTask(MjxTask):
    """Shared parts: reset noise, the ``qpos`` / ``qvel`` observation, reward and info.

    Subclasses set :attr:`NATIVE`, implement :meth:`_terms` and, when the observation holds
    more than ``qpos`` and ``qvel``, :meth:`_extra_size` and :meth:`_extras`.
    """

    #: The native env class of the task, whose observation layout and reset noise this follows.
    NATIVE: ClassVar[type[LocomotionEnv]]

    exclude_current_positions_from_observation: bool

    @property
    def num_skipped_qpos(self) -> int:
        """Leading ``qpos`` entries the observation leaves out."""
        skipped = self.NATIVE.NUM_ROOT_POSITIONS
        return skipped if self.exclude_current_positions_from_observation else 0

    def _observation_size(self) -> int:
        model = self.mj_model
        return int(model.nq) - self.num_skipped_qpos + int(model.nv) + self._extra_size()

    def _extra_size(self) -> int:
        return 0

    def _extras(self, state: Any, params: Any) -> tuple[Any, ...]:
        return ()

    def initial(self, rng: Any, params: Any = None) -> Any:
        """The native reset: noise of scale ``reset_noise_scale`` on ``qpos`` and ``qvel``."""
        p = self._params(params)
        qpos, qvel = noisy_state(
            rng, self.init_qpos, self.init_qvel, p.reset_noise_scale, self.NATIVE.VELOCITY_NOISE
        )
        return self.make_state(qpos, qvel)

    def observation(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """``qpos`` (less the skipped root positions), ``qvel``, then the task's extras."""
        extras = self._extras(state, self._params(params))
        obs: jax.Array = state_observation(
            state.qpos,
            state.qvel,
            self.num_skipped_qpos,
            extras,
            self.NATIVE.VELOCITY_LIMIT,
            jnp,
        )
        return obs

    def _terms(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        """The step's info: positions, velocities and the signed reward terms."""
        raise NotImplementedError

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: Any = None
    ) -> jax.Array:
        """The sum of the ``reward_*`` terms of :meth:`_terms`."""
        terms = self._terms(state, action, next_state, self._params(params))
        total: jax.Array = sum(v for k, v in terms.items() if k.startswith("reward_"))
        return total

    def transition_info(
        self, state: Any, action: Any, next_state: Any, params: Any = None
    ) -> dict[str, Any]:
        """The native v5 step info."""
        return self._terms(state, action, next_state, self._params(params))


class HealthyTask(LocomotionTask):
    """Tasks paid to stay healthy and ended when they are not (if asked)."""

    terminate_when_unhealthy: bool

    def is_healthy(self, state: Any, params: Any) -> jax.Array:
        """Whether ``state`` is healthy under ``params``."""
        raise NotImplementedError

    def terminal(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """Unhealthy, when the task ends episodes then."""
        is_healthy = self.is_healthy(state, self._params(params))
        done: jax.Array = terminated(is_healthy, self.terminate_when_unhealthy, jnp)
        return done

    def _survive(self, next_state: Any, params: Any) -> Any:
        # v5 pays the bonus only while healthy.
        return healthy_reward(self.is_healthy(next_state, params), params.healthy_reward, False)
