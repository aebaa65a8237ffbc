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
        super().__init__(env)
        self.gamma = gamma
        self.epsilon = epsilon
        # Statistics of the discounted returns (scalars, pooled over sub-environments).
        self.return_rms = RunningMeanStd()
        self.accumulated_reward = np.zeros(self.num_envs, np.float32)
        self._update_running_mean = True
        # Sub-environments whose next step only resets them (NEXT_STEP / DISABLED).
        self._resetting = np.zeros(self.num_envs, bool)
        self._same_step = (
            self.env.metadata.get("autoreset_mode", AutoresetMode.NEXT_STEP)
            == AutoresetMode.SAME_STEP
        )

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
        self.accumulated_reward.fill(0)
        self._resetting.fill(False)
        return self.env.reset(seed=seed, options=options)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step and scale the rewards.

        Args:
            actions: Passed on.

        Returns:
            The step result with scaled rewards.
        """
        obs, rewards, terminated, truncated, info = self.env.step(actions)
        self._accumulate(rewards, terminated)
        ended = np.logical_or(terminated, truncated)
        if self._same_step:
            # Those sub-environments are already in their next episode.
            self.accumulated_reward[ended] = 0
        else:
            self._resetting = ended
        scale = np.sqrt(self.return_rms.var + self.epsilon)
        return obs, rewards / scale, terminated, truncated, info

    def _accumulate(self, rewards: Any, terminated: Any) -> None:
        """Discount and extend the running returns of the sub-environments that really stepped."""
        live = np.logical_not(self._resetting)
        if not live.any():
            return
        carried = self.accumulated_reward[live] * self.gamma * (1 - terminated[live])
        self.accumulated_reward[live] = carried + rewards[live]
        if self._update_running_mean:
            self.return_rms.update(self.accumulated_reward[live])
