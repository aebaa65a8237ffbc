"""The benchmark modules load, and every group compares ours with another implementation."""

from __future__ import annotations

import importlib
import json
import pathlib
from typing import Any

import numpy as np
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


def test_bench_mujoco_vector__every_size_has_each_thread_count_and_the_comparisons() -> None:
    from benchmarks import bench_mujoco_vector as bench

    most = max(bench.THREADS)
    for env_id in bench.ENV_IDS:
        for num_envs in bench.SIZES:
            for threads in bench.THREADS:
                params = {"num_envs": num_envs, "threads": threads}
                impls = {
                    c.impl
                    for c in bench.CASES
                    if c.group.startswith(env_id + " ") and c.params == params
                }
                assert {"ours", "physics bound"} <= impls
                assert ("SyncVectorEnv" in impls) == (threads == most)
                assert ("AsyncVectorEnv" in impls) == (
                    threads == most and num_envs <= bench.ASYNC_MAX_ENVS
                )


def test_bench_mujoco_vector__physics_bound_steps_from_the_same_states_every_run() -> None:
    from benchmarks import bench_mujoco_vector as bench

    key = "test physics bound"
    run = bench._physics_bound("Hopper-v5", 3, 1, key)()
    vec = next(c for c in bench._OPEN[key] if hasattr(c, "__self__")).__self__
    assert run() == 3 * bench._batch_steps(3)
    first = np.array([env.data.qpos.copy() for env in vec.envs])
    run()
    again = np.array([env.data.qpos.copy() for env in vec.envs])
    np.testing.assert_array_equal(first, again)
    assert not np.array_equal(first, np.array([env.init_qpos for env in vec.envs]))
    bench._enter("another group")  # closes what the case opened
    assert key not in bench._OPEN


def test_bench_mjx__smoke_mode_writes_json_and_markdown(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("mujoco.mjx", reason="the MJX benchmark needs mujoco-mjx")
    from benchmarks import bench_mjx

    assert bench_mjx.main(["--smoke", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "mjx.json").read_text())
    assert data["device"]["backend"] in ("cpu", "gpu", "tpu", "cuda", "rocm")
    rows = data["results"]
    (task,) = bench_mjx.SMOKE_TASKS
    assert [(r["impl"], r["params"]["num_envs"]) for r in rows] == [
        ("native batched", 2),
        ("ours", 2),
    ]
    native, ours = rows
    assert ours["vs_native"] == pytest.approx(ours["steps_per_s"] / native["steps_per_s"])
    assert all(np.isfinite(r["steps_per_s"]) and r["steps_per_s"] > 0 for r in rows)
    page = (tmp_path / "mjx.md").read_text()
    assert f"| {task}-v5 | ours | 2 |" in page


def _row(env_id: str, impl: str, num_envs: int, threads: int, rate: float) -> dict[str, Any]:
    return {
        "group": f"{env_id} batched native MuJoCo",
        "impl": impl,
        "params": {"num_envs": num_envs, "threads": threads},
        "setup_s": 0.1,
        "steps_per_s": rate,
    }


def test_report_mujoco__time_table_splits_a_step_into_physics_and_the_rest() -> None:
    from benchmarks import report_mujoco

    rows = [
        _row("Ant-v5", "ours", 16, 1, 1_000.0),
        _row("Ant-v5", "physics bound", 16, 1, 4_000.0),
    ]
    (line,) = report_mujoco.time_table(rows)[2:]
    assert line == "| Ant-v5 | 16 | 1000.0 µs | 250.0 µs | 750.0 µs | 25% | — |"


def test_report_mujoco__goals_count_the_cases_with_the_most_threads() -> None:
    from benchmarks import report_mujoco

    rows = [
        _row("Ant-v5", "ours", 16, 2, 3_000.0),
        _row("Ant-v5", "SyncVectorEnv", 16, 2, 1_000.0),
        _row("Ant-v5", "ours", 64, 2, 1_500.0),
        _row("Ant-v5", "SyncVectorEnv", 64, 2, 1_000.0),
        _row("Ant-v5", "ours", 64, 1, 100.0),  # one thread: not a goal case
    ]
    sync, asynchronous, envpool = report_mujoco.goal_summary(rows)
    assert sync.startswith("- 2.0x SyncVectorEnv: not reached (1 of 2 cases")
    assert "not measured" in asynchronous and "not measured" in envpool


def test_report_mujoco__section_replaces_only_its_own_lines() -> None:
    from benchmarks import report_mujoco
    from benchmarks.report import rows_from_markdown

    rows = [_row("Hopper-v5", "ours", 16, 1, 2_000.0), _row("Hopper-v5", "EnvPool", 16, 1, 1e3)]
    page = "# Results\n\nintro\n\n## All cases\n\n| a |\n"
    once = report_mujoco.replace_section(page, report_mujoco.section(rows, "", ["old"]))
    twice = report_mujoco.replace_section(once, report_mujoco.section(rows, "", ["new"]))
    assert twice.startswith("# Results\n\nintro\n\n" + report_mujoco.START)
    assert twice.endswith("## All cases\n\n| a |\n") and "old" not in twice
    # The section's full table is read back as result rows (for --plots-only), its other
    # tables are not.
    assert [(r["impl"], r["steps_per_s"]) for r in rows_from_markdown(twice)] == [
        ("ours", 2000.0),
        ("EnvPool", 1000.0),
    ]


def test_rows_from_markdown__reads_only_tables_with_the_harness_header() -> None:
    from benchmarks.report import rows_from_markdown

    page = (
        "| task | impl | num_envs | steps/s | vs native batched | setup (s) |\n"
        "|---|---|---:|---:|---:|---:|\n"
        "| Ant-v5 | ours | 1024 | 5,000 | 2.00x | 30.0 |\n"
        "\n"
        "| group | params | impl | steps/s | setup (s) |\n"
        "|---|---|---|---:|---:|\n"
        "| g | num_envs=4 | ours | 1,234 | 0.5 |\n"
    )
    assert rows_from_markdown(page) == [
        {
            "group": "g",
            "params": {"num_envs": 4},
            "impl": "ours",
            "steps_per_s": 1234.0,
            "setup_s": 0.5,
        }
    ]


def test_bench_single_env__one_group_per_shared_id_with_ours_and_the_reference() -> None:
    import gymnasium

    import gymnasium_core
    from benchmarks import bench_single_env as bench

    shared = set(gymnasium.registry) & set(gymnasium_core.registry)
    groups: dict[str, set[str]] = {}
    for case in bench.CASES:
        groups.setdefault(case.group.removeprefix("single env: "), set()).add(case.impl)
    assert set(groups) == shared
    assert all(impls == {"ours", "reference"} for impls in groups.values())
    assert {"CartPole-v1", "Hopper-v5", "LunarLander-v3", "phys2d/CartPole-v1"} <= shared
