"""The one benchmark harness: cases, timing, and results as JSON and markdown.

A benchmark module ``benchmarks/bench_<area>.py`` defines ``CASES``, a list of :class:`Case`.
Each case's ``setup`` builds what it measures (and warms it up: JIT compiles happen there,
and their time is reported apart as ``setup_s``), then returns a ``run`` callable that does
one chunk of work and returns how many environment steps it made. ``run`` is timed several
times and the median throughput is reported. Cases of one ``group`` are compared side by side:
``impl`` is ``"ours"``, ``"reference"``, ``"gymnax"`` or another library's name.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

RunFn = Callable[[], int]


@dataclasses.dataclass(frozen=True)
class Case:
    """One measured thing.

    Attributes:
        group: What is compared, e.g. ``"CartPole-v1 make() single env"``.
        impl: Whose implementation: ``"ours"``, ``"reference"``, ``"gymnax"``, ...
        setup: Builds and warms up; returns the ``run`` callable (steps done per call).
        params: Extra labels (``num_envs``, ...) recorded with the result.
    """

    group: str
    impl: str
    setup: Callable[[], RunFn]
    params: dict[str, Any] = dataclasses.field(default_factory=dict)


def stepped_make(
    module_name: str, env_id: str, actions: Callable[[Any], Sequence[Any]]
) -> Callable[[], RunFn]:
    """A case setup: ``make(env_id)`` of ``module_name`` stepped through a fixed action list.

    ``actions(env)`` draws the list once, before timing; an episode that ends is reset without a
    seed, as a training loop would. Each run steps the whole list.
    """

    def setup() -> RunFn:
        gym: Any = importlib.import_module(module_name)
        env = gym.make(env_id)
        env.reset(seed=0)
        chosen = list(actions(env))

        def run() -> int:
            for action in chosen:
                _, _, terminated, truncated, _ = env.step(action)
                if terminated or truncated:
                    env.reset()
            return len(chosen)

        run()
        return run

    return setup


def repeated_reset(module_name: str, env_id: str, count: int) -> Callable[[], RunFn]:
    """A case setup: ``count`` unseeded ``reset()`` calls of ``make(env_id)`` per run."""

    def setup() -> RunFn:
        gym: Any = importlib.import_module(module_name)
        env = gym.make(env_id)
        env.reset(seed=0)

        def run() -> int:
            for _ in range(count):
                env.reset()
            return count

        run()
        return run

    return setup


def _round(run: RunFn, min_time: float) -> float:
    steps, start = 0, time.perf_counter()
    while True:
        steps += run()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return steps / elapsed


def measure_group(
    cases: list[Case], repeats: int = 5, min_time: float = 0.2
) -> list[dict[str, Any]]:
    """Time cases that are compared with each other, alternating their rounds.

    Every case is set up first; then each of the ``repeats`` rounds times every case once, in
    turn, so a slow spell of the machine falls on all of them alike.

    Returns:
        One result row per case: group, impl, params, setup_s, steps_per_s (median), rounds.
    """
    runs, setups = [], []
    for case in cases:
        t0 = time.perf_counter()
        runs.append(case.setup())
        setups.append(time.perf_counter() - t0)
    rates: list[list[float]] = [[] for _ in cases]
    for _ in range(repeats):
        for i, run in enumerate(runs):
            rates[i].append(_round(run, min_time))
    return [
        {
            "group": case.group,
            "impl": case.impl,
            "params": case.params,
            "setup_s": round(setup_s, 4),
            "steps_per_s": statistics.median(case_rates),
            "rounds": case_rates,
        }
        for case, setup_s, case_rates in zip(cases, setups, rates, strict=True)
    ]


def measure(case: Case, repeats: int = 5, min_time: float = 0.2) -> dict[str, Any]:
    """Time one case on its own (see :func:`measure_group`)."""
    return measure_group([case], repeats, min_time)[0]


def machine() -> dict[str, Any]:
    """The machine and versions the results were measured on."""
    import os
    from importlib.metadata import PackageNotFoundError, version

    versions: dict[str, str | None] = {}
    for dist in ("numpy", "gymnasium", "jax", "gymnax", "gymnasium-core", "mujoco", "box2d"):
        try:
            versions[dist] = version(dist)
        except PackageNotFoundError:
            versions[dist] = None
    return {
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "versions": versions,
        "date": time.strftime("%Y-%m-%d"),
    }


def _rate(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.2f}"


def to_markdown(rows: list[dict[str, Any]]) -> str:
    """A markdown table of results with each row's ratios to the other libraries of its group."""
    others = sorted({r["impl"] for r in rows} - {"ours"})
    lines = [
        "| group | params | impl | steps/s | "
        + " | ".join(f"ours vs {o}" for o in others)
        + " | setup (s) |",
        "|---|---|---|---:|" + "---:|" * len(others) + "---:|",
    ]
    rate: dict[tuple[str, str, str], float] = {}
    for r in rows:
        rate[(r["group"], json.dumps(r["params"], sort_keys=True), r["impl"])] = r["steps_per_s"]
    for r in rows:
        key = (r["group"], json.dumps(r["params"], sort_keys=True))
        ratios = []
        for other in others:
            ours, theirs = rate.get((*key, "ours")), rate.get((*key, other))
            show = r["impl"] == "ours" and ours is not None and theirs is not None
            ratios.append(f"{ours / theirs:.2f}x" if show else "")  # type: ignore[operator]
        params = ", ".join(f"{k}={v}" for k, v in r["params"].items())
        lines.append(
            f"| {r['group']} | {params} | {r['impl']} | {_rate(r['steps_per_s'])} | "
            + " | ".join(ratios)
            + f" | {r['setup_s']:.3f} |"
        )
    return "\n".join(lines)
