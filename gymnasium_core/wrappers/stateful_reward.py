"""Reward wrappers with state.

* :class:`NormalizeReward` scales rewards by a running estimate of the return's spread.
"""

from __future__ import annotations

from typing import Any, SupportsFloat, TypeVar, cast

import numpy as np

from gymnasium_core.core import Env, Wrapper
from gymnasium_core.error import InvalidBound
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers.utils import RunningMeanStd

__all__ = ["NormalizeReward"]

ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")


class NormalizeReward(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    r"""Divides each reward by the running standard deviation of the discounted return.

    The discounted return :math:`G \leftarrow \gamma G (1 - \text{terminated}) + r` is
    accumulated over steps (it is *not* cleared by ``reset``, only by termination) and fed to a
    :class:`~gymnasium_core.wrappers.utils.RunningMeanStd`; the reward returned is
    :math:`r / \sqrt{\mathrm{Var}[G] + \epsilon}`. The mean is not subtracted. Set
    :attr:`update_running_mean` to ``False`` to freeze the statistics (for evaluation).

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import NormalizeReward
        >>> env = NormalizeReward(gym.make("CartPole-v1"), gamma=0.99)
        >>> _ = env.reset(seed=0)
        >>> float(env.step(0)[1]) > 1.0
        True
    """

    def __init__(
        self, env: Env[ObsType, ActType], gamma: float = 0.99, epsilon: float = 1e-8
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment.
            gamma: Discount of the return, in ``[0, 1]``.
            epsilon: Added to the variance before the square root (positive).

        Raises:
            InvalidBound: If ``gamma`` or ``epsilon`` is out of range.
        """
        if not 0 <= gamma <= 1:
            raise InvalidBound(f"NormalizeReward: gamma must lie in [0, 1], got {gamma}")
        if epsilon <= 0:
            raise InvalidBound(f"NormalizeReward: epsilon must be positive, got {epsilon}")
        RecordConstructorArgs.__init__(self, gamma=gamma, epsilon=epsilon)
        Wrapper.__init__(self, env)
        # Scalar statistics of the discounted return.
        self.return_rms = RunningMeanStd()
        self.discounted_reward: Any = np.array([0.0])
        self.gamma = gamma
        self.epsilon = epsilon
        self._update_running_mean = True

    @property
    def update_running_mean(self) -> bool:
        """Whether steps still update the return statistics."""
        return self._update_running_mean

    @update_running_mean.setter
    def update_running_mean(self, setting: bool) -> None:
        self._update_running_mean = setting

    def step(self, action: ActType) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """Step the env and return its reward divided by the return's standard deviation."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        # A terminated episode's return does not carry into the next one.
        carried = self.discounted_reward * self.gamma * (1 - terminated)
        self.discounted_reward = carried + float(reward)
        if self._update_running_mean:
            self.return_rms.update(self.discounted_reward)
        std = np.sqrt(self.return_rms.var + self.epsilon)
        return obs, cast(Any, reward) / std, terminated, truncated, info
