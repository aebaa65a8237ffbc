"""Turn ``benchmarks/out/results.json`` into ``benchmarks/RESULTS.md``, the docs page and a plot.

Usage::

    uv run python -m benchmarks.report [--results benchmarks/out/results.json]
"""

from __future__ import annotations

import argparse
import json
import pathlib
from typing import Any

from benchmarks import report_mujoco
from benchmarks.harness import to_markdown
from benchmarks.report_mujoco import (
    Series,
    is_mujoco_vector,
    most_threads,
    plot_mujoco,
    series_by_num_envs,
)

HERE = pathlib.Path(__file__).parent
DOCS = HERE.parent / "docs"


def plot(rows: list[dict[str, Any]], path: pathlib.Path) -> bool:
    """Plot throughput against ``num_envs`` for every group measured at several sizes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    series = series_by_num_envs([r for r in rows if not is_mujoco_vector(r)])
    mujoco = series_by_num_envs(
        [
            r
            for r in rows
            if is_mujoco_vector(r) and r["params"].get("threads") == most_threads(rows)
        ]
    )
    if not series and not mujoco:
        return False
    panels = [s for s in (series, mujoco) if s]
    fig, axes = plt.subplots(1, len(panels), figsize=(10 * len(panels), 6), squeeze=False)
    if series:
        # One colour per group; ours solid, the other libraries dashed or dotted.
        _draw(axes[0][0], series, "Throughput against the number of environments")
    if mujoco:
        title = f"Batched native MuJoCo, {most_threads(rows)} threads"
        _draw(axes[0][-1], mujoco, title, colour_by_impl=True)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


STYLES = {"ours": "-", "reference": "--", "gymnax": ":"}


def _draw(ax: Any, series: Series, title: str, colour_by_impl: bool = False) -> None:
    """Log-log lines of ``series``: one colour per group (or per impl), one style per impl
    (or per group)."""
    import matplotlib.pyplot as plt

    groups = sorted({group for group, _, _ in series})
    impls = sorted({impl for _, impl, _ in series}, key=lambda i: (i != "ours", i))
    colours = plt.get_cmap("tab10")
    dashes = ["-", "--", ":", "-."]
    for (group, impl, rest), points in sorted(series.items()):
        xs, ys = zip(*points, strict=True)
        if colour_by_impl:
            colour = colours(impls.index(impl) % 10)
            style = dashes[groups.index(group) % len(dashes)]
        else:
            colour = colours(groups.index(group) % 10)
            style = STYLES.get(impl, "-.")
        label = f"{group} ({impl}{', ' + rest if rest else ''})"
        ax.plot(xs, ys, style, color=colour, marker="o", markersize=3, label=label)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("num_envs")
    ax.set_ylabel("env steps / s")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=6, loc="best")


# The libraries ours is compared with, in the order (and colours) of the ratio plot.
COMPARED = (
    "reference",
    "gymnax",
    "EnvPool",
    "SyncVectorEnv",
    "AsyncVectorEnv",
    "native batched",
    "ours-native",
)


def ratios(rows: list[dict[str, Any]]) -> list[tuple[str, str, float]]:
    """``(label, other library, ours / other)`` for every row pair measured in the same group."""
    rate = {
        (r["group"], json.dumps(r["params"], sort_keys=True), r["impl"]): r["steps_per_s"]
        for r in rows
    }
    out = []
    for (group, params, impl), ours in rate.items():
        if impl != "ours":
            continue
        for other in COMPARED:
            theirs = rate.get((group, params, other))
            if theirs:
                shown = ", ".join(f"{k}={v}" for k, v in json.loads(params).items())
                label = f"{group} ({shown})" if shown else group
                out.append((label, other, ours / theirs))
    return out


def plot_ratios(rows: list[dict[str, Any]], path: pathlib.Path) -> bool:
    """Horizontal bars of ours / other per group, on a log axis with 1x marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    bars = ratios(rows)
    if not bars:
        return False
    fig, ax = plt.subplots(figsize=(12, 0.2 * len(bars) + 1.2))
    colours = {o: plt.get_cmap("tab10")(i) for i, o in enumerate(COMPARED)}
    ys = range(len(bars))
    # Bars grow from 1x: to the right where ours is faster, to the left where it is slower.
    ax.barh(
        list(ys),
        [r - 1.0 for _, _, r in bars],
        left=1.0,
        color=[colours[o] for _, o, _ in bars],
    )
    names = [f"{label} vs {o}" for label, o, _ in bars]
    names = [n if len(n) <= 72 else n[:70] + "..." for n in names]
    ax.set_yticks(list(ys), names, fontsize=6)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xlabel("ours / other (steps/s; right of the line: ours is faster)")
    ax.set_title("Throughput ratios, measured in the same run")
    handles = [Rectangle((0, 0), 1, 1, color=colours[o]) for o in COMPARED]
    present = [o for o in COMPARED if any(o == b for _, b, _ in bars)]
    ax.legend([handles[COMPARED.index(o)] for o in present], present, fontsize=7, loc="lower right")
    ax.grid(True, axis="x", which="both", alpha=0.3)
    fig.tight_layout()
    fig.subplots_adjust(left=0.4)  # room for the longest labels, which tight_layout may clip
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


def rows_from_markdown(text: str) -> list[dict[str, Any]]:
    """The result rows of a ``RESULTS.md`` table (group, params, impl, steps/s, setup)."""
    import ast

    rows = []
    in_results = False  # inside a table with the harness's header (other tables are skipped)
    for line in text.splitlines():
        if not line.startswith("|"):
            in_results = False
            continue
        if line.startswith("| group | params | impl | steps/s |"):
            in_results = True
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not in_results or len(cells) < 5 or not line.startswith("| "):
            continue
        try:
            steps = float(cells[3].replace(",", ""))
            setup_s = float(cells[-1])
        except ValueError:
            continue
        params: dict[str, Any] = {}
        for item in filter(None, (p.strip() for p in cells[1].split(","))):
            key, _, value = item.partition("=")
            try:
                params[key] = ast.literal_eval(value)
            except (ValueError, SyntaxError):
                params[key] = value
        rows.append(
            {
                "group": cells[0],
                "params": params,
                "impl": cells[2],
                "steps_per_s": steps,
                "setup_s": setup_s,
            }
        )
    return rows


IMAGES = (
    ("Throughput against num_envs", "throughput.png"),
    ("Ratios against the reference, gymnax and the other libraries", "ratios.png"),
)


def _image_lines(prefix: str, present: list[str]) -> list[str]:
    return [f"![{alt}]({prefix}{name})" for alt, name in IMAGES if name in present] + [""]


def write_plots(rows: list[dict[str, Any]]) -> list[str]:
    """Draw the plots into ``benchmarks/`` and ``docs/assets/``; return the files drawn."""
    drawn = []
    names = [name for _, name in IMAGES] + [report_mujoco.IMAGE]
    for name, draw in zip(names, (plot, plot_ratios, plot_mujoco), strict=True):
        if draw(rows, HERE / name):
            (DOCS / "assets").mkdir(exist_ok=True)
            (DOCS / "assets" / name).write_bytes((HERE / name).read_bytes())
            drawn.append(name)
    return drawn


def _with_images(page: pathlib.Path, prefix: str, drawn: list[str]) -> None:
    """Rewrite the image lines of ``IMAGES`` at the end of ``page`` (other images stay)."""
    ours = {line for line in _image_lines(prefix, [name for _, name in IMAGES]) if line}
    kept = [ln for ln in page.read_text().rstrip().splitlines() if ln not in ours]
    while kept and not kept[-1].strip():
        kept.pop()  # the blank line before the images is written once, below
    page.write_text("\n".join([*kept, "", *_image_lines(prefix, drawn)]))


def mujoco_intro(meta: dict[str, Any]) -> list[str]:
    """The measurement conditions of a batched MuJoCo run, from its results file."""
    m, settings = meta.get("machine", {}), meta.get("settings", {})
    lines = []
    if m:
        lines.append(
            f"Measured on {m.get('date')}: {m.get('processor')}, {m.get('cpus')} CPUs, "
            f"{m.get('platform')}, Python {m.get('python')}; "
            f"{settings.get('repeats')} alternating rounds of at least "
            f"{settings.get('min_time')} s per case."
        )
    if settings.get("note"):
        lines.append(str(settings["note"]))
    lines.append(
        "One batch step as users call it (`make_vec(id, n, vectorization_mode=...)`, random "
        "actions, next-step autoreset); `ours` is the threaded vector env "
        '(`vectorization_mode="vector_entry_point"`, `num_threads=threads`), `EnvPool` '
        "EnvPool's v5 task with the same threads, `physics bound` only the physics of ours on "
        "the same threads. Rerun with `uv run --all-extras --group bench python -m "
        "benchmarks.run --only mujoco_vector --out benchmarks/out/mujoco.json && uv run "
        "--all-extras python -m benchmarks.report --mujoco benchmarks/out/mujoco.json`."
    )
    return [" ".join(lines)]


def write_mujoco_section(path: str) -> list[str]:
    """Put the batched MuJoCo section of results file ``path`` into both pages; redraw."""
    rows, meta = report_mujoco.load(path)
    intro = mujoco_intro(meta)
    for page, prefix in ((HERE / "RESULTS.md", ""), (DOCS / "benchmarks.md", "assets/")):
        text = report_mujoco.replace_section(
            page.read_text(), report_mujoco.section(rows, prefix, intro)
        )
        page.write_text(text)
    drawn = write_plots(rows_from_markdown((HERE / "RESULTS.md").read_text()))
    for page, prefix in ((HERE / "RESULTS.md", ""), (DOCS / "benchmarks.md", "assets/")):
        _with_images(page, prefix, drawn)
    return drawn


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
    ]
    mujoco = [r for r in data["results"] if is_mujoco_vector(r)]
    if mujoco:
        intro = mujoco_intro({"machine": m, "settings": data.get("settings", {})})
        lines += [report_mujoco.section(mujoco, image or "", intro), ""]
    lines += [
        "## All cases",
        "",
        to_markdown([r for r in data["results"] if not is_mujoco_vector(r)]),
        "",
    ]
    if image is not None:
        lines += _image_lines(image, data.get("images", ["throughput.png"]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Write RESULTS.md, docs/benchmarks.md and the plot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default=str(HERE / "out" / "results.json"))
    parser.add_argument(
        "--plots-only",
        action="store_true",
        help="redraw the plots from the table in RESULTS.md (no results.json needed)",
    )
    parser.add_argument(
        "--mujoco",
        metavar="RESULTS",
        help="rewrite only the batched MuJoCo section of both pages from this results file, "
        "then redraw the plots from RESULTS.md",
    )
    parser.add_argument(
        "--mjx",
        metavar="MJX_JSON",
        help="rewrite only the MJX section of both pages from this mjx.json (bench_mjx's script)",
    )
    args = parser.parse_args(argv)
    if args.mjx:
        section = report_mujoco.mjx_section(json.loads(pathlib.Path(args.mjx).read_text()))
        for page in (HERE / "RESULTS.md", DOCS / "benchmarks.md"):
            page.write_text(
                report_mujoco.replace_section(
                    page.read_text(), section, report_mujoco.MJX_START, report_mujoco.MJX_END
                )
            )
    if args.mujoco:
        write_mujoco_section(args.mujoco)
    if args.mjx or args.mujoco:
        return
    if args.plots_only:
        drawn = write_plots(rows_from_markdown((HERE / "RESULTS.md").read_text()))
        for page, prefix in ((HERE / "RESULTS.md", ""), (DOCS / "benchmarks.md", "assets/")):
            _with_images(page, prefix, drawn)
        return
    data = json.loads(pathlib.Path(args.results).read_text())
    drawn = write_plots(data["results"])
    data = {**data, "images": drawn}
    (HERE / "RESULTS.md").write_text(render(data, "" if drawn else None))
    (DOCS / "benchmarks.md").write_text(render(data, "assets/" if drawn else None))


if __name__ == "__main__":
    main()
