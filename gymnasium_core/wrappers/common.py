"""Wrappers that most environments built by :func:`gymnasium_core.make` carry.

* :class:`TimeLimit` truncates an episode after a number of steps.
* :class:`Autoreset` resets the environment on the step after an episode ends.
* :class:`PassiveEnvChecker` checks the first ``reset``, ``step`` and ``render`` against the API.
* :class:`OrderEnforcing` refuses ``step`` and ``render`` before the first ``reset``.
* :class:`RecordEpisodeStatistics` adds episode return, length and duration to ``info``.

The error types every wrapper raises where Gymnasium's fail an ``assert`` are defined here too:
each is the built-in type that describes the problem and also an :class:`AssertionError`, so
code written against Gymnasium (which catches ``AssertionError`` there) still catches ours.
"""

from __future__ import annotations

import time
from collections import deque
from copy import deepcopy
from typing import TYPE_CHECKING, Any, SupportsFloat, TypeVar

from gymnasium_core import logger
from gymnasium_core.core import Env, Wrapper, accept_env
from gymnasium_core.error import ResetNeeded
from gymnasium_core.utils.record_constructor import RecordConstructorArgs

if TYPE_CHECKING:
    from types import ModuleType

    from gymnasium_core.registration import EnvSpec

__all__ = [
    "Autoreset",
    "OrderEnforcing",
    "PassiveEnvChecker",
    "RecordEpisodeStatistics",
    "TimeLimit",
]


class WrapperTypeError(TypeError, AssertionError):
    """A value of the wrong type reached a wrapper (also an ``AssertionError``)."""


class WrapperValueError(ValueError, AssertionError):
    """A value a wrapper cannot use (also an ``AssertionError``)."""


class WrapperRuntimeError(RuntimeError, AssertionError):
    """A wrapper was used in the wrong state (also an ``AssertionError``)."""


def spec_with_fields(wrapper: Wrapper[Any, Any, Any, Any], **fields: Any) -> EnvSpec | None:
    """The inner spec, copied once and cached, with ``fields`` overwritten.

    ``make`` applies :class:`~gymnasium_core.wrappers.TimeLimit`,
    :class:`~gymnasium_core.wrappers.OrderEnforcing` and
    :class:`~gymnasium_core.wrappers.PassiveEnvChecker` from spec fields, so these wrappers
    record themselves there rather than as additional wrappers.

    Args:
        wrapper: The wrapper whose ``_cached_spec`` is used.
        **fields: ``EnvSpec`` attributes and their new values.

    Returns:
        The modified copy, or ``None`` when the inner env has no spec or it cannot be copied.
    """
    if wrapper._cached_spec is not None:
        return wrapper._cached_spec
    inner = wrapper.env.spec
    if inner is None:
        return None
    try:
        changed = deepcopy(inner)
        for name, value in fields.items():
            setattr(changed, name, value)
    except Exception as exc:  # a spec with an uncopyable kwarg: report it and give up
        logger.warn(f"{type(wrapper).__name__} could not copy the spec {inner} ({exc}).")
        return None
    wrapper._cached_spec = changed
    return changed


ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")

Info = dict[str, Any]
StepReturn = tuple[Any, SupportsFloat, bool, bool, Info]


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
        _require_positive_int(max_episode_steps)
        RecordConstructorArgs.__init__(self, max_episode_steps=max_episode_steps)
        Wrapper.__init__(self, env)
        self._max_episode_steps = max_episode_steps
        # None until the first reset: stepping before it is an error.
        self._elapsed_steps: int | None = None

    def step(self, action: ActType) -> StepReturn:
        """Step the env, counting the step and truncating at the limit."""
        outcome = self.env.step(action)
        if self._elapsed_steps is None:
            raise ResetNeeded("TimeLimit: call env.reset() before env.step()")
        self._elapsed_steps += 1
        if self._elapsed_steps < self._max_episode_steps:
            return outcome
        obs, reward, terminated, _, info = outcome
        return obs, reward, terminated, True, info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, Info]:
        """Reset the env and the step count."""
        self._elapsed_steps = 0
        return self.env.reset(seed=seed, options=options)

    @property
    def spec(self) -> EnvSpec | None:  # type: ignore[override]
        """The inner spec with ``max_episode_steps`` set to this wrapper's limit."""
        return spec_with_fields(self, max_episode_steps=self._max_episode_steps)


def _require_positive_int(limit: object) -> None:
    """Reject a step limit that is not a positive ``int``."""
    if not isinstance(limit, int):
        raise TypeError(f"TimeLimit needs an int `max_episode_steps`, got {type(limit)}")
    if limit <= 0:
        raise ValueError(f"TimeLimit needs a positive `max_episode_steps`, got {limit}")


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
        # True when the last step ended an episode, so the next one resets instead.
        self.autoreset = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, Info]:
        """Reset the env; the next ``step`` steps normally."""
        self.autoreset = False
        return self.env.reset(seed=seed, options=options)

    def step(self, action: ActType) -> StepReturn:
        """Step the env, or reset it if the previous step ended the episode."""
        outcome: StepReturn
        if self.autoreset:
            # No seed here: the env's generator carries on from where it was.
            first_obs, first_info = self.env.reset()
            outcome = (first_obs, 0.0, False, False, first_info)
        else:
            outcome = self.env.step(action)
        self.autoreset = bool(outcome[2] or outcome[3])
        return outcome


class PassiveEnvChecker(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Checks an environment against the API without changing anything it returns.

    The spaces are checked when the wrapper is built; the first ``reset``, ``step`` and
    ``render`` go through the checks of :mod:`gymnasium_core.utils.passive_env_checker`, which
    warn on problems. ``make`` adds it unless ``disable_env_checker=True``.

    Attributes:
        checked_reset: Whether the first ``reset`` has been checked.
        checked_step: Whether the first ``step`` has been checked.
        checked_render: Whether the first ``render`` has been checked.
        checked_data_reuse: Whether the first two steps were compared for shared data.
        close_called: Whether ``close`` has been called.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import PassiveEnvChecker
        >>> made = gym.make("Pendulum-v1")
        >>> tuple(type(layer).__name__ for layer in (made, made.env, made.env.env))
        ('TimeLimit', 'OrderEnforcing', 'PassiveEnvChecker')
        >>> unchecked = gym.make("Pendulum-v1", disable_env_checker=True)
        >>> isinstance(unchecked.env.env, PassiveEnvChecker)
        False
    """

    checked_reset: bool
    checked_step: bool
    checked_render: bool
    checked_data_reuse: bool
    close_called: bool

    def __init__(self, env: Env[ObsType, ActType]) -> None:
        """Wrap ``env`` and check its spaces.

        Args:
            env: The environment to check.

        Raises:
            TypeError: If ``env`` is not a :class:`gymnasium_core.Env`.
            AttributeError: If it has no action or observation space.
        """
        RecordConstructorArgs.__init__(self)
        env = accept_env(env, "PassiveEnvChecker")
        Wrapper.__init__(self, env)
        self._checks = _checker_module()
        self._check_spaces(env)
        self.checked_reset = self.checked_step = self.checked_render = False
        self.checked_data_reuse = self.close_called = False
        # What the last checked call returned, compared with the next one for shared objects.
        self._previous_data: tuple[Any, Info] | None = None

    def _check_spaces(self, env: Env[ObsType, ActType]) -> None:
        for attr, check in (
            ("action_space", self._checks.check_action_space),
            ("observation_space", self._checks.check_observation_space),
        ):
            if not hasattr(env, attr):
                raise AttributeError(f"PassiveEnvChecker: the environment has no `{attr}`.")
            check(getattr(env, attr))

    def _compare_with_last(self, current: tuple[Any, Info], earlier: str, later: str) -> None:
        compare = getattr(self._checks, "env_data_reuse_passive_checker", None)
        if compare is not None and self._previous_data is not None:
            compare(self._previous_data, current, earlier, later)

    def step(self, action: ActType) -> StepReturn:
        """Step the env; the first call runs the step checks."""
        if self.checked_step:
            outcome = self.env.step(action)
            if not self.checked_data_reuse:
                self._compare_with_last((outcome[0], outcome[4]), "step", "step")
                self.checked_data_reuse, self._previous_data = True, None
            return outcome
        self.checked_step = True
        checked: StepReturn = self._checks.env_step_passive_checker(self.env, action)
        self._compare_with_last((checked[0], checked[4]), "reset", "step")
        self._previous_data = (checked[0], checked[4])
        return checked

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, Info]:
        """Reset the env; the first call runs the reset checks."""
        if self.checked_reset:
            return self.env.reset(seed=seed, options=options)
        self.checked_reset = True
        first = self._checks.env_reset_passive_checker(self.env, seed=seed, options=options)
        self._previous_data = first
        return first  # type: ignore[no-any-return]

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
        again = self.close_called
        self.close_called = True
        if not again:
            return self.env.close()
        try:
            return self.env.close()
        except Exception:
            logger.warn("`env.close()` raised on an environment that was already closed.")
            raise

    def __getstate__(self) -> dict[str, Any]:
        # Modules do not pickle: drop the checker module and look it up again when loading.
        return {key: value for key, value in self.__dict__.items() if key != "_checks"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._checks = _checker_module()


def _checker_module() -> ModuleType:
    """The passive checks, imported on first use to keep ``import gymnasium_core`` light."""
    import gymnasium_core.utils.passive_env_checker as checks

    return checks


class OrderEnforcing(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Raises :class:`~gymnasium_core.error.ResetNeeded` on ``step`` or ``render`` before ``reset``.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import OrderEnforcing
        >>> guarded = OrderEnforcing(gym.make("MountainCar-v0").unwrapped)
        >>> guarded.has_reset
        False
        >>> guarded.step(1)
        Traceback (most recent call last):
            ...
        gymnasium_core.error.ResetNeeded: step() called before the first reset(); reset first.
    """

    def __init__(
        self, env: Env[ObsType, ActType], disable_render_order_enforcing: bool = False
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment to guard.
            disable_render_order_enforcing: Allow ``render`` before the first ``reset``.
        """
        lenient = disable_render_order_enforcing
        RecordConstructorArgs.__init__(self, disable_render_order_enforcing=lenient)
        Wrapper.__init__(self, env)
        self._has_reset = False
        self._disable_render_order_enforcing = lenient

    def step(self, action: ActType) -> StepReturn:
        """Step the env, which must have been reset."""
        if self._has_reset:
            return self.env.step(action)
        raise ResetNeeded("step() called before the first reset(); reset first.")

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, Info]:
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


def _now() -> float:
    return time.perf_counter()


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

    episode_start_time: float
    episode_returns: float
    episode_lengths: int

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
        self._begin_episode(start=-1.0)
        keep = buffer_length
        self.return_queue = deque[float](maxlen=keep)
        self.length_queue = deque[int](maxlen=keep)
        self.time_queue = deque[float](maxlen=keep)

    def _begin_episode(self, start: float) -> None:
        self.episode_start_time = start
        self.episode_returns, self.episode_lengths = 0.0, 0

    def _summarise(self, info: Info) -> None:
        """Write the finished episode into ``info`` and the queues, then start the next one."""
        if self._stats_key in info:
            raise WrapperValueError(
                f"RecordEpisodeStatistics: info already holds the key {self._stats_key!r}; "
                "choose another `stats_key`."
            )
        seconds = round(_now() - self.episode_start_time, 6)
        total, length = self.episode_returns, self.episode_lengths
        info[self._stats_key] = {"r": total, "l": length, "t": seconds}
        self.return_queue.append(total)
        self.length_queue.append(length)
        self.time_queue.append(seconds)
        self.episode_count += 1
        # The next episode's clock starts now; reset() restarts it with the counters.
        self.episode_start_time = _now()

    def step(self, action: ActType) -> StepReturn:
        """Step the env and, when the episode ends, report its statistics."""
        outcome = self.env.step(action)
        self.episode_returns += outcome[1]  # type: ignore[operator]
        self.episode_lengths += 1
        if outcome[2] or outcome[3]:
            self._summarise(outcome[4])
        return outcome

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, Info]:
        """Reset the env and start counting a new episode."""
        first = self.env.reset(seed=seed, options=options)
        self._begin_episode(start=_now())
        return first
