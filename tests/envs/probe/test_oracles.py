"""The probes' oracles: right answers that the environments bear out, mistakes that name bugs.

The right answers are checked three ways: against the formulas of the probes' table, against
discounted returns measured by playing the oracle's own best actions on the environment, and
against tabular learners without bugs. Each named mistake is then planted in a tabular learner
(``_learners.py``: the bug sits in its data pipeline or its update, as in a real agent) and the
verdict must name it, for one-step TD and Monte Carlo estimates alike where the oracle gives an
interval.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest

import gymnasium_core as gym
from gymnasium_core.testing import probes
from gymnasium_core.testing.probes import Mistake as M

from . import _learners

PROBE_IDS = probes.probe_ids()
GAMMAS = [0.3, 0.5, 0.8, 0.95]


def _oracle(env_id: str, gamma: float | None) -> probes.Oracle:
    oracle, env = probes.oracle_of(env_id, gamma)
    env.close()
    return oracle


def _right(oracle: probes.Oracle) -> dict[str, float]:
    low_high = oracle.right.expected
    assert all(low == high for low, high in low_high.values())
    return {name: low for name, (low, _) in low_high.items()}


@pytest.mark.parametrize("gamma", GAMMAS)
def test_oracles__right_answers_are_the_table_formulas(gamma: float) -> None:
    def right(name: str) -> dict[str, float]:
        return _right(_oracle(f"probe/{name}-v0", gamma))

    assert right("ConstantReward") == {"V(obs)": 1.0}
    assert right("ObservedReward") == {"V(+1)": 1.0, "V(-1)": -1.0}
    assert right("DelayedReward") == {"V(first)": gamma, "V(second)": 1.0}
    assert right("Autoreset") == {"V(first)": 1.0, "V(second)": 0.0}
    assert right("TimeLimit") == pytest.approx({"V(obs)": 1 / (1 - gamma)})
    assert right("ActionReward") == {"π(1)": 1.0, "V(obs)": 1.0}
    assert right("ObservedAction") == {
        "π(1 | +1)": 1.0,
        "π(0 | -1)": 1.0,
        "V(+1)": 1.0,
        "V(-1)": 1.0,
    }
    assert right("DelayedCredit") == pytest.approx({"π(1 | first)": 1.0, "V(first)": gamma**3})
    assert right("ContinuousAction") == {"a(obs)": 1.5, "V(obs)": 0.0}
    assert right("Memory") == {"V(blank | +1)": 1.0, "V(blank | -1)": -1.0}
    assert right("RewardScale") == pytest.approx(
        {"V(first)": 1000 * (1 + gamma), "V(second)": 1000}
    )


def test_oracles__memory_readings_follow_their_cue() -> None:
    oracle = _oracle("probe/Memory-v0", None)
    assert oracle.histories is not None
    np.testing.assert_array_equal(oracle.observations, [[0.0], [0.0]])  # the same blank
    np.testing.assert_array_equal(oracle.histories, [[[1.0]], [[-1.0]]])
    assert oracle.expected(M.HISTORY_IGNORED.value) == {
        "V(blank | +1)": (0.0, 0.0),
        "V(blank | -1)": (0.0, 0.0),
    }
    assert all(_oracle(i, None).histories is None for i in PROBE_IDS if "Memory" not in i)


@pytest.mark.parametrize("gamma", GAMMAS)
def test_oracles__reward_scale_mistakes_read_as_rewards_of_one(gamma: float) -> None:
    oracle = _oracle("probe/RewardScale-v0", gamma)
    clipped = oracle.expected(M.REWARD_CLIPPED.value)
    assert clipped["V(first)"] == pytest.approx((1 + gamma, 1 + gamma))
    assert clipped["V(second)"] == (1.0, 1.0)
    assert oracle.expected(M.VALUE_BOUNDED.value) == {
        "V(first)": (1.0, 1.0),
        "V(second)": (1.0, 1.0),
    }
    # Where the scale is within [-1, 1], neither changes an answer, and neither is named.
    small = gym.make("probe/RewardScale-v0", scale=0.5)
    func_env: Any = small.unwrapped.func_env  # type: ignore[attr-defined]
    assert func_env.oracle(gamma).mistakes == ()
    assert _right(func_env.oracle(gamma)) == pytest.approx(
        {"V(first)": 0.5 * (1 + gamma), "V(second)": 0.5}
    )
    small.close()


def _best_action(oracle: probes.Oracle, obs: Any) -> Any:
    """The action the oracle calls right at ``obs`` (action 0 where it says nothing)."""
    right = oracle.right.expected
    for query in oracle.queries:
        here = np.array_equal(oracle.observations[query.observation], obs)
        if query.kind == "action":
            return np.array([right[query.name][0]], dtype=np.float32)
        if query.kind == "probability" and here and query.action is not None:
            chosen = query.action if right[query.name][0] == 1.0 else 1 - query.action
            return chosen
    return 0


def _measured_return(
    env_id: str, gamma: float, start: Any, first: Any, horizon: int, history: Any = None
) -> float:
    """The discounted return from the first visit of ``start`` with ``first`` taken there.

    With a ``history``, only a visit whose episode showed ``history`` just before counts. The
    oracle's best actions are played everywhere else; the time limit is left out, so a probe
    that never terminates is summed over ``horizon`` steps.
    """
    oracle = _oracle(env_id, gamma)
    env = gym.make(env_id, max_episode_steps=-1)
    wanted = [] if history is None else list(history)
    for seed in range(40):
        obs, _ = env.reset(seed=seed)
        seen = [obs]
        rewards: list[float] = []
        for _ in range(horizon):
            follows = len(seen) > len(wanted) and all(
                np.array_equal(a, b) for a, b in zip(seen[-len(wanted) - 1 : -1], wanted)
            )
            visiting = bool(rewards) or (np.array_equal(obs, start) and follows)
            action = first if visiting and not rewards else _best_action(oracle, obs)
            obs, reward, terminated, _, _ = env.step(action)
            seen.append(obs)
            if visiting:
                rewards.append(float(reward))
            if terminated:
                break
        if rewards:
            env.close()
            return float(sum(r * gamma**k for k, r in enumerate(rewards)))
    raise AssertionError(f"{env_id}: never observed {start}")


@pytest.mark.parametrize("gamma", [0.5, 0.9])
@pytest.mark.parametrize("env_id", PROBE_IDS)
def test_oracles__right_values_are_the_returns_of_the_right_actions(
    env_id: str, gamma: float
) -> None:
    oracle = _oracle(env_id, gamma)
    env = gym.make(env_id)
    action_space = env.action_space
    env.close()
    for query in oracle.queries:
        obs = oracle.observations[query.observation]
        best = _best_action(oracle, obs)
        if query.kind == "value":
            history = None if oracle.histories is None else oracle.histories[query.observation]
            measured = _measured_return(env_id, gamma, obs, best, horizon=400, history=history)
            assert measured == pytest.approx(_right(oracle)[query.name], abs=1e-9), query.name
        elif hasattr(action_space, "n"):
            # The right action is worth more than every other one.
            worth = _measured_return(env_id, gamma, obs, best, horizon=20)
            for other in set(range(int(action_space.n))) - {best}:
                assert _measured_return(env_id, gamma, obs, other, horizon=20) < worth, query.name
        else:
            target = _measured_return(env_id, gamma, obs, best, horizon=20)
            for miss in (-2.0, -0.5, 1.0, 1.4, 1.6, 2.0):
                elsewhere = np.array([miss], dtype=np.float32)
                assert _measured_return(env_id, gamma, obs, elsewhere, horizon=20) < target


def _value_case(name: str, mistake: M, mode: str, estimator: str) -> Any:
    return pytest.param(
        f"probe/{name}-v0",
        functools.partial(_learners.value_learner, mistake=mistake, mode=mode, estimator=estimator),
        mistake,
        id=f"{name}-{mistake.name}-{mode}-{estimator}",
    )


def _policy_case(name: str, mistake: M) -> Any:
    return pytest.param(
        f"probe/{name}-v0",
        functools.partial(_learners.actor_critic, mistake=mistake),
        mistake,
        id=f"{name}-{mistake.name}",
    )


PLANTED = [
    _value_case("ConstantReward", M.TERMINATED_IGNORED, "SameStep", "td"),
    _value_case("ConstantReward", M.TERMINATED_IGNORED, "NextStep", "td"),
    _value_case("ConstantReward", M.RESET_STEP_LEARNED, "NextStep", "td"),
    _value_case("ConstantReward", M.RESET_STEP_LEARNED, "NextStep", "mc"),
    _value_case("ObservedReward", M.OBSERVATION_IGNORED, "SameStep", "td"),
    _value_case("ObservedReward", M.OBSERVATION_IGNORED, "NextStep", "mc"),
    _value_case("ObservedReward", M.TERMINATED_IGNORED, "NextStep", "td"),
    _value_case("ObservedReward", M.RESET_STEP_LEARNED, "NextStep", "td"),
    _value_case("ObservedReward", M.RESET_STEP_LEARNED, "NextStep", "mc"),
    _value_case("DelayedReward", M.DISCOUNT_TWICE, "SameStep", "td"),
    _value_case("DelayedReward", M.DISCOUNT_TWICE, "NextStep", "mc"),
    _value_case("DelayedReward", M.TERMINATED_IGNORED, "SameStep", "td"),
    _value_case("DelayedReward", M.REWARD_WITH_NEXT_OBS, "SameStep", "td"),
    _value_case("DelayedReward", M.REWARD_WITH_NEXT_OBS, "SameStep", "mc"),
    _value_case("DelayedReward", M.OBSERVATION_IGNORED, "SameStep", "td"),
    _value_case("DelayedReward", M.OBSERVATION_IGNORED, "NextStep", "mc"),
    _value_case("DelayedReward", M.RESET_STEP_LEARNED, "NextStep", "td"),
    _value_case("DelayedReward", M.RESET_STEP_LEARNED, "NextStep", "mc"),
    _value_case("Autoreset", M.REWARD_WITH_NEXT_OBS, "SameStep", "td"),
    _value_case("Autoreset", M.REWARD_WITH_NEXT_OBS, "SameStep", "mc"),
    _value_case("Autoreset", M.REWARD_WITH_NEXT_OBS, "NextStep", "td"),
    _value_case("Autoreset", M.RESET_STEP_LEARNED, "NextStep", "td"),
    _value_case("Autoreset", M.RESET_STEP_LEARNED, "NextStep", "mc"),
    _value_case("Autoreset", M.TERMINATED_IGNORED, "NextStep", "td"),
    _value_case("Autoreset", M.OBSERVATION_IGNORED, "SameStep", "td"),
    _value_case("Autoreset", M.OBSERVATION_IGNORED, "SameStep", "mc"),
    _value_case("TimeLimit", M.DISCOUNT_TWICE, "SameStep", "td"),
    _value_case("TimeLimit", M.TRUNCATION_AS_TERMINATION, "SameStep", "td"),
    _value_case("TimeLimit", M.TRUNCATION_AS_TERMINATION, "NextStep", "mc"),
    _value_case("TimeLimit", M.RESET_STEP_LEARNED, "NextStep", "td"),
    _value_case("Memory", M.HISTORY_IGNORED, "SameStep", "td"),
    _value_case("Memory", M.HISTORY_IGNORED, "NextStep", "mc"),
    _value_case("RewardScale", M.REWARD_CLIPPED, "SameStep", "td"),
    _value_case("RewardScale", M.REWARD_CLIPPED, "NextStep", "mc"),
    _value_case("RewardScale", M.VALUE_BOUNDED, "SameStep", "td"),
    _value_case("RewardScale", M.VALUE_BOUNDED, "SameStep", "mc"),
    _policy_case("ActionReward", M.GRADIENT_SIGN_FLIPPED),
    _policy_case("ActionReward", M.TERMINATED_IGNORED),
    _policy_case("ObservedAction", M.GRADIENT_SIGN_FLIPPED),
    _policy_case("ObservedAction", M.OBSERVATION_IGNORED),
    _policy_case("ObservedAction", M.TERMINATED_IGNORED),
    _policy_case("DelayedCredit", M.GRADIENT_SIGN_FLIPPED),
    _policy_case("DelayedCredit", M.DISCOUNT_TWICE),
    _policy_case("DelayedCredit", M.TERMINATED_IGNORED),
    _policy_case("ContinuousAction", M.GRADIENT_SIGN_FLIPPED),
    _policy_case("ContinuousAction", M.ACTION_NOT_SCALED),
]


@pytest.mark.parametrize(("env_id", "learner", "mistake"), PLANTED)
def test_planted_mistake__is_named_first_by_the_verdict(
    env_id: str, learner: Any, mistake: M
) -> None:
    report = probes.run_probes(probes.per_seed(learner), [env_id], seeds=(0,), echo=None)
    verdict = report[env_id].verdict
    assert verdict.split(" or ")[0] == mistake.value, report


def test_planted_cases__cover_every_mistake_every_oracle_names() -> None:
    planted = {(case.values[0], case.values[2].value) for case in PLANTED}
    named = {
        (env_id, hypothesis.name)
        for env_id in PROBE_IDS
        for hypothesis in _oracle(env_id, None).mistakes
    }
    assert named <= planted, sorted(named - planted)


def _any_learner(task: probes.ProbeTask, seed: int, **options: Any) -> probes.Readings | None:
    if hasattr(task.action_space, "n") and task.action_space.n == 1:
        return _learners.value_learner(task, seed, **options)
    options.pop("estimator", None)
    return _learners.actor_critic(task, seed, **options)


@pytest.mark.parametrize("mode", ["SameStep", "NextStep"])
def test_learners_without_bugs__are_right_on_every_probe(mode: str) -> None:
    train = probes.per_seed(functools.partial(_any_learner, mode=mode, estimator="td"))
    report = probes.run_probes(train, seeds=(0, 1), echo=None)
    assert [v.env_id for v in report.verdicts] == PROBE_IDS
    assert report.all_right, str(report)


@pytest.mark.parametrize("env_id", [i for i in PROBE_IDS if "TimeLimit" not in i])
def test_monte_carlo_values_without_bugs__are_right(env_id: str) -> None:
    learner = functools.partial(_learners.value_learner, estimator="mc")
    report = probes.run_probes(probes.per_seed(learner), [env_id], seeds=(0,), echo=None)
    assert report[env_id].verdict in ("right", "skipped"), report
