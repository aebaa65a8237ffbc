"""The vector environment API: :class:`VectorEnv`, its wrappers and :class:`AutoresetMode`.

A vector environment steps ``num_envs`` independent copies of one task at once. Observations and
actions are batched along a leading axis (the batched spaces come from
:func:`gymnasium_core.vector.utils.batch_space`); rewards, terminations and truncations are arrays
of shape ``(num_envs,)``; ``info`` is one dictionary whose values hold every sub-environment's
entry, each key ``k`` paired with a boolean mask ``_k`` that says which sub-environments set it.

The section at the end holds what the vector environments share and do not show: their errors
(:class:`EpisodeNotResetError`, :class:`NoSubEnvironmentsError`) and the checks of their
arguments and of ``reset``'s options.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, cast, overload

import numpy as np
from typing_extensions import TypeVar

from gymnasium_core import logger
from gymnasium_core.spaces import Space
from gymnasium_core.utils import seeding
from gymnasium_core.vector.utils import batch_differing_spaces, batch_space

if TYPE_CHECKING:
    from gymnasium_core.registration import EnvSpec

__all__ = [
    "ArrayType",
    "AutoresetMode",
    "VectorActionWrapper",
    "VectorEnv",
    "VectorObservationWrapper",
    "VectorRewardWrapper",
    "VectorWrapper",
]


ObsType = TypeVar("ObsType")  # a batch of observations
ActType = TypeVar("ActType")  # a batch of actions
WrapperObsType = TypeVar("WrapperObsType")  # the observations a vector wrapper shows
WrapperActType = TypeVar("WrapperActType")  # the actions a vector wrapper takes
RenderFrame = TypeVar("RenderFrame")  # one sub-environment's rendering
# Rewards, terminations and truncations: numpy arrays unless a conversion wrapper makes them
# JAX or torch arrays.
ArrayType = TypeVar("ArrayType", default=Any)  # numpy, JAX or torch arrays

_SCALAR_TYPES = (int, float, bool)


class AutoresetMode(Enum):
    """When a vector environment resets a sub-environment whose episode ended.

    * ``NEXT_STEP``: the step after the episode end resets the sub-environment (its action is
      ignored) and returns the first observation of the new episode with zero reward.
    * ``SAME_STEP``: the sub-environment is reset inside the step that ended the episode; the
      returned observation is the new episode's first one, and the last observation and info
      are put in ``info["final_obs"]`` and ``info["final_info"]``.
    * ``DISABLED``: nothing resets by itself; the user calls ``reset(options={"reset_mask": m})``
      with a boolean mask of the sub-environments to reset.
    """

    NEXT_STEP = "NextStep"
    SAME_STEP = "SameStep"
    DISABLED = "Disabled"


class VectorEnv(Generic[ObsType, ActType, ArrayType]):
    """Base class of environments that run ``num_envs`` copies of a task in lockstep.

    Subclasses set :attr:`num_envs`, the single and batched spaces and
    ``metadata["autoreset_mode"]`` and implement :meth:`step` and :meth:`reset` (calling
    ``super().reset(seed=seed)`` so that :attr:`np_random` is seeded).

    Attributes:
        metadata: Static facts: ``render_modes``, ``render_fps``, ``autoreset_mode``.
        spec: The :class:`~gymnasium_core.registration.EnvSpec` ``make_vec`` used, if any.
        render_mode: The sub-environments' render mode, or ``None``.
        closed: Whether :meth:`close` has run.
        num_envs: The number of sub-environments.
        single_observation_space: The observation space of one sub-environment.
        single_action_space: The action space of one sub-environment.
        observation_space: The batched observation space, leading axis ``num_envs``.
        action_space: The batched action space, leading axis ``num_envs``.

    Example:
        >>> import numpy as np
        >>> from gymnasium_core.vector import VectorEnv
        >>> class Counter(VectorEnv):
        ...     num_envs = 2
        ...     def reset(self, *, seed=None, options=None):
        ...         super().reset(seed=seed)
        ...         self.count = np.zeros(self.num_envs)
        ...         return self.count.copy(), {}
        >>> Counter().reset(seed=0)
        (array([0., 0.]), {})
    """

    metadata: dict[str, Any] = {}
    spec: EnvSpec | None = None
    render_mode: str | None = None
    closed: bool = False

    observation_space: Space[Any]
    action_space: Space[Any]
    single_observation_space: Space[Any]
    single_action_space: Space[Any]

    num_envs: int

    _np_random: np.random.Generator | None = None
    _np_random_seed: int | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        """Reset every sub-environment and return the batched first observations and info.

        Args:
            seed: A seed for :attr:`np_random` (and, in subclasses, for the sub-environments).
            options: Reset options; in the ``DISABLED`` autoreset mode ``options["reset_mask"]``
                selects the sub-environments to reset.

        Returns:
            ``(observations, infos)``: observations batched along axis 0, infos batched by key.
        """
        if seed is not None:
            self._reseed(seed)
        return None, {}  # type: ignore[return-value]

    def step(
        self, actions: ActType
    ) -> tuple[ObsType, ArrayType, ArrayType, ArrayType, dict[str, Any]]:
        """Step every sub-environment with its action.

        Args:
            actions: A batch of actions, an element of :attr:`action_space`.

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``; the last four arrays
            have shape ``(num_envs,)`` except ``infos``, a dictionary of batched values.
        """
        raise NotImplementedError(f"{self} does not implement `step`.")

    def render(self) -> tuple[RenderFrame, ...] | None:
        """Render the sub-environments.

        Returns:
            One frame per sub-environment, or ``None``.
        """
        raise NotImplementedError(f"{self} does not implement `render`.")

    def close(self, **kwargs: Any) -> None:
        """Release the sub-environments and other resources; a second call does nothing.

        Args:
            **kwargs: Passed on to :meth:`close_extras` (``terminate`` for the async env).
        """
        if self.closed:
            return
        self.close_extras(**kwargs)
        self.closed = True

    def close_extras(self, **kwargs: Any) -> None:
        """Release what a subclass holds; called once by :meth:`close`.

        Args:
            **kwargs: Subclass-specific options.
        """

    def _reseed(self, seed: int | None) -> np.random.Generator:
        """Replace :attr:`np_random` by a generator from ``seed`` (fresh entropy when ``None``)."""
        generator, used_seed = seeding.np_random(seed)
        self._np_random, self._np_random_seed = generator, used_seed
        return generator

    @property
    def np_random(self) -> np.random.Generator:
        """The vector environment's own generator, created from a random seed on first use."""
        current = self._np_random
        return self._reseed(None) if current is None else current

    @np_random.setter
    def np_random(self, value: np.random.Generator) -> None:
        # A generator set by hand has no known seed.
        self._np_random = value
        self._np_random_seed = -1

    @property
    def np_random_seed(self) -> int | None:
        """The seed of :attr:`np_random`, or ``-1`` if the generator was assigned directly."""
        if self._np_random_seed is None:
            self._reseed(None)
        return self._np_random_seed

    @property
    def unwrapped(self) -> VectorEnv[Any, Any, Any]:
        """The vector environment under all vector wrappers: itself."""
        return self

    def _add_info(
        self, vector_infos: dict[str, Any], env_info: dict[str, Any], env_num: int
    ) -> dict[str, Any]:
        """Merge one sub-environment's ``env_info`` into the batched ``vector_infos``.

        The parameter names are Gymnasium's, for subclasses that call it by keyword.

        Every key gets a value array of length ``num_envs`` and a boolean mask ``_key`` marking
        the sub-environments that set it. Python and numpy scalars go into a typed array, numpy
        arrays into an array with a leading ``num_envs`` axis, nested dictionaries are merged
        recursively and anything else (and ``final_obs``, whatever its type) into an object
        array.

        Args:
            vector_infos: The batched info so far; updated in place.
            env_info: The info of sub-environment ``env_num``.
            env_num: The index of the sub-environment.

        Returns:
            ``vector_infos``, updated.
        """
        for key, value in env_info.items():
            if isinstance(value, dict) and key != "final_obs":
                batched: Any = self._add_info(vector_infos.get(key, {}), value, env_num)
            else:
                batched = vector_infos.get(key)
                if batched is None:
                    batched = self._empty_info_array(key, value)
                batched[env_num] = value

            mask = vector_infos.get(f"_{key}")
            if mask is None:
                mask = np.zeros(self.num_envs, dtype=np.bool_)
            mask[env_num] = True
            vector_infos[key] = batched
            vector_infos[f"_{key}"] = mask
        return vector_infos

    def _empty_info_array(self, key: str, value: Any) -> np.ndarray[Any, Any]:
        """An array that can hold ``value`` for each sub-environment, chosen by its type."""
        # `final_obs` stays unbatched so each entry keeps the single observation's own type.
        if key != "final_obs":
            if type(value) in _SCALAR_TYPES or isinstance(value, np.number):
                return np.zeros(self.num_envs, dtype=type(value))
            if isinstance(value, np.ndarray):
                return np.zeros((self.num_envs, *value.shape), dtype=value.dtype)
        return np.full(self.num_envs, None, dtype=object)

    def __repr__(self) -> str:
        """``ClassName(env_id, num_envs=n)``, without the id when there is no spec."""
        name = type(self).__name__
        if self.spec is None:
            return f"{name}(num_envs={self.num_envs})"
        return f"{name}({self.spec.id}, num_envs={self.num_envs})"


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


# Shared by the synchronous and asynchronous vector environments (and the batched MuJoCo
# env): their errors, and the checks of their arguments and of `reset`'s options.

ObservationMode = str | tuple[Space[Any], Space[Any]]


class EpisodeNotResetError(RuntimeError, AssertionError):
    """A sub-environment whose episode ended was stepped with autoreset disabled.

    A :class:`RuntimeError`, and an :class:`AssertionError` as Gymnasium raises in this case.
    Reset it first with ``reset(options={"reset_mask": mask})``.
    """


class NoSubEnvironmentsError(ValueError, IndexError):
    """A vector environment was given no sub-environments.

    A :class:`ValueError`, and an :class:`IndexError` as Gymnasium fails with in this case.
    """


def check_not_empty(count: int, owner: str) -> None:
    """Raise a clear error for a vector environment without sub-environments.

    Raises:
        NoSubEnvironmentsError: If ``count`` is zero.
    """
    if count == 0:
        raise NoSubEnvironmentsError(
            f"`{owner}` needs at least one sub-environment: `env_fns` is empty "
            "(with `make_vec`, `num_envs` must be a positive int)."
        )


def as_autoreset_mode(mode: str | AutoresetMode) -> AutoresetMode:
    """``mode`` as an :class:`AutoresetMode` (its value, e.g. ``"NextStep"``, is accepted too)."""
    return mode if isinstance(mode, AutoresetMode) else AutoresetMode(mode)


def seeds_for(seed: int | Sequence[int | None] | None, num_envs: int) -> list[int | None]:
    """One seed per sub-environment: ``seed + i`` for an int, as given for a list.

    Raises:
        ValueError: If a list of seeds does not have ``num_envs`` entries.
    """
    if seed is None:
        return [None] * num_envs
    if isinstance(seed, int | np.integer):
        return [int(seed) + i for i in range(num_envs)]
    seeds = list(seed)
    if len(seeds) != num_envs:
        raise ValueError(
            f"A list of seeds needs one seed per sub-environment ({num_envs}), got {len(seeds)}."
        )
    return seeds


def pop_reset_mask(options: dict[str, Any] | None, num_envs: int) -> np.ndarray[Any, Any] | None:
    """Take ``options["reset_mask"]`` out of ``options`` and check it, or ``None`` if absent.

    Raises:
        TypeError: If the mask is not a numpy array of ``bool``.
        ValueError: If its shape is not ``(num_envs,)`` or it selects no sub-environment.
    """
    if options is None or "reset_mask" not in options:
        return None
    mask = options.pop("reset_mask")
    if not isinstance(mask, np.ndarray):
        raise TypeError(f"`options['reset_mask']` must be a numpy array, got {type(mask)}.")
    if mask.shape != (num_envs,):
        raise ValueError(
            f"`options['reset_mask']` must have shape ({num_envs},), got {mask.shape}."
        )
    if mask.dtype != np.bool_:
        raise TypeError(f"`options['reset_mask']` must have dtype bool, got {mask.dtype}.")
    if not mask.any():
        raise ValueError(
            f"`options['reset_mask']` must select at least one sub-environment, got {mask}."
        )
    return mask


def observation_spaces(
    mode: ObservationMode, first: Space[Any], all_spaces: Any, num_envs: int
) -> tuple[Space[Any], Space[Any]]:
    """The ``(single, batched)`` observation spaces for an ``observation_mode``.

    Args:
        mode: ``"same"``, ``"different"`` or a ``(batched, single)`` pair of spaces.
        first: The first sub-environment's observation space.
        all_spaces: A callable returning every sub-environment's observation space (only
            called for ``"different"``).
        num_envs: The number of sub-environments.

    Raises:
        TypeError: If a pair holds something other than spaces.
        ValueError: For any other ``mode``.
    """
    if isinstance(mode, tuple) and len(mode) == 2:
        batched, single = mode
        if not isinstance(batched, Space) or not isinstance(single, Space):
            raise TypeError(
                "`observation_mode` as a pair needs two spaces (batched, single), got "
                f"{type(batched)} and {type(single)}."
            )
        return single, batched
    if mode == "same":
        return first, batch_space(first, num_envs)
    if mode == "different":
        return first, batch_differing_spaces(all_spaces())
    raise ValueError(
        "`observation_mode` must be 'same', 'different' or a (batched, single) pair of spaces, "
        f"got {mode!r}."
    )
