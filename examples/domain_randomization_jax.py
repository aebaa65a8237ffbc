"""Domain randomisation on JAX: one PPO policy trained across many CartPole physics.

Every one of the 256 sub-envs gets its own physical constants, drawn once from ranges (pole
half-length, pole mass, cart mass, push force): a ``CartPoleParams`` whose fields hold one
value per sub-env, which the functional CartPole takes under ``vmap`` like any other input.
PPO (the one-program trainer of ``ppo_cartpole_scan.py``, here with 80 updates) trains one
policy across all of them, and a second policy on the default physics only. Both are then
evaluated, in one batched JAX program per setting, on physics outside the training ranges (a
longer pole, a heavier pole, a lighter cart, a weaker push) and on the defaults.

The randomised policy holds the pole for all 500 steps on every one of these settings (mean
over 64 sub-envs, greedy actions) with seeds 0, 1 and 2. The default-only policy, with each of
these seeds, drops the longer pole within about 20 steps.

    python examples/domain_randomization_jax.py           # two trainings, ~1.5 min on 2 busy cores
    python examples/domain_randomization_jax.py --smoke   # a few hundred steps, to check it runs
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import jax
import jax.flatten_util
import jax.numpy as jnp
import numpy as np

import gymnasium_core as gym

sys.path.insert(0, str(Path(__file__).resolve().parent))
import ppo_cartpole_scan as ppo

# The training ranges, as (low, high) per CartPoleParams field.
RANGES = {
    "length": (0.2, 1.0),  # half the pole length [m]; default 0.5
    "masspole": (0.05, 0.4),  # [kg]; default 0.1
    "masscart": (0.5, 2.0),  # [kg]; default 1.0
    "force_mag": (5.0, 15.0),  # [N]; default 10
}
# Settings no sub-env was trained on (each is outside a training range), and the defaults.
UNSEEN = {
    "longer pole": {"length": 1.2},
    "longer pole, light cart, hard push": {"length": 1.2, "masscart": 0.4, "force_mag": 16.0},
    "heavier pole": {"masspole": 0.6},
    "lighter cart": {"masscart": 0.3},
    "weaker push": {"force_mag": 3.0},
    "default CartPole-v1": {},
}
# The training budget: the trainer of ppo_cartpole_scan.py with twice its updates (the wider
# the physics, the longer one policy takes to cover them).
TRAIN = ppo.Config(num_updates=80)


def sample_params(num_envs: int, seed: int) -> Any:
    """Default ``CartPoleParams`` with each field of :data:`RANGES` drawn per sub-env."""
    rng = np.random.default_rng(seed)
    draws = {
        name: jnp.asarray(rng.uniform(low, high, num_envs), jnp.float32)
        for name, (low, high) in RANGES.items()
    }
    defaults = gym.make_vec(ppo.ENV_ID, 1).func_env.get_default_params()
    return with_physics(defaults, **draws)


def with_physics(params: Any, **changes: Any) -> Any:
    """``params`` with ``changes``, and the two quantities derived from them kept consistent.

    ``total_mass`` and ``polemass_length`` are fields of their own (as the reference's CartPole
    computes them once), so a randomised pole or cart recomputes them here.
    """
    merged = {**params._asdict(), **changes}
    merged["total_mass"] = merged["masspole"] + merged["masscart"]
    merged["polemass_length"] = merged["masspole"] * merged["length"]
    return params._replace(**merged)


def make_evaluate(num_envs: int) -> Any:
    """``evaluate(params, physics, key)``: each sub-env's first-episode return, greedy policy.

    One compiled program serves every policy and every setting: both are its arguments.
    """
    env = ppo.BatchedCartPole(num_envs)

    @jax.jit
    def evaluate(params: dict[str, Any], physics: Any, key: jax.Array) -> jax.Array:
        reset_key, key = jax.random.split(key)
        state, obs = env.reset(reset_key, physics)

        def step(carry: Any, k: jax.Array) -> tuple[Any, None]:
            state, obs, total, live = carry
            action = jnp.argmax(ppo.forward(params, obs)[0], axis=-1)
            state, obs, reward, done, _ = env.step(state, action, k, physics)
            return (state, obs, total + reward * live, live * (1.0 - done)), None

        init = (state, obs, jnp.zeros(num_envs), jnp.ones(num_envs))
        (_, _, total, _), _ = jax.lax.scan(step, init, jax.random.split(key, env.time_limit))
        return total

    return evaluate


def train(cfg: ppo.Config, physics: Any, name: str) -> dict[str, Any]:
    """PPO on ``cfg.num_envs`` CartPoles with the given (maybe per-sub-env) params."""
    env = ppo.BatchedCartPole(cfg.num_envs, physics)
    program = jax.jit(ppo.make_train(cfg, env))
    initial, _ = jax.flatten_util.ravel_pytree(ppo.init_params(cfg.seed, 4, 2, cfg.hidden))
    key = jax.random.key(cfg.seed)
    print(f"compiling the training program ({name}) ...", end=" ", flush=True)
    start = time.perf_counter()
    compiled = program.lower(key, initial).compile()
    print(f"{time.perf_counter() - start:.1f} s; training ...", end=" ", flush=True)
    start = time.perf_counter()
    params, _ = compiled(key, initial)
    jax.block_until_ready(params)
    print(f"{time.perf_counter() - start:.1f} s", flush=True)
    return params


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    """Train with and without randomisation; print and return the mean returns per setting."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a tiny run that checks it all runs")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-envs", type=int, default=64)
    args = parser.parse_args(argv)
    cfg = (ppo.SMOKE if args.smoke else TRAIN)._replace(seed=args.seed)

    randomised = sample_params(cfg.num_envs, args.seed)
    defaults = gym.make_vec(ppo.ENV_ID, 1).func_env.get_default_params()
    print(f"training ranges over {cfg.num_envs} sub-envs: {RANGES}", flush=True)
    policies = {
        "randomised": train(cfg, randomised, "randomised physics"),
        "default only": train(cfg, defaults, "default physics"),
    }
    key = jax.random.key(10_000 + args.seed)
    evaluate = make_evaluate(args.eval_envs)
    print("compiling the evaluation ...", end=" ", flush=True)
    start = time.perf_counter()
    as_arrays = jax.tree_util.tree_map(jnp.asarray, with_physics(defaults))
    jax.block_until_ready(evaluate(policies["randomised"], as_arrays, key))
    print(f"{time.perf_counter() - start:.1f} s", flush=True)
    results: dict[str, dict[str, float]] = {}
    for setting, overrides in UNSEEN.items():
        # As arrays, so every setting is an argument of the same compiled evaluation.
        physics = jax.tree_util.tree_map(jnp.asarray, with_physics(defaults, **overrides))
        results[setting] = {}
        for name, params in policies.items():
            score = float(evaluate(params, physics, key).mean())
            results[setting][name] = score
        row = ", ".join(f"trained {n}: {v:5.1f}" for n, v in results[setting].items())
        print(f"{setting:36s} {overrides}: mean return {row}", flush=True)
    return results


if __name__ == "__main__":
    main()
