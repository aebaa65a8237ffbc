"""Reward wrappers without state.

* :class:`TransformReward` applies a function to every reward.
* :class:`ClipReward` clips every reward to bounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, SupportsFloat, TypeVar, cast

import numpy as np

from gymnasium_core.core import Env, RewardWrapper
from gymnasium_core.error import InvalidBound
from gymnasium_core.utils.record_constructor import RecordConstructorArgs

__all__ = ["ClipReward", "TransformReward"]

ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")


class TransformReward(RewardWrapper[ObsType, ActType], RecordConstructorArgs):
    """Returns ``func(reward)`` instead of each reward.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import TransformReward
        >>> env = TransformReward(gym.make("CartPole-v1"), lambda r: 2 * r + 1)
        >>> _ = env.reset(seed=0)
        >>> env.step(0)[1]
        3.0
    """

    def __init__(
        self, env: Env[ObsType, ActType], func: Callable[[SupportsFloat], SupportsFloat]
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment.
            func: Maps a reward of ``env`` to the reward returned.
        """
        RecordConstructorArgs.__init__(self, func=func)
        RewardWrapper.__init__(self, env)
        self.func = func

    def reward(self, reward: SupportsFloat) -> SupportsFloat:
        """``func(reward)``."""
        return self.func(reward)


class ClipReward(TransformReward[ObsType, ActType], RecordConstructorArgs):
    """Clips each reward to ``[min_reward, max_reward]`` (either bound may be ``None``).

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import ClipReward
        >>> env = ClipReward(gym.make("CartPole-v1"), 0, 0.5)
        >>> _ = env.reset(seed=0)
        >>> env.step(0)[1]
        np.float64(0.5)
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        min_reward: float | np.ndarray[Any, Any] | None = None,
        max_reward: float | np.ndarray[Any, Any] | None = None,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment.
            min_reward: Lower bound, or ``None`` for none.
            max_reward: Upper bound, or ``None`` for none.

        Raises:
            InvalidBound: If both bounds are ``None`` or ``min_reward > max_reward``.
        """
        if min_reward is None and max_reward is None:
            raise InvalidBound("ClipReward needs min_reward or max_reward; both are None")
        if min_reward is not None and max_reward is not None and np.any(max_reward < min_reward):
            raise InvalidBound(
                f"ClipReward: min_reward ({min_reward}) is above max_reward ({max_reward})"
            )
        RecordConstructorArgs.__init__(self, min_reward=min_reward, max_reward=max_reward)
        TransformReward.__init__(
            self, env=env, func=lambda r: np.clip(cast(Any, r), a_min=min_reward, a_max=max_reward)
        )
