"""A stand-in single environment that lets a single-env wrapper be built over one space."""

from __future__ import annotations

from typing import Any

from gymnasium_core.core import Env
from gymnasium_core.spaces import Space


class SpaceOnlyEnv(Env[Any, Any]):
    """An environment that only has spaces: single-env wrappers read them at construction.

    Its ``step`` and ``reset`` are never called; the vector wrappers only use the single-env
    wrapper's spaces and its ``func``.
    """

    def __init__(
        self,
        observation_space: Space[Any] | None = None,
        action_space: Space[Any] | None = None,
    ) -> None:
        """Hold the given spaces.

        Args:
            observation_space: The single observation space, if the wrapper needs one.
            action_space: The single action space, if the wrapper needs one.
        """
        if observation_space is not None:
            self.observation_space = observation_space
        if action_space is not None:
            self.action_space = action_space
