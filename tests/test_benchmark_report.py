"""The benchmark report reads its own table back and draws the ratio plot from it."""

from __future__ import annotations

import pathlib

import pytest

from benchmarks import report
from benchmarks.harness import to_markdown

ROWS = [
    {"group": "g", "params": {"num_envs": 4}, "impl": "ours", "steps_per_s": 300.0, "setup_s": 0.1},
    {
        "group": "g",
        "params": {"num_envs": 4},
        "impl": "reference",
        "steps_per_s": 100.0,
        "setup_s": 0.2,
    },
    {"group": "h", "params": {}, "impl": "ours", "steps_per_s": 50.0, "setup_s": 0.0},
    {"group": "h", "params": {}, "impl": "gymnax", "steps_per_s": 100.0, "setup_s": 0.0},
]


def test_report__rows_survive_the_markdown_table() -> None:
    back = report.rows_from_markdown(to_markdown(ROWS))
    assert [(r["group"], r["params"], r["impl"], r["steps_per_s"]) for r in back] == [
        (r["group"], r["params"], r["impl"], r["steps_per_s"]) for r in ROWS
    ]


def test_report__ratios_pair_ours_with_each_library_of_its_group() -> None:
    assert report.ratios(ROWS) == [("g (num_envs=4)", "reference", 3.0), ("h", "gymnax", 0.5)]


def test_report__ratio_plot_is_drawn(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("matplotlib", reason="plots need the other extra")
    assert report.plot_ratios(ROWS, tmp_path / "ratios.png")
    assert (tmp_path / "ratios.png").stat().st_size > 0


def test_report__recorded_results_have_both_plots_on_the_docs_page() -> None:
    root = pathlib.Path(__file__).resolve().parents[1]
    page = (root / "docs" / "benchmarks.md").read_text()
    for _, name in report.IMAGES:
        assert f"(assets/{name})" in page and (root / "docs" / "assets" / name).is_file()


def test_report__throughput_series_keep_thread_counts_apart() -> None:
    from benchmarks.report_mujoco import series_by_num_envs

    rows = [
        {"group": "m", "impl": "ours", "params": {"num_envs": n, "threads": t}, "steps_per_s": r}
        for n, t, r in ((16, 1, 1.0), (64, 1, 2.0), (16, 2, 3.0), (64, 2, 4.0))
    ]
    assert series_by_num_envs(rows) == {
        ("m", "ours", "threads=1"): [(16, 1.0), (64, 2.0)],
        ("m", "ours", "threads=2"): [(16, 3.0), (64, 4.0)],
    }


def test_report__recorded_mujoco_section_shows_its_plot_on_the_docs_page() -> None:
    from benchmarks import report_mujoco

    root = pathlib.Path(__file__).resolve().parents[1]
    page = (root / "docs" / "benchmarks.md").read_text()
    assert report_mujoco.START in page and report_mujoco.MJX_START in page
    assert f"(assets/{report_mujoco.IMAGE})" in page
    assert (root / "docs" / "assets" / report_mujoco.IMAGE).is_file()
