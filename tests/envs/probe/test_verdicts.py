"""gymnasium_core.testing.probes: readings in, one verdict per probe out.

The training callables here return readings made up from the oracle itself (its right answers,
a mistake's answers, or something else), so each verdict rule is checked on its own.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from gymnasium_core.testing import probes
from gymnasium_core.testing.probes import Mistake as M

PROBE_IDS = probes.probe_ids()


def _answers(oracle: probes.Oracle, name: str) -> dict[str, float]:
    """The middle of each interval of the hypothesis ``name``."""
    return {q: (low + high) / 2 for q, (low, high) in oracle.expected(name).items()}


def _readings(oracle: probes.Oracle, rows: list[dict[str, float]]) -> probes.Readings:
    """Readings (one row per seed) that read ``rows[seed][query]`` for every query."""
    n = len(oracle.observations)
    values = np.full((len(rows), n), np.nan)
    probabilities = np.full((len(rows), n, 2), np.nan)
    actions = np.full((len(rows), n, 1), np.nan)
    for s, row in enumerate(rows):
        for q in oracle.queries:
            if q.kind == "value":
                values[s, q.observation] = row[q.name]
            elif q.kind == "probability":
                assert q.action is not None
                probabilities[s, q.observation, q.action] = row[q.name]
                probabilities[s, q.observation, 1 - q.action] = 1 - row[q.name]
            else:
                actions[s, q.observation, 0] = row[q.name]
    return probes.Readings(values, probabilities, actions)


def _trainer(pick: Any) -> probes.Trainer:
    """A training callable whose readings are ``pick(task) -> one row per seed``."""

    def train(task: probes.ProbeTask) -> probes.Readings | None:
        rows = pick(task)
        return None if rows is None else _readings(task.oracle, rows)

    return train


def test_run_probes__right_answers_give_right_everywhere(
    capsys: pytest.CaptureFixture[str],
) -> None:
    train = _trainer(lambda task: [_answers(task.oracle, "right")] * len(task.seeds))
    report = probes.run_probes(train)
    assert [v.env_id for v in report.verdicts] == PROBE_IDS
    assert report.all_right and report.named() == {}
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(PROBE_IDS)
    for env_id, line in zip(PROBE_IDS, lines, strict=True):
        assert line.startswith(env_id) and " right " in line
    assert str(report).splitlines() == [line.rstrip() for line in lines]


def test_run_probes__each_mistakes_answers_are_named() -> None:
    for env_id in PROBE_IDS:
        oracle, env = probes.oracle_of(env_id)
        env.close()
        for mistake in oracle.mistakes:
            train = _trainer(lambda task, m=mistake: [_answers(task.oracle, m.name)] * 3)
            report = probes.run_probes(train, [env_id], echo=None)
            assert mistake.name in report[env_id].verdict.split(" or "), (env_id, report)
            assert not report.all_right
            assert report.named() == {env_id: report[env_id].verdict}


def test_classify__far_or_missing_readings() -> None:
    oracle, env = probes.oracle_of("probe/DelayedReward-v0", 0.5)
    env.close()
    assert probes.classify(oracle, {"V(first)": 0.5, "V(second)": 1.0}) == "right"
    assert probes.classify(oracle, {"V(first)": 0.55, "V(second)": 0.95}) == "right"
    assert probes.classify(oracle, {"V(first)": -3.0, "V(second)": 1.0}) == "unexplained"
    assert probes.classify(oracle, {"V(first)": math.nan, "V(second)": 1.0}) == "unexplained"
    # Only the readings given are checked.
    assert probes.classify(oracle, {"V(first)": 0.2}) == M.DISCOUNT_TWICE.value
    # A tighter tolerance turns a near reading into an unexplained one.
    tight = probes.Tolerance(value=0.01)
    assert probes.classify(oracle, {"V(first)": 0.55, "V(second)": 1.0}, tight) == "unexplained"


def test_classify__a_reading_two_mistakes_explain_names_both_closest_first() -> None:
    oracle, env = probes.oracle_of("probe/DelayedReward-v0", 0.5)
    env.close()
    # Between a discount applied twice (0.25) and a learned reset step (1/3 .. 3/8).
    verdict = probes.classify(oracle, {"V(first)": 0.31, "V(second)": 1.0})
    assert verdict.split(" or ") == [M.RESET_STEP_LEARNED.value, M.DISCOUNT_TWICE.value]


def test_run_probes__seeds_that_disagree_give_unexplained_with_each_seed_shown() -> None:
    def pick(task: probes.ProbeTask) -> list[dict[str, float]]:
        right = _answers(task.oracle, "right")
        wrong = {name: value + 50.0 for name, value in right.items()}
        return [right, right, wrong]

    report = probes.run_probes(_trainer(pick), ["probe/ConstantReward-v0"], echo=None)
    verdict = report["probe/ConstantReward-v0"]
    assert verdict.per_seed == ("right", "right", "unexplained")
    assert verdict.verdict == "unexplained"
    assert "right x2" in verdict.line() and "unexplained x1" in verdict.line()
    assert verdict.readings["V(obs)"] == pytest.approx((1 + 1 + 51) / 3)


def test_run_probes__none_skips_and_missing_readings_are_not_checked() -> None:
    def train(task: probes.ProbeTask) -> probes.Readings | None:
        if not hasattr(task.action_space, "n"):
            return None  # a discrete-only agent
        values = np.ones((len(task.seeds), len(task.observations)))
        return probes.Readings(values=values)  # no policy readings

    ids = ["probe/ContinuousAction-v0", "probe/ActionReward-v0", "probe/ObservedAction-v0"]
    report = probes.run_probes(train, ids, echo=None)
    assert report["probe/ContinuousAction-v0"].verdict == "skipped"
    assert report["probe/ActionReward-v0"].verdict == "right"  # V = 1, π not read
    assert set(report["probe/ActionReward-v0"].readings) == {"V(obs)"}
    assert report["probe/ObservedAction-v0"].verdict == "right"
    assert report.all_right


def test_run_probes__actions_are_read_clipped_to_the_action_space() -> None:
    def train(task: probes.ProbeTask) -> probes.Readings:
        actions = np.full((len(task.seeds), len(task.observations), 1), -40.0)
        return probes.Readings(actions=actions)

    report = probes.run_probes(train, ["probe/ContinuousAction-v0"], echo=None)
    assert report["probe/ContinuousAction-v0"].readings["a(obs)"] == -2.0
    assert report["probe/ContinuousAction-v0"].verdict == M.GRADIENT_SIGN_FLIPPED.value


def test_run_probes__the_task_carries_the_discount_seeds_and_observations() -> None:
    seen: list[probes.ProbeTask] = []

    def train(task: probes.ProbeTask) -> None:
        seen.append(task)

    probes.run_probes(train, ["probe/TimeLimit-v0", "probe/DelayedReward-v0"], echo=None)
    probes.run_probes(train, ["probe/TimeLimit-v0"], seeds=(4, 5), gamma=0.7, echo=None)
    time_limit, delayed, chosen = seen
    assert time_limit.gamma == time_limit.oracle.gamma == 0.9  # the probe's own discount
    assert delayed.gamma == 0.5
    assert time_limit.max_episode_steps == 3 and delayed.max_episode_steps is None
    assert chosen.gamma == chosen.oracle.gamma == 0.7 and chosen.seeds == (4, 5)
    assert chosen.oracle.right.expected["V(obs)"] == pytest.approx((1 / 0.3, 1 / 0.3))
    np.testing.assert_array_equal(delayed.observations, [[-1.0], [1.0]])
    assert all(obs in delayed.observation_space for obs in delayed.observations)


def test_per_seed__stacks_one_reading_per_seed() -> None:
    calls: list[int] = []

    def one(task: probes.ProbeTask, seed: int) -> probes.Readings:
        calls.append(seed)
        return probes.Readings(values=np.full(len(task.observations), float(seed)))

    readings = probes.per_seed(one)(_task("probe/ObservedReward-v0", seeds=(3, 1)))
    assert readings is not None and calls == [3, 1]
    np.testing.assert_array_equal(readings.values, [[3.0, 3.0], [1.0, 1.0]])
    assert readings.probabilities is None and readings.actions is None
    assert probes.per_seed(lambda task, seed: None)(_task("probe/ObservedReward-v0")) is None


def _task(env_id: str, seeds: tuple[int, ...] = (0,)) -> probes.ProbeTask:
    oracle, env = probes.oracle_of(env_id)
    env.close()
    return probes.ProbeTask(
        env_id,
        oracle.gamma,
        seeds,
        oracle.observations,
        oracle,
        env.observation_space,
        env.action_space,
        None,
    )


def test_indistinct_mistakes__are_those_no_reading_tells_from_right() -> None:
    oracle, env = probes.oracle_of("probe/DelayedReward-v0", 0.5)
    env.close()
    every = [q.name for q in oracle.queries]
    # A learned reset step reads 1/3 .. 3/8 at the first observation, within the tolerance of
    # the right 1/2, and the right 1 at the second: no reading tells it from right.
    assert probes.indistinct_mistakes(oracle, probes.Tolerance(), every) == [
        M.RESET_STEP_LEARNED.value
    ]
    assert probes.indistinct_mistakes(oracle, probes.Tolerance(value=0.01), every) == []
    # Read at the second observation only, nothing but bootstrapping past the end shows.
    hidden = probes.indistinct_mistakes(oracle, probes.Tolerance(), ["V(second)"])
    assert set(hidden) == {m.name for m in oracle.mistakes} - {
        M.TERMINATED_IGNORED.value,
        M.REWARD_WITH_NEXT_OBS.value,
        M.OBSERVATION_IGNORED.value,
    }
