"""Probe an agent with known-answer tasks and name what it gets wrong.

The ``probe/`` environments (:mod:`gymnasium_core.envs.probe`) are tiny tasks whose right
answer is known exactly: a value, a best action, a target action. Each one also knows the
answers that common agent bugs give (a discount applied twice, bootstrapping past
``terminated``, truncation handled as termination, ...). Its *oracle* (:class:`Oracle`) lists
them, for a discount, as :class:`Hypothesis` records: the right one and one per named
:class:`Mistake`.

:func:`run_probes` hands each probe to a training callable, reads the trained agent at the
probe's observations (its values, action probabilities or actions), and classifies each
reading as right, as a named mistake, or as unexplained:

    >>> from gymnasium_core.testing import probes
    >>> def train(task):  # doctest: +SKIP
    ...     agent = my_agent(task.env_id, gamma=task.gamma, seeds=task.seeds)
    ...     return probes.Readings(values=agent.values(task.observations))
    >>> report = probes.run_probes(train)  # doctest: +SKIP
    probe/ConstantReward-v0   right    V(obs)=1.00 (right: 1.00)
    ...

A training callable is given one :class:`ProbeTask` per probe, with every seed at once, so an
agent written in JAX can train all of them in one compiled program (``vmap`` over the seeds);
:func:`per_seed` adapts a callable that trains one seed at a time. It returns
:class:`Readings` with a leading seed axis, or ``None`` for a probe it does not apply to (a
continuous action space for a discrete agent, ...).
"""

from __future__ import annotations

import enum
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from gymnasium_core.spaces import Box

__all__ = [
    "RIGHT",
    "SKIPPED",
    "UNEXPLAINED",
    "Hypothesis",
    "Mistake",
    "Oracle",
    "ProbeReport",
    "ProbeTask",
    "ProbeVerdict",
    "Query",
    "Readings",
    "Tolerance",
    "Trainer",
    "classify",
    "indistinct_mistakes",
    "oracle_of",
    "per_seed",
    "point",
    "probe_ids",
    "run_probes",
    "span",
]

#: The verdict of a reading that matches the right answer.
RIGHT = "right"
#: The verdict of a reading that matches neither the right answer nor a named mistake.
UNEXPLAINED = "unexplained"
#: The verdict of a probe the training callable declined (it returned ``None``).
SKIPPED = "skipped"


class Mistake(enum.StrEnum):
    """The agent bugs the probes name; each value is the name a verdict prints."""

    DISCOUNT_TWICE = "discount applied twice"
    TERMINATED_IGNORED = "bootstraps past terminated"
    TRUNCATION_AS_TERMINATION = "truncation treated as termination"
    RESET_STEP_LEARNED = "next-step autoreset step learned"
    REWARD_WITH_NEXT_OBS = "reward paired with the next observation"
    OBSERVATION_IGNORED = "observation ignored"
    GRADIENT_SIGN_FLIPPED = "policy-gradient sign flipped"
    ACTION_NOT_SCALED = "action not scaled to the action space"
    HISTORY_IGNORED = "observation history ignored"
    REWARD_CLIPPED = "reward clipped to [-1, 1]"
    VALUE_BOUNDED = "value bounded to [-1, 1]"


Kind = Literal["value", "probability", "action"]


@dataclass(frozen=True)
class Query:
    """One reading a probe takes of an agent.

    Attributes:
        name: How the reading is printed, e.g. ``"V(first)"`` or ``"π(1 | +1)"``.
        kind: ``"value"`` (the state value), ``"probability"`` (of one action) or ``"action"``
            (the mean or greedy action, first component).
        observation: The row of :attr:`Oracle.observations` the agent is read at.
        action: For a ``"probability"`` query, the action whose probability is read.
    """

    name: str
    kind: Kind
    observation: int
    action: int | None = None


@dataclass(frozen=True)
class Hypothesis:
    """What the readings are under one explanation: the right answer or a named mistake.

    Attributes:
        name: ``"right"`` or the :class:`Mistake`'s name.
        expected: For each query name, the interval ``(low, high)`` the reading lies in (a
            point where ``low == high``). An interval stands for a mistake whose value depends
            on how the agent estimates returns: it spans one-step TD to Monte Carlo targets.
    """

    name: str
    expected: Mapping[str, tuple[float, float]]


@dataclass(frozen=True)
class Oracle:
    """The known answers of one probe at one discount.

    Attributes:
        gamma: The discount the answers are for.
        observations: Where the agent is read, ``(n, *observation_shape)``.
        queries: The readings taken.
        right: The right answers.
        mistakes: The answers of the named mistakes this probe can tell apart.
        histories: For a probe whose right answers need memory, what each reading's episode
            observed before it, ``(n, k, *observation_shape)``, oldest first: an agent with
            memory is fed ``histories[i]`` and then read at ``observations[i]``. ``None``
            where the observation alone decides the answer.
    """

    gamma: float
    observations: NDArray[Any]
    queries: tuple[Query, ...]
    right: Hypothesis
    mistakes: tuple[Hypothesis, ...] = ()
    histories: NDArray[Any] | None = None

    def hypotheses(self) -> tuple[Hypothesis, ...]:
        """The right answers first, then the mistakes."""
        return (self.right, *self.mistakes)

    def expected(self, name: str) -> Mapping[str, tuple[float, float]]:
        """The intervals of the hypothesis called ``name``.

        Raises:
            KeyError: If the oracle has no such hypothesis.
        """
        for hypothesis in self.hypotheses():
            if hypothesis.name == name:
                return hypothesis.expected
        raise KeyError(f"no hypothesis {name!r}; known: {[h.name for h in self.hypotheses()]}")


def point(value: float) -> tuple[float, float]:
    """The interval of one exact value."""
    return (float(value), float(value))


def span(a: float, b: float) -> tuple[float, float]:
    """The interval between two values, in either order."""
    return (float(min(a, b)), float(max(a, b)))


@dataclass(frozen=True)
class Tolerance:
    """How far a reading may lie from an expected interval and still match it.

    Attributes:
        value: For values, a fraction of ``max(1, |expected|)``.
        probability: Absolute, for action probabilities.
        action: Absolute, for actions.
    """

    value: float = 0.1
    probability: float = 0.15
    action: float = 0.15

    def margin(self, kind: Kind, interval: tuple[float, float]) -> float:
        """How far outside ``interval`` a reading of ``kind`` may lie."""
        if kind == "value":
            return self.value * max(1.0, abs(interval[0]), abs(interval[1]))
        return self.probability if kind == "probability" else self.action

    def widen(self, kind: Kind, interval: tuple[float, float]) -> tuple[float, float]:
        """``interval`` widened by the tolerance of ``kind``."""
        margin = self.margin(kind, interval)
        return (interval[0] - margin, interval[1] + margin)


@dataclass(frozen=True)
class Readings:
    """What a training callable read of its trained agents, one row per seed.

    Leave out what the agent does not have (a value-free policy gradient gives no values);
    the queries that need it are then not checked.

    Attributes:
        values: ``V(o)`` at each observation, ``(seeds, n)``.
        probabilities: ``π(a | o)``, ``(seeds, n, num_actions)`` (discrete actions).
        actions: The mean (or greedy) action, ``(seeds, n, *action_shape)`` (continuous
            actions).
    """

    values: ArrayLike | None = None
    probabilities: ArrayLike | None = None
    actions: ArrayLike | None = None

    def read(self, query: Query, seed_index: int) -> float | None:
        """The reading ``query`` asks for, for one seed (``None`` where not given)."""
        if query.kind == "value" and self.values is not None:
            return float(np.asarray(self.values)[seed_index, query.observation])
        if query.kind == "probability" and self.probabilities is not None:
            row = np.asarray(self.probabilities)[seed_index, query.observation]
            return float(row[query.action])
        if query.kind == "action" and self.actions is not None:
            row = np.asarray(self.actions)[seed_index, query.observation]
            return float(np.ravel(row)[0])
        return None


@dataclass(frozen=True)
class ProbeTask:
    """One probe, handed to the training callable.

    Attributes:
        env_id: The probe's id (``make(env_id)``, ``make_vec(env_id, n, ...)``).
        gamma: The discount to train with (the oracle's answers are for it).
        seeds: Train one agent per seed; the readings have one row per seed, in this order.
        observations: Read the trained agents here, ``(n, *observation_shape)``.
        oracle: The probe's known answers.
        observation_space: The probe's observation space.
        action_space: The probe's action space.
        max_episode_steps: The probe's time limit (``None``: none).
        histories: For a probe that needs memory, the observations each reading's episode
            showed before ``observations[i]``, ``(n, k, *observation_shape)``, oldest first
            (:attr:`Oracle.histories`); ``None`` for the others. A memoryless agent reads
            at ``observations`` alone.
    """

    env_id: str
    gamma: float
    seeds: tuple[int, ...]
    observations: NDArray[Any]
    oracle: Oracle
    observation_space: Any
    action_space: Any
    max_episode_steps: int | None
    histories: NDArray[Any] | None = None


Trainer = Callable[[ProbeTask], Readings | None]
"""``train(task) -> Readings | None``: train on ``task.env_id`` for every seed and read."""


@dataclass(frozen=True)
class ProbeVerdict:
    """The outcome of one probe.

    Attributes:
        env_id: The probe.
        verdict: ``"right"``, a :class:`Mistake` name, ``"unexplained"`` or ``"skipped"``.
        per_seed: The verdict of each seed's agent.
        readings: Each query's reading, averaged over the seeds.
        oracle: The probe's answers at the discount it was trained with.
        indistinct: Mistakes this probe cannot tell from the right answer at this tolerance.
    """

    env_id: str
    verdict: str
    per_seed: tuple[str, ...]
    readings: Mapping[str, float]
    oracle: Oracle | None
    indistinct: tuple[str, ...] = ()

    def line(self, width: int = 30) -> str:
        """One line: the id, the verdict, each reading with the right answer."""
        head = f"{self.env_id:<{width}} {self.verdict:<40}"
        if self.oracle is None or not self.readings:
            return head.rstrip()
        got = " ".join(f"{name}={value:.2f}" for name, value in self.readings.items())
        want = ", ".join(_show(self.oracle.right.expected[name]) for name in self.readings)
        seeds = ""
        if len(set(self.per_seed)) > 1:
            counts = Counter(self.per_seed)
            seeds = " [seeds: " + ", ".join(f"{v} x{n}" for v, n in counts.items()) + "]"
        return f"{head} {got} (right: {want}){seeds}"


@dataclass(frozen=True)
class ProbeReport:
    """The verdicts of a probe run.

    Attributes:
        verdicts: One per probe, in the order run.
    """

    verdicts: tuple[ProbeVerdict, ...] = field(default_factory=tuple)

    def __str__(self) -> str:
        width = max((len(v.env_id) for v in self.verdicts), default=0) + 2
        return "\n".join(v.line(width) for v in self.verdicts)

    def __getitem__(self, env_id: str) -> ProbeVerdict:
        for verdict in self.verdicts:
            if verdict.env_id == env_id:
                return verdict
        raise KeyError(env_id)

    @property
    def all_right(self) -> bool:
        """Whether every probe that ran was answered right."""
        return all(v.verdict in (RIGHT, SKIPPED) for v in self.verdicts)

    def named(self) -> dict[str, str]:
        """The probes whose verdict is not ``"right"``: id -> verdict (skipped ones left out)."""
        return {v.env_id: v.verdict for v in self.verdicts if v.verdict not in (RIGHT, SKIPPED)}


def _show(interval: tuple[float, float]) -> str:
    low, high = interval
    return f"{low:.2f}" if math.isclose(low, high) else f"{low:.2f}..{high:.2f}"


def _matches(
    hypothesis: Hypothesis, readings: Mapping[str, float], queries: Sequence[Query], tol: Tolerance
) -> float | None:
    """How far ``readings`` lie from ``hypothesis`` (``None`` if outside its tolerance).

    The distance is the largest of the queries' distances to their intervals, each divided by
    the query's tolerance margin.
    """
    worst = 0.0
    for query in queries:
        if query.name not in readings:
            continue
        interval = hypothesis.expected[query.name]
        value = readings[query.name]
        if not math.isfinite(value):
            return None
        outside = max(interval[0] - value, value - interval[1], 0.0)
        ratio = outside / tol.margin(query.kind, interval)
        if ratio > 1.0:
            return None
        worst = max(worst, ratio)
    return worst


def indistinct_mistakes(oracle: Oracle, tol: Tolerance, measured: Iterable[str]) -> list[str]:
    """The mistakes no reading of the measured queries can tell from the right answer.

    A mistake is indistinct when, in every measured query, its widened interval overlaps the
    right answer's: some reading would then match both.
    """
    names = set(measured)
    queries = [q for q in oracle.queries if q.name in names]
    found = []
    for mistake in oracle.mistakes:
        overlaps = True
        for query in queries:
            a = tol.widen(query.kind, oracle.right.expected[query.name])
            b = tol.widen(query.kind, mistake.expected[query.name])
            if a[1] < b[0] or b[1] < a[0]:
                overlaps = False
                break
        if overlaps:
            found.append(mistake.name)
    return found


def classify(oracle: Oracle, readings: Mapping[str, float], tol: Tolerance | None = None) -> str:
    """The verdict of one agent's readings against a probe's oracle.

    Args:
        oracle: The probe's answers.
        readings: Query name -> reading (queries without a reading are not checked; a reading
            that is not finite matches nothing).
        tol: How close a reading must be; :class:`Tolerance` defaults if ``None``.

    Returns:
        ``"right"`` if every reading matches the right answer; else the names of the mistakes
        whose answers every reading matches, closest first, joined by ``" or "``; else
        ``"unexplained"``.
    """
    tol = Tolerance() if tol is None else tol
    if _matches(oracle.right, readings, oracle.queries, tol) is not None:
        return RIGHT
    found = []
    for mistake in oracle.mistakes:
        distance = _matches(mistake, readings, oracle.queries, tol)
        if distance is not None:
            found.append((distance, mistake.name))
    if not found:
        return UNEXPLAINED
    return " or ".join(name for _, name in sorted(found))


def probe_ids() -> list[str]:
    """Every registered probe id (the ``probe`` namespace), sorted."""
    from gymnasium_core.registration import registry

    return sorted(env_id for env_id, spec in registry.items() if spec.namespace == "probe")


def oracle_of(env_id: str, gamma: float | None = None) -> tuple[Oracle, Any]:
    """The oracle of a probe id at ``gamma`` (the probe's own discount if ``None``).

    Returns:
        ``(oracle, env)``: the env made from the id, still open (the caller closes it).
    """
    from gymnasium_core.registration import make

    env = make(env_id)
    func_env = env.unwrapped.func_env  # type: ignore[attr-defined]
    limit = env.spec.max_episode_steps if env.spec is not None else None
    chosen = func_env.default_gamma if gamma is None else gamma
    return func_env.oracle(chosen, max_episode_steps=limit), env


def run_probes(
    train: Trainer,
    ids: Iterable[str] | None = None,
    *,
    seeds: Sequence[int] = (0, 1, 2),
    gamma: float | None = None,
    tolerance: Tolerance | None = None,
    echo: Callable[[str], object] | None = print,
) -> ProbeReport:
    """Train on every probe, classify the readings and print one verdict per probe.

    Args:
        train: ``train(task) -> Readings | None`` (see :class:`ProbeTask`); ``None`` marks a
            probe that does not apply to the agent.
        ids: The probes (default: every id of the ``probe`` namespace).
        seeds: The seeds each probe is trained with.
        gamma: The discount of every probe (default: each probe's own, chosen so that its
            mistakes give answers far apart).
        tolerance: How close a reading must be to an answer.
        echo: Called with each verdict line as it is decided (``None``: silent).

    Returns:
        The :class:`ProbeReport`.
    """
    tol = Tolerance() if tolerance is None else tolerance
    chosen = probe_ids() if ids is None else list(ids)
    width = max((len(i) for i in chosen), default=0) + 2
    verdicts = []
    for env_id in chosen:
        verdict = _run_one(train, env_id, tuple(seeds), gamma, tol)
        verdicts.append(verdict)
        if echo is not None:
            echo(verdict.line(width))
    return ProbeReport(tuple(verdicts))


def _run_one(
    train: Trainer, env_id: str, seeds: tuple[int, ...], gamma: float | None, tol: Tolerance
) -> ProbeVerdict:
    oracle, env = oracle_of(env_id, gamma)
    try:
        task = ProbeTask(
            env_id=env_id,
            gamma=oracle.gamma,
            seeds=seeds,
            observations=oracle.observations,
            oracle=oracle,
            observation_space=env.observation_space,
            action_space=env.action_space,
            max_episode_steps=env.spec.max_episode_steps if env.spec is not None else None,
            histories=oracle.histories,
        )
    finally:
        env.close()
    readings = train(task)
    if readings is None:
        return ProbeVerdict(env_id, SKIPPED, (), {}, oracle)
    per_seed: list[str] = []
    sums: dict[str, list[float]] = {}
    for index in range(len(seeds)):
        taken = _take(oracle, readings, index, task.action_space)
        for name, value in taken.items():
            sums.setdefault(name, []).append(value)
        per_seed.append(classify(oracle, taken, tol) if taken else SKIPPED)
    means = {name: float(np.mean(values)) for name, values in sums.items()}
    counts = Counter(per_seed)
    verdict = per_seed[0] if len(counts) == 1 else UNEXPLAINED
    indistinct = tuple(indistinct_mistakes(oracle, tol, means))
    return ProbeVerdict(env_id, verdict, tuple(per_seed), means, oracle, indistinct)


def _take(
    oracle: Oracle, readings: Readings, seed_index: int, action_space: Any
) -> dict[str, float]:
    """The readings of one seed, by query name (queries the agent cannot answer left out).

    An action is read as the environment applies it: clipped to a ``Box`` action space.
    """
    taken = {}
    for query in oracle.queries:
        value = readings.read(query, seed_index)
        if value is None:
            continue
        if query.kind == "action" and isinstance(action_space, Box):
            value = float(np.clip(value, action_space.low.flat[0], action_space.high.flat[0]))
        taken[query.name] = value
    return taken


def per_seed(train_one: Callable[[ProbeTask, int], Readings | None]) -> Trainer:
    """A training callable from one that trains a single seed.

    Args:
        train_one: ``train_one(task, seed) -> Readings | None`` whose arrays have no seed axis.

    Returns:
        A :data:`Trainer` that calls it for each of ``task.seeds`` and stacks the readings.
    """

    def train(task: ProbeTask) -> Readings | None:
        runs = [train_one(task, seed) for seed in task.seeds]
        if any(run is None for run in runs):
            return None
        done = [run for run in runs if run is not None]

        def stack(name: str) -> NDArray[Any] | None:
            parts = [getattr(run, name) for run in done]
            if any(part is None for part in parts):
                return None
            return np.stack([np.asarray(part) for part in parts])

        return Readings(stack("values"), stack("probabilities"), stack("actions"))

    return train
