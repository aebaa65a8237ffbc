"""The value probes: one action, a known value at every observation.

Each isolates one piece of how an agent estimates values:

* :class:`ConstantRewardFunctional`: one step, reward 1, a constant observation. ``V = 1``:
  the value loss and its target, nothing else.
* :class:`ObservedRewardFunctional`: one step, observation ``+1`` or ``-1`` at random, reward
  equal to it. ``V(o) = o``: values that depend on the observation.
* :class:`DelayedRewardFunctional`: two steps, reward 1 at the end. ``V(first) = gamma``,
  ``V(second) = 1``: discounting, and bootstrapping that stops at ``terminated``.
* :class:`AutoresetFunctional`: two steps, reward 1 at the *first*. ``V(first) = 1``,
  ``V(second) = 0``: a vector env's autoreset bookkeeping; the first observation after a
  reset must never be paired with the last step's reward.
* :class:`TimeLimitFunctional`: reward 1 at every step and no end; episodes are cut by the
  time limit (``truncated``). ``V = 1/(1 - gamma)``: bootstrapping through truncation.
* :class:`MemoryFunctional`: two steps; the first shows a random cue ``+1`` or ``-1``, the
  second a blank ``0`` and pays the cue. ``V(blank | cue) = cue``: values that remember an
  earlier observation.
* :class:`RewardScaleFunctional`: two steps, reward ``scale`` (1000 by default) at each.
  ``V(first) = scale (1 + gamma)``, ``V(second) = scale``: value targets far from 1.

The state an episode ends in observes as its first state again, so an agent that bootstraps
past ``terminated`` learns a value that the oracle can name. The oracles' intervals (a
mistake whose value depends on how the agent estimates returns) span one-step TD targets to
Monte Carlo returns.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

import numpy as np

from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Discrete
from gymnasium_core.testing.probes import Hypothesis, Mistake, Oracle, Query, point, span

from ._base import ProbeFunctional, ProbeState, as_reward, is_scalar, pack, phase_signal


def _values(names: list[str], answers: list[tuple[float, float]]) -> dict[str, tuple[float, float]]:
    return dict(zip(names, answers, strict=True))


def value_oracle(
    gamma: float,
    observations: list[float],
    names: list[str],
    right: list[float],
    mistakes: dict[Mistake, list[tuple[float, float]]],
    histories: list[list[float]] | None = None,
) -> Oracle:
    """An oracle that reads the value at each observation.

    Args:
        gamma: The discount.
        observations: One observation per query.
        names: The queries' names.
        right: The right value at each observation.
        mistakes: Each mistake's interval at each observation.
        histories: For a probe that needs memory, the observations before each one.
    """
    queries = tuple(Query(name, "value", index) for index, name in enumerate(names))
    return Oracle(
        gamma=gamma,
        observations=np.array(observations, dtype=np.float32)[:, None],
        queries=queries,
        right=Hypothesis("right", _values(names, [point(v) for v in right])),
        mistakes=tuple(
            Hypothesis(str(mistake), _values(names, answers))
            for mistake, answers in mistakes.items()
        ),
        histories=None if histories is None else np.array(histories, dtype=np.float32)[:, :, None],
    )


def reset_step_learned(value: float, gamma: float) -> tuple[float, float]:
    """The value learned at a one-step cycle's first observation with the reset step learned too.

    The next-step autoreset step (reward 0, not terminal, back to the first observation) is
    learned as a transition when its step is not masked out. Every episode then adds a step
    from the first observation with reward 0 that bootstraps from the first observation
    itself. A TD learner's fixed point is ``value / (2 - gamma)``; the Monte Carlo average of
    the real return and the extra step's ``gamma * value`` is ``value * (1 + gamma) / 2``.
    """
    return span(value / (2.0 - gamma), value * (1.0 + gamma) / 2.0)


class _OneActionProbe(ProbeFunctional):
    """A value probe: its single action changes nothing."""

    action_space = Discrete(1)


class ConstantRewardFunctional(_OneActionProbe):
    """One step, observation ``0``, reward ``1``: ``V = 1``."""

    length: ClassVar[int] = 1

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """Always ``[0.0]``."""
        return pack(self.xp, state.phase * 0.0)

    def reward(
        self, state: ProbeState, action: Any, next_state: ProbeState, rng: RNG, params: Any = None
    ) -> Any:
        """``1``."""
        return as_reward(self.xp, state.phase * 0 + 1)

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """``V = 1``; past ``terminated`` ``1/(1-gamma)``; learning the reset step lowers it."""
        return value_oracle(
            gamma,
            [0.0],
            ["V(obs)"],
            [1.0],
            {
                Mistake.TERMINATED_IGNORED: [point(1 / (1 - gamma))],
                Mistake.RESET_STEP_LEARNED: [reset_step_learned(1.0, gamma)],
            },
        )


class ObservedRewardFunctional(_OneActionProbe):
    """One step, observation ``+1`` or ``-1`` at random, reward equal to it: ``V(o) = o``."""

    length: ClassVar[int] = 1
    draws_cue: ClassVar[bool] = True

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """The episode's sign."""
        return pack(self.xp, state.cue)

    def reward(
        self, state: ProbeState, action: Any, next_state: ProbeState, rng: RNG, params: Any = None
    ) -> Any:
        """The observed sign."""
        return as_reward(self.xp, state.cue)

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """``V(o) = o``; an agent blind to the observation reads ``0`` at both."""
        return value_oracle(
            gamma,
            [1.0, -1.0],
            ["V(+1)", "V(-1)"],
            [1.0, -1.0],
            {
                Mistake.OBSERVATION_IGNORED: [point(0.0), point(0.0)],
                Mistake.TERMINATED_IGNORED: [point(1 / (1 - gamma)), point(-1 / (1 - gamma))],
                # The extra step bootstraps from a fresh episode's observation, worth 0 on
                # average: half the real value, whatever the estimator.
                Mistake.RESET_STEP_LEARNED: [point(0.5), point(-0.5)],
            },
        )


class DelayedRewardFunctional(_OneActionProbe):
    """Two steps, reward ``1`` at the end: ``V(first) = gamma``, ``V(second) = 1``."""

    length: ClassVar[int] = 2

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """``-1`` at the first step, ``+1`` at the second."""
        return pack(self.xp, phase_signal(self.xp, state.phase, self.length))

    def reward(
        self, state: ProbeState, action: Any, next_state: ProbeState, rng: RNG, params: Any = None
    ) -> Any:
        """``1`` for the second step, ``0`` for the first."""
        return as_reward(self.xp, self.xp.where(state.phase == 1, 1.0, 0.0))

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """``(gamma, 1)``; a discount applied twice gives ``(gamma², 1)``."""
        g = gamma
        first = reset_step_learned(g, g)
        blind = span(1 / (2 - g), (1 + g) / 2)
        return value_oracle(
            gamma,
            [-1.0, 1.0],
            ["V(first)", "V(second)"],
            [g, 1.0],
            {
                Mistake.DISCOUNT_TWICE: [point(g * g), point(1.0)],
                # V(second) = 1 + gamma V(first) and V(first) = gamma V(second).
                Mistake.TERMINATED_IGNORED: [point(g / (1 - g * g)), point(1 / (1 - g * g))],
                # The reward lands on the reset observation: the values swap places.
                Mistake.REWARD_WITH_NEXT_OBS: [point(1.0), point(g)],
                Mistake.RESET_STEP_LEARNED: [first, point(1.0)],
                # One value for both steps: the mean of their targets or returns.
                Mistake.OBSERVATION_IGNORED: [blind, blind],
            },
        )


class AutoresetFunctional(_OneActionProbe):
    """Two steps, reward ``1`` at the first: ``V(first) = 1``, ``V(second) = 0``.

    An agent that pairs each reward with the observation the step returned (the next one)
    gives the first reward to the second observation and the last step's reward (0) to the
    first observation after the reset.
    """

    length: ClassVar[int] = 2

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """``-1`` at the first step, ``+1`` at the second."""
        return pack(self.xp, phase_signal(self.xp, state.phase, self.length))

    def reward(
        self, state: ProbeState, action: Any, next_state: ProbeState, rng: RNG, params: Any = None
    ) -> Any:
        """``1`` for the first step, ``0`` for the second."""
        return as_reward(self.xp, self.xp.where(state.phase == 0, 1.0, 0.0))

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """``(1, 0)``; pairing rewards with the next observation swaps them to ``(0, 1)``."""
        g = gamma
        blind = span(0.5, 1 / (2 - g))
        return value_oracle(
            gamma,
            [-1.0, 1.0],
            ["V(first)", "V(second)"],
            [1.0, 0.0],
            {
                # Records (second, 1), (first, 0, terminated): V(first) = 0, V(second) = 1.
                Mistake.REWARD_WITH_NEXT_OBS: [point(0.0), point(1.0)],
                Mistake.RESET_STEP_LEARNED: [reset_step_learned(1.0, g), point(0.0)],
                # V(first) = 1 + gamma V(second) and V(second) = gamma V(first).
                Mistake.TERMINATED_IGNORED: [point(1 / (1 - g * g)), point(g / (1 - g * g))],
                # One value for both steps: TD's 1 / (2 - gamma), the mean return 1/2.
                Mistake.OBSERVATION_IGNORED: [blind, blind],
            },
        )


class TimeLimitFunctional(_OneActionProbe):
    """Reward ``1`` at every step and no end, observation ``0``: ``V = 1/(1 - gamma)``.

    Only the time limit (``max_episode_steps``, 3 for ``probe/TimeLimit-v0``) ends an
    episode, with ``truncated``; the right value bootstraps through it.
    """

    length: ClassVar[int] = 0
    default_gamma: ClassVar[float] = 0.9

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """Always ``[0.0]``."""
        return pack(self.xp, state.phase * 0.0)

    def reward(
        self, state: ProbeState, action: Any, next_state: ProbeState, rng: RNG, params: Any = None
    ) -> Any:
        """``1``."""
        return as_reward(self.xp, state.phase * 0 + 1)

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """``1/(1-gamma)``; treating the cut as an end gives at most the ``T``-step return.

        With a time limit ``T``, an agent that stops bootstrapping at truncation averages
        returns of 1 to ``T`` steps, so its value lies in ``[1, (1-gamma^T)/(1-gamma)]``
        whatever its estimator. Learning the next-step reset step (reward 0 after every ``T``
        steps of reward 1) gives ``T / ((T+1)(1-gamma))``.
        """
        g = gamma
        mistakes: dict[Mistake, list[tuple[float, float]]] = {
            Mistake.DISCOUNT_TWICE: [point(1 / (1 - g * g))]
        }
        if max_episode_steps:
            limit = max_episode_steps
            mistakes[Mistake.TRUNCATION_AS_TERMINATION] = [span(1.0, (1 - g**limit) / (1 - g))]
            mistakes[Mistake.RESET_STEP_LEARNED] = [point(limit / ((limit + 1) * (1 - g)))]
        return value_oracle(gamma, [0.0], ["V(obs)"], [1 / (1 - g)], mistakes)


class MemoryFunctional(_OneActionProbe):
    """Two steps: a random cue ``±1``, then a blank ``0`` that pays the cue.

    ``V(blank | cue) = cue``: only an agent that remembers the first observation tells the two
    blanks apart. A memoryless one sees the same blank after either cue, and its value there is
    the mean of the two rewards: ``0``.
    """

    length: ClassVar[int] = 2
    draws_cue: ClassVar[bool] = True

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """The cue at the first step, ``0`` at the second.

        The state an episode ends in shows the cue again, as a first step would.
        """
        xp = self.xp
        return pack(xp, xp.where(xp.mod(state.phase, self.length) == 0, state.cue, 0))

    def reward(
        self, state: ProbeState, action: Any, next_state: ProbeState, rng: RNG, params: Any = None
    ) -> Any:
        """The cue, for the second step; ``0`` for the first."""
        return as_reward(self.xp, self.xp.where(state.phase == 1, state.cue, 0))

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """``V(blank | +1) = 1`` and ``V(blank | -1) = -1``; without memory both read ``0``.

        Both readings are at the blank; the cue before it is in :attr:`Oracle.histories`.
        The blank's memoryless value is the mean reward there whatever the estimator: a TD
        target and a Monte Carlo return from the blank are both the cue.
        """
        return value_oracle(
            gamma,
            [0.0, 0.0],
            ["V(blank | +1)", "V(blank | -1)"],
            [1.0, -1.0],
            {Mistake.HISTORY_IGNORED: [point(0.0), point(0.0)]},
            histories=[[1.0], [-1.0]],
        )


class RewardScaleParams(NamedTuple):
    """The reward-scale probe's numbers."""

    scale: float = 1000.0  # the reward of each step


class RewardScaleFunctional(_OneActionProbe):
    """Two steps, reward ``scale`` at each: ``V(first) = scale (1 + gamma)``, ``V(second) = scale``.

    Args:
        **kwargs: Overrides of the default :class:`RewardScaleParams`.
    """

    length: ClassVar[int] = 2
    default_params: RewardScaleParams

    def __init__(self, **kwargs: Any) -> None:
        self._overrides = kwargs
        super().__init__()

    def get_default_params(self, **kwargs: Any) -> RewardScaleParams:
        """The defaults, with the constructor's and ``kwargs`` overrides."""
        return RewardScaleParams(**{**getattr(self, "_overrides", {}), **kwargs})

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """``-1`` at the first step, ``+1`` at the second."""
        return pack(self.xp, phase_signal(self.xp, state.phase, self.length))

    def reward(
        self, state: ProbeState, action: Any, next_state: ProbeState, rng: RNG, params: Any = None
    ) -> Any:
        """``scale``, as float32 on every backend."""
        p = self.default_params if params is None else params
        if is_scalar(self.xp):
            return float(np.float32(p.scale))
        return as_reward(self.xp, state.phase * 0 + self.xp.asarray(p.scale, dtype=self.xp.float32))

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """``(scale (1 + gamma), scale)``; an agent built for rewards near 1 reads near 1.

        Rewards clipped to ``[-1, 1]`` give the values of reward ``±1``: ``(1 + gamma, 1)``.
        A value bounded to ``[-1, 1]`` (a ``tanh`` head, a clipped output) stops at the bound:
        ``(1, 1)``, for TD targets and Monte Carlo returns alike. Both are named only where the
        scale exceeds 1; below it neither changes an answer.
        """
        scale = float(np.float32(self.default_params.scale))
        right = [scale * (1 + gamma), scale]
        mistakes: dict[Mistake, list[tuple[float, float]]] = {}
        if abs(scale) > 1:
            clipped = float(np.clip(scale, -1.0, 1.0))
            mistakes[Mistake.REWARD_CLIPPED] = [point(clipped * (1 + gamma)), point(clipped)]
            mistakes[Mistake.VALUE_BOUNDED] = [point(float(np.clip(v, -1.0, 1.0))) for v in right]
        return value_oracle(gamma, [-1.0, 1.0], ["V(first)", "V(second)"], right, mistakes)
