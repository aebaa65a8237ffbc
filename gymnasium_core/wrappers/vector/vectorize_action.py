"""Action wrappers for vector environments.

:class:`TransformAction` applies a function to the whole batch of actions;
:class:`VectorizeTransformAction` lifts a single-env
:class:`gymnasium_core.wrappers.TransformAction` to a batch, action by action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.spaces import Space
from gymnasium_core.vector.utils import batch_space, create_empty_array
from gymnasium_core.vector.vector_env import VectorActionWrapper, VectorEnv
from gymnasium_core.wrappers import transform_action
from gymnasium_core.wrappers.vector._single import SpaceOnlyEnv, map_over_batch

__all__ = ["ClipAction", "RescaleAction", "TransformAction", "VectorizeTransformAction"]


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
