"""The checks of :func:`~gymnasium_core.utils.env_checker.check_env` that call ``step``."""

from __future__ import annotations

from copy import deepcopy
from itertools import combinations
from typing import Any

from gymnasium_core import logger
from gymnasium_core.core import Env
from gymnasium_core.utils._checked_data import data_equivalence, rng_state, unpacked
from gymnasium_core.utils.passive_env_checker import data_shares_objects

__all__ = ["check_returned_data_not_reused", "check_step_determinism"]


def _assert_steps_match(first: Any, second: Any, what: str) -> None:
    assert data_equivalence(first, second), (
        f"Two steps with the same seed and action returned different {what}."
    )
    if not data_equivalence(first, second, exact=True):
        logger.warn(
            f"Two steps with the same seed and action returned close but not identical {what}."
        )


def _compare_steps(first: tuple[Any, ...], second: tuple[Any, ...]) -> None:
    # Gymnasium's order, so that a step differing in several ways fails on the same part.
    _assert_steps_match(first[0], second[0], "observations")
    _assert_steps_match(first[1], second[1], "rewards")
    assert data_equivalence(first[2], second[2], exact=True), (
        "Two steps with the same seed and action returned different `terminated` flags."
    )
    assert first[3] is False and second[3] is False, (
        "The environment truncated after a single step; a limit of one step is surely a bug."
    )
    _assert_steps_match(first[4], second[4], "info")


def check_step_determinism(env: Env[Any, Any], seed: int = 123) -> None:
    """Check that one step from a seeded reset gives the same result twice.

    Skipped when ``env.spec.nondeterministic`` is true.

    Args:
        env: The environment.
        seed: The seed for ``reset`` and for sampling the action.

    Raises:
        AssertionError: If the two steps differ, or the environment truncates after one step.
        ValueError: If ``step`` does not return the five values of the current API.
    """
    if env.spec is not None and env.spec.nondeterministic is True:
        return
    env.action_space.seed(seed)
    same_action = env.action_space.sample()
    env.reset(seed=seed)
    first = unpacked(env.step(same_action), "env.step()", 5)
    # Only the observation is kept apart from a buffer the second step may reuse, as in
    # Gymnasium; an info dict shared between steps is the business of the reuse check.
    first = (deepcopy(first[0]), *first[1:])
    state_after_first = rng_state(env)
    env.reset(seed=seed)
    second = unpacked(env.step(same_action), "env.step()", 5)
    assert rng_state(env) == state_after_first, (
        "After the same seeded reset and step, the random generator states differ."
    )
    _compare_steps(first, second)


def check_returned_data_not_reused(env: Env[Any, Any], seed: int = 123) -> None:
    """Check that every ``reset`` and ``step`` returns new observation and info objects.

    Raises:
        AssertionError: If two calls returned data sharing a mutable object.
        ValueError: If ``step`` does not return five values, or ``reset`` two.
    """
    env.action_space.seed(seed)
    calls: list[tuple[str, tuple[Any, Any]]] = []

    def record(method: str, obs_and_info: tuple[Any, Any]) -> None:
        calls.append((f"env.{method}() (call {len(calls) + 1})", obs_and_info))

    record("reset", env.reset(seed=seed))  # unpacked when compared, as a step result is
    for _ in range(2):
        result = unpacked(env.step(env.action_space.sample()), "env.step()", 5)
        record("step", (result[0], result[4]))
        if result[2] or result[3]:
            break
    record("reset", env.reset(seed=seed))
    for (source_1, (obs_1, info_1)), (source_2, (obs_2, info_2)) in combinations(calls, 2):
        for what, data_1, data_2 in (("observations", obs_1, obs_2), ("infos", info_1, info_2)):
            assert not data_shares_objects(data_1, data_2), (
                f"The {what} returned by `{source_1}` and `{source_2}` share an object, so "
                "changing one changes the other. Return new data on every call."
            )
