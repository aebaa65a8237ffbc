"""The probes: each task as one FuncEnv, the stateful env behind ``make`` and the numpy vector env.

Every probe is a :class:`ProbeFunctional`. Its state is three integers: how many steps the
episode has taken (``phase``), the episode's random sign (``cue``, for the probes whose
observation is random) and the action taken at the first step (``first_action``, for the probe
whose reward depends on it). Every probe draws at most once an episode, in ``initial``; its steps
are deterministic. The functions run on the three backends: Python scalars (:class:`ProbeEnv`,
behind ``make``), numpy arrays with a leading ``(num_envs,)`` axis (:class:`ProbeVectorEnv`,
``make_vec(id, n, vectorization_mode="vector_entry_point")``, also ``make_vec``'s default for
these ids) and ``jax.numpy`` (the classes of :mod:`.jax_probes`, which name the same FuncEnvs).
Observations are ``(1,)`` float32 arrays in ``[-1, 1]``, rewards Python floats on the scalar
path and float32 arrays elsewhere.

The value probes have one action and a known value at every observation; the policy probes a
best action known in advance. Each class's docstring says what it isolates and the right
answer; :meth:`ProbeFunctional.oracle` also names the answers that known mistakes give.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

import numpy as np

from gymnasium_core.functional import (
    FuncEnv,
    FunctionalNumpyEnv,
    FunctionalNumpyVectorEnv,
    backends,
    random,
)
from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Box, Discrete
from gymnasium_core.testing.probes import Hypothesis, Mistake, Oracle, Query, point, span
from gymnasium_core.vector.vector_env import AutoresetMode

__all__ = [
    "ActionRewardEnv",
    "ActionRewardFunctional",
    "ActionRewardVectorEnv",
    "AutoresetEnv",
    "AutoresetFunctional",
    "AutoresetVectorEnv",
    "ConstantRewardEnv",
    "ConstantRewardFunctional",
    "ConstantRewardVectorEnv",
    "ContinuousActionEnv",
    "ContinuousActionFunctional",
    "ContinuousActionVectorEnv",
    "ContinuousParams",
    "DelayedCreditEnv",
    "DelayedCreditFunctional",
    "DelayedCreditVectorEnv",
    "DelayedRewardEnv",
    "DelayedRewardFunctional",
    "DelayedRewardVectorEnv",
    "MemoryEnv",
    "MemoryFunctional",
    "MemoryVectorEnv",
    "ObservedActionEnv",
    "ObservedActionFunctional",
    "ObservedActionVectorEnv",
    "ObservedRewardEnv",
    "ObservedRewardFunctional",
    "ObservedRewardVectorEnv",
    "ProbeEnv",
    "ProbeFunctional",
    "ProbeState",
    "ProbeVectorEnv",
    "RewardScaleEnv",
    "RewardScaleFunctional",
    "RewardScaleParams",
    "RewardScaleVectorEnv",
    "TimeLimitEnv",
    "TimeLimitFunctional",
    "TimeLimitVectorEnv",
]


# -- what every probe shares -------------------------------------------------------------------


class ProbeState(NamedTuple):
    """Dynamic state; each field an ``int`` or an int32 ``(num_envs,)`` array."""

    phase: Any  # steps taken in the episode
    cue: Any  # the episode's random sign, +1 or -1 (+1 where the probe draws none)
    first_action: Any  # the action of the episode's first step (0 before it)


def is_scalar(xp: Namespace[Any]) -> bool:
    """Whether ``xp`` is the Python-scalar namespace of the single-env path."""
    return isinstance(xp, backends.ScalarNamespace)


def zeros(xp: Namespace[Any], rng: RNG) -> Any:
    """An integer zero per environment ``rng`` draws for (a Python ``0`` on the scalar path)."""
    if is_scalar(xp):
        return 0
    arrays = backends.as_array_namespace(xp)
    return arrays.zeros(random.batch_shape(rng), dtype=arrays.int32)


def draw_sign(xp: Namespace[Any], rng: RNG) -> Any:
    """``+1`` or ``-1`` with equal probability, per environment (one integer draw)."""
    bit = random.integers(rng, 0, 2)
    if is_scalar(xp):
        return 2 * int(bit) - 1
    return 2 * xp.asarray(bit, dtype=xp.int32) - 1


def pack(xp: Namespace[Any], value: Any) -> Any:
    """An observation ``(1,)`` (or ``(num_envs, 1)``) float32 holding ``value``."""
    if is_scalar(xp):
        return np.array([value], dtype=np.float32)
    arrays = backends.as_array_namespace(xp)
    return arrays.asarray(value, dtype=arrays.float32)[..., None]


def as_reward(xp: Namespace[Any], value: Any) -> Any:
    """A reward: a Python float on the scalar path, float32 on arrays."""
    if is_scalar(xp):
        return float(value)
    return xp.asarray(value, dtype=xp.float32)


def as_action(xp: Namespace[Any], action: Any) -> Any:
    """A discrete action as the backend's integer (a Python ``int`` on the scalar path)."""
    if is_scalar(xp):
        return int(action)
    return xp.asarray(action, dtype=xp.int32)


def phase_signal(xp: Namespace[Any], phase: Any, length: int) -> Any:
    """The observation of step ``phase`` of an episode of ``length`` steps, in ``[-1, 1]``.

    The first step reads ``-1`` and the last ``+1``, evenly spaced; the state an episode ends
    in reads as its first step again (``phase`` is taken modulo ``length``), so bootstrapping
    from it past ``terminated`` lands on a value the agent learns.
    """
    if length < 2:
        return phase * 0.0
    # One division of small integers: correctly rounded alike in float64 and float32.
    return (2 * xp.mod(phase, length) - (length - 1)) / (length - 1)


class ProbeFunctional(FuncEnv[ProbeState, Any, Any, Any, Any, Any, Any]):
    """A probe task: an episode of :attr:`length` steps and a known right answer.

    Subclasses set the action space, :attr:`length`, :attr:`draws_cue`, and define
    :meth:`observation`, :meth:`reward` and :meth:`oracle`.
    """

    observation_space = Box(-1.0, 1.0, shape=(1,), dtype=np.float32)
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["rgb_array"], "render_fps": 4}
    #: Steps in an episode; 0 for a probe that never terminates.
    length: ClassVar[int] = 1
    #: Whether ``initial`` draws the episode's :attr:`ProbeState.cue`.
    draws_cue: ClassVar[bool] = False
    #: The discount the oracle is read at unless another is asked for: one at which the
    #: probe's mistakes give answers far apart.
    default_gamma: ClassVar[float] = 0.5

    def initial(self, rng: RNG, params: Any = None) -> ProbeState:
        """The first step, with a fresh cue for the probes that draw one."""
        zero = zeros(self.xp, rng)
        cue = draw_sign(self.xp, rng) if self.draws_cue else zero + 1
        return ProbeState(zero, cue, zero)

    def transition(
        self, state: ProbeState, action: Any, rng: RNG, params: Any = None
    ) -> ProbeState:
        """One step further into the episode."""
        return state._replace(phase=state.phase + 1)

    def terminal(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """Whether the episode has taken its :attr:`length` steps (never when 0)."""
        if self.length == 0:
            return state.phase < 0
        return state.phase >= self.length

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """The right answers and the named mistakes' answers at discount ``gamma``.

        Args:
            gamma: The discount.
            max_episode_steps: The time limit episodes are cut at (``None``: none).
        """
        raise NotImplementedError

    def render_init(self, params: Any = None, **kwargs: Any) -> None:
        """Nothing to open: frames are drawn with numpy."""
        return None

    def render_image(
        self, state: ProbeState, render_state: None, params: Any = None
    ) -> tuple[None, np.ndarray[Any, Any]]:
        """Draw the episode's steps as a row of cells, the current one in the cue's colour."""
        return render_state, draw(
            int(np.asarray(state.phase)), int(np.asarray(state.cue)), self.length
        )

    def render_close(self, render_state: None, params: Any = None) -> None:
        """Nothing to close."""


_SIZE = 96  # frame side [px]
_CELL_COLOURS = {1: (46, 160, 67), -1: (207, 34, 46)}  # the cue's sign: green, red
_EMPTY = (230, 230, 230)
_BACKGROUND = (255, 255, 255)


def draw(phase: int, cue: int, length: int) -> np.ndarray[Any, Any]:
    """A ``(96, 96, 3)`` frame: one cell per step of the episode, the current one filled.

    A probe without an end (``length`` 0) shows one cell whose shade steps with the phase.
    """
    frame = np.full((_SIZE, _SIZE, 3), _BACKGROUND, dtype=np.uint8)
    cells = max(length, 1)
    width = (_SIZE - 8) // cells
    top, bottom = _SIZE // 2 - 12, _SIZE // 2 + 12
    current = phase % cells
    for index in range(cells):
        left = 4 + index * width
        colour: tuple[int, ...] = _EMPTY
        if index == current:
            colour = _CELL_COLOURS[1 if cue >= 0 else -1]
        if length == 0:
            shade = 1.0 - 0.5 * ((phase % 8) / 8)
            colour = tuple(int(c * shade) for c in colour)
        frame[top:bottom, left + 2 : left + width - 2] = colour
    return frame


# -- the value probes --------------------------------------------------------------------------
# The value probes: one action, a known value at every observation.
#
# Each isolates one piece of how an agent estimates values:
#
# * :class:`ConstantRewardFunctional`: one step, reward 1, a constant observation. ``V = 1``:
#   the value loss and its target, nothing else.
# * :class:`ObservedRewardFunctional`: one step, observation ``+1`` or ``-1`` at random, reward
#   equal to it. ``V(o) = o``: values that depend on the observation.
# * :class:`DelayedRewardFunctional`: two steps, reward 1 at the end. ``V(first) = gamma``,
#   ``V(second) = 1``: discounting, and bootstrapping that stops at ``terminated``.
# * :class:`AutoresetFunctional`: two steps, reward 1 at the *first*. ``V(first) = 1``,
#   ``V(second) = 0``: a vector env's autoreset bookkeeping; the first observation after a
#   reset must never be paired with the last step's reward.
# * :class:`TimeLimitFunctional`: reward 1 at every step and no end; episodes are cut by the
#   time limit (``truncated``). ``V = 1/(1 - gamma)``: bootstrapping through truncation.
# * :class:`MemoryFunctional`: two steps; the first shows a random cue ``+1`` or ``-1``, the
#   second a blank ``0`` and pays the cue. ``V(blank | cue) = cue``: values that remember an
#   earlier observation.
# * :class:`RewardScaleFunctional`: two steps, reward ``scale`` (1000 by default) at each.
#   ``V(first) = scale (1 + gamma)``, ``V(second) = scale``: value targets far from 1.
#
# The state an episode ends in observes as its first state again, so an agent that bootstraps
# past ``terminated`` learns a value that the oracle can name. The oracles' intervals (a
# mistake whose value depends on how the agent estimates returns) span one-step TD targets to
# Monte Carlo returns.


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


class _TwoStepProbe(_OneActionProbe):
    """A value probe of two steps whose observation says which: ``-1`` first, ``+1`` second."""

    length: ClassVar[int] = 2

    def observation(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """``-1`` at the first step, ``+1`` at the second."""
        return pack(self.xp, phase_signal(self.xp, state.phase, self.length))


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


class DelayedRewardFunctional(_TwoStepProbe):
    """Two steps, reward ``1`` at the end: ``V(first) = gamma``, ``V(second) = 1``."""

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


class AutoresetFunctional(_TwoStepProbe):
    """Two steps, reward ``1`` at the first: ``V(first) = 1``, ``V(second) = 0``.

    An agent that pairs each reward with the observation the step returned (the next one)
    gives the first reward to the second observation and the last step's reward (0) to the
    first observation after the reset.
    """

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


class RewardScaleFunctional(_TwoStepProbe):
    """Two steps, reward ``scale`` at each: ``V(first) = scale (1 + gamma)``, ``V(second) = scale``.

    Args:
        **kwargs: Overrides of the default :class:`RewardScaleParams`.
    """

    default_params: RewardScaleParams

    def __init__(self, **kwargs: Any) -> None:
        self._overrides = kwargs
        super().__init__()

    def get_default_params(self, **kwargs: Any) -> RewardScaleParams:
        """The defaults, with the constructor's and ``kwargs`` overrides."""
        return RewardScaleParams(**{**getattr(self, "_overrides", {}), **kwargs})

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


# -- the policy probes -------------------------------------------------------------------------
# The policy probes: a best action known in advance.
#
# * :class:`ActionRewardFunctional`: one step, a constant observation, two actions; action 1
#   pays ``+1`` and action 0 ``-1``. ``π(1) → 1``: the sign of the policy gradient.
# * :class:`ObservedActionFunctional`: one step, observation ``+1`` or ``-1`` at random; the
#   action that matches it (1 for ``+1``, 0 for ``-1``) pays ``+1``, the other ``-1``.
#   ``π(match) → 1``: a policy conditioned on the observation.
# * :class:`DelayedCreditFunctional`: four steps; only the first action counts, paid (``+1``
#   for action 1, ``-1`` for action 0) three steps later. ``π(1 | first) → 1``: credit
#   assignment across steps.
# * :class:`ContinuousActionFunctional`: one step, a continuous action in ``[-2, 2]``, reward
#   ``-(a - target)²`` (``target`` a param, 1.5 by default). ``a → target``: continuous
#   policies, and the scaling of their actions to the action space.
#
# The values the oracles state are those of the right (greedy) policy, or of the policy the
# mistake leads to.


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


# -- the stateful and numpy vector envs --------------------------------------------------------


class ProbeEnv(FunctionalNumpyEnv[Any, Any]):
    """A probe as a stateful env: its FuncEnv stepped on Python scalars.

    Subclasses name the task in :attr:`func_env_cls`.

    Args:
        render_mode: ``None`` or ``"rgb_array"`` (a plain drawing of the episode's steps).
        **kwargs: The task's constructor arguments (the continuous probe's ``target``, the
            reward-scale probe's ``scale``).
    """

    func_env_cls: ClassVar[type[ProbeFunctional]]
    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        func_env = self.func_env_cls(**kwargs).with_xp(backends.scalar)
        super().__init__(func_env, render_mode=render_mode, metadata=dict(self.metadata))


class ProbeVectorEnv(FunctionalNumpyVectorEnv):
    """A probe batched on numpy: ``num_envs`` copies stepped in one call.

    Args:
        num_envs: The number of sub-environments.
        max_episode_steps: Truncate episodes after this many steps (``None``: never).
        autoreset_mode: How finished sub-environments restart (next-step by default).
        render_mode: ``None`` or ``"rgb_array"`` (one frame per sub-env).
        params: The task's params (the continuous and reward-scale probes'), shared or one
            row per sub-env.
        **kwargs: The task's constructor arguments.
    """

    func_env_cls: ClassVar[type[ProbeFunctional]]
    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(
        self,
        num_envs: int = 1,
        *,
        max_episode_steps: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        render_mode: str | None = None,
        params: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            self.func_env_cls(**kwargs),
            num_envs,
            params=params,
            max_episode_steps=max_episode_steps,
            autoreset_mode=autoreset_mode,
            render_mode=render_mode,
            metadata=dict(self.metadata),
        )


class ConstantRewardEnv(ProbeEnv):
    """``probe/ConstantReward-v0``: :class:`ConstantRewardFunctional` as a stateful env."""

    func_env_cls = ConstantRewardFunctional


class ConstantRewardVectorEnv(ProbeVectorEnv):
    """:class:`ConstantRewardFunctional` batched on numpy."""

    func_env_cls = ConstantRewardFunctional


class ObservedRewardEnv(ProbeEnv):
    """``probe/ObservedReward-v0``: :class:`ObservedRewardFunctional` as a stateful env."""

    func_env_cls = ObservedRewardFunctional


class ObservedRewardVectorEnv(ProbeVectorEnv):
    """:class:`ObservedRewardFunctional` batched on numpy."""

    func_env_cls = ObservedRewardFunctional


class DelayedRewardEnv(ProbeEnv):
    """``probe/DelayedReward-v0``: :class:`DelayedRewardFunctional` as a stateful env."""

    func_env_cls = DelayedRewardFunctional


class DelayedRewardVectorEnv(ProbeVectorEnv):
    """:class:`DelayedRewardFunctional` batched on numpy."""

    func_env_cls = DelayedRewardFunctional


class AutoresetEnv(ProbeEnv):
    """``probe/Autoreset-v0``: :class:`AutoresetFunctional` as a stateful env."""

    func_env_cls = AutoresetFunctional


class AutoresetVectorEnv(ProbeVectorEnv):
    """:class:`AutoresetFunctional` batched on numpy."""

    func_env_cls = AutoresetFunctional


class TimeLimitEnv(ProbeEnv):
    """``probe/TimeLimit-v0``: :class:`TimeLimitFunctional` as a stateful env."""

    func_env_cls = TimeLimitFunctional


class TimeLimitVectorEnv(ProbeVectorEnv):
    """:class:`TimeLimitFunctional` batched on numpy."""

    func_env_cls = TimeLimitFunctional


class ActionRewardEnv(ProbeEnv):
    """``probe/ActionReward-v0``: :class:`ActionRewardFunctional` as a stateful env."""

    func_env_cls = ActionRewardFunctional


class ActionRewardVectorEnv(ProbeVectorEnv):
    """:class:`ActionRewardFunctional` batched on numpy."""

    func_env_cls = ActionRewardFunctional


class ObservedActionEnv(ProbeEnv):
    """``probe/ObservedAction-v0``: :class:`ObservedActionFunctional` as a stateful env."""

    func_env_cls = ObservedActionFunctional


class ObservedActionVectorEnv(ProbeVectorEnv):
    """:class:`ObservedActionFunctional` batched on numpy."""

    func_env_cls = ObservedActionFunctional


class DelayedCreditEnv(ProbeEnv):
    """``probe/DelayedCredit-v0``: :class:`DelayedCreditFunctional` as a stateful env."""

    func_env_cls = DelayedCreditFunctional


class DelayedCreditVectorEnv(ProbeVectorEnv):
    """:class:`DelayedCreditFunctional` batched on numpy."""

    func_env_cls = DelayedCreditFunctional


class ContinuousActionEnv(ProbeEnv):
    """``probe/ContinuousAction-v0``: :class:`ContinuousActionFunctional` as a stateful env."""

    func_env_cls = ContinuousActionFunctional


class ContinuousActionVectorEnv(ProbeVectorEnv):
    """:class:`ContinuousActionFunctional` batched on numpy."""

    func_env_cls = ContinuousActionFunctional


class MemoryEnv(ProbeEnv):
    """``probe/Memory-v0``: :class:`MemoryFunctional` as a stateful env."""

    func_env_cls = MemoryFunctional


class MemoryVectorEnv(ProbeVectorEnv):
    """:class:`MemoryFunctional` batched on numpy."""

    func_env_cls = MemoryFunctional


class RewardScaleEnv(ProbeEnv):
    """``probe/RewardScale-v0``: :class:`RewardScaleFunctional` as a stateful env."""

    func_env_cls = RewardScaleFunctional


class RewardScaleVectorEnv(ProbeVectorEnv):
    """:class:`RewardScaleFunctional` batched on numpy."""

    func_env_cls = RewardScaleFunctional
