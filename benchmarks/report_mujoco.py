"""The batched native MuJoCo part of the results: its plot and its section of the pages.

The rows of :mod:`benchmarks.bench_mujoco_vector` get a section of their own in
``benchmarks/RESULTS.md`` and ``docs/benchmarks.md``, between two HTML comments, so it can be
rewritten from a new run without touching the rest of either page::

    uv run --all-extras --group bench python -m benchmarks.run --only mujoco_vector \\
        --out benchmarks/out/mujoco.json
    uv run --all-extras python -m benchmarks.report --mujoco benchmarks/out/mujoco.json

The section holds the goals against the other implementations, where the time of a step goes
(physics against everything else, from the one-thread rows), the thread scaling, the plot
``mujoco_vector.png`` and the full table.
"""

from __future__ import annotations

import json
import pathlib
import statistics
from collections import defaultdict
from typing import Any

from benchmarks.harness import to_markdown

Series = dict[tuple[str, str, str], list[tuple[int, float]]]

GROUP_SUFFIX = "batched native MuJoCo"
IMAGE = "mujoco_vector.png"
START = "<!-- mujoco-vector:start -->"
END = "<!-- mujoco-vector:end -->"
# Issue #14's goals: ours over each of these, with all threads, at least this much.
GOALS = {"SyncVectorEnv": 2.0, "AsyncVectorEnv": 1.3, "EnvPool": 1.3}
# Issue #23's aim against EnvPool at these sizes, with all threads: the median of ours / EnvPool
# at least the first number, and no case below the second.
ENVPOOL_AIM = ((16, 64), 1.0, 0.85)


def is_mujoco_vector(row: dict[str, Any]) -> bool:
    """Whether ``row`` comes from ``bench_mujoco_vector`` (the threaded MuJoCo vector env)."""
    return str(row["group"]).endswith(GROUP_SUFFIX)


def most_threads(rows: list[dict[str, Any]]) -> int:
    """The largest thread count among the batched MuJoCo rows (1 if there are none)."""
    counts = [int(r["params"].get("threads", 1)) for r in rows if is_mujoco_vector(r)]
    return max(counts, default=1)


def series_by_num_envs(rows: list[dict[str, Any]]) -> Series:
    """Points ``(num_envs, steps/s)`` per group, impl and the other params (threads, ...)."""
    found: Series = defaultdict(list)
    for r in rows:
        params = dict(r["params"])
        if "num_envs" in params:
            num_envs = params.pop("num_envs")
            rest = ", ".join(f"{k}={v}" for k, v in params.items())
            found[(r["group"], r["impl"], rest)].append((num_envs, r["steps_per_s"]))
    return {k: sorted(v) for k, v in found.items() if len(v) > 1}


def _env_id(row: dict[str, Any]) -> str:
    return str(row["group"]).split(" ")[0]


def plot_mujoco(rows: list[dict[str, Any]], path: pathlib.Path) -> bool:
    """One panel per id: steps/s against num_envs for every implementation, solid lines with
    the most threads and dashed with one."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    mine = [r for r in rows if is_mujoco_vector(r)]
    ids = list(dict.fromkeys(_env_id(r) for r in mine))
    if not ids:
        return False
    columns = min(2, len(ids))
    lines = -(-len(ids) // columns)
    fig, axes = plt.subplots(lines, columns, figsize=(6.5 * columns, 4.5 * lines), squeeze=False)
    impls = sorted({r["impl"] for r in mine}, key=lambda i: (i != "ours", i))
    colours = plt.get_cmap("tab10")
    most = most_threads(mine)
    for ax, env_id in zip(axes.flat, ids, strict=False):
        series = series_by_num_envs([r for r in mine if _env_id(r) == env_id])
        for (_, impl, rest), points in sorted(series.items()):
            xs, ys = zip(*points, strict=True)
            threads = int(rest.partition("threads=")[2] or most)
            ax.plot(
                xs,
                ys,
                "-" if threads == most else "--",
                color=colours(impls.index(impl) % 10),
                marker="o",
                markersize=3,
                label=f"{impl}, {threads} thread{'s' if threads > 1 else ''}",
            )
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("num_envs")
        ax.set_ylabel("env steps / s")
        ax.set_title(f"{env_id}: batched native MuJoCo")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=6, loc="best")
    for ax in list(axes.flat)[len(ids) :]:
        ax.set_visible(False)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


def _rates(rows: list[dict[str, Any]]) -> dict[tuple[str, int, int, str], float]:
    return {
        (_env_id(r), r["params"]["num_envs"], r["params"].get("threads", 1), r["impl"]): r[
            "steps_per_s"
        ]
        for r in rows
        if is_mujoco_vector(r)
    }


def _x(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}x"


def goals_table(rows: list[dict[str, Any]]) -> list[str]:
    """Ours with the most threads over each other implementation, and against the physics."""
    rate, most = _rates(rows), most_threads(rows)
    keys = sorted(
        {(i, n) for i, n, t, _ in rate if t == most}, key=lambda k: (_order(rows, k[0]), k[1])
    )
    lines = [
        "| id | num_envs | ours steps/s | vs SyncVectorEnv (goal 2x) | vs AsyncVectorEnv "
        "(goal 1.3x) | vs EnvPool (goal 1.3x) | share of the physics bound |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for env_id, n in keys:
        ours = rate.get((env_id, n, most, "ours"))
        if ours is None:
            continue
        cells = [
            _x(ours / other) if (other := rate.get((env_id, n, most, name))) else "—"
            for name in ("SyncVectorEnv", "AsyncVectorEnv", "EnvPool")
        ]
        bound = rate.get((env_id, n, most, "physics bound"))
        share = f"{ours / bound:.0%}" if bound else "—"
        lines.append(f"| {env_id} | {n} | {ours:,.0f} steps/s | {' | '.join(cells)} | {share} |")
    return lines


def goal_summary(rows: list[dict[str, Any]]) -> list[str]:
    """One line per goal: in how many of the measured cases it is reached, and the range."""
    rate, most = _rates(rows), most_threads(rows)
    lines = []
    for name, goal in GOALS.items():
        found = [
            ours / other
            for (env_id, n, t, impl), ours in rate.items()
            if impl == "ours" and t == most and (other := rate.get((env_id, n, t, name)))
        ]
        if not found:
            lines.append(f"- {goal}x {name}: not measured in this run.")
            continue
        reached = sum(r >= goal for r in found)
        verdict = "reached" if reached == len(found) else "not reached"
        lines.append(
            f"- {goal}x {name}: {verdict} ({reached} of {len(found)} cases; ours / {name} "
            f"from {min(found):.2f}x to {max(found):.2f}x, median "
            f"{statistics.median(found):.2f}x)."
        )
    return lines


def envpool_aim(rows: list[dict[str, Any]]) -> list[str]:
    """Whether ours / EnvPool meets issue #23's aim (:data:`ENVPOOL_AIM`), in one line."""
    rate, most = _rates(rows), most_threads(rows)
    sizes, median_aim, floor = ENVPOOL_AIM
    found = [
        ours / other
        for (env_id, n, t, impl), ours in rate.items()
        if impl == "ours" and t == most and n in sizes
        if (other := rate.get((env_id, n, t, "EnvPool")))
    ]
    if not found:
        return []
    median = statistics.median(found)
    verdict = "met" if median >= median_aim and min(found) >= floor else "not met"
    return [
        f"- Issue #23's aim against EnvPool at {' and '.join(map(str, sizes))} sub-envs "
        f"(median at least {median_aim}x, none below {floor}x): {verdict} (median "
        f"{median:.2f}x, from {min(found):.2f}x to {max(found):.2f}x over {len(found)} cases)."
    ]


def time_table(rows: list[dict[str, Any]]) -> list[str]:
    """Microseconds per sub-env step with one thread: the whole step, the physics, the rest."""
    rate = _rates(rows)
    keys = sorted(
        {(i, n) for i, n, t, impl in rate if t == 1 and impl == "ours"},
        key=lambda k: (_order(rows, k[0]), k[1]),
    )
    lines = [
        "| id | num_envs | ours, µs per step | physics bound, µs | everything else, µs "
        "| physics share | EnvPool, µs |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for env_id, n in keys:
        ours = 1e6 / rate[(env_id, n, 1, "ours")]
        bound_rate = rate.get((env_id, n, 1, "physics bound"))
        envpool_rate = rate.get((env_id, n, 1, "EnvPool"))
        envpool = f"{1e6 / envpool_rate:.1f} µs" if envpool_rate else "—"
        if bound_rate is None:
            lines.append(f"| {env_id} | {n} | {ours:.1f} µs | — | — | — | {envpool} |")
            continue
        bound = 1e6 / bound_rate
        lines.append(
            f"| {env_id} | {n} | {ours:.1f} µs | {bound:.1f} µs | {ours - bound:.1f} µs | "
            f"{bound / ours:.0%} | {envpool} |"
        )
    return lines


def scaling_table(rows: list[dict[str, Any]]) -> list[str]:
    """Steps/s with the most threads over steps/s with one, per implementation."""
    rate, most = _rates(rows), most_threads(rows)
    if most == 1:
        return []
    impls = ("ours", "EnvPool", "physics bound")
    keys = sorted({(i, n) for i, n, _, _ in rate}, key=lambda k: (_order(rows, k[0]), k[1]))
    lines = [
        f"| id | num_envs | {' | '.join(f'{i}, {most} threads / 1' for i in impls)} |",
        "|---|---:|" + "---:|" * len(impls),
    ]
    for env_id, n in keys:
        cells = []
        for impl in impls:
            one, many = rate.get((env_id, n, 1, impl)), rate.get((env_id, n, most, impl))
            cells.append(_x(many / one) if one and many else "—")
        lines.append(f"| {env_id} | {n} | {' | '.join(cells)} |")
    return lines


def _order(rows: list[dict[str, Any]], env_id: str) -> int:
    ids = list(dict.fromkeys(_env_id(r) for r in rows if is_mujoco_vector(r)))
    return ids.index(env_id)


def section(rows: list[dict[str, Any]], prefix: str, intro: list[str]) -> str:
    """The section's markdown, between its markers; ``prefix`` leads the image's path."""
    mine = [r for r in rows if is_mujoco_vector(r)]
    lines = [
        START,
        "## Batched native MuJoCo (threads) against Sync/Async and EnvPool",
        "",
        *intro,
        "",
        f"Goals (issue #14), with {most_threads(mine)} threads:",
        "",
        *goal_summary(mine),
        *envpool_aim(mine),
        "",
        *goals_table(mine),
        "",
        "Where the time of a step goes, with one thread (1 / steps/s; `everything else` is "
        "what the vector env adds to the physics: writing the actions, the task terms over the "
        "batch, the resets, the Python loop over the sub-envs):",
        "",
        *time_table(mine),
        "",
    ]
    scaling = scaling_table(mine)
    if scaling:
        lines += ["Thread scaling (the same case with the most threads over one thread):", ""]
        lines += [*scaling, ""]
    lines += [
        f"![Batched native MuJoCo: steps/s against num_envs and threads]({prefix}{IMAGE})",
        "",
        "All rows (`threads` is the thread count given to ours, EnvPool and the physics bound; "
        "`SyncVectorEnv` and `AsyncVectorEnv` take none and are measured in the rows with the "
        "most threads):",
        "",
        to_markdown(mine),
        "",
        END,
    ]
    return "\n".join(lines)


MJX_START = "<!-- mjx:start -->"
MJX_END = "<!-- mjx:end -->"

MJX_HOW_TO = """\
`benchmarks/bench_mjx.py` is also a script that runs on whatever JAX device is present: for
Ant, Humanoid and HalfCheetah (v5) it times `rollout` (one `lax.scan` of 100 steps, random
actions drawn on the device, same-step autoreset and the 1,000-step time limit) at 1,024, 4,096
and 16,384 copies on an accelerator, and the threaded native env on every CPU core of the same
machine (`vs native batched`); without an accelerator it falls back to the CPU at 64 and 256
copies and 20 steps. It writes `benchmarks/out/mjx.json` and `mjx.md` after every row. The
goal on a GPU is at least 1,000,000 env-steps/s for Ant-class models; the page says whether it
was reached. On a machine with an NVIDIA GPU, with the jaxlib CUDA build that matches the
locked `jax`:

```bash
uv sync --all-extras
JAX=$(uv run --all-extras python -c 'import jax; print(jax.__version__)')
uv run --all-extras --with "jax[cuda12]==$JAX" python -m benchmarks.bench_mjx
# --tasks Ant --sizes 16384 --steps 100: one task, one size
uv run --all-extras python -m benchmarks.bench_mjx --smoke   # any device: the tiny check
uv run --all-extras python -m benchmarks.report --mjx benchmarks/out/mjx.json
```

Each task compiles once per batch size; the compile is the `setup (s)` of its `ours` row."""


def mjx_section(data: dict[str, Any] | None) -> str:
    """The MJX section: how to run the script, and the rows of its results, if any."""
    lines = [MJX_START, "## MJX on any JAX device against the native batched env", ""]
    lines += [MJX_HOW_TO, ""]
    if data is not None:
        from benchmarks.bench_mjx import to_markdown as mjx_markdown

        body = mjx_markdown(data).split("\n", 2)[2]  # without the page title
        lines += ["The last run:", "", body.rstrip(), ""]
    lines.append(MJX_END)
    return "\n".join(lines)


def replace_section(page: str, new: str, start: str = START, end: str = END) -> str:
    """``page`` with the section between ``start`` and ``end`` replaced by ``new``, or ``new``
    added before the table of all cases."""
    if start in page and end in page:
        head, _, rest = page.partition(start)
        _, _, tail = rest.partition(end)
        return head + new + tail
    marker = "\n## All cases"
    if marker in page:
        head, _, tail = page.partition(marker)
        return head.rstrip() + "\n\n" + new + "\n" + marker + tail
    return page.rstrip() + "\n\n" + new + "\n"


def load(path: str | pathlib.Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The batched MuJoCo rows of a results file, and the file's machine and settings."""
    data = json.loads(pathlib.Path(path).read_text())
    rows = [r for r in data["results"] if is_mujoco_vector(r)]
    return rows, {"machine": data.get("machine", {}), "settings": data.get("settings", {})}
