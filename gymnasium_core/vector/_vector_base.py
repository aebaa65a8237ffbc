"""The vector environment base class: :class:`VectorEnv` and :class:`AutoresetMode`.

With the type variables the vector API is generic in; :mod:`gymnasium_core.vector.vector_env`
shows them.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, Generic

import numpy as np
from typing_extensions import TypeVar

from gymnasium_core.utils import seeding

if TYPE_CHECKING:
    from gymnasium_core.registration import EnvSpec
    from gymnasium_core.spaces import Space

__all__ = [
    "ActType",
    "ArrayType",
    "AutoresetMode",
    "ObsType",
    "RenderFrame",
    "VectorEnv",
    "WrapperActType",
    "WrapperObsType",
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
