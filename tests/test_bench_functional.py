"""The functional benchmark's user-call cases: the README's rollout call, typed and raw keys."""

from __future__ import annotations

import pytest

pytest.importorskip("jax", reason="the functional benchmark needs JAX")

from benchmarks import bench_functional

USER_GROUP = f"CartPole rollout as users call ({bench_functional.SCAN_STEPS} steps)"


def test_user_call_group__typed_key_headline_raw_key_second_row_at_both_sizes() -> None:
    rows = [case for case in bench_functional.CASES if case.group == USER_GROUP]
    expected = {"ours", "ours-raw-key"}
    if bench_functional.gymnax_missing() is None:
        expected.add("gymnax")
    for num_envs in (1024, 16384):
        impls = [case.impl for case in rows if case.params == {"num_envs": num_envs}]
        assert sorted(impls) == sorted(expected), num_envs
    assert bench_functional.USER_KEYS == {"ours": "key", "ours-raw-key": "PRNGKey"}


# Each compiles a rollout: the raw-key row, which differs only in the key, runs in the slow tier.
@pytest.mark.parametrize("key_kind", ["key", pytest.param("PRNGKey", marks=pytest.mark.slow)])
def test_user_call_case__runs_the_readme_call(key_kind: str) -> None:
    run = bench_functional.user_call_case(key_kind, num_envs=4)()
    assert run() == bench_functional.SCAN_STEPS * 4
