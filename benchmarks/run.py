"""Run the benchmarks and write results.

Usage::

    uv run python -m benchmarks.run                      # every bench_*.py module
    uv run python -m benchmarks.run --only import,classic_control
    uv run python -m benchmarks.run --compare benchmarks/baseline.json --tolerance 0.15

Cases compared with each other are set up together and timed in alternating rounds.
Writes ``benchmarks/out/results.json`` and prints a markdown table (ratios to the reference
of each group). With ``--compare`` it exits 1 if any of our cases is slower than the saved
baseline by more than the tolerance: that check is a job of its own, never a unit test.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pathlib
import sys
import traceback
from typing import Any

from benchmarks.harness import Case, machine, measure_group, to_markdown

HERE = pathlib.Path(__file__).parent


def _modules(only: list[str] | None) -> list[str]:
    names = sorted(p.stem for p in HERE.glob("bench_*.py"))
    if only:
        names = [n for n in names if n.removeprefix("bench_") in only]
    return names


def _compare(rows: list[dict], baseline_path: str, tolerance: float) -> list[str]:
    baseline = json.loads(pathlib.Path(baseline_path).read_text())["results"]
    index = {(b["group"], b["impl"], json.dumps(b["params"], sort_keys=True)): b for b in baseline}
    slower = []
    for r in rows:
        if r["impl"] != "ours":
            continue
        b = index.get((r["group"], r["impl"], json.dumps(r["params"], sort_keys=True)))
        if b and r["steps_per_s"] < b["steps_per_s"] * (1 - tolerance):
            slower.append(
                f"{r['group']} {r['params']}: {r['steps_per_s']:.0f} < {b['steps_per_s']:.0f}"
            )
    return slower


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
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--min-time", type=float, default=0.2)
    parser.add_argument("--out", default=str(HERE / "out" / "results.json"))
    parser.add_argument("--compare", help="a saved results.json to compare our cases with")
    parser.add_argument("--tolerance", type=float, default=0.15)
    parser.add_argument(
        "--merge",
        action="store_true",
        help="keep the rows of --out that this run does not measure again",
    )
    args = parser.parse_args(argv)

    rows = []
    for name in _modules(args.only.split(",") if args.only else None):
        module = importlib.import_module(f"benchmarks.{name}")
        groups: dict[tuple[str, str], list[Case]] = {}
        for case in module.CASES:
            groups.setdefault((case.group, json.dumps(case.params, sort_keys=True)), []).append(
                case
            )
        for cases in groups.values():
            try:
                measured = measure_group(cases, repeats=args.repeats, min_time=args.min_time)
            except Exception:
                print(f"[skipped] {cases[0].group} {cases[0].params}:", file=sys.stderr)
                traceback.print_exc()
                continue
            for row in measured:
                rate = row["steps_per_s"]
                print(f"{row['group']:<50} {row['impl']:<10} {rate:>14,.0f}/s", flush=True)
            rows.extend(measured)

    out = pathlib.Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.merge and out.exists():
        rows = _merged(json.loads(out.read_text())["results"], rows)
    out.write_text(json.dumps({"machine": machine(), "results": rows}, indent=1))
    print(to_markdown(rows))
    if args.compare:
        slower = _compare(rows, args.compare, args.tolerance)
        for line in slower:
            print("slower than baseline:", line)
        return 1 if slower else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
