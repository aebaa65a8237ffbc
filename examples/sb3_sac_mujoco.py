"""Stable-Baselines3 SAC on a gymnasium_core MuJoCo task, through the gymnasium bridge.

Stable-Baselines3 accepts only ``gymnasium.Env`` objects (it checks their spaces with
``isinstance(space, gymnasium.spaces.Box)``), so the import swap ``import gymnasium_core as
gym`` is not enough for it. Importing ``gymnasium_core.compat`` mirrors our registry into
gymnasium's, and ``gymnasium.make("gymnasium_core/InvertedPendulum-v5")`` returns our
InvertedPendulum (native MuJoCo) wrapped as a real ``gymnasium.Env``. SB3 trains on it as on
any other environment.

Stable-Baselines3 and torch are in the project's ``torch`` dependency group (installed by
``uv sync`` and ``uv run``); elsewhere ``pip install stable-baselines3``. Neither is a
dependency of the ``gymnasium-core`` package.

    python examples/sb3_sac_mujoco.py         # 20,000 steps; the greedy policy then scores the
                                              # env's reward threshold (950 of at most 1000)
    python examples/sb3_sac_mujoco.py --smoke # a few hundred steps, to check it runs
"""

from __future__ import annotations

import argparse
import os
from typing import Any

# MuJoCo renders offscreen through EGL on a headless machine (this script does not render,
# but gymnasium's env checker may).
os.environ.setdefault("MUJOCO_GL", "egl")

ENV_ID = "gymnasium_core/InvertedPendulum-v5"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train SAC, evaluate it; print and return the mean and std of the evaluation return."""
    import gymnasium
    import torch
    from stable_baselines3 import SAC
    from stable_baselines3.common.env_checker import check_env
    from stable_baselines3.common.evaluation import evaluate_policy

    import gymnasium_core.compat  # noqa: F401  (registers our ids in gymnasium's registry)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a tiny run that checks it all runs")
    parser.add_argument("--steps", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-episodes", type=int, default=None)
    parser.add_argument(
        "--torch-threads", type=int, default=1, help="small networks: 1 avoids contention"
    )
    args = parser.parse_args(argv)
    torch.set_num_threads(args.torch_threads)
    steps = args.steps or (300 if args.smoke else 20_000)
    episodes = args.eval_episodes or (1 if args.smoke else 10)

    env = gymnasium.make(ENV_ID)
    check_env(env)  # SB3's own checker accepts it
    print(f"gymnasium.make({ENV_ID!r}) -> {env}", flush=True)
    model = SAC("MlpPolicy", env, seed=args.seed, learning_starts=min(1_000, steps // 2))
    model.learn(total_timesteps=steps)

    eval_env = gymnasium.make(ENV_ID)
    eval_env.reset(seed=10_000 + args.seed)
    mean, std = evaluate_policy(model, eval_env, n_eval_episodes=episodes, deterministic=True)
    threshold = env.spec.reward_threshold if env.spec is not None else None
    print(
        f"SAC after {steps} steps: mean return {mean:.1f} +/- {std:.1f} over {episodes} "
        f"episodes (reward threshold {threshold})",
        flush=True,
    )
    env.close()
    eval_env.close()
    return {"steps": steps, "mean": float(mean), "std": float(std), "threshold": threshold}


if __name__ == "__main__":
    main()
