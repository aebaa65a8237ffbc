"""Run the benchmarks and write results.

Usage::

    uv run python -m benchmarks.run                      # every bench_*.py module
    uv run python -m benchmarks.run --only import,classic_control
    uv run python -m benchmarks.run --group "CartPole-v1 make()" --group "numpy vector"
    uv run python -m benchmarks.run --compare benchmarks/baseline.json

Cases compared with each other are set up together and timed in alternating rounds.
Writes ``benchmarks/out/results.json`` and prints a markdown table (ratios to the reference
of each group).

With ``--compare BASELINE`` it runs the baseline's cases (unless ``--only`` / ``--group`` pick
others) and exits 1 when one of our ratios to its comparator (ours vs the reference, or vs
gymnax, measured in this same run) falls more than ``--tolerance`` (10%) below the baseline's
ratio. Ratios, not absolute times, so the check holds across machines (see
:mod:`benchmarks.compare`). A new baseline is a run written with ``--out``, e.g.
``--out benchmarks/baseline.json --note "..."``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pathlib
import sys
import traceback
from typing import Any

from benchmarks import compare
from benchmarks.harness import Case, machine, measure_group, to_markdown

HERE = pathlib.Path(__file__).parent


def _modules(only: list[str] | None) -> list[str]:
    names = sorted(p.stem for p in HERE.glob("bench_*.py"))
    if only:
        names = [n for n in names if n.removeprefix("bench_") in only]
    return names


def _selected(
    module: Any, groups: list[str] | None, keys: set[tuple[str, str]] | None
) -> list[list[Case]]:
    """The module's cases, grouped by (group, params), kept by ``groups`` / ``keys`` if given."""
    found: dict[tuple[str, str], list[Case]] = {}
    for case in module.CASES:
        key = (case.group, json.dumps(case.params, sort_keys=True))
        if groups is not None and not any(g in case.group for g in groups):
            continue
        if keys is not None and key not in keys:
            continue
        found.setdefault(key, []).append(case)
    return list(found.values())


def _check(rows: list[dict[str, Any]], baseline_path: str, tolerance: float) -> int:
    """Print the ratio comparison with the baseline; 1 if a ratio regressed, else 0."""
    verdicts, missing = compare.compare(rows, compare.load_rows(baseline_path), tolerance)
    print(f"\nRatios against {baseline_path} (tolerance {tolerance:.0%}):")
    for verdict in verdicts:
        print(verdict.describe())
    for group, params, ours, other in missing:
        print(f"{'missing':<9} {group} {params}: {ours} vs {other} not measured in this run")
    regressed = [v for v in verdicts if v.regressed]
    if not verdicts:
        print("Nothing to compare: no case of the baseline was measured.")
        return 1
    print(f"{len(regressed)} of {len(verdicts)} ratios regressed.")
    return 1 if regressed else 0


def _merged(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``old`` with the groups measured in ``new`` replaced, keeping the order of ``old``."""

    def key(row: dict[str, Any]) -> tuple[str, str]:
        return row["group"], json.dumps(row["params"], sort_keys=True)

    fresh: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in new:
        fresh.setdefault(key(row), []).append(row)
    merged: list[dict[str, Any]] = []
    for row in old:
        if key(row) not in fresh:
            merged.append(row)
        elif fresh[key(row)]:
            merged.extend(fresh.pop(key(row)))
            fresh[key(row)] = []
    merged.extend(row for rows in fresh.values() for row in rows)
    return merged


def main(argv: list[str] | None = None) -> int:
    """Run the selected benchmark modules; return the process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated module names without bench_")
    parser.add_argument(
        "--group",
        action="append",
        help="run only groups whose name contains this text (repeatable)",
    )
    parser.add_argument(
        "--repeats", type=int, help="timed rounds per case (5; with --compare the baseline's)"
    )
    parser.add_argument(
        "--min-time", type=float, help="seconds per round (0.2; with --compare the baseline's)"
    )
    parser.add_argument("--out", default=str(HERE / "out" / "results.json"))
    parser.add_argument(
        "--compare", help="a saved results or baseline file: fail if a ratio regressed"
    )
    parser.add_argument(
        "--tolerance",
        type=float,
        default=compare.DEFAULT_TOLERANCE,
        help="how far a ratio may fall below the baseline's, as a fraction (default 0.10)",
    )
    parser.add_argument(
        "--retries",
        type=int,
        default=2,
        help="with --compare, re-measure a regressed case this many times; it fails only if "
        "every attempt regresses (default 2)",
    )
    parser.add_argument("--note", help="a note stored with the results (how they were taken)")
    parser.add_argument(
        "--merge",
        action="store_true",
        help="keep the rows of --out that this run does not measure again",
    )
    args = parser.parse_args(argv)

    only = args.only.split(",") if args.only else None
    keys = None
    settings = {"repeats": 5, "min_time": 0.2}
    if args.compare:
        settings.update(json.loads(pathlib.Path(args.compare).read_text()).get("settings", {}))
    repeats = args.repeats if args.repeats is not None else int(settings["repeats"])
    min_time = args.min_time if args.min_time is not None else float(settings["min_time"])
    if args.compare and only is None and args.group is None:
        baseline_rows = compare.load_rows(args.compare)
        keys = {compare.case_key(row) for row in baseline_rows}
        if all("module" in row for row in baseline_rows):  # older files do not say
            only = sorted({row["module"].removeprefix("bench_") for row in baseline_rows})

    rows = []
    measured_groups: dict[tuple[str, str], tuple[str, list[Case]]] = {}
    for name in _modules(only):
        module = importlib.import_module(f"benchmarks.{name}")
        for cases in _selected(module, args.group, keys):
            measured = _measure(name, cases, repeats, min_time)
            rows.extend(measured)
            if measured:
                measured_groups[compare.case_key(measured[0])] = (name, cases)

    out = pathlib.Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.merge and out.exists():
        rows = _merged(json.loads(out.read_text())["results"], rows)
    settings = {"repeats": repeats, "min_time": min_time, "note": args.note}
    out.write_text(
        json.dumps({"machine": machine(), "settings": settings, "results": rows}, indent=1)
    )
    print(to_markdown(rows))
    if not args.compare:
        return 0
    baseline = compare.load_rows(args.compare)
    for attempt in range(args.retries):
        verdicts, _ = compare.compare(rows, baseline, args.tolerance)
        again = {v.key[:2] for v in verdicts if v.regressed}
        if not again:
            break
        print(f"\nRe-measuring {len(again)} regressed case(s), attempt {attempt + 2}:")
        for key in sorted(again):
            name, cases = measured_groups[key]
            remeasured = _measure(name, cases, repeats, min_time)
            if remeasured and _better(remeasured, rows, baseline, args.tolerance):
                rows = [r for r in rows if compare.case_key(r) != key] + remeasured
    return _check(rows, args.compare, args.tolerance)


def _measure(name: str, cases: list[Case], repeats: int, min_time: float) -> list[dict[str, Any]]:
    """Time one group of cases (empty if it fails), printing each row."""
    try:
        measured = measure_group(cases, repeats=repeats, min_time=min_time)
    except Exception:
        print(f"[skipped] {cases[0].group} {cases[0].params}:", file=sys.stderr)
        traceback.print_exc()
        return []
    for row in measured:
        row["module"] = name
        rate = row["steps_per_s"]
        print(f"{row['group']:<50} {row['impl']:<10} {rate:>14,.0f}/s", flush=True)
    return measured


def _better(
    new: list[dict[str, Any]],
    rows: list[dict[str, Any]],
    baseline: list[dict[str, Any]],
    tolerance: float,
) -> bool:
    """Whether ``new`` rows of one case regress fewer of its ratios than its rows in ``rows``."""
    key = compare.case_key(new[0])

    def regressions(candidate: list[dict[str, Any]]) -> int:
        verdicts, _ = compare.compare(candidate, baseline, tolerance)
        return sum(v.regressed for v in verdicts)

    old = [r for r in rows if compare.case_key(r) == key]
    return regressions(new) < regressions(old)


if __name__ == "__main__":
    raise SystemExit(main())
