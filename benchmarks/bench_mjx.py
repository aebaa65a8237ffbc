"""MJX on whatever JAX device is present, against the native batched env on the CPU.

Two ways to run it:

* as a benchmark module of :mod:`benchmarks.run` (``--only mjx``): ``CASES`` hold CPU-sized
  groups, one per task and batch size, so the development machine can measure them;
* as a script, on a GPU or TPU machine (or on a CPU, where it falls back to small batches)::

      uv run --all-extras python -m benchmarks.bench_mjx              # sizes for the device
      uv run --all-extras python -m benchmarks.bench_mjx --smoke      # seconds, on any device
      uv run --all-extras python -m benchmarks.bench_mjx --tasks Ant --sizes 1024,16384

  It writes ``mjx.json`` (the machine, the JAX device, the settings and one row per
  measurement) and ``mjx.md`` (the same as a table, with the verdict on the goal of one
  million Ant-class steps per second) into ``--out`` (``benchmarks/out``), after every
  measurement, so a run cut short keeps what it measured.

What is timed, for each task and batch size:

* ``ours``: ``num_envs`` MJX copies (``jax.vmap``) run for ``--steps`` steps inside one
  ``lax.scan``, as users call :func:`gymnasium_core.functional.rollout` on ``make("mjx/<Task>-v5")``
  (random actions drawn on the device, same-step autoreset, the 1,000-step time limit); the
  first call compiles, and its time is reported apart as ``setup_s``;
* ``native batched``: the threaded native env,
  ``make_vec("<Task>-v5", n, vectorization_mode="vector_entry_point")``, on every usable CPU
  core, with ``n`` the batch size capped at ``--native-max-envs`` (1,024): above a few hundred
  copies its steps/s no longer depend on ``n``, only on the cores, and 16,384 native copies take
  minutes to build.

Steps per second count every sub-environment's step.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import pathlib
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from benchmarks.harness import Case, machine, measure

RunFn = Callable[[], int]

HERE = pathlib.Path(__file__).parent

DEFAULT_TASKS = ("Ant", "Humanoid", "HalfCheetah")
ACCELERATOR_SIZES = (1024, 4096, 16384)
CPU_SIZES = (64, 256)  # the fallback: an MJX batch on a CPU steps slowly
ACCELERATOR_STEPS = 100
CPU_STEPS = 20
NATIVE_MAX_ENVS = 1024
NATIVE_STEPS_PER_RUN = 2048  # sub-env steps per timed call of the native env
GOAL_STEPS_PER_S = 1_000_000
ANT_CLASS = ("Ant", "Humanoid")  # the goal is stated for models of Ant's size and larger

# The smoke mode: the smallest task, tiny batches; seconds after the compile, on any device.
SMOKE_TASKS = ("InvertedPendulum",)
SMOKE_SIZES = (2,)
SMOKE_STEPS = 2

# The module's cases for benchmarks.run, on the development machine's CPU.
RUN_TASKS = tuple(os.environ.get("GC_BENCH_MJX_TASKS", ",".join(DEFAULT_TASKS)).split(","))
RUN_SIZES = tuple(
    int(n) for n in os.environ.get("GC_BENCH_MJX_SIZES", ",".join(map(str, CPU_SIZES))).split(",")
)


def _uniform_policy(low: Any, high: Any) -> Callable[[Any, Any], Any]:
    import jax

    def policy(obs: Any, key: Any) -> Any:
        return jax.random.uniform(key, (obs.shape[0], low.shape[0]), minval=low, maxval=high)

    return policy


def mjx_rollout(task: str, num_envs: int, steps: int) -> Callable[[], RunFn]:
    """A case setup: ``rollout`` of ``num_envs`` copies of ``mjx/<task>-v5`` for ``steps``."""

    def setup() -> RunFn:
        import jax
        import jax.numpy as jnp

        import gymnasium_core
        from gymnasium_core.functional import rollout

        env_id = f"mjx/{task}-v5"
        env: Any = gymnasium_core.make(env_id).unwrapped
        space = env.action_space
        policy = _uniform_policy(jnp.asarray(space.low), jnp.asarray(space.high))
        limit = gymnasium_core.spec(env_id).max_episode_steps or 0
        calls = [0]

        def run() -> int:
            calls[0] += 1
            key = jax.random.PRNGKey(calls[0])
            trajectory = rollout(env, policy, key, steps, num_envs, max_episode_steps=limit)
            for leaf in jax.tree_util.tree_leaves(trajectory):
                leaf.block_until_ready()
            return steps * num_envs

        run()  # compiles
        return run

    return setup


def native_batched(task: str, num_envs: int) -> Callable[[], RunFn]:
    """A case setup: the threaded native ``<task>-v5`` with ``num_envs`` copies, all cores."""

    def setup() -> RunFn:
        import gymnasium_core

        envs: Any = gymnasium_core.make_vec(
            f"{task}-v5", num_envs, vectorization_mode="vector_entry_point"
        )
        atexit.register(envs.close)
        envs.reset(seed=0)
        space = envs.single_action_space
        rng = np.random.default_rng(0)
        batches = [
            rng.uniform(space.low, space.high, (num_envs, *space.shape)).astype(np.float32)
            for _ in range(8)
        ]
        batch_steps = max(1, NATIVE_STEPS_PER_RUN // num_envs)
        done = [0]

        def run() -> int:
            for _ in range(batch_steps):
                envs.step(batches[done[0] % len(batches)])
                done[0] += 1
            return batch_steps * num_envs

        run()
        return run

    return setup


def _group(task: str, steps: int) -> str:
    return f"{task}-v5 MJX scan rollout ({steps} steps) vs native batched"


def _cases() -> list[Case]:
    cases = []
    for task in RUN_TASKS:
        for num_envs in RUN_SIZES:
            group, params = _group(task, CPU_STEPS), {"num_envs": num_envs}
            cases += [
                Case(group, "ours", mjx_rollout(task, num_envs, CPU_STEPS), params),
                Case(group, "native batched", native_batched(task, num_envs), params),
            ]
    return cases


CASES: list[Case] = _cases()


# -- the script --------------------------------------------------------------------------------


def device() -> dict[str, Any]:
    """The JAX backend and devices this process computes on."""
    import jax

    devices = jax.devices()
    return {
        "backend": jax.default_backend(),
        "count": len(devices),
        "kind": devices[0].device_kind,
        "jax": jax.__version__,
    }


def _native_envs(size: int, native_max_envs: int) -> int:
    return min(size, native_max_envs)


def run_benchmark(
    tasks: Sequence[str],
    sizes: Sequence[int],
    steps: int,
    native_max_envs: int,
    repeats: int,
    min_time: float,
    out: pathlib.Path,
    log: Callable[[str], None] = print,
    note: str | None = None,
) -> dict[str, Any]:
    """Measure every task at every size, writing ``mjx.json`` and ``mjx.md`` as rows arrive.

    Returns:
        ``{"machine", "device", "settings", "results"}``, as written to ``mjx.json``.
    """
    data: dict[str, Any] = {
        "machine": machine(),
        "device": device(),
        "settings": {
            "tasks": list(tasks),
            "sizes": list(sizes),
            "steps": steps,
            "native_max_envs": native_max_envs,
            "repeats": repeats,
            "min_time": min_time,
            "note": note,
        },
        "results": [],
    }
    out.mkdir(parents=True, exist_ok=True)
    for task in tasks:
        group = _group(task, steps)
        native: dict[int, float] = {}
        for size in sizes:
            count = _native_envs(size, native_max_envs)
            if count not in native:
                row = measure(
                    Case(group, "native batched", native_batched(task, count), {"num_envs": count}),
                    repeats,
                    min_time,
                )
                native[count] = row["steps_per_s"]
                _record(data, row, out, log)
            row = measure(
                Case(group, "ours", mjx_rollout(task, size, steps), {"num_envs": size}),
                repeats,
                min_time,
            )
            row["native_envs"] = count
            row["vs_native"] = row["steps_per_s"] / native[count]
            _record(data, row, out, log)
    return data


def _record(data: dict[str, Any], row: dict[str, Any], out: pathlib.Path, log: Any) -> None:
    data["results"].append(row)
    (out / "mjx.json").write_text(json.dumps(data, indent=1))
    (out / "mjx.md").write_text(to_markdown(data))
    log(
        f"{row['group']:<60} {row['impl']:<15} n={row['params']['num_envs']:<6} "
        f"{row['steps_per_s']:>14,.0f}/s (setup {row['setup_s']:.1f} s)"
    )


def to_markdown(data: dict[str, Any]) -> str:
    """The results as a page: device, settings, table, and the goal's verdict."""
    dev, settings = data["device"], data["settings"]
    lines = [
        "# MJX against the native batched env",
        "",
        f"Device: {dev['count']} x {dev['kind']} (JAX backend `{dev['backend']}`, jax "
        f"{dev['jax']}); {data['machine']['cpus']} CPUs for the native env; "
        f"{data['machine']['date']}. `ours`: MJX, `rollout` of {settings['steps']} steps in one "
        "`lax.scan`; `native batched`: the threaded native env on every usable core. The "
        "setup column holds the compile (MJX) or the build (native)."
        + (f" {settings['note']}" if settings.get("note") else ""),
        "",
        "| task | impl | num_envs | steps/s | vs native batched | setup (s) |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for row in data["results"]:
        ratio = f"{row['vs_native']:.2f}x" if "vs_native" in row else ""
        lines.append(
            f"| {row['group'].split(' ')[0]} | {row['impl']} | {row['params']['num_envs']} | "
            f"{row['steps_per_s']:,.0f} | {ratio} | {row['setup_s']:.1f} |"
        )
    lines += ["", *_verdicts(data)]
    return "\n".join(lines) + "\n"


def _verdicts(data: dict[str, Any]) -> list[str]:
    best: dict[str, float] = {}
    for row in data["results"]:
        task = row["group"].split("-v5")[0]
        if row["impl"] == "ours" and task in ANT_CLASS:
            best[task] = max(best.get(task, 0.0), row["steps_per_s"])
    on_cpu = data["device"]["backend"] == "cpu"
    lines = []
    for task, rate in best.items():
        reached = "reached" if rate >= GOAL_STEPS_PER_S else "not reached"
        lines.append(
            f"- {task}-v5: best {rate:,.0f} env-steps/s; the goal of "
            f"{GOAL_STEPS_PER_S:,} is {reached} on this device"
            + (" (the goal is set for a GPU: this is the CPU fallback)." if on_cpu else ".")
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the MJX benchmark on the present JAX device; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, to check the script")
    parser.add_argument("--tasks", help=f"comma-separated (default {','.join(DEFAULT_TASKS)})")
    parser.add_argument(
        "--sizes",
        help=f"comma-separated batch sizes (default {ACCELERATOR_SIZES} on an accelerator, "
        f"{CPU_SIZES} on a CPU)",
    )
    parser.add_argument(
        "--steps",
        type=int,
        help=f"scan steps per call ({ACCELERATOR_STEPS} on an accelerator, {CPU_STEPS} on a CPU)",
    )
    parser.add_argument("--native-max-envs", type=int, default=NATIVE_MAX_ENVS)
    parser.add_argument("--repeats", type=int, default=3, help="timed rounds per row")
    parser.add_argument("--min-time", type=float, default=0.5, help="seconds per round")
    parser.add_argument("--out", default=str(HERE / "out"), help="folder for mjx.json / .md")
    parser.add_argument("--note", help="a note stored with the results (how they were taken)")
    args = parser.parse_args(argv)

    on_accelerator = device()["backend"] != "cpu"
    tasks: Sequence[str] = DEFAULT_TASKS
    sizes: Sequence[int] = ACCELERATOR_SIZES if on_accelerator else CPU_SIZES
    steps = ACCELERATOR_STEPS if on_accelerator else CPU_STEPS
    native_max_envs = args.native_max_envs
    if args.smoke:
        tasks, sizes, steps = SMOKE_TASKS, SMOKE_SIZES, SMOKE_STEPS
        native_max_envs = max(SMOKE_SIZES)
    if args.tasks:
        tasks = tuple(t.strip() for t in args.tasks.split(",") if t.strip())
    if args.sizes:
        sizes = tuple(int(n) for n in args.sizes.split(","))
    if args.steps:
        steps = args.steps
    if not on_accelerator and not args.smoke:
        print("No accelerator found: running on the CPU, with the CPU sizes unless told.")
    start = time.perf_counter()
    run_benchmark(
        tasks,
        sizes,
        steps,
        native_max_envs,
        1 if args.smoke else args.repeats,
        0.0 if args.smoke else args.min_time,
        pathlib.Path(args.out),
        note=args.note,
    )
    print(f"Wrote {pathlib.Path(args.out) / 'mjx.md'} in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
