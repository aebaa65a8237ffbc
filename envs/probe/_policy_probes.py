"""The policy probes: a best action known in advance.

* :class:`ActionRewardFunctional`: one step, a constant observation, two actions; action 1
  pays ``+1`` and action 0 ``-1``. ``π(1) → 1``: the sign of the policy gradient.
* :class:`ObservedActionFunctional`: one step, observation ``+1`` or ``-1`` at random; the
  action that matches it (1 for ``+1``, 0 for ``-1``) pays ``+1``, the other ``-1``.
  ``π(match) → 1``: a policy conditioned on the observation.
* :class:`DelayedCreditFunctional`: four steps; only the first action counts, paid (``+1``
  for action 1, ``-1`` for action 0) three steps later. ``π(1 | first) → 1``: credit
  assignment across steps.
* :class:`ContinuousActionFunctional`: one step, a continuous action in ``[-2, 2]``, reward
  ``-(a - target)²`` (``target`` a param, 1.5 by default). ``a → target``: continuous
  policies, and the scaling of their actions to the action space.

The values the oracles state are those of the right (greedy) policy, or of the policy the
mistake leads to.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

import numpy as np

from gymnasium_core.functional import backends
from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Box, Discrete
from gymnasium_core.testing.probes import Hypothesis, Mistake, Oracle, Query, point

from ._base import (
    ProbeFunctional,
    ProbeState,
    as_action,
    as_reward,
    is_scalar,
    pack,
    phase_signal,
)


def _oracle(
    gamma: float,
    observations: list[float],
    queries: tuple[Query, ...],
    right: list[float | tuple[float, float]],
    mistakes: dict[Mistake, list[float | tuple[float, float]]],
) -> Oracle:
    """An oracle with one answer per query, in order: a value, or an interval ``(low, high)``."""

    def answers(values: list[float | tuple[float, float]]) -> dict[str, tuple[float, float]]:
        return {
            q.name: v if isinstance(v, tuple) else point(v)
            for q, v in zip(queries, values, strict=True)
        }

    return Oracle(
        gamma=gamma,
        observations=np.array(observations, dtype=np.float32)[:, None],
        queries=queries,
        right=Hypothesis("right", answers(right)),
        mistakes=tuple(Hypothesis(str(m), answers(v)) for m, v in mistakes.items()),
    )


def _paid(xp: Any, correct: Any) -> Any:
    """``+1`` where ``correct``, ``-1`` elsewhere."""
    return xp.where(correct, 1.0, -1.0)


class ActionRewardFunctional(ProbeFunctional):
    """One step, observation ``0``; action 1 pays ``+1``, action 0 pays ``-1``."""

    action_space = Discrete(2)
    length: ClassVar[int] = 1

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """Always ``[0.0]``."""
        return pack(self.xp, state.phase * 0.0)

    def reward(
        self, state: ProbeState, action: Any, next_state: ProbeState, rng: RNG, params: Any = None
    ) -> Any:
        """``+1`` for action 1, ``-1`` for action 0."""
        return as_reward(self.xp, _paid(self.xp, as_action(self.xp, action) == 1))

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """``π(1) = 1`` and ``V = 1``; a flipped gradient sign learns ``π(1) = 0``, ``V = -1``."""
        queries = (Query("π(1)", "probability", 0, 1), Query("V(obs)", "value", 0))
        return _oracle(
            gamma,
            [0.0],
            queries,
            [1.0, 1.0],
            {
                Mistake.GRADIENT_SIGN_FLIPPED: [0.0, -1.0],
                Mistake.TERMINATED_IGNORED: [1.0, 1 / (1 - gamma)],
            },
        )


class ObservedActionFunctional(ProbeFunctional):
    """One step, observation ``±1`` at random; the matching action pays ``+1``, the other ``-1``.

    Action 1 matches ``+1`` and action 0 matches ``-1``.
    """

    action_space = Discrete(2)
    length: ClassVar[int] = 1
    draws_cue: ClassVar[bool] = True

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """The episode's sign."""
        return pack(self.xp, state.cue)

    def reward(
        self, state: ProbeState, action: Any, next_state: ProbeState, rng: RNG, params: Any = None
    ) -> Any:
        """``+1`` if the action matches the sign, else ``-1``."""
        matches = (as_action(self.xp, action) == 1) == (state.cue > 0)
        return as_reward(self.xp, _paid(self.xp, matches))

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """The matching action with certainty, worth 1.

        A policy blind to the observation takes the same action whatever the sign, so it
        matches half the time, worth 0; its two probabilities may be anything that adds to 1.
        """
        queries = (
            Query("π(1 | +1)", "probability", 0, 1),
            Query("π(0 | -1)", "probability", 1, 0),
            Query("V(+1)", "value", 0),
            Query("V(-1)", "value", 1),
        )
        past_end = 1 / (1 - gamma)
        return _oracle(
            gamma,
            [1.0, -1.0],
            queries,
            [1.0, 1.0, 1.0, 1.0],
            {
                Mistake.OBSERVATION_IGNORED: [(0.0, 1.0), (0.0, 1.0), 0.0, 0.0],
                Mistake.GRADIENT_SIGN_FLIPPED: [0.0, 0.0, -1.0, -1.0],
                Mistake.TERMINATED_IGNORED: [1.0, 1.0, past_end, past_end],
            },
        )


class DelayedCreditFunctional(ProbeFunctional):
    """Four steps; the first action alone is paid, at the last step: ``+1`` for 1, ``-1`` for 0.

    The observation is the step (``-1``, ``-1/3``, ``1/3``, ``1``); the actions of the later
    steps change nothing.
    """

    action_space = Discrete(2)
    length: ClassVar[int] = 4
    default_gamma: ClassVar[float] = 0.8

    def transition(
        self, state: ProbeState, action: Any, rng: RNG, params: Any = None
    ) -> ProbeState:
        """One step further; the first step's action is remembered."""
        first = self.xp.where(state.phase == 0, as_action(self.xp, action), state.first_action)
        return ProbeState(state.phase + 1, state.cue, first)

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """The step, evenly spaced from ``-1`` (first) to ``+1`` (last)."""
        return pack(self.xp, phase_signal(self.xp, state.phase, self.length))

    def reward(
        self, state: ProbeState, action: Any, next_state: ProbeState, rng: RNG, params: Any = None
    ) -> Any:
        """At the last step ``+1`` if the first action was 1, else ``-1``; ``0`` before."""
        xp = self.xp
        last = state.phase == self.length - 1
        return as_reward(xp, xp.where(last, _paid(xp, next_state.first_action == 1), 0.0))

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """``π(1 | first) = 1`` and ``V(first) = gamma³``.

        Bootstrapping past ``terminated`` from the end state (observed as the first) gives
        ``V(first) = gamma³ / (1 - gamma⁴)``.
        """
        queries = (Query("π(1 | first)", "probability", 0, 1), Query("V(first)", "value", 0))
        delay = self.length - 1
        return _oracle(
            gamma,
            [-1.0],
            queries,
            [1.0, gamma**delay],
            {
                Mistake.DISCOUNT_TWICE: [1.0, gamma ** (2 * delay)],
                Mistake.GRADIENT_SIGN_FLIPPED: [0.0, -(gamma**delay)],
                Mistake.TERMINATED_IGNORED: [1.0, gamma**delay / (1 - gamma ** (delay + 1))],
            },
        )


class ContinuousParams(NamedTuple):
    """The continuous probe's numbers."""

    target: float = 1.5  # the best action


class ContinuousActionFunctional(ProbeFunctional):
    """One step, observation ``0``, an action in ``[-2, 2]``; reward ``-(a - target)²``.

    The action is clipped to the space before it is paid.

    Args:
        **kwargs: Overrides of the default :class:`ContinuousParams`.
    """

    action_space = Box(-2.0, 2.0, shape=(1,), dtype=np.float32)
    length: ClassVar[int] = 1
    default_params: ContinuousParams

    def __init__(self, **kwargs: Any) -> None:
        self._overrides = kwargs
        super().__init__()

    def get_default_params(self, **kwargs: Any) -> ContinuousParams:
        """The defaults, with the constructor's and ``kwargs`` overrides."""
        return ContinuousParams(**{**getattr(self, "_overrides", {}), **kwargs})

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """Always ``[0.0]``."""
        return pack(self.xp, state.phase * 0.0)

    def reward(
        self, state: ProbeState, action: Any, next_state: ProbeState, rng: RNG, params: Any = None
    ) -> Any:
        """``-(a - target)²`` with ``a`` clipped to ``[-2, 2]``."""
        p = self.default_params if params is None else params
        xp = self.xp
        # float32 throughout (numpy scalars on the scalar path), as JAX computes: every
        # backend pays the same reward for the same action.
        a: Any
        if is_scalar(xp):
            a = np.float32(np.ravel(action)[0])
        else:
            a = backends.as_array_namespace(xp).asarray(action, dtype=xp.float32)[..., 0]
        miss = xp.clip(a, np.float32(-2.0), np.float32(2.0)) - xp.float32(p.target)
        return as_reward(xp, -(miss * miss))

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """``a = target`` and ``V = 0``.

        A policy whose actions stay in ``[-1, 1]`` (not scaled to the space) ends at 1; a
        flipped gradient sign drives the action to the bound farthest from the target.
        """
        target = float(self.default_params.target)
        unscaled = float(np.clip(target, -1.0, 1.0))
        farthest = -2.0 if target >= 0 else 2.0
        queries = (Query("a(obs)", "action", 0), Query("V(obs)", "value", 0))
        return _oracle(
            gamma,
            [0.0],
            queries,
            [target, 0.0],
            {
                Mistake.ACTION_NOT_SCALED: [unscaled, -((unscaled - target) ** 2)],
                Mistake.GRADIENT_SIGN_FLIPPED: [farthest, -((farthest - target) ** 2)],
            },
        )
