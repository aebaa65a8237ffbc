"""Observation wrappers that keep state across steps, for vector environments."""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core import logger
from gymnasium_core.error import InvalidBound
from gymnasium_core.spaces import Box
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.vector.utils import batch_space
from gymnasium_core.vector.vector_env import AutoresetMode, VectorEnv, VectorObservationWrapper
from gymnasium_core.wrappers.utils import RunningMeanStd

__all__ = ["NormalizeObservation"]


class NormalizeObservation(VectorObservationWrapper[Any, Any, Any, Any], RecordConstructorArgs):
    """Normalises observations to about zero mean and unit variance with running statistics.

    The statistics are updated with every batch while :attr:`update_running_mean` is ``True``.
    Only the ``NEXT_STEP`` autoreset mode is supported, and only full resets.
    """

    def __init__(self, env: VectorEnv[Any, Any, Any], epsilon: float = 1e-8) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment with ``Box`` observations.
            epsilon: Added to the variance before the square root; must be positive.

        Raises:
            InvalidBound: If ``epsilon <= 0``.
            ValueError: If the autoreset mode is not ``NEXT_STEP``.
        """
        if epsilon <= 0:
            raise InvalidBound(f"`epsilon` must be positive, got {epsilon}.")
        RecordConstructorArgs.__init__(self, epsilon=epsilon)
        VectorObservationWrapper.__init__(self, env)
        mode = self.env.metadata.get("autoreset_mode")
        if mode is None:
            logger.warn(f"{self} has no `autoreset_mode` metadata; NEXT_STEP is assumed.")
        elif mode is not AutoresetMode.NEXT_STEP:
            raise ValueError(
                f"NormalizeObservation needs the NEXT_STEP autoreset mode, got {mode}."
            )
        shape = self.env.single_observation_space.shape
        self.single_observation_space = Box(-np.inf, np.inf, shape=shape, dtype=np.float32)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.obs_rms = RunningMeanStd(shape=shape or (), dtype=np.float32)
        self.epsilon = epsilon
        self._update_running_mean = True

    @property
    def update_running_mean(self) -> bool:
        """Whether new observations update the running statistics."""
        return self._update_running_mean

    @update_running_mean.setter
    def update_running_mean(self, setting: bool) -> None:
        self._update_running_mean = setting

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset every sub-environment (partial resets are refused).

        Args:
            seed: Passed on.
            options: Passed on; a ``reset_mask`` must select every sub-environment.

        Returns:
            The normalised observations and the infos.

        Raises:
            ValueError: For a partial ``reset_mask``.
        """
        if options is not None and "reset_mask" in options and not np.all(options["reset_mask"]):
            raise ValueError("NormalizeObservation cannot reset only some sub-environments.")
        return super().reset(seed=seed, options=options)

    def observations(self, observations: Any) -> Any:
        """Update the statistics (if enabled) and normalise.

        Args:
            observations: Shape ``(num_envs, *obs_shape)``.

        Returns:
            The normalised ``float32`` batch.
        """
        if self._update_running_mean:
            self.obs_rms.update(observations)
        scaled = (observations - self.obs_rms.mean) / np.sqrt(self.obs_rms.var + self.epsilon)
        return scaled.astype(np.float32)
