"""A vector environment that steps its sub-environments one after another in this process."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import deepcopy
from typing import Any, Generic

import numpy as np
import numpy.typing as npt

from gymnasium_core.core import Env, accept_env
from gymnasium_core.vector.utils import batch_space, concatenate, create_empty_array, iterate
from gymnasium_core.vector.vector_env import (
    ActType,
    AutoresetMode,
    EpisodeNotResetError,
    ObservationMode,
    ObsType,
    VectorEnv,
    as_autoreset_mode,
    check_not_empty,
    observation_spaces,
    pop_reset_mask,
    seeds_for,
)

__all__ = ["EpisodeNotResetError", "SyncVectorEnv"]

StepResult = tuple[
    Any, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
]


class SyncVectorEnv(VectorEnv[ObsType, ActType, np.ndarray[Any, Any]], Generic[ObsType, ActType]):
    """Runs ``len(env_fns)`` sub-environments sequentially in the current process.

    Example:
        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.vector import SyncVectorEnv
        >>> vec = SyncVectorEnv([lambda: gym.make("Pendulum-v1") for _ in range(4)])
        >>> first, _ = vec.reset(seed=3)
        >>> first.shape, vec.action_space.shape
        ((4, 3), (4, 1))
        >>> _, reward, done, _, _ = vec.step(np.zeros((4, 1), dtype=np.float32))
        >>> reward.dtype, done.tolist()
        (dtype('float64'), [False, False, False, False])
        >>> vec.close()
    """

    def __init__(
        self,
        env_fns: Sequence[Callable[[], Env[Any, Any]]],
        copy: bool = True,
        observation_mode: ObservationMode = "same",
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
    ) -> None:
        """Create the sub-environments and the batched spaces.

        Args:
            env_fns: One factory per sub-environment.
            copy: Whether :meth:`reset` and :meth:`step` return a copy of the observation batch
                (otherwise the same buffer, overwritten by the next call).
            observation_mode: ``"same"`` (identical observation spaces), ``"different"`` (same
                shape and dtype, other bounds) or a ``(batched, single)`` pair of spaces.
            autoreset_mode: An :class:`AutoresetMode` or its value.

        Raises:
            RuntimeError: If a sub-environment's spaces do not match the first one's.
            NoSubEnvironmentsError: If ``env_fns`` is empty (a ``ValueError`` and an
                ``IndexError``).
        """
        super().__init__()
        self.env_fns = env_fns
        self.copy = copy
        self.observation_mode = observation_mode
        self.autoreset_mode = as_autoreset_mode(autoreset_mode)

        self.envs = [accept_env(make_env(), type(self).__name__) for make_env in env_fns]
        self.num_envs = len(self.envs)
        check_not_empty(self.num_envs, type(self).__name__)
        first = self.envs[0]
        # A new dict: the sub-environment's class-level metadata must stay untouched.
        self.metadata = {**first.metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = first.render_mode

        self.single_action_space = first.action_space
        self.action_space = batch_space(first.action_space, n=self.num_envs)
        self.single_observation_space, self.observation_space = observation_spaces(
            observation_mode,
            first.observation_space,
            lambda: [env.observation_space for env in self.envs],
            self.num_envs,
        )
        self._check_spaces()

        # The step state, under the names subclasses of Gymnasium's SyncVectorEnv use:
        # each sub-environment's latest observation, the batch they are packed into, the
        # latest rewards and flags, and which sub-environments reset before the next step.
        self._env_obs: list[Any] = [None] * self.num_envs
        self._observations = create_empty_array(
            self.single_observation_space, n=self.num_envs, fn=np.zeros
        )
        self._rewards = np.zeros((self.num_envs,), dtype=np.float64)
        self._terminations = np.zeros((self.num_envs,), dtype=np.bool_)
        self._truncations = np.zeros((self.num_envs,), dtype=np.bool_)
        self._autoreset_envs = np.zeros((self.num_envs,), dtype=np.bool_)

    def _check_spaces(self) -> None:
        for index, env in enumerate(self.envs):
            if self.observation_mode == "same":
                if env.observation_space != self.single_observation_space:
                    raise RuntimeError(
                        f"Sub-environment {index} has the observation space "
                        f"{env.observation_space}, not {self.single_observation_space} as "
                        "observation_mode='same' requires; use observation_mode='different' "
                        "if this is intended."
                    )
            elif not _same_shape_and_dtype(env.observation_space, self.single_observation_space):
                raise RuntimeError(
                    f"Sub-environment {index}'s observation space {env.observation_space} does not "
                    f"share the shape and dtype of {self.single_observation_space}."
                )
            if env.action_space != self.single_action_space:
                raise RuntimeError(
                    f"Sub-environment {index} has the action space {env.action_space}, not "
                    f"{self.single_action_space}: actions can only be batched for equal spaces."
                )

    @property
    def np_random_seed(self) -> tuple[int, ...]:  # type: ignore[override]
        """The seed of each sub-environment's generator."""
        return self.get_attr("np_random_seed")

    @property  # type: ignore[misc]
    def np_random(self) -> tuple[np.random.Generator, ...]:  # type: ignore[override]
        """Each sub-environment's random generator."""
        return self.get_attr("np_random")

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[ObsType, dict[str, Any]]:
        """Reset the sub-environments (all, or those in ``options["reset_mask"]``).

        Args:
            seed: ``None`` (no re-seeding), an int ``s`` (sub-environment ``i`` gets ``s + i``)
                or one seed per sub-environment.
            options: Passed to every sub-environment's ``reset``; a boolean ``"reset_mask"`` of
                shape ``(num_envs,)`` is taken out and limits the reset to the selected ones.

        Returns:
            The batched observations, shape ``(num_envs, ...)``, and the batched infos.
        """
        seeds = seeds_for(seed, self.num_envs)
        mask = pop_reset_mask(options, self.num_envs)
        if mask is None:
            self._terminations = np.zeros((self.num_envs,), dtype=np.bool_)
            self._truncations = np.zeros((self.num_envs,), dtype=np.bool_)
            self._autoreset_envs = np.zeros((self.num_envs,), dtype=np.bool_)
            selected: list[int] = list(range(self.num_envs))
        else:
            self._terminations[mask] = False
            self._truncations[mask] = False
            self._autoreset_envs[mask] = False
            selected = np.flatnonzero(mask).tolist()
        infos: dict[str, Any] = {}
        for index in selected:
            self._env_obs[index], sub_info = self.envs[index].reset(
                seed=seeds[index], options=options
            )
            infos = self._add_info(infos, sub_info, index)
        return self._batched_observations(), infos

    def step(self, actions: ActType) -> StepResult:
        """Step every sub-environment, resetting those whose episode ended as the mode says.

        Args:
            actions: A batch of actions, an element of :attr:`action_space`.

        Returns:
            ``(observations, rewards, terminations, truncations, infos)`` with rewards
            ``float64`` and flags ``bool``, each of shape ``(num_envs,)``.

        Raises:
            ValueError: If the batch does not hold one action per sub-environment.
            EpisodeNotResetError: In the ``DISABLED`` mode (a ``RuntimeError`` and an
                ``AssertionError``), if a sub-environment whose episode ended is
                stepped before ``reset(options={"reset_mask": ...})`` reset it.
        """
        per_env = list(iterate(self.action_space, actions))
        if len(per_env) != self.num_envs:
            raise ValueError(f"Got {len(per_env)} actions for {self.num_envs} sub-environments.")
        infos: dict[str, Any] = {}
        for index, action in enumerate(per_env):
            infos = self._step_one(index, action, infos)
        self._autoreset_envs = np.logical_or(self._terminations, self._truncations)
        return (
            self._batched_observations(),
            np.copy(self._rewards),
            np.copy(self._terminations),
            np.copy(self._truncations),
            infos,
        )

    def _step_one(self, index: int, action: Any, infos: dict[str, Any]) -> dict[str, Any]:
        """Step (or autoreset) sub-environment ``index``, writing its row of the buffers."""
        sub_env = self.envs[index]
        mode = self.autoreset_mode
        if self._autoreset_envs[index]:
            if mode is AutoresetMode.DISABLED:
                raise EpisodeNotResetError(
                    f"Sub-environment {index} ended its episode and autoreset is disabled: reset "
                    "it with `reset(options={'reset_mask': mask})` before stepping it again."
                )
            if mode is AutoresetMode.NEXT_STEP:
                # The episode ended on the previous step: this step is the reset, the action
                # is dropped.
                self._env_obs[index], sub_info = sub_env.reset()
                self._rewards[index] = 0.0
                self._terminations[index] = False
                self._truncations[index] = False
                return self._add_info(infos, sub_info, index)
        (
            self._env_obs[index],
            self._rewards[index],
            self._terminations[index],
            self._truncations[index],
            sub_info,
        ) = sub_env.step(action)
        if mode is AutoresetMode.SAME_STEP and (
            self._terminations[index] or self._truncations[index]
        ):
            final = {"final_obs": self._env_obs[index], "final_info": sub_info}
            infos = self._add_info(infos, final, index)
            self._env_obs[index], sub_info = sub_env.reset()
        return self._add_info(infos, sub_info, index)

    def _batched_observations(self) -> Any:
        self._observations = concatenate(
            self.single_observation_space, self._env_obs, self._observations
        )
        return deepcopy(self._observations) if self.copy else self._observations

    def render(self) -> tuple[Any, ...]:
        """Render every sub-environment.

        Returns:
            One frame (or ``None``) per sub-environment.
        """
        return tuple(env.render() for env in self.envs)

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Call a method (or read an attribute) of every sub-environment, through its wrappers.

        Args:
            name: The method or attribute name.
            *args: Positional arguments of the call.
            **kwargs: Keyword arguments of the call.

        Returns:
            One result per sub-environment (the attribute itself if it is not callable).
        """
        return tuple(_invoke(sub_env.get_wrapper_attr(name), args, kwargs) for sub_env in self.envs)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """Read an attribute of every sub-environment.

        Args:
            name: The attribute name.

        Returns:
            One value per sub-environment.
        """
        return self.call(name)

    def set_attr(self, name: str, values: list[Any] | tuple[Any, ...] | Any) -> None:
        """Set an attribute of every sub-environment.

        Args:
            name: The attribute name.
            values: One value per sub-environment as a list or tuple, or any other object that
                is then given to all of them.

        Raises:
            ValueError: If a list or tuple does not have ``num_envs`` values.
        """
        if not isinstance(values, list | tuple):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise ValueError(
                f"`set_attr` needs one value per sub-environment ({self.num_envs}), "
                f"got {len(values)}."
            )
        for sub_env, value in zip(self.envs, values, strict=True):
            sub_env.set_wrapper_attr(name, value)

    def close_extras(self, **kwargs: Any) -> None:
        """Close every sub-environment.

        Args:
            **kwargs: Unused; accepted for the :class:`VectorEnv` signature.
        """
        for env in getattr(self, "envs", []):
            env.close()


def _invoke(found: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    # A method is called; a plain attribute is returned as it is.
    return found(*args, **kwargs) if callable(found) else found


def _same_shape_and_dtype(a: Any, b: Any) -> bool:
    # Imported on use: only the "different" observation mode needs it.
    from gymnasium_core.spaces.utils import is_space_dtype_shape_equiv

    return bool(is_space_dtype_shape_equiv(a, b))
