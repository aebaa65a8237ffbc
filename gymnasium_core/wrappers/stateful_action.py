"""Action wrappers with state.

* :class:`StickyAction` sometimes repeats the previous action instead of the new one.
* :class:`RepeatAction` applies each action for a fixed number of env steps.
"""

from __future__ import annotations

from typing import Any, SupportsFloat, TypeVar

import numpy as np

from gymnasium_core.core import ActionWrapper, Env, Wrapper
from gymnasium_core.error import InvalidBound, InvalidProbability
from gymnasium_core.utils.record_constructor import RecordConstructorArgs

__all__ = ["RepeatAction", "StickyAction"]

ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")


class StickyAction(ActionWrapper[ObsType, ActType, ActType], RecordConstructorArgs):
    """With probability ``repeat_action_probability``, repeats the last action for a while.

    When stickiness triggers, a duration is drawn uniformly from ``repeat_action_duration``
    (an int or an inclusive ``(min, max)`` range) and the previous action replaces the given one
    for that many steps. Draws use the env's ``np_random``; ``reset`` clears the state.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import StickyAction
        >>> env = StickyAction(gym.make("CartPole-v1"), repeat_action_probability=0.9)
        >>> _ = env.reset(seed=0)
        >>> env.action(0), env.action(1)
        (0, 0)
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        repeat_action_probability: float,
        repeat_action_duration: int | tuple[int, int] = 1,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment.
            repeat_action_probability: Chance, in ``[0, 1)``, that a step repeats the last action.
            repeat_action_duration: Steps a repetition lasts, or an inclusive range of them.

        Raises:
            InvalidProbability: If the probability is outside ``[0, 1)``.
            InvalidBound: If the duration range has min > max.
            ValueError: If the duration is not an int or a pair, or is below 1.
        """
        if not 0 <= repeat_action_probability < 1:
            raise InvalidProbability(
                "StickyAction: repeat_action_probability must lie in [0, 1), "
                f"got {repeat_action_probability}"
            )
        duration = _duration_range(repeat_action_duration)
        recorded: dict[str, Any] = {
            "repeat_action_probability": repeat_action_probability,
            "repeat_action_duration": repeat_action_duration,
        }
        RecordConstructorArgs.__init__(self, **recorded)
        ActionWrapper.__init__(self, env)
        self.repeat_action_probability = repeat_action_probability
        self.repeat_action_duration_range = duration
        self.last_action = None
        self._end_repeat()

    # The state of a repetition in progress: whether one is running, how long it lasts and
    # how many of its steps are done.
    last_action: ActType | None
    is_sticky_actions: bool
    num_repeats: int
    repeats_taken: int

    def _end_repeat(self) -> None:
        self.is_sticky_actions = False
        self.num_repeats = self.repeats_taken = 0

    def _repeat_begins(self) -> bool:
        # One uniform draw per step outside a repetition once an action exists; the duration
        # draw follows only when it starts, so the generator advances as in Gymnasium.
        if self.last_action is None:
            return False
        return bool(self.np_random.uniform() < self.repeat_action_probability)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        """Reset the env and forget the last action."""
        self.last_action = None
        self._end_repeat()
        return self.env.reset(seed=seed, options=options)

    def action(self, action: ActType) -> ActType:
        """The action to take: ``action``, or the previous one while sticking."""
        if not self.is_sticky_actions and self._repeat_begins():
            shortest, longest = self.repeat_action_duration_range
            self.num_repeats = int(self.np_random.integers(shortest, longest + 1))
            self.is_sticky_actions = True
        if self.is_sticky_actions:
            action = self.last_action  # type: ignore[assignment]
            self.repeats_taken += 1
            if self.repeats_taken == self.num_repeats:
                self._end_repeat()
        self.last_action = action
        return action


def _duration_range(duration: int | tuple[int, int]) -> tuple[int, int]:
    """``repeat_action_duration`` as an inclusive ``(min, max)`` pair, validated."""
    pair = (duration, duration) if isinstance(duration, int) else duration
    if not isinstance(pair, tuple) or len(pair) != 2:
        raise ValueError(
            f"StickyAction: repeat_action_duration must be an int or a pair of ints, got {pair}"
        )
    if pair[0] > pair[1]:
        raise InvalidBound(f"StickyAction: repeat_action_duration range has min > max: {pair}")
    if min(pair) < 1:
        raise ValueError(f"StickyAction: repeat_action_duration must be at least 1, got {pair}")
    return pair


class RepeatAction(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Steps the env ``num_repeats`` times with each action, summing the rewards.

    Stops early when an episode ends; returns the last observation and info.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import RepeatAction
        >>> env = RepeatAction(gym.make("CartPole-v1"), num_repeats=3)
        >>> _ = env.reset(seed=0)
        >>> env.step(0)[1]
        3.0
    """

    def __init__(self, env: Env[ObsType, ActType], num_repeats: int) -> None:
        """Wrap ``env``.

        Args:
            env: The environment.
            num_repeats: Env steps per action (at least 1).

        Raises:
            TypeError: If ``num_repeats`` is not an integer.
            ValueError: If it is below 1.
        """
        if not np.issubdtype(type(num_repeats), np.integer):
            raise TypeError(f"RepeatAction: num_repeats must be an int, got {type(num_repeats)}")
        if num_repeats < 1:
            raise ValueError(f"RepeatAction: num_repeats must be at least 1, got {num_repeats}")
        RecordConstructorArgs.__init__(self, num_repeats=num_repeats)
        Wrapper.__init__(self, env)
        self.num_repeats = num_repeats

    def step(self, action: ActType) -> tuple[ObsType, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply ``action`` up to ``num_repeats`` times."""
        total = 0.0
        for _ in range(self.num_repeats):
            latest = self.env.step(action)
            total += float(latest[1])
            if latest[2] or latest[3]:
                break
        return latest[0], total, latest[2], latest[3], latest[4]
