"""Reward wrappers that keep state across steps, for vector environments."""

from __future__ import annotations

from typing import Any, cast

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
        # 1.0 for the sub-environments whose last step ended an episode (as float32, the
        # reference's type); in NEXT_STEP / DISABLED their next step only resets them.
        self._prev_dones = np.zeros(self.num_envs, np.float32)
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
        self.accumulated_reward.fill(0)
        self._prev_dones.fill(0)
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
        self._prev_dones = ended.astype(np.float32)
        if self._autoreset_mode == AutoresetMode.SAME_STEP:
            # Those sub-environments are already in their next episode.
            self.accumulated_reward[ended] = 0
        return obs, rewards / self._scale(), terminated, truncated, info

    def normalize(self, reward: float | np.floating[Any] | np.integer[Any]) -> np.float64:
        """Scale ``reward`` by the running statistics of the discounted returns.

        When :attr:`update_running_mean` is on, the current running returns are first added to
        the statistics (as the step does).

        Args:
            reward: A reward, or an array of rewards.

        Returns:
            ``reward`` divided by the standard deviation of the returns.
        """
        if self._update_running_mean:
            self.return_rms.update(self.accumulated_reward)
        # A numpy scalar for a scalar reward, an array for an array (as the reference).
        return cast("np.float64", reward / self._scale())

    def _scale(self) -> Any:
        return np.sqrt(self.return_rms.var + self.epsilon)

    def _accumulate(self, rewards: Any, terminated: Any) -> None:
        """Discount and extend the running returns of the sub-environments that really stepped."""
        if self._autoreset_mode == AutoresetMode.SAME_STEP:
            live = np.ones(self.num_envs, dtype=bool)
        else:
            live = np.logical_not(self._prev_dones.astype(bool))
        if not live.any():
            return
        carried = self.accumulated_reward[live] * self.gamma * (1 - terminated[live])
        self.accumulated_reward[live] = carried + rewards[live]
        if self._update_running_mean:
            self.return_rms.update(self.accumulated_reward[live])
