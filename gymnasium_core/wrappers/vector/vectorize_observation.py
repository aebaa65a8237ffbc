"""Observation wrappers for vector environments.

:class:`TransformObservation` applies a function to the whole batch.
:class:`VectorizeTransformObservation` lifts a single-env observation wrapper (any subclass of
:class:`gymnasium_core.wrappers.TransformObservation`) to a batch by applying its ``func`` to
each sub-environment's observation; the named wrappers below are such lifts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.spaces import Space
from gymnasium_core.vector.utils import batch_space, create_empty_array
from gymnasium_core.vector.vector_env import AutoresetMode, VectorEnv, VectorObservationWrapper
from gymnasium_core.wrappers import transform_observation
from gymnasium_core.wrappers.vector.vectorize_action import SpaceOnlyEnv, map_over_batch

__all__ = [
    "DtypeObservation",
    "FilterObservation",
    "FlattenObservation",
    "GrayscaleObservation",
    "RescaleObservation",
    "ReshapeObservation",
    "ResizeObservation",
    "TransformObservation",
    "VectorizeTransformObservation",
]


class TransformObservation(VectorObservationWrapper[Any, Any, Any, Any]):
    """Applies ``func`` to each batch of observations.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers.vector import TransformObservation
        >>> envs = gym.make_vec("MountainCar-v0", num_envs=2, vectorization_mode="sync")
        >>> raw, _ = envs.reset(seed=5)
        >>> doubled = TransformObservation(envs, lambda batch: batch * 2)
        >>> bool((doubled.reset(seed=5)[0] == 2 * raw).all())
        True
    """

    def __init__(
        self,
        env: VectorEnv[Any, Any, Any],
        func: Callable[[Any], Any],
        observation_space: Space[Any] | None = None,
        single_observation_space: Space[Any] | None = None,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            func: Maps a batch of observations to the new batch.
            observation_space: The batched space of the new observations; by default
                ``single_observation_space`` batched, or ``env``'s.
            single_observation_space: One sub-environment's new observation space; by default
                ``env``'s.
        """
        super().__init__(env)
        if single_observation_space is not None:
            self.single_observation_space = single_observation_space
        if observation_space is not None:
            self.observation_space = observation_space
        elif single_observation_space is not None:
            self.observation_space = batch_space(single_observation_space, self.num_envs)
        expected = batch_space(self.single_observation_space, self.num_envs)
        if self.observation_space != expected:
            logger.warn(
                f"For {env}, the observation space {self.observation_space} is not the batched "
                f"single observation space {expected}."
            )
        self.func = func

    def observations(self, observations: Any) -> Any:
        """Apply :attr:`func` to the batch.

        Args:
            observations: The wrapped environment's observations.

        Returns:
            ``func(observations)``.
        """
        return self.func(observations)


class VectorizeTransformObservation(VectorObservationWrapper[Any, Any, Any, Any]):
    """Applies a single-env observation wrapper's ``func`` to every sub-environment's observation.

    The single-env wrapper is built once, over a stand-in environment with
    ``env.single_observation_space``; its ``observation_space`` becomes this wrapper's single
    observation space.
    """

    def __init__(
        self,
        env: VectorEnv[Any, Any, Any],
        wrapper: type[transform_observation.TransformObservation[Any, Any, Any]],
        **kwargs: Any,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            wrapper: A single-env :class:`~gymnasium_core.wrappers.TransformObservation` class.
            **kwargs: The single-env wrapper's arguments.

        Raises:
            TypeError: If ``env.metadata["autoreset_mode"]`` is not an :class:`AutoresetMode`.
        """
        super().__init__(env)
        mode = env.metadata.get("autoreset_mode", AutoresetMode.NEXT_STEP)
        if not isinstance(mode, AutoresetMode):
            raise TypeError(
                f"env.metadata['autoreset_mode'] must be an AutoresetMode, got {type(mode)}."
            )
        self.autoreset_mode = mode
        single = wrapper(SpaceOnlyEnv(env.single_observation_space), **kwargs)
        self.wrapper = single
        self.single_observation_space = single.observation_space
        self.observation_space = batch_space(single.observation_space, self.num_envs)
        # When the space is unchanged the input batch is reused as the output buffer.
        self.same_out = self.observation_space == env.observation_space
        self.out = create_empty_array(single.observation_space, self.num_envs)

    def observations(self, observations: Any) -> Any:
        """Transform each sub-environment's observation and batch the results.

        Args:
            observations: The wrapped environment's observations.

        Returns:
            The transformed batch.
        """
        in_place = self.same_out
        return map_over_batch(
            self.wrapper.func,
            observations,
            self.observation_space if in_place else self.env.observation_space,
            self.single_observation_space,
            observations if in_place else self.out,
            fresh=not in_place,
        )


class FilterObservation(VectorizeTransformObservation):
    """Keeps only some keys (``Dict``) or indices (``Tuple``) of the observations."""

    def __init__(self, env: VectorEnv[Any, Any, Any], filter_keys: Sequence[str | int]) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            filter_keys: The keys or indices to keep.
        """
        super().__init__(
            env, wrapper=transform_observation.FilterObservation, filter_keys=filter_keys
        )


class FlattenObservation(VectorizeTransformObservation):
    """Flattens each observation into a 1-d array."""

    def __init__(self, env: VectorEnv[Any, Any, Any]) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
        """
        super().__init__(env, wrapper=transform_observation.FlattenObservation)


class GrayscaleObservation(VectorizeTransformObservation):
    """Turns RGB image observations to greyscale."""

    def __init__(self, env: VectorEnv[Any, Any, Any], keep_dim: bool = False) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            keep_dim: Keep a channel axis of size 1.
        """
        super().__init__(env, wrapper=transform_observation.GrayscaleObservation, keep_dim=keep_dim)


class ResizeObservation(VectorizeTransformObservation):
    """Resizes image observations."""

    def __init__(self, env: VectorEnv[Any, Any, Any], shape: tuple[int, ...]) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            shape: The new ``(height, width)``.
        """
        super().__init__(env, wrapper=transform_observation.ResizeObservation, shape=shape)


class ReshapeObservation(VectorizeTransformObservation):
    """Reshapes each observation."""

    def __init__(self, env: VectorEnv[Any, Any, Any], shape: int | tuple[int, ...]) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            shape: The new shape of one observation.
        """
        super().__init__(env, wrapper=transform_observation.ReshapeObservation, shape=shape)


class RescaleObservation(VectorizeTransformObservation):
    """Rescales ``Box`` observations linearly to ``[min_obs, max_obs]``."""

    def __init__(
        self,
        env: VectorEnv[Any, Any, Any],
        min_obs: float | np.floating[Any] | np.integer[Any] | np.ndarray[Any, Any],
        max_obs: float | np.floating[Any] | np.integer[Any] | np.ndarray[Any, Any],
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            min_obs: The new lower bound.
            max_obs: The new upper bound.
        """
        super().__init__(
            env, wrapper=transform_observation.RescaleObservation, min_obs=min_obs, max_obs=max_obs
        )


class DtypeObservation(VectorizeTransformObservation):
    """Casts observations to ``dtype``."""

    def __init__(self, env: VectorEnv[Any, Any, Any], dtype: Any) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            dtype: The new dtype (any numpy dtype-like).
        """
        super().__init__(env, wrapper=transform_observation.DtypeObservation, dtype=dtype)
