"""Reward wrappers for vector environments."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from gymnasium_core.core import Env
from gymnasium_core.vector.vector_env import VectorEnv, VectorRewardWrapper
from gymnasium_core.wrappers import transform_reward

__all__ = ["ClipReward", "TransformReward", "VectorizeTransformReward"]


class TransformReward(VectorRewardWrapper[Any, Any, Any]):
    """Applies ``func`` to each batch of rewards."""

    def __init__(self, env: VectorEnv[Any, Any, Any], func: Callable[[Any], Any]) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            func: Maps the rewards, shape ``(num_envs,)``, to new rewards.
        """
        super().__init__(env)
        self.func = func

    def rewards(self, rewards: Any) -> Any:
        """Apply :attr:`func`.

        Args:
            rewards: Shape ``(num_envs,)``.

        Returns:
            ``func(rewards)``.
        """
        return self.func(rewards)


class VectorizeTransformReward(VectorRewardWrapper[Any, Any, Any]):
    """Applies a single-env reward wrapper's ``func`` to each reward (in place)."""

    def __init__(
        self,
        env: VectorEnv[Any, Any, Any],
        wrapper: type[transform_reward.TransformReward[Any, Any]],
        **kwargs: Any,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            wrapper: A single-env :class:`~gymnasium_core.wrappers.TransformReward` class.
            **kwargs: The single-env wrapper's arguments.
        """
        super().__init__(env)
        self.wrapper = wrapper(Env(), **kwargs)

    def rewards(self, rewards: Any) -> Any:
        """Transform each reward.

        Args:
            rewards: Shape ``(num_envs,)``; overwritten.

        Returns:
            The same array, transformed.
        """
        for i, reward in enumerate(rewards):
            rewards[i] = self.wrapper.func(reward)
        return rewards


class ClipReward(VectorizeTransformReward):
    """Clips rewards to ``[min_reward, max_reward]``."""

    def __init__(
        self,
        env: VectorEnv[Any, Any, Any],
        min_reward: float | np.ndarray[Any, Any] | None = None,
        max_reward: float | np.ndarray[Any, Any] | None = None,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            min_reward: The lower bound, or ``None`` for none.
            max_reward: The upper bound, or ``None`` for none.

        Raises:
            InvalidBound: If both bounds are ``None`` (checked by the single-env wrapper).
        """
        super().__init__(
            env, transform_reward.ClipReward, min_reward=min_reward, max_reward=max_reward
        )
