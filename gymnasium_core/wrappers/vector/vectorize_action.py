"""Action wrappers for vector environments.

:class:`TransformAction` applies a function to the whole batch of actions;
:class:`VectorizeTransformAction` lifts a single-env
:class:`gymnasium_core.wrappers.TransformAction` to a batch, action by action.

The lifts of single-env wrappers (here and in
:mod:`~gymnasium_core.wrappers.vector.vectorize_observation`) share :class:`SpaceOnlyEnv`, over
which a single-env wrapper is built from one space, and :func:`map_over_batch`, which applies its
function to each sub-environment's value of a batch.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.core import Env
from gymnasium_core.spaces import Space
from gymnasium_core.vector.utils import batch_space, concatenate, create_empty_array, iterate
from gymnasium_core.vector.vector_env import VectorActionWrapper, VectorEnv
from gymnasium_core.wrappers import transform_action

__all__ = ["ClipAction", "RescaleAction", "TransformAction", "VectorizeTransformAction"]


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


def map_over_batch(
    func: Callable[[Any], Any],
    batch: Any,
    batched_space: Space[Any],
    result_space: Space[Any],
    into: Any,
    *,
    fresh: bool,
) -> Any:
    """Apply a single-env ``func`` to each element of ``batch`` and batch the results again.

    Args:
        func: Maps one sub-environment's value to its new value.
        batch: The batched values, elements of ``batched_space``.
        batched_space: The batched space ``batch`` is split along.
        result_space: The single space of ``func``'s results.
        into: The array (or nested arrays) the results are written to.
        fresh: Return a deep copy of ``into`` (when ``into`` is a buffer kept between calls).

    Returns:
        The batch of results.
    """
    results = [func(item) for item in iterate(batched_space, batch)]
    joined = concatenate(result_space, results, into)
    return deepcopy(joined) if fresh else joined


class TransformAction(VectorActionWrapper[Any, Any, Any, Any]):
    """Applies ``func`` to each batch of actions before they reach the environment."""

    def __init__(
        self,
        env: VectorEnv[Any, Any, Any],
        func: Callable[[Any], Any],
        action_space: Space[Any] | None = None,
        single_action_space: Space[Any] | None = None,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            func: Maps a batch in this wrapper's action space to one in ``env``'s.
            action_space: This wrapper's batched action space; by default
                ``single_action_space`` batched, or ``env``'s.
            single_action_space: This wrapper's single action space; by default ``env``'s.
        """
        super().__init__(env)
        if single_action_space is not None:
            self.single_action_space = single_action_space
        if action_space is not None:
            self.action_space = action_space
        elif single_action_space is not None:
            self.action_space = batch_space(single_action_space, self.num_envs)
        expected = batch_space(self.single_action_space, self.num_envs)
        if self.action_space != expected:
            logger.warn(
                f"For {env}, the action space {self.action_space} is not the batched single "
                f"action space {expected}."
            )
        self.func = func

    def actions(self, actions: Any) -> Any:
        """Apply :attr:`func`.

        Args:
            actions: A batch in this wrapper's action space.

        Returns:
            ``func(actions)``.
        """
        return self.func(actions)


class VectorizeTransformAction(VectorActionWrapper[Any, Any, Any, Any]):
    """Applies a single-env action wrapper's ``func`` to every sub-environment's action."""

    def __init__(
        self,
        env: VectorEnv[Any, Any, Any],
        wrapper: type[transform_action.TransformAction[Any, Any, Any]],
        **kwargs: Any,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            wrapper: A single-env :class:`~gymnasium_core.wrappers.TransformAction` class.
            **kwargs: The single-env wrapper's arguments.
        """
        super().__init__(env)
        inner_single = env.single_action_space
        single = wrapper(SpaceOnlyEnv(action_space=inner_single), **kwargs)
        self.wrapper = single
        self.single_action_space = single.action_space
        self.action_space = batch_space(single.action_space, self.num_envs)
        # An unchanged space lets the incoming batch be overwritten in place.
        self.same_out = self.action_space == env.action_space
        self.out = create_empty_array(inner_single, self.num_envs)

    def actions(self, actions: Any) -> Any:
        """Transform each sub-environment's action and batch the results.

        Args:
            actions: A batch in this wrapper's action space.

        Returns:
            The batch for the wrapped environment.
        """
        return map_over_batch(
            self.wrapper.func,
            actions,
            self.action_space,
            self.env.single_action_space,
            actions if self.same_out else self.out,
            fresh=not self.same_out,
        )


class ClipAction(VectorizeTransformAction):
    """Clips ``Box`` actions to the action space's bounds."""

    def __init__(self, env: VectorEnv[Any, Any, Any]) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
        """
        super().__init__(env, wrapper=transform_action.ClipAction)


class RescaleAction(VectorizeTransformAction):
    """Takes actions in ``[min_action, max_action]`` and rescales them to the env's bounds."""

    def __init__(
        self,
        env: VectorEnv[Any, Any, Any],
        min_action: float | int | np.ndarray[Any, Any],
        max_action: float | int | np.ndarray[Any, Any],
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            min_action: The lower bound of the actions this wrapper takes.
            max_action: The upper bound of the actions this wrapper takes.
        """
        super().__init__(
            env, transform_action.RescaleAction, min_action=min_action, max_action=max_action
        )
