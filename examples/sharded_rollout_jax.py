"""A JAX vector env sharded over several devices: steps/s per device count, same results.

``make_vec("phys2d/CartPole-v2", num_envs, devices=...)`` splits the batch of sub-envs over
the devices given: the state, the params and the actions are placed with one shard per
device, and each jitted step runs on all of them at once. The results do not depend on the
split (sub-env ``i`` draws from the same key whatever device holds it), up to float32 rounding
(XLA may fuse a multiply-add differently for another shard size). The example prints the
largest difference from the one-device run after the first step (rounding: about 1e-7) and
after the last (larger: CartPole's upright pole is unstable, so a rounding difference grows
from step to step until the episode ends).

Each device count runs in its own process, with ``XLA_FLAGS=--xla_force_host_platform_device_
count=4``, which makes JAX show the CPU as four devices: the way to try sharding without
accelerators. Simulated devices share the machine's cores, so on a 2-core laptop more devices
do not mean more steps/s; on a machine with several GPUs or many cores the same code spreads
the work.

    python examples/sharded_rollout_jax.py                       # 1, 2 and 4 devices
    python examples/sharded_rollout_jax.py --smoke               # small batch, few steps
    python examples/sharded_rollout_jax.py --devices 2 --worker  # one count, this process
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

ENV_ID = "phys2d/CartPole-v2"
SIMULATED_DEVICES = 4


def worker(devices: int, num_envs: int, steps: int, seed: int, save: str) -> dict[str, Any]:
    """Step ``num_envs`` CartPoles split over ``devices`` devices; time it (in this process).

    The observations after the first and the last step are saved to ``save`` (``.npz``) when
    it is not empty.
    """
    import jax
    import numpy as np

    import gymnasium_core as gym

    if len(jax.devices()) < devices:
        raise SystemExit(
            f"{devices} devices asked, JAX sees {len(jax.devices())}; set XLA_FLAGS="
            f"--xla_force_host_platform_device_count={devices} before JAX starts."
        )
    env = gym.make_vec(ENV_ID, num_envs, devices=jax.devices()[:devices])
    rng = np.random.default_rng(seed)
    actions = [rng.integers(0, 2, num_envs) for _ in range(steps)]
    start = time.perf_counter()
    obs, _ = env.reset(seed=seed)
    obs, *_ = env.step(actions[0])  # compile outside the timing
    first = np.asarray(obs)
    compile_s = time.perf_counter() - start
    start = time.perf_counter()
    for action in actions[1:]:
        obs, *_ = env.step(action)
    jax.block_until_ready(obs)
    elapsed = time.perf_counter() - start
    shards = sorted({str(s.device) for s in obs.addressable_shards})
    env.close()
    if save:
        np.savez(save, first=first, last=np.asarray(obs))
    steps_per_s = num_envs * (steps - 1) / elapsed
    return {
        "devices": devices,
        "shards": shards,
        "steps_per_s": steps_per_s,
        "compile_s": compile_s,
    }


def run_worker_process(
    devices: int, num_envs: int, steps: int, seed: int, save: str
) -> dict[str, Any]:
    """Run :func:`worker` in a fresh Python that sees simulated CPU devices."""
    env = dict(os.environ)
    env["XLA_FLAGS"] = (
        env.get("XLA_FLAGS", "") + f" --xla_force_host_platform_device_count={SIMULATED_DEVICES}"
    ).strip()
    env["JAX_PLATFORMS"] = "cpu"
    args = [__file__, "--worker", "--devices", str(devices), "--num-envs", str(num_envs)]
    args += ["--steps", str(steps), "--seed", str(seed), "--save", save]
    out = subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, text=True, check=False
    )
    if out.returncode != 0:
        raise RuntimeError(f"worker for {devices} devices failed:\n{out.stderr}")
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    """Time the sharded env at each device count; print and return the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a small batch and a few steps")
    parser.add_argument("--worker", action="store_true", help="run one device count here")
    parser.add_argument("--devices", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--num-envs", type=int, default=None)
    parser.add_argument("--steps", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    num_envs = args.num_envs or (64 if args.smoke else 16_384)
    steps = args.steps or (5 if args.smoke else 200)
    if args.worker:
        result = worker(args.devices[0], num_envs, steps, args.seed, args.save)
        print(json.dumps(result))
        return [result]

    print(f"{ENV_ID}: {num_envs} sub-envs, {steps} steps, {SIMULATED_DEVICES} simulated devices")
    import numpy as np

    results: list[dict[str, Any]] = []
    base: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        for devices in args.devices:
            save = os.path.join(folder, f"obs{devices}.npz")
            print(
                f"  {devices} device(s): a fresh process compiles the sharded reset and step ...",
                end=" ",
                flush=True,
            )
            result = run_worker_process(devices, num_envs, steps, args.seed, save)
            print(f"{result['compile_s']:.1f} s", flush=True)
            with np.load(save) as obs:
                base = base or {k: obs[k] for k in ("first", "last")}
                for k in ("first", "last"):
                    result[f"max_diff_{k}"] = float(np.abs(obs[k] - base[k]).max())
            results.append(result)
            print(
                f"  {devices} device(s): {result['steps_per_s']:12,.0f} steps/s  "
                f"({num_envs // devices} sub-envs on each of {len(result['shards'])}); "
                f"largest difference from the first run: {result['max_diff_first']:.1e} after "
                f"1 step, {result['max_diff_last']:.1e} after {steps}",
                flush=True,
            )
    return results


if __name__ == "__main__":
    main()
