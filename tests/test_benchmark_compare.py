"""The benchmark guardrail's comparison, on synthetic results (nothing is timed here)."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from benchmarks import compare, run


def _row(group: str, impl: str, rate: float, rounds: list[float] | None = None, **params: Any):
    row: dict[str, Any] = {"group": group, "impl": impl, "params": params, "steps_per_s": rate}
    if rounds is not None:
        row["rounds"] = rounds
    return row


def _pair(ours: float, reference: float, group: str = "CartPole make()") -> list[dict[str, Any]]:
    return [_row(group, "ours", ours), _row(group, "reference", reference)]


def test_compare__a_ratio_more_than_the_tolerance_below_the_baseline_regresses() -> None:
    baseline = _pair(200.0, 100.0)  # 2.0x
    for ours, regressed in [(181.0, False), (180.0, False), (179.0, True), (100.0, True)]:
        verdicts, missing = compare.compare(_pair(ours, 100.0), baseline, tolerance=0.10)
        assert [v.regressed for v in verdicts] == [regressed], ours
        assert missing == []


def test_compare__uses_ratios_not_absolute_speeds() -> None:
    baseline = _pair(200.0, 100.0)
    # A machine half as fast: both sides slow down, the ratio holds.
    verdicts, _ = compare.compare(_pair(100.0, 50.0), baseline)
    assert not verdicts[0].regressed and verdicts[0].current == pytest.approx(2.0)
    # A machine twice as fast where only the reference gained: a regression.
    verdicts, _ = compare.compare(_pair(200.0, 200.0), baseline)
    assert verdicts[0].regressed


def test_compare__each_comparator_and_params_apart_and_unmeasured_cases_listed() -> None:
    baseline = [
        _row("rollout", "ours", 300.0, num_envs=8),
        _row("rollout", "gymnax", 100.0, num_envs=8),
        _row("rollout", "reference", 150.0, num_envs=8),
        *_pair(10.0, 10.0, "other"),
    ]
    current = [
        _row("rollout", "ours", 300.0, num_envs=8),
        _row("rollout", "gymnax", 100.0, num_envs=8),
        _row("rollout", "reference", 250.0, num_envs=8),
        _row("rollout", "ours", 1.0, num_envs=16),  # not in the baseline: not judged
    ]
    verdicts, missing = compare.compare(current, baseline)
    by_other = {v.key[3]: v.regressed for v in verdicts}
    assert by_other == {"gymnax": False, "reference": True}
    assert missing == [("other", "{}", "ours", "reference")]


def test_ratio__pairs_alternating_rounds_when_both_rows_keep_them() -> None:
    # The machine slowed down in round 2 for both: per-round ratios stay 2.0.
    ours = _row("g", "ours", 150.0, rounds=[200.0, 100.0, 200.0])
    reference = _row("g", "reference", 75.0, rounds=[100.0, 50.0, 100.0])
    assert compare.ratio(ours, reference) == 2.0
    assert compare.ratio(_row("g", "ours", 150.0), _row("g", "reference", 75.0)) == 2.0


def test_compare__other_implementations_of_ours_are_ours_too() -> None:
    rows = [_row("g", "ours", 4.0), _row("g", "ours-native", 2.0), _row("g", "reference", 1.0)]
    assert set(compare.ratios(rows)) == {
        ("g", "{}", "ours", "reference"),
        ("g", "{}", "ours-native", "reference"),
    }


def test_compare__rejects_a_tolerance_outside_zero_to_one() -> None:
    with pytest.raises(ValueError, match="tolerance"):
        compare.compare([], [], tolerance=1.5)


def test_check__exit_code_and_report(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps({"results": _pair(200.0, 100.0)}))
    assert run._check(_pair(190.0, 100.0), str(path), 0.10) == 0
    assert run._check(_pair(150.0, 100.0), str(path), 0.10) == 1
    assert "REGRESSED" in capsys.readouterr().out
    assert run._check([], str(path), 0.10) == 1  # nothing measured is not a pass


def test_committed_baseline__is_readable_and_says_how_it_was_taken() -> None:
    path = pathlib.Path(__file__).parents[1] / "benchmarks" / "baseline.json"
    data = json.loads(path.read_text())
    assert data["settings"]["note"] and data["settings"]["repeats"] >= 1
    assert compare.ratios(data["results"])
    modules = {row["module"] for row in data["results"]}
    assert all((path.parent / f"{name}.py").exists() for name in modules)


def _fake_run(monkeypatch: pytest.MonkeyPatch, attempts: list[float]) -> list[float]:
    """``run.main`` over one fake case whose ratio is the next of ``attempts`` at each measure."""
    from benchmarks.harness import Case

    class Module:
        CASES = [Case("g", "ours", lambda: lambda: 1), Case("g", "reference", lambda: lambda: 1)]

    left = list(attempts)

    def measure_group(cases: list[Any], repeats: int, min_time: float) -> list[dict[str, Any]]:
        return [dict(r, setup_s=0.0) for r in _pair(left.pop(0) * 100.0, 100.0, "g")]

    monkeypatch.setattr(run, "_modules", lambda only: ["bench_fake"])
    monkeypatch.setattr(run.importlib, "import_module", lambda name: Module)
    monkeypatch.setattr(run, "measure_group", measure_group)
    return left


@pytest.mark.parametrize(
    ("attempts", "code", "left"),
    [
        ([2.0], 0, 0),  # no regression: measured once
        ([1.0, 2.0], 0, 0),  # noise: the second attempt does not regress
        ([1.0, 1.0, 1.0], 1, 0),  # regresses every time: fails after the retries
    ],
)
def test_main__compare_retries_a_regressed_case_before_failing(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: pathlib.Path,
    attempts: list[float],
    code: int,
    left: int,
) -> None:
    baseline = tmp_path / "baseline.json"
    rows = [dict(r, module="bench_fake") for r in _pair(200.0, 100.0, "g")]
    baseline.write_text(json.dumps({"settings": {"repeats": 3, "min_time": 0.1}, "results": rows}))
    remaining = _fake_run(monkeypatch, attempts)
    out = tmp_path / "out.json"
    argv = ["--compare", str(baseline), "--out", str(out), "--retries", "2"]
    assert run.main(argv) == code
    assert len(remaining) == left
    assert json.loads(out.read_text())["settings"]["repeats"] == 3  # the baseline's settings
