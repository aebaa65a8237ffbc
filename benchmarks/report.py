"""Turn ``benchmarks/out/results.json`` into ``benchmarks/RESULTS.md``, the docs page and a plot.

Usage::

    uv run python -m benchmarks.report [--results benchmarks/out/results.json]
"""

from __future__ import annotations

import argparse
import json
import pathlib
from collections import defaultdict
from typing import Any

from benchmarks.harness import to_markdown

HERE = pathlib.Path(__file__).parent
DOCS = HERE.parent / "docs"


def plot(rows: list[dict[str, Any]], path: pathlib.Path) -> bool:
    """Plot throughput against ``num_envs`` for every group measured at several sizes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    series: dict[tuple[str, str], list[tuple[int, float]]] = defaultdict(list)
    for r in rows:
        if "num_envs" in r["params"]:
            series[(r["group"], r["impl"])].append((r["params"]["num_envs"], r["steps_per_s"]))
    series = {k: sorted(v) for k, v in series.items() if len(v) > 1}
    if not series:
        return False
    fig, ax = plt.subplots(figsize=(10, 6))
    # One colour per group; ours solid, the other libraries dashed or dotted.
    groups = sorted({group for group, _ in series})
    colours = plt.get_cmap("tab10")
    styles = {"ours": "-", "reference": "--", "gymnax": ":"}
    for (group, impl), points in sorted(series.items()):
        xs, ys = zip(*points, strict=True)
        colour = colours(groups.index(group) % 10)
        ax.plot(xs, ys, styles.get(impl, "-."), color=colour, marker="o", label=f"{group} ({impl})")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("num_envs")
    ax.set_ylabel("env steps / s")
    ax.set_title("Throughput against the number of environments")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="best")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    return True


def render(data: dict[str, Any], image: str | None) -> str:
    """The results page: machine, method, table, plot."""
    m = data["machine"]
    versions = ", ".join(f"{k} {v}" for k, v in m["versions"].items() if v)
    lines = [
        "# Benchmark results",
        "",
        f"Measured on {m['date']}: {m['processor']}, {m['cpus']} CPUs, {m['platform']}, "
        f"Python {m['python']}; {versions}.",
        "",
        "Each row is the median of several timed rounds after a warm-up; `setup (s)` is the time "
        "to build and warm up, which includes JIT compilation for JAX cases. Ratios compare our "
        "implementation with each other library measured in the same run, on the same machine. "
        "Rerun with `uv run python -m benchmarks.run && uv run python -m benchmarks.report`; "
        "`--only <module> --merge` re-measures one module and keeps the other rows.",
        "",
        "Cases of one group are set up together and timed in alternating rounds. On a 2-core "
        "machine the cases that run 4 worker processes (`AsyncVectorEnv` x4) move by about 10% "
        "between runs, in both directions; read ratios near 1.0x there as equal. The one-worker "
        "cases (`async vector x1`) time the pipe round trip and the worker loop with less of "
        "that noise.",
        "",
        "The no-regression guardrail: `uv run python -m benchmarks.run --compare "
        "benchmarks/baseline.json` re-runs the cases of the committed baseline and exits 1 when "
        "one of our ratios to its comparator (measured in the same run) falls more than 10% "
        "(`--tolerance`) below the baseline's ratio. A regressed case is measured again "
        "(`--retries`, 2 by default) and fails only if every attempt regresses. It compares "
        "ratios, not times, so it holds across machines.",
        "",
        to_markdown(data["results"]),
        "",
    ]
    if image:
        lines += [f"![Throughput against num_envs]({image})", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Write RESULTS.md, docs/benchmarks.md and the plot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default=str(HERE / "out" / "results.json"))
    args = parser.parse_args(argv)
    data = json.loads(pathlib.Path(args.results).read_text())
    has_plot = plot(data["results"], HERE / "throughput.png")
    if has_plot:
        (DOCS / "assets").mkdir(exist_ok=True)
        (DOCS / "assets" / "throughput.png").write_bytes((HERE / "throughput.png").read_bytes())
    (HERE / "RESULTS.md").write_text(render(data, "throughput.png" if has_plot else None))
    (DOCS / "benchmarks.md").write_text(render(data, "assets/throughput.png" if has_plot else None))


if __name__ == "__main__":
    main()
