"""Observation wrappers with state.

* :class:`DelayObservation` returns observations ``delay`` steps late.
* :class:`TimeAwareObservation` adds the episode's step count to observations.
* :class:`FrameStackObservation` stacks the last ``stack_size`` observations.
* :class:`NormalizeObservation` standardises observations with running statistics.
* :class:`MaxAndSkipObservation` repeats the action and max-pools the last two frames.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from copy import deepcopy
from typing import Any, SupportsFloat, TypeVar, cast

import numpy as np

from gymnasium_core import spaces
from gymnasium_core.core import Env, ObservationWrapper, Wrapper
from gymnasium_core.error import InvalidBound
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers.utils import RunningMeanStd, create_zero_array

__all__ = [
    "DelayObservation",
    "FrameStackObservation",
    "MaxAndSkipObservation",
    "NormalizeObservation",
    "TimeAwareObservation",
]

ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")
Info = dict[str, Any]
StepReturn = tuple[Any, SupportsFloat, bool, bool, Info]

# Typed as Any: the spaces' flatten dispatcher carries no annotations.
_flatten: Any = spaces.flatten


def _check_int(wrapper: str, name: str, value: Any) -> None:
    if not np.issubdtype(type(value), np.integer):
        raise TypeError(f"{wrapper}: {name} must be an int, got {type(value)}")


class DelayObservation(ObservationWrapper[ObsType, ActType, ObsType], RecordConstructorArgs):
    """Returns each observation ``delay`` steps after the env produced it.

    Until ``delay`` observations have been seen since ``reset``, the "zero" observation of the
    space (:func:`~gymnasium_core.wrappers.utils.create_zero_array`) is returned.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import DelayObservation
        >>> env = DelayObservation(gym.make("CartPole-v1"), delay=1)
        >>> env.reset(seed=0)[0]
        array([0., 0., 0., 0.], dtype=float32)
    """

    def __init__(self, env: Env[ObsType, ActType], delay: int) -> None:
        """Wrap ``env``.

        Args:
            env: The environment.
            delay: Steps of delay (0 or more).

        Raises:
            TypeError: If ``delay`` is not an integer.
            ValueError: If it is negative.
        """
        _check_int("DelayObservation", "delay", delay)
        if delay < 0:
            raise ValueError(f"DelayObservation: delay must be 0 or more, got {delay}")
        RecordConstructorArgs.__init__(self, delay=delay)
        ObservationWrapper.__init__(self, env)
        self.delay: int = int(delay)
        self.observation_queue: deque[Any] = deque()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, Info]:
        """Reset the env and drop the queued observations."""
        self.observation_queue.clear()
        return super().reset(seed=seed, options=options)

    def observation(self, observation: ObsType) -> ObsType:
        """Queue ``observation`` and return the one from ``delay`` steps ago."""
        pending = self.observation_queue
        pending.append(observation)
        if len(pending) > self.delay:
            return pending.popleft()  # type: ignore[no-any-return]
        # Not enough history yet: stand in with the space's zero observation.
        return create_zero_array(self.observation_space)  # type: ignore[no-any-return]


class TimeAwareObservation(ObservationWrapper[Any, ActType, ObsType], RecordConstructorArgs):
    """Adds the number of steps since ``reset`` to each observation.

    The episode limit comes from the env spec's ``max_episode_steps`` or a
    :class:`~gymnasium_core.wrappers.TimeLimit` below. The time is an ``int32`` array ``[t]``, or
    ``float32`` ``[t / max_steps]`` with ``normalize_time``. A Dict observation gains the key
    ``dict_time_key`` (first), a Tuple one gains a last element, any other becomes
    ``{"obs": obs, "time": t}``; with ``flatten`` (the default) the result is flattened.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import TimeAwareObservation
        >>> env = TimeAwareObservation(gym.make("CartPole-v1"))
        >>> env.observation_space.shape
        (5,)
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        flatten: bool = True,
        normalize_time: bool = False,
        *,
        dict_time_key: str = "time",
    ) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with a known episode limit.
            flatten: Flatten the combined observation into a Box.
            normalize_time: Give the time as a fraction of the limit.
            dict_time_key: The key of the time in a Dict observation.

        Raises:
            ValueError: If no episode limit is known, or ``dict_time_key`` is taken.
        """
        RecordConstructorArgs.__init__(
            self, flatten=flatten, normalize_time=normalize_time, dict_time_key=dict_time_key
        )
        ObservationWrapper.__init__(self, env)
        self.flatten: bool = flatten
        self.normalize_time: bool = normalize_time
        self.max_timesteps: int = _episode_limit(env)
        self.timesteps: int = 0
        time_space = (
            spaces.Box(0.0, 1.0)
            if normalize_time
            else spaces.Box(0, self.max_timesteps, dtype=np.int32)
        )
        inner = env.observation_space
        combined: spaces.Space[Any]
        self._append_data_func: Callable[[Any, Any], Any]
        if isinstance(inner, spaces.Dict):
            if dict_time_key in inner.keys():
                raise ValueError(
                    f"TimeAwareObservation: the observation already has the key {dict_time_key!r}"
                )
            combined = spaces.Dict(
                {dict_time_key: time_space, **inner.spaces}, sort_keys=inner.sort_keys
            )
            self._append_data_func = lambda obs, t: {dict_time_key: t, **obs}
        elif isinstance(inner, spaces.Tuple):
            combined = spaces.Tuple((*inner.spaces, time_space))
            self._append_data_func = lambda obs, t: (*obs, t)
        else:
            combined = spaces.Dict(obs=inner, time=time_space)
            self._append_data_func = lambda obs, t: {"obs": obs, "time": t}
        self._combined_space = combined
        self.observation_space = spaces.flatten_space(combined) if flatten else combined

    # The three steps of `observation`, under Gymnasium's names so subclasses can replace one.
    def _time_preprocess_func(self, time: int) -> np.ndarray[Any, Any]:
        if self.normalize_time:
            return np.array([time / self.max_timesteps], dtype=np.float32)
        return np.array([time], dtype=np.int32)

    def _obs_postprocess_func(self, combined: Any) -> Any:
        return _flatten(self._combined_space, combined) if self.flatten else combined

    def observation(self, observation: ObsType) -> Any:
        """``observation`` with the current time attached (and flattened if asked)."""
        time = self._time_preprocess_func(self.timesteps)
        return self._obs_postprocess_func(self._append_data_func(observation, time))

    def step(self, action: ActType) -> StepReturn:
        """Count the step, then step the env."""
        self.timesteps += 1
        return super().step(action)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, Info]:
        """Reset the env and the step count."""
        self.timesteps = 0
        return super().reset(seed=seed, options=options)


def _episode_limit(env: Env[Any, Any]) -> int:
    """``max_episode_steps`` of the spec, else of the outermost TimeLimit below ``env``."""
    from gymnasium_core.wrappers.common import TimeLimit

    if env.spec is not None and env.spec.max_episode_steps is not None:
        return int(env.spec.max_episode_steps)
    layer: Env[Any, Any] = env
    while isinstance(layer, Wrapper):
        if isinstance(layer, TimeLimit):
            return layer._max_episode_steps
        layer = layer.env
    raise ValueError(
        "TimeAwareObservation needs an episode limit: wrap the env in TimeLimit or give its "
        "spec a `max_episode_steps`."
    )


class FrameStackObservation(Wrapper[Any, ActType, ObsType, ActType], RecordConstructorArgs):
    """Returns the last ``stack_size`` observations stacked on a new first axis.

    The observation space is the env's batched ``stack_size`` times. After ``reset`` the slots
    before the first observation are filled according to ``padding_type``: ``"reset"`` repeats
    the reset observation, ``"zero"`` uses the space's zero observation, and an element of the
    observation space is used as given.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import FrameStackObservation
        >>> env = FrameStackObservation(gym.make("CartPole-v1"), stack_size=3)
        >>> env.observation_space.shape
        (3, 4)
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        stack_size: int,
        *,
        padding_type: str | ObsType = "reset",
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment.
            stack_size: Observations per stack (at least 1).
            padding_type: ``"reset"``, ``"zero"`` or an observation to pad with.

        Raises:
            TypeError: If ``stack_size`` is not an integer.
            ValueError: If ``stack_size < 1`` or ``padding_type`` is not valid.
        """
        from gymnasium_core.vector.utils import batch_space, create_empty_array

        RecordConstructorArgs.__init__(self, stack_size=stack_size, padding_type=padding_type)
        Wrapper.__init__(self, env)
        _check_int("FrameStackObservation", "stack_size", stack_size)
        if stack_size < 1:
            raise ValueError(
                f"FrameStackObservation: stack_size must be at least 1, got {stack_size}"
            )
        inner = env.observation_space
        if isinstance(padding_type, str) and padding_type in ("reset", "zero"):
            self.padding_value: Any = create_zero_array(inner)
        elif not isinstance(padding_type, str) and padding_type in inner:
            self.padding_value = padding_type
            padding_type = "_custom"
        else:
            raise ValueError(
                "FrameStackObservation: padding_type must be 'reset', 'zero' or an element of "
                f"the observation space {inner}, got {padding_type!r}"
            )
        self.observation_space = batch_space(inner, n=stack_size)
        self.stack_size: int = stack_size
        self.padding_type: str = padding_type
        self.obs_queue: deque[Any] = deque([self.padding_value] * stack_size, maxlen=stack_size)
        self.stacked_obs = create_empty_array(inner, n=stack_size)
        # Box observations (the usual case) are stacked straight into a fresh array: that is
        # the same result as filling the shared buffer and copying it, in a third of the time.
        is_box = isinstance(inner, spaces.Box)
        self._box_dtype: np.dtype[Any] | None = inner.dtype if is_box else None

    def _stacked(self) -> Any:
        if self._box_dtype is not None:
            self.stacked_obs = np.array(self.obs_queue, dtype=self._box_dtype)
            return self.stacked_obs

        from gymnasium_core.vector.utils import concatenate

        # concatenate writes into the shared buffer; the copy keeps returned stacks independent.
        return deepcopy(concatenate(self.env.observation_space, self.obs_queue, self.stacked_obs))

    def step(self, action: ActType) -> StepReturn:
        """Step the env and return the stack ending with the new observation."""
        newest, *rest = self.env.step(action)
        self.obs_queue.append(newest)
        return (self._stacked(), *rest)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, Info]:
        """Reset the env and return a padded stack ending with the reset observation."""
        first, info = self.env.reset(seed=seed, options=options)
        if self.padding_type == "reset":
            self.padding_value = first
        # The deque is bounded, so this pushes out everything left from the last episode.
        self.obs_queue.extend([*[self.padding_value] * (self.stack_size - 1), first])
        return self._stacked(), info


class NormalizeObservation(ObservationWrapper[Any, ActType, ObsType], RecordConstructorArgs):
    r"""Standardises observations to mean 0 and variance 1 with running statistics.

    Every observation updates a :class:`~gymnasium_core.wrappers.utils.RunningMeanStd` (unless
    :attr:`update_running_mean` is ``False``) and is returned as
    :math:`(o - \mu) / \sqrt{\sigma^2 + \epsilon}` in ``float32``. The statistics survive
    ``reset``.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import NormalizeObservation
        >>> env = NormalizeObservation(gym.make("CartPole-v1"))
        >>> env.observation_space
        Box(-inf, inf, (4,), float32)
    """

    def __init__(self, env: Env[ObsType, ActType], epsilon: float = 1e-8) -> None:
        """Wrap ``env``.

        Args:
            env: An environment whose observation space has a shape.
            epsilon: Added to the variance before the square root (positive).

        Raises:
            InvalidBound: If ``epsilon`` is not positive.
            ValueError: If the observation space has no shape.
        """
        if epsilon <= 0:
            raise InvalidBound(f"NormalizeObservation: epsilon must be positive, got {epsilon}")
        RecordConstructorArgs.__init__(self, epsilon=epsilon)
        ObservationWrapper.__init__(self, env)
        shape = env.observation_space.shape
        if shape is None:
            raise ValueError("NormalizeObservation needs an observation space with a shape")
        self.observation_space = spaces.Box(-np.inf, np.inf, shape=shape, dtype=np.float32)
        self.obs_rms = RunningMeanStd(shape=shape, dtype=np.float32)
        self.epsilon = epsilon
        self._update_running_mean = True

    @property
    def update_running_mean(self) -> bool:
        """Whether observations still update the statistics."""
        return self._update_running_mean

    @update_running_mean.setter
    def update_running_mean(self, setting: bool) -> None:
        self._update_running_mean = setting

    def observation(self, observation: ObsType) -> Any:
        """The standardised observation."""
        if self._update_running_mean:
            self.obs_rms.update(np.expand_dims(cast(Any, observation), 0))
        scale = np.sqrt(self.obs_rms.var + self.epsilon)
        return np.float32((cast(Any, observation) - self.obs_rms.mean) / scale)


class MaxAndSkipObservation(Wrapper[Any, ActType, ObsType, ActType], RecordConstructorArgs):
    """Repeats each action ``skip`` times and returns the pixel-wise max of the last two frames.

    Rewards are summed; stepping stops early when the episode ends (the max then uses frames
    kept from earlier steps, as in Gymnasium). ``reset`` is passed through unchanged.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import MaxAndSkipObservation
        >>> env = MaxAndSkipObservation(gym.make("CartPole-v1"), skip=2)
        >>> _ = env.reset(seed=0)
        >>> env.step(0)[1]
        2.0
    """

    def __init__(self, env: Env[ObsType, ActType], skip: int = 4) -> None:
        """Wrap ``env``.

        Args:
            env: An environment whose observation space has a shape.
            skip: Env steps per action (at least 2).

        Raises:
            TypeError: If ``skip`` is not an integer.
            ValueError: If ``skip < 2`` or the observation space has no shape.
        """
        RecordConstructorArgs.__init__(self, skip=skip)
        Wrapper.__init__(self, env)
        _check_int("MaxAndSkipObservation", "skip", skip)
        if skip < 2:
            raise ValueError(f"MaxAndSkipObservation: skip must be at least 2, got {skip}")
        shape = env.observation_space.shape
        if shape is None:
            raise ValueError("MaxAndSkipObservation needs an observation space with a shape")
        self._skip = skip
        self._obs_buffer = np.zeros((2, *shape), dtype=env.observation_space.dtype)

    def step(self, action: ActType) -> StepReturn:
        """Apply ``action`` up to ``skip`` times and max-pool the last two observations."""
        total = 0.0
        ended: tuple[bool, bool] = (False, False)
        info: Info = {}
        # Only the last two of the ``skip`` frames are kept, in slots 0 and 1.
        first_kept = self._skip - 2
        for index in range(self._skip):
            frame, reward, *flags, info = self.env.step(action)
            if index >= first_kept:
                self._obs_buffer[index - first_kept] = frame
            total += float(reward)
            ended = (flags[0], flags[1])
            if any(ended):
                break
        return self._obs_buffer.max(axis=0), total, ended[0], ended[1], info
