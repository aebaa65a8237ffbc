"""The :class:`TransformObservation` base class.

It is public through :mod:`gymnasium_core.wrappers.transform_observation`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from gymnasium_core.core import Env, ObservationWrapper
from gymnasium_core.spaces import Space
from gymnasium_core.utils.record_constructor import RecordConstructorArgs

__all__ = ["TransformObservation"]

ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")
WrapperObsType = TypeVar("WrapperObsType")


class TransformObservation(
    ObservationWrapper[WrapperObsType, ActType, ObsType], RecordConstructorArgs
):
    """Returns ``func(obs)`` instead of each observation.

    Give ``observation_space`` when ``func`` changes the space; ``None`` keeps the env's.

    Example:
        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import TransformObservation
        >>> env = TransformObservation(gym.make("CartPole-v1"), lambda obs: 2 * obs, None)
        >>> env.reset(seed=0)[0].dtype
        dtype('float32')
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        func: Callable[[ObsType], Any],
        observation_space: Space[WrapperObsType] | None,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment.
            func: Maps an observation of ``env`` to the one returned.
            observation_space: This wrapper's observation space, or ``None`` to keep the env's.
        """
        RecordConstructorArgs.__init__(self, func=func, observation_space=observation_space)
        ObservationWrapper.__init__(self, env)
        if observation_space is not None:
            self.observation_space = observation_space
        self.func = func

    def observation(self, observation: ObsType) -> Any:
        """``func(observation)``."""
        return self.func(observation)
