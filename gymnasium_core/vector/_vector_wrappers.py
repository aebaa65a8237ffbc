"""The vector wrapper base classes; shown by :mod:`gymnasium_core.vector.vector_env`.

:class:`VectorWrapper` forwards everything to the environment it wraps;
:class:`VectorObservationWrapper`, :class:`VectorActionWrapper` and
:class:`VectorRewardWrapper` transform one part of what passes through.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, cast, overload

import numpy as np
from typing_extensions import TypeVar

from gymnasium_core import logger

if TYPE_CHECKING:
    from gymnasium_core.registration import EnvSpec
    from gymnasium_core.spaces import Space

from gymnasium_core.vector._vector_base import (
    ActType,
    ArrayType,
    AutoresetMode,
    ObsType,
    RenderFrame,
    VectorEnv,
    WrapperActType,
    WrapperObsType,
)

__all__ = [
    "VectorActionWrapper",
    "VectorObservationWrapper",
    "VectorRewardWrapper",
    "VectorWrapper",
]

_T = TypeVar("_T")


class _OwnOrInner(Generic[_T]):
    """A vector wrapper attribute kept in ``_<name>``: the wrapped env's value while ``None``."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self.slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}"

    @overload
    def __get__(self, obj: None, objtype: type | None = None) -> _OwnOrInner[_T]: ...

    @overload
    def __get__(self, obj: object, objtype: type | None = None) -> _T: ...

    def __get__(self, obj: object | None, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        own = getattr(obj, self.slot, None)
        return getattr(obj.env, self.slot[1:]) if own is None else own  # type: ignore[attr-defined]

    def __set__(self, obj: object, value: _T) -> None:
        setattr(obj, self.slot, value)


class VectorWrapper(
    VectorEnv[WrapperObsType, WrapperActType, ArrayType],
    Generic[WrapperObsType, WrapperActType, ObsType, ActType, ArrayType],
):
    """Base class of vector wrappers: forwards everything to :attr:`env` unless overridden.

    The spaces and :attr:`metadata` come from the wrapped environment until the wrapper sets its
    own; :attr:`num_envs`, :attr:`spec`, :attr:`render_mode`, :attr:`np_random` and
    :attr:`closed` always do. Subclasses that change the observation or action type override
    :meth:`reset` / :meth:`step`.
    """

    env: VectorEnv[ObsType, ActType, ArrayType]

    def __init__(self, env: VectorEnv[ObsType, ActType, ArrayType]) -> None:
        """Wrap ``env``.

        Args:
            env: The inner vector environment every call is forwarded to.

        Raises:
            TypeError: If ``env`` is not a :class:`VectorEnv`.
        """
        self.env = env
        if not isinstance(env, VectorEnv):
            raise TypeError(
                f"A vector wrapper needs a `gymnasium_core.vector.VectorEnv`, got {type(env)}."
            )
        # Spaces and metadata this wrapper sets for itself (``None``: read from `env`), under
        # the attribute names subclasses of Gymnasium's VectorWrapper use.
        self._observation_space: Space[Any] | None = None
        self._action_space: Space[Any] | None = None
        self._single_observation_space: Space[Any] | None = None
        self._single_action_space: Space[Any] | None = None
        self._metadata: dict[str, Any] | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[WrapperObsType, dict[str, Any]]:
        """Reset the wrapped environment.

        Args:
            seed: Passed on to the wrapped environment.
            options: Passed on to the wrapped environment.

        Returns:
            The wrapped environment's ``(observations, infos)``.
        """
        return cast(
            "tuple[WrapperObsType, dict[str, Any]]", self.env.reset(seed=seed, options=options)
        )

    def step(
        self, actions: WrapperActType
    ) -> tuple[WrapperObsType, ArrayType, ArrayType, ArrayType, dict[str, Any]]:
        """Step the wrapped environment.

        Args:
            actions: Passed on to the wrapped environment.

        Returns:
            The wrapped environment's step result.
        """
        result = self.env.step(cast("ActType", actions))
        return cast(
            "tuple[WrapperObsType, ArrayType, ArrayType, ArrayType, dict[str, Any]]", result
        )

    def render(self) -> tuple[RenderFrame, ...] | None:
        """Render the wrapped environment.

        Returns:
            The wrapped environment's frames.
        """
        return cast("tuple[RenderFrame, ...] | None", self.env.render())

    def close(self, **kwargs: Any) -> None:
        """Close the wrapped environment.

        Args:
            **kwargs: Passed on to the wrapped environment's ``close``.
        """
        self.env.close(**kwargs)

    def close_extras(self, **kwargs: Any) -> None:
        """Run the wrapped environment's ``close_extras``.

        Args:
            **kwargs: Passed on.
        """
        self.env.close_extras(**kwargs)

    @property
    def unwrapped(self) -> VectorEnv[Any, Any, Any]:
        """The vector environment under all vector wrappers."""
        return self.env.unwrapped

    def __repr__(self) -> str:
        """``<WrapperName, inner repr>``."""
        return f"<{type(self).__name__}, {self.env}>"

    observation_space: _OwnOrInner[Space[Any]] = _OwnOrInner(
        "The batched observation space: the wrapper's own if set, else the wrapped env's."
    )
    action_space: _OwnOrInner[Space[Any]] = _OwnOrInner(
        "The batched action space: the wrapper's own if set, else the wrapped env's."
    )
    single_observation_space: _OwnOrInner[Space[Any]] = _OwnOrInner(
        "One sub-environment's observation space: the wrapper's own if set, else the env's."
    )
    single_action_space: _OwnOrInner[Space[Any]] = _OwnOrInner(
        "One sub-environment's action space: the wrapper's own if set, else the env's."
    )

    @property
    def num_envs(self) -> int:  # type: ignore[override]
        """The wrapped environment's number of sub-environments."""
        return self.env.num_envs

    @property
    def np_random(self) -> np.random.Generator:
        """The wrapped environment's random generator."""
        return self.env.np_random

    @np_random.setter
    def np_random(self, value: np.random.Generator) -> None:
        self.env.np_random = value

    @property
    def np_random_seed(self) -> int | None:
        """The seed of the wrapped environment's random generator."""
        return self.env.np_random_seed

    metadata: _OwnOrInner[dict[str, Any]] = _OwnOrInner(
        "The wrapper's own metadata if set, else the wrapped environment's."
    )

    @property
    def spec(self) -> EnvSpec | None:  # type: ignore[override]
        """The wrapped environment's spec."""
        return self.env.spec

    @property
    def render_mode(self) -> str | None:  # type: ignore[override]
        """The wrapped environment's render mode."""
        return self.env.render_mode

    @property
    def closed(self) -> bool:
        """Whether the wrapped environment is closed."""
        return self.env.closed

    @closed.setter
    def closed(self, value: bool) -> None:
        self.env.closed = value


class VectorObservationWrapper(VectorWrapper[WrapperObsType, ActType, ObsType, ActType, ArrayType]):
    """A vector wrapper that changes observations through :meth:`observations`.

    Only the ``NEXT_STEP`` and ``DISABLED`` autoreset modes are accepted: in ``SAME_STEP`` the
    final observations sit in ``info["final_obs"]`` where this wrapper would not transform them.
    """

    def __init__(self, env: VectorEnv[ObsType, ActType, ArrayType]) -> None:
        """Wrap ``env``.

        Args:
            env: The inner vector environment whose observations are transformed.

        Raises:
            ValueError: If the environment's autoreset mode is ``SAME_STEP``.
        """
        super().__init__(env)
        mode = env.metadata.get("autoreset_mode")
        if mode is None:
            logger.warn(f"The vector environment {env} has no `autoreset_mode` in its metadata.")
        elif mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.DISABLED):
            raise ValueError(
                f"Observation wrappers need the NEXT_STEP or DISABLED autoreset mode, got {mode}."
            )

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[WrapperObsType, dict[str, Any]]:
        """Reset the wrapped environment and transform the observations.

        Args:
            seed: Passed on to the wrapped environment.
            options: Passed on to the wrapped environment.

        Returns:
            ``(observations, infos)`` with the observations transformed.
        """
        inner_obs, info = self.env.reset(seed=seed, options=options)
        return self.observations(inner_obs), info

    def step(
        self, actions: ActType
    ) -> tuple[WrapperObsType, ArrayType, ArrayType, ArrayType, dict[str, Any]]:
        """Step the wrapped environment and transform the observations.

        Args:
            actions: Passed on to the wrapped environment.

        Returns:
            The step result with the observations transformed.
        """
        result = self.env.step(actions)
        return (self.observations(result[0]), *result[1:])

    def observations(self, observations: ObsType) -> WrapperObsType:
        """Transform a batch of observations.

        Args:
            observations: The wrapped environment's batched observations.

        Returns:
            The batched observations this wrapper exposes.
        """
        raise NotImplementedError


class VectorActionWrapper(VectorWrapper[ObsType, WrapperActType, ObsType, ActType, ArrayType]):
    """A vector wrapper that changes actions through :meth:`actions` before they are applied."""

    def step(
        self, actions: WrapperActType
    ) -> tuple[ObsType, ArrayType, ArrayType, ArrayType, dict[str, Any]]:
        """Transform the actions and step the wrapped environment with them.

        Args:
            actions: Actions in this wrapper's action space.

        Returns:
            The wrapped environment's step result.
        """
        return self.env.step(self.actions(actions))

    def actions(self, actions: WrapperActType) -> ActType:
        """Transform a batch of actions.

        Args:
            actions: Actions in this wrapper's action space.

        Returns:
            Actions for the wrapped environment.
        """
        raise NotImplementedError


class VectorRewardWrapper(VectorWrapper[ObsType, ActType, ObsType, ActType, ArrayType]):
    """A vector wrapper that changes rewards through :meth:`rewards`."""

    def step(
        self, actions: ActType
    ) -> tuple[ObsType, ArrayType, ArrayType, ArrayType, dict[str, Any]]:
        """Step the wrapped environment and transform the rewards.

        Args:
            actions: Passed on to the wrapped environment.

        Returns:
            The step result with the rewards transformed.
        """
        observation, reward, *flags, info = self.env.step(actions)
        return observation, self.rewards(reward), flags[0], flags[1], info

    def rewards(self, rewards: ArrayType) -> ArrayType:
        """Transform a batch of rewards.

        Args:
            rewards: The wrapped environment's rewards, shape ``(num_envs,)``.

        Returns:
            The rewards this wrapper exposes.
        """
        raise NotImplementedError
