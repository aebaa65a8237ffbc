"""Wrappers that most environments built by :func:`gymnasium_core.make` carry.

* :class:`TimeLimit` truncates an episode after a number of steps.
* :class:`Autoreset` resets the environment on the step after an episode ends.
* :class:`PassiveEnvChecker` checks the first ``reset``, ``step`` and ``render`` against the API.
* :class:`OrderEnforcing` refuses ``step`` and ``render`` before the first ``reset``.
* :class:`RecordEpisodeStatistics` adds episode return, length and duration to ``info``.
"""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Any, SupportsFloat, TypeVar

from gymnasium_core import logger
from gymnasium_core.core import Env, Wrapper
from gymnasium_core.error import ResetNeeded
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers._spec import spec_with_fields

if TYPE_CHECKING:
    from gymnasium_core.registration import EnvSpec

__all__ = [
    "Autoreset",
    "OrderEnforcing",
    "PassiveEnvChecker",
    "RecordEpisodeStatistics",
    "TimeLimit",
]

ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")

StepReturn = tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]


class TimeLimit(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Sets ``truncated=True`` once an episode has run ``max_episode_steps`` steps.

    ``terminated`` (the task's own end) is passed through untouched; only ``truncated`` is forced.
    The spec of the wrapped env reports ``max_episode_steps``.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import TimeLimit
        >>> env = TimeLimit(gym.make("CartPole-v1").unwrapped, max_episode_steps=2)
        >>> _ = env.reset(seed=0)
        >>> env.step(0)[3], env.step(0)[3]
        (False, True)
    """

    def __init__(self, env: Env[ObsType, ActType], max_episode_steps: int) -> None:
        """Wrap ``env``.

        Args:
            env: The environment to limit.
            max_episode_steps: Steps after which ``truncated`` is set (a positive ``int``).

        Raises:
            TypeError: If ``max_episode_steps`` is not an ``int``.
            ValueError: If it is not positive.
        """
        if not isinstance(max_episode_steps, int):
            raise TypeError(
                f"TimeLimit needs an int `max_episode_steps`, got {type(max_episode_steps)}"
            )
        if max_episode_steps <= 0:
            raise ValueError(
                f"TimeLimit needs a positive `max_episode_steps`, got {max_episode_steps}"
            )
        RecordConstructorArgs.__init__(self, max_episode_steps=max_episode_steps)
        Wrapper.__init__(self, env)
        self._max_episode_steps = max_episode_steps
        self._elapsed_steps: int | None = None

    def step(self, action: ActType) -> StepReturn:
        """Step the env, counting the step and truncating at the limit."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        if self._elapsed_steps is None:
            raise ResetNeeded("TimeLimit: call env.reset() before env.step()")
        self._elapsed_steps += 1
        if self._elapsed_steps >= self._max_episode_steps:
            truncated = True
        return obs, reward, terminated, truncated, info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        """Reset the env and the step count."""
        self._elapsed_steps = 0
        return self.env.reset(seed=seed, options=options)

    @property
    def spec(self) -> EnvSpec | None:  # type: ignore[override]
        """The inner spec with ``max_episode_steps`` set to this wrapper's limit."""
        return spec_with_fields(self, max_episode_steps=self._max_episode_steps)


class Autoreset(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Resets the environment on the ``step`` that follows the end of an episode.

    This is the vector envs' "next step" autoreset: the step after ``terminated`` or ``truncated``
    ignores its action and returns the reset observation and info, reward ``0.0`` and both flags
    ``False``.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import Autoreset, TimeLimit
        >>> env = Autoreset(TimeLimit(gym.make("CartPole-v1").unwrapped, max_episode_steps=1))
        >>> _ = env.reset(seed=0)
        >>> env.step(0)[1:4], env.step(0)[1:4]
        ((1.0, False, True), (0.0, False, False))
    """

    def __init__(self, env: Env[ObsType, ActType]) -> None:
        """Wrap ``env``.

        Args:
            env: The environment to reset automatically.
        """
        RecordConstructorArgs.__init__(self)
        Wrapper.__init__(self, env)
        self.autoreset = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        """Reset the env; the next ``step`` steps normally."""
        self.autoreset = False
        return self.env.reset(seed=seed, options=options)

    def step(self, action: ActType) -> StepReturn:
        """Step the env, or reset it if the previous step ended the episode."""
        if not self.autoreset:
            obs, reward, terminated, truncated, info = self.env.step(action)
        else:
            # Reset without a seed so the env's generator carries on.
            obs, info = self.env.reset()
            reward, terminated, truncated = 0.0, False, False
        self.autoreset = bool(terminated or truncated)
        return obs, reward, terminated, truncated, info


class PassiveEnvChecker(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Checks an environment against the API without changing anything it returns.

    The spaces are checked when the wrapper is built; the first ``reset``, ``step`` and
    ``render`` go through the checks of :mod:`gymnasium_core.utils.passive_env_checker`, which
    warn on problems. ``make`` adds it unless ``disable_env_checker=True``.

    Example:
        >>> import gymnasium_core as gym
        >>> gym.make("CartPole-v1")
        <TimeLimit<OrderEnforcing<PassiveEnvChecker<CartPoleEnv<CartPole-v1>>>>>
        >>> gym.make("CartPole-v1", disable_env_checker=True)
        <TimeLimit<OrderEnforcing<CartPoleEnv<CartPole-v1>>>>
    """

    def __init__(self, env: Env[ObsType, ActType]) -> None:
        """Wrap ``env`` and check its spaces.

        Args:
            env: The environment to check.

        Raises:
            TypeError: If ``env`` is not a :class:`gymnasium_core.Env`.
            AttributeError: If it has no action or observation space.
        """
        import gymnasium_core.utils.passive_env_checker as checks

        RecordConstructorArgs.__init__(self)
        if not isinstance(env, Env):
            raise TypeError(
                f"PassiveEnvChecker needs an env that inherits gymnasium_core.Env, got {type(env)}."
            )
        Wrapper.__init__(self, env)
        for attr, check in (
            ("action_space", checks.check_action_space),
            ("observation_space", checks.check_observation_space),
        ):
            if not hasattr(env, attr):
                raise AttributeError(f"PassiveEnvChecker: the environment has no `{attr}`.")
            check(getattr(env, attr))
        self._checks = checks
        self.checked_reset: bool = False
        self.checked_step: bool = False
        self.checked_render: bool = False
        self.close_called: bool = False
        # reset vs first step, then first step vs second step, must not share data objects.
        self.checked_data_reuse: bool = False
        self._previous_data: tuple[Any, dict[str, Any]] | None = None

    def _check_reuse(self, data: tuple[Any, dict[str, Any]], first: str, second: str) -> None:
        reuse_check = getattr(self._checks, "env_data_reuse_passive_checker", None)
        if reuse_check is not None and self._previous_data is not None:
            reuse_check(self._previous_data, data, first, second)

    def step(self, action: ActType) -> StepReturn:
        """Step the env; the first call runs the step checks."""
        if not self.checked_step:
            self.checked_step = True
            result = self._checks.env_step_passive_checker(self.env, action)
            self._check_reuse((result[0], result[4]), "reset", "step")
            self._previous_data = (result[0], result[4])
            return result
        result = self.env.step(action)
        if not self.checked_data_reuse:
            self.checked_data_reuse = True
            self._check_reuse((result[0], result[4]), "step", "step")
            self._previous_data = None
        return result

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        """Reset the env; the first call runs the reset checks."""
        if self.checked_reset:
            return self.env.reset(seed=seed, options=options)
        self.checked_reset = True
        self._previous_data = self._checks.env_reset_passive_checker(
            self.env, seed=seed, options=options
        )
        return self._previous_data

    def render(self) -> Any:
        """Render the env; the first call runs the render checks."""
        if self.checked_render:
            return self.env.render()
        self.checked_render = True
        return self._checks.env_render_passive_checker(self.env)

    @property
    def spec(self) -> EnvSpec | None:  # type: ignore[override]
        """The inner spec with ``disable_env_checker=False``."""
        return spec_with_fields(self, disable_env_checker=False)

    def close(self) -> None:
        """Close the env; a second ``close`` that raises is reported before re-raising."""
        if not self.close_called:
            self.close_called = True
            return self.env.close()
        try:
            return self.env.close()
        except Exception:
            logger.warn(
                "Closing an already closed environment must be allowed, but `env.close()` raised."
            )
            raise

    def __getstate__(self) -> dict[str, Any]:
        # A module object cannot be pickled; it is looked up again on unpickling.
        state = dict(self.__dict__)
        state.pop("_checks", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        import gymnasium_core.utils.passive_env_checker as checks

        self.__dict__.update(state)
        self._checks = checks


class OrderEnforcing(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Raises :class:`~gymnasium_core.error.ResetNeeded` on ``step`` or ``render`` before ``reset``.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import OrderEnforcing
        >>> env = OrderEnforcing(gym.make("CartPole-v1").unwrapped)
        >>> env.step(0)
        Traceback (most recent call last):
            ...
        gymnasium_core.error.ResetNeeded: Cannot call env.step() before calling env.reset()
    """

    def __init__(
        self, env: Env[ObsType, ActType], disable_render_order_enforcing: bool = False
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment to guard.
            disable_render_order_enforcing: Allow ``render`` before the first ``reset``.
        """
        RecordConstructorArgs.__init__(
            self, disable_render_order_enforcing=disable_render_order_enforcing
        )
        Wrapper.__init__(self, env)
        self._has_reset: bool = False
        self._disable_render_order_enforcing: bool = disable_render_order_enforcing

    def step(self, action: ActType) -> StepReturn:
        """Step the env, which must have been reset."""
        if self._has_reset:
            return self.env.step(action)
        raise ResetNeeded("Cannot call env.step() before calling env.reset()")

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        """Reset the env and allow ``step`` from now on."""
        self._has_reset = True
        return self.env.reset(seed=seed, options=options)

    def render(self) -> Any:
        """Render the env, which must have been reset unless render enforcing is disabled."""
        if self._has_reset or self._disable_render_order_enforcing:
            return self.env.render()
        raise ResetNeeded(
            "Cannot call `env.render()` before calling `env.reset()`; pass "
            "`disable_render_order_enforcing=True` to OrderEnforcing to allow it."
        )

    @property
    def has_reset(self) -> bool:
        """Whether ``reset`` has been called."""
        return self._has_reset

    @property
    def spec(self) -> EnvSpec | None:  # type: ignore[override]
        """The inner spec with ``order_enforce=True``."""
        return spec_with_fields(self, order_enforce=True)


class RecordEpisodeStatistics(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Adds the return, length and wall time of each finished episode to ``info``.

    On the step that ends an episode, ``info[stats_key]`` is ``{"r": return, "l": length,
    "t": seconds since the reset, rounded to microseconds}``, and the three values are appended
    to :attr:`return_queue`, :attr:`length_queue` and :attr:`time_queue` (the last
    ``buffer_length`` episodes). The vector version lives in
    :mod:`gymnasium_core.wrappers.vector`.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import RecordEpisodeStatistics, TimeLimit
        >>> env = RecordEpisodeStatistics(
        ...     TimeLimit(gym.make("CartPole-v1").unwrapped, max_episode_steps=3)
        ... )
        >>> _ = env.reset(seed=0)
        >>> for _ in range(3):
        ...     *_, info = env.step(0)
        >>> stats = info["episode"]
        >>> stats["r"], stats["l"]
        (3.0, 3)
    """

    def __init__(
        self, env: Env[ObsType, ActType], buffer_length: int = 100, stats_key: str = "episode"
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment to measure.
            buffer_length: How many finished episodes the queues keep.
            stats_key: The ``info`` key of the statistics.
        """
        RecordConstructorArgs.__init__(self, buffer_length=buffer_length, stats_key=stats_key)
        Wrapper.__init__(self, env)
        self._stats_key = stats_key
        self.episode_count = 0
        self.episode_start_time: float = -1
        self.episode_returns: float = 0.0
        self.episode_lengths: int = 0
        self.time_queue: deque[float] = deque(maxlen=buffer_length)
        self.return_queue: deque[float] = deque(maxlen=buffer_length)
        self.length_queue: deque[int] = deque(maxlen=buffer_length)

    def step(self, action: ActType) -> StepReturn:
        """Step the env and, when the episode ends, report its statistics."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        self.episode_returns += reward  # type: ignore[operator]
        self.episode_lengths += 1
        if terminated or truncated:
            if self._stats_key in info:
                raise ValueError(
                    f"RecordEpisodeStatistics: info already holds the key {self._stats_key!r}; "
                    "choose another `stats_key`."
                )
            elapsed = round(time.perf_counter() - self.episode_start_time, 6)
            info[self._stats_key] = {
                "r": self.episode_returns,
                "l": self.episode_lengths,
                "t": elapsed,
            }
            self.return_queue.append(self.episode_returns)
            self.length_queue.append(self.episode_lengths)
            self.time_queue.append(elapsed)
            self.episode_count += 1
            self.episode_start_time = time.perf_counter()
        return obs, reward, terminated, truncated, info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        """Reset the env and start counting a new episode."""
        result = self.env.reset(seed=seed, options=options)
        self.episode_start_time = time.perf_counter()
        self.episode_returns = 0.0
        self.episode_lengths = 0
        return result
