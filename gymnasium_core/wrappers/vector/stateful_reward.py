"""Reward wrappers that keep state across steps, for vector environments."""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core.error import InvalidBound
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.vector.vector_env import AutoresetMode, VectorEnv, VectorWrapper
from gymnasium_core.wrappers.utils import RunningMeanStd

__all__ = ["NormalizeReward"]


class NormalizeReward(VectorWrapper[Any, Any, Any, Any, Any], RecordConstructorArgs):
    """Scales rewards so that the discounted return has about unit variance.

    Each sub-environment keeps a discounted sum of its rewards; the variance of these sums is
    tracked with running statistics and every reward is divided by its square root. In the
    ``NEXT_STEP`` and ``DISABLED`` modes, the step that only resets a sub-environment does not
    count; in ``SAME_STEP`` the sum restarts in the step that ends the episode.
    """

    def __init__(
        self, env: VectorEnv[Any, Any, Any], gamma: float = 0.99, epsilon: float = 1e-8
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            gamma: The discount of the running return, in ``[0, 1]``.
            epsilon: Added to the variance before the square root; must be positive.

        Raises:
            InvalidBound: For ``gamma`` outside ``[0, 1]`` or ``epsilon <= 0``.
        """
        if not 0 <= gamma <= 1:
            raise InvalidBound(f"`gamma` must lie in [0, 1], got {gamma}.")
        if epsilon <= 0:
            raise InvalidBound(f"`epsilon` must be positive, got {epsilon}.")
        RecordConstructorArgs.__init__(self, gamma=gamma, epsilon=epsilon)
        VectorWrapper.__init__(self, env)
        self.return_rms = RunningMeanStd(shape=())
        self.accumulated_reward = np.zeros((self.num_envs,), dtype=np.float32)
        self.gamma = gamma
        self.epsilon = epsilon
        self._update_running_mean = True
        self._prev_dones = np.zeros((self.num_envs,), dtype=np.float32)
        self._autoreset_mode = self.env.metadata.get("autoreset_mode", AutoresetMode.NEXT_STEP)

    @property
    def update_running_mean(self) -> bool:
        """Whether new returns update the running statistics."""
        return self._update_running_mean

    @update_running_mean.setter
    def update_running_mean(self, setting: bool) -> None:
        self._update_running_mean = setting

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset the environment and the running returns.

        Args:
            seed: Passed on.
            options: Passed on.

        Returns:
            The wrapped environment's reset result.
        """
        self.accumulated_reward[:] = 0
        self._prev_dones[:] = 0
        return super().reset(seed=seed, options=options)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step and scale the rewards.

        Args:
            actions: Passed on.

        Returns:
            The step result with scaled rewards.
        """
        obs, reward, terminated, truncated, info = super().step(actions)
        same_step = self._autoreset_mode == AutoresetMode.SAME_STEP
        counts = np.ones(self.num_envs, dtype=bool) if same_step else ~self._prev_dones.astype(bool)
        kept = self.accumulated_reward[counts] * self.gamma * (1 - terminated[counts])
        self.accumulated_reward[counts] = kept + reward[counts]
        if self._update_running_mean and np.any(counts):
            self.return_rms.update(self.accumulated_reward[counts])
        done = np.logical_or(terminated, truncated)
        self._prev_dones = done.astype(np.float32)
        if same_step:
            # Those sub-environments are already in their next episode.
            self.accumulated_reward[done] = 0
        return (
            obs,
            reward / np.sqrt(self.return_rms.var + self.epsilon),
            terminated,
            truncated,
            info,
        )
