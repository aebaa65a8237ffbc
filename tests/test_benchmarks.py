"""The benchmark modules load, and every group compares ours with another implementation."""

from __future__ import annotations

import importlib
import pathlib

import pytest

from benchmarks.harness import repeated_reset, stepped_make

MODULES = sorted(
    p.stem for p in (pathlib.Path(__file__).parents[1] / "benchmarks").glob("bench_*.py")
)


@pytest.mark.parametrize("name", MODULES)
def test_benchmark_module__every_group_has_ours_and_a_comparison(name: str) -> None:
    module = importlib.import_module(f"benchmarks.{name}")
    assert module.CASES, name
    groups: dict[str, set[str]] = {}
    for case in module.CASES:
        groups.setdefault(case.group, set()).add(case.impl)
    alone = [group for group, impls in groups.items() if impls == {"ours"}]
    # Rows recorded alone are allowed only where no other library has the task (see RESULTS.md).
    assert all("rollout" in group for group in alone), alone


def test_stepped_make__steps_the_whole_action_list_and_resets_at_episode_end() -> None:
    run = stepped_make("gymnasium_core", "CartPole-v1", lambda env: [0] * 300)()
    # Always pushing left ends episodes within 300 steps; stepping on past the end without a
    # reset would warn, and our warnings are errors in the tests.
    assert run() == 300


def test_repeated_reset__counts_its_resets() -> None:
    assert repeated_reset("gymnasium_core", "FrozenLake-v1", 7)()() == 7
