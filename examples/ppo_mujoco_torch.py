"""PPO in PyTorch on the batched MuJoCo vector env, in one file: InvertedPendulum-v5.

``gymnasium_core.make_vec("InvertedPendulum-v5", 16, vectorization_mode="vector_entry_point")``
is a ``MujocoVectorEnv``: sixteen copies of the native MuJoCo task stepped together, the
physics on a pool of threads and the task terms (observation, reward, termination) computed
once over the whole batch. A plain PyTorch PPO (Gaussian policy, GAE, clipped objective)
collects its rollouts from it, one batched step per Python call. Observations and value
targets are standardised by running statistics; the critic's values are restored to the
environment's units wherever they are used (advantages, bootstrapping, readings), so rewards of
any scale train it alike (on by default; ``--no-value-norm`` turns the targets' off). With it
the PPO is right on every probe of ``gymnasium_core.testing.probes`` that applies to it, the
reward-scale one included. ``agent.state_dict()`` holds the value statistics with the weights
and ``norm.state_dict()`` the observation statistics: save both to reload the same policy.

The greedy policy (the mean action) is then evaluated on ``gymnasium_core.make(
"InvertedPendulum-v5")``, the stateful env a Gymnasium user makes; ``--video DIR`` writes its
first evaluation episode to ``DIR/ppo-mujoco-episode-0.mp4``. Last, the env steps/s of the
batched env is printed beside a ``SyncVectorEnv`` of the same id and size (random actions,
the same sub-envs stepped one by one in Python).

    python examples/ppo_mujoco_torch.py                  # full run: ~50 s of CPU time
    python examples/ppo_mujoco_torch.py --video videos/  # also an MP4 of the trained agent
    python examples/ppo_mujoco_torch.py --smoke          # a few hundred steps, to check it runs
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import time
from typing import Any

# MuJoCo renders offscreen through EGL on a headless machine (for --video).
os.environ.setdefault("MUJOCO_GL", "egl")

import numpy as np
import torch
from torch import nn

import gymnasium_core as gym

ENV_ID = "InvertedPendulum-v5"


@dataclasses.dataclass(frozen=True)
class Config:
    num_envs: int = 16
    num_steps: int = 128  # rollout length per update; a batch is num_envs * num_steps
    total_steps: int = 204_800
    epochs: int = 10
    minibatches: int = 8
    lr: float = 3e-4
    gamma: float = 0.99
    gae_lambda: float = 0.95
    clip: float = 0.2
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    hidden: int = 64
    seed: int = 0
    eval_episodes: int = 10
    value_norm: bool = True  # the critic learns standardised value targets (Agent.value_norm)
    torch_threads: int = 1  # small networks: more threads only add contention on 2 cores
    bench_seconds: float = 2.0  # per vector env, for the throughput comparison

    @property
    def batch(self) -> int:
        return self.num_envs * self.num_steps

    @property
    def num_updates(self) -> int:
        return max(1, self.total_steps // self.batch)


SMOKE = Config(
    num_envs=4,
    num_steps=32,
    total_steps=256,
    epochs=1,
    minibatches=2,
    hidden=8,
    eval_episodes=1,
    bench_seconds=0.2,
)


class RunningNorm:
    """Running mean and variance of observations (or value targets), to standardise them."""

    def __init__(self, size: int) -> None:
        self.mean = np.zeros(size)
        self.var = np.ones(size)
        self.count = 1e-4
        self.frozen = False

    def __call__(self, obs: np.ndarray, update: bool = True) -> torch.Tensor:
        batch = np.atleast_2d(obs)
        if update and not self.frozen:
            n = batch.shape[0]
            delta = batch.mean(axis=0) - self.mean
            total = self.count + n
            self.mean = self.mean + delta * n / total
            self.var = (
                self.var * self.count + batch.var(axis=0) * n + delta**2 * self.count * n / total
            ) / total
            self.count = total
        scaled = np.clip((batch - self.mean) / np.sqrt(self.var + 1e-8), -10.0, 10.0)
        return torch.as_tensor(scaled.reshape(np.shape(obs)), dtype=torch.float32)

    def state_dict(self) -> dict[str, Any]:
        """The statistics, to save beside the agent's weights (``torch.save`` takes it)."""
        return {"mean": self.mean.copy(), "var": self.var.copy(), "count": self.count}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        """Take the statistics :meth:`state_dict` gave (frozen or not, as this one is)."""
        self.mean = np.array(state["mean"], dtype=np.float64)
        self.var = np.array(state["var"], dtype=np.float64)
        self.count = float(state["count"])

    def restore(self, scaled: torch.Tensor) -> torch.Tensor:
        """Standardised values ``(..., size)`` back in the original units."""
        scale = torch.as_tensor(np.sqrt(self.var + 1e-8), dtype=torch.float32)
        return scaled * scale + torch.as_tensor(self.mean, dtype=torch.float32)


def _layer(n_in: int, n_out: int, gain: float) -> nn.Linear:
    layer = nn.Linear(n_in, n_out)
    nn.init.orthogonal_(layer.weight, gain)
    nn.init.zeros_(layer.bias)
    return layer


class Agent(nn.Module):
    """A Gaussian policy (state-independent log std) and a value function, two tanh MLPs.

    The critic predicts value targets standardised by ``value_norm``, the running statistics of
    the targets, and :meth:`value` restores them to the environment's units: the value head
    learns numbers of order one whatever the scale of the rewards (without it, rewards of a
    thousand a step leave the critic far below its targets in a short run, since Adam moves
    each weight by about the learning rate per step).
    """

    def __init__(self, obs_dim: int, act_dim: int, hidden: int) -> None:
        super().__init__()
        root2 = float(np.sqrt(2.0))
        self.critic = nn.Sequential(
            _layer(obs_dim, hidden, root2),
            nn.Tanh(),
            _layer(hidden, hidden, root2),
            nn.Tanh(),
            _layer(hidden, 1, 1.0),
        )
        self.actor = nn.Sequential(
            _layer(obs_dim, hidden, root2),
            nn.Tanh(),
            _layer(hidden, hidden, root2),
            nn.Tanh(),
            _layer(hidden, act_dim, 0.01),
        )
        self.log_std = nn.Parameter(torch.zeros(act_dim))
        self.value_norm = RunningNorm(1)

    def get_extra_state(self) -> dict[str, Any]:
        """``value_norm``'s statistics, so that ``state_dict()`` holds everything :meth:`value`
        reads (the critic's outputs are in standardised units)."""
        return {"value_norm": self.value_norm.state_dict()}

    def set_extra_state(self, state: dict[str, Any]) -> None:
        self.value_norm.load_state_dict(state["value_norm"])

    def value(self, obs: torch.Tensor) -> torch.Tensor:
        """Values ``(batch,)`` in the environment's units."""
        return self.value_norm.restore(self.critic(obs)).squeeze(-1)

    def dist(self, obs: torch.Tensor) -> torch.distributions.Normal:
        return torch.distributions.Normal(self.actor(obs), self.log_std.exp())


def action_interface(space: gym.Space[Any]) -> tuple[int, Any]:
    """The policy's action size and the map from its actions to the env's.

    A ``Box`` takes the Gaussian's sample clipped to its bounds. A ``Discrete(1)`` space (a task
    with nothing to choose, such as the value probes of ``gymnasium_core.testing.probes``)
    takes its only action whatever the policy samples.
    """
    if isinstance(space, gym.spaces.Discrete) and space.n == 1:
        return 1, lambda action: np.full(len(action), space.start, dtype=np.int64)
    if isinstance(space, gym.spaces.Box) and len(space.shape) == 1:
        return space.shape[0], lambda action: np.clip(action, space.low, space.high)
    raise ValueError(f"this PPO takes a 1-d Box or a Discrete(1) action space, not {space}")


def train(cfg: Config, env_id: str = ENV_ID) -> dict[str, Any]:
    """Train PPO on the batched env; return the agent, its normaliser and the learning curve.

    ``env_id`` is any id with a ``vector_entry_point``, a flat observation and an action space
    :func:`action_interface` takes (the probes' ids, for instance).
    """
    torch.manual_seed(cfg.seed)
    envs = gym.make_vec(
        env_id, cfg.num_envs, vectorization_mode="vector_entry_point", autoreset_mode="SameStep"
    )
    print(f"make_vec({env_id!r}, {cfg.num_envs}, 'vector_entry_point') -> {envs}", flush=True)
    obs_dim = envs.single_observation_space.shape[0]
    act_dim, to_env = action_interface(envs.single_action_space)
    agent = Agent(obs_dim, act_dim, cfg.hidden)
    optimiser = torch.optim.Adam(agent.parameters(), lr=cfg.lr, eps=1e-5)
    norm = RunningNorm(obs_dim)

    shape = (cfg.num_steps, cfg.num_envs)
    buf_obs = torch.zeros((*shape, obs_dim))
    buf_act = torch.zeros((*shape, act_dim))
    buf_logp = torch.zeros(shape)
    buf_val = torch.zeros(shape)
    buf_rew = torch.zeros(shape)
    buf_done = torch.zeros(shape)

    raw_obs, _ = envs.reset(seed=cfg.seed)
    obs = norm(raw_obs)
    episode_return = np.zeros(cfg.num_envs)
    finished: list[float] = []
    curve: list[float] = []
    started = time.perf_counter()
    for update in range(cfg.num_updates):
        optimiser.param_groups[0]["lr"] = cfg.lr * (1.0 - update / cfg.num_updates)
        for t in range(cfg.num_steps):
            with torch.no_grad():
                dist = agent.dist(obs)
                action = dist.sample()
                buf_logp[t] = dist.log_prob(action).sum(-1)
                buf_val[t] = agent.value(obs)
            buf_obs[t], buf_act[t] = obs, action
            raw_obs, reward, terminated, truncated, infos = envs.step(to_env(action.numpy()))
            episode_return += reward
            done = terminated | truncated
            reward = reward.astype(np.float32)
            if truncated.any():  # bootstrap a cut episode from its last observation
                ended = np.flatnonzero(truncated & ~terminated)
                if ended.size:
                    final = norm(np.stack(infos["final_obs"][ended]), update=False)
                    with torch.no_grad():
                        reward[ended] += cfg.gamma * agent.value(final).numpy()
            for index in np.flatnonzero(done):
                finished.append(float(episode_return[index]))
                episode_return[index] = 0.0
            buf_rew[t] = torch.as_tensor(reward)
            buf_done[t] = torch.as_tensor(done, dtype=torch.float32)
            obs = norm(raw_obs)

        with torch.no_grad():  # GAE advantages, cut where an episode ended
            next_value = agent.value(obs)
            advantages = torch.zeros(shape)
            last = torch.zeros(cfg.num_envs)
            for t in reversed(range(cfg.num_steps)):
                following = next_value if t == cfg.num_steps - 1 else buf_val[t + 1]
                alive = 1.0 - buf_done[t]
                delta = buf_rew[t] + cfg.gamma * following * alive - buf_val[t]
                last = delta + cfg.gamma * cfg.gae_lambda * alive * last
                advantages[t] = last
            returns = advantages + buf_val

        b_obs, b_act = buf_obs.reshape(-1, obs_dim), buf_act.reshape(-1, act_dim)
        b_logp, b_adv = buf_logp.reshape(-1), advantages.reshape(-1)
        b_ret = returns.reshape(-1, 1)  # the critic's targets
        if cfg.value_norm:  # standardised by their statistics with this batch merged in
            b_ret = agent.value_norm(b_ret.numpy())
        size = cfg.batch // cfg.minibatches
        for _ in range(cfg.epochs):
            order = torch.randperm(cfg.batch)
            for start in range(0, cfg.batch, size):
                mb = order[start : start + size]
                dist = agent.dist(b_obs[mb])
                ratio = (dist.log_prob(b_act[mb]).sum(-1) - b_logp[mb]).exp()
                adv = b_adv[mb]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                policy_loss = -torch.min(
                    ratio * adv, ratio.clamp(1 - cfg.clip, 1 + cfg.clip) * adv
                ).mean()
                value_loss = 0.5 * (agent.critic(b_obs[mb]) - b_ret[mb]).pow(2).mean()
                loss = policy_loss + cfg.vf_coef * value_loss
                optimiser.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), cfg.max_grad_norm)
                optimiser.step()

        recent = float(np.mean(finished[-20:])) if finished else float("nan")
        curve.append(recent)
        if update % max(1, cfg.num_updates // 10) == 0 or update == cfg.num_updates - 1:
            print(
                f"  update {update + 1:4d}  steps {(update + 1) * cfg.batch:7d}  "
                f"return {recent:7.1f}  ({len(finished)} episodes)",
                flush=True,
            )
    seconds = time.perf_counter() - started
    envs.close()
    norm.frozen = True
    return {
        "agent": agent,
        "norm": norm,
        "curve": np.array(curve),
        "steps": cfg.num_updates * cfg.batch,
        "train_seconds": seconds,
    }


def readings(agent: Agent, norm: RunningNorm, observations: np.ndarray) -> dict[str, np.ndarray]:
    """What the trained agent says at ``observations`` ``(n, obs_dim)``.

    Returns:
        ``values`` ``(n,)``, the critic's, and ``actions`` ``(n, act_dim)``, the policy's mean
        (the greedy action, before clipping), both at the normalised observations.
    """
    with torch.no_grad():
        obs = norm(np.asarray(observations, dtype=np.float64), update=False)
        return {"values": agent.value(obs).numpy(), "actions": agent.actor(obs).numpy()}


def film_first_episode(env: gym.Env[Any, Any], folder: str, prefix: str) -> Any:
    """``env`` wrapped to film its first episode to ``folder/<prefix>-episode-0.mp4``.

    Into an existing folder (a second run), that one file is overwritten, and said so here
    rather than by ``RecordVideo``'s warning about the folder.
    """
    import warnings

    from gymnasium_core.wrappers import RecordVideo

    if os.path.isdir(folder):
        print(f"{folder} exists: {prefix}-episode-0.mp4 in it is overwritten", flush=True)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r".*RecordVideo: the folder .* exists")
        return RecordVideo(env, folder, episode_trigger=lambda e: e == 0, name_prefix=prefix)


def evaluate(
    agent: Agent, norm: RunningNorm, episodes: int, seed: int, video_folder: str | None = None
) -> list[float]:
    """Play the mean action on ``make(ENV_ID)``; with ``video_folder``, film the first episode."""
    env = gym.make(ENV_ID, render_mode="rgb_array" if video_folder else None)
    if video_folder:
        env = film_first_episode(env, video_folder, "ppo-mujoco")
    low, high = env.action_space.low, env.action_space.high
    returns = []
    for episode in range(episodes):
        obs, _ = env.reset(seed=seed + episode)
        total, done = 0.0, False
        while not done:
            with torch.no_grad():
                action = agent.actor(norm(obs)).numpy()
            obs, reward, terminated, truncated, _ = env.step(np.clip(action, low, high))
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
    env.close()
    return returns


def steps_per_second(mode: str, num_envs: int, seconds: float) -> float:
    """Env steps/s of ``make_vec(ENV_ID, num_envs, mode)`` under random actions."""
    envs = gym.make_vec(ENV_ID, num_envs, vectorization_mode=mode)
    envs.reset(seed=0)
    actions = [envs.action_space.sample() for _ in range(64)]
    envs.step(actions[0])  # warm up the thread pool
    calls, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds or calls == 0:
        envs.step(actions[calls % len(actions)])
        calls += 1
    envs.close()
    return calls * num_envs / elapsed


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train, evaluate, compare throughputs; print and return the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a tiny run that checks it all runs")
    parser.add_argument("--video", metavar="DIR", help="record the first evaluation episode")
    for field in dataclasses.fields(Config):
        flag = f"--{field.name.replace('_', '-')}"
        if isinstance(field.default, bool):  # --value-norm / --no-value-norm
            parser.add_argument(flag, action=argparse.BooleanOptionalAction)
        else:
            parser.add_argument(flag, type=type(field.default))
    args = parser.parse_args(argv)
    cfg = SMOKE if args.smoke else Config()
    changes = {
        f.name: getattr(args, f.name)
        for f in dataclasses.fields(Config)
        if getattr(args, f.name) is not None
    }
    cfg = dataclasses.replace(cfg, **changes)
    torch.set_num_threads(cfg.torch_threads)

    print(
        f"PPO (PyTorch) on {ENV_ID}: {cfg.num_envs} envs x {cfg.num_steps} steps x "
        f"{cfg.num_updates} updates = {cfg.num_updates * cfg.batch} env steps",
        flush=True,
    )
    result = train(cfg)
    print(
        f"training: {result['steps']} env steps in {result['train_seconds']:.1f} s "
        f"({result['steps'] / result['train_seconds']:,.0f} steps/s, learning included)",
        flush=True,
    )
    returns = evaluate(
        result["agent"], result["norm"], cfg.eval_episodes, 10_000 + cfg.seed, args.video
    )
    eval_mean = float(np.mean(returns))
    spec = gym.spec(ENV_ID)
    print(
        f"evaluation on make({ENV_ID!r}): mean return {eval_mean:.1f} over {len(returns)} "
        f"episodes (reward threshold {spec.reward_threshold}, max {spec.max_episode_steps})",
        flush=True,
    )
    if args.video:
        video = os.path.join(args.video, "ppo-mujoco-episode-0.mp4")
        print(f"video of the first evaluation episode: {video}")
    batched = steps_per_second("vector_entry_point", cfg.num_envs, cfg.bench_seconds)
    sync = steps_per_second("sync", cfg.num_envs, cfg.bench_seconds)
    print(
        f"{ENV_ID} x {cfg.num_envs}, random actions: MujocoVectorEnv {batched:,.0f} env steps/s, "
        f"SyncVectorEnv {sync:,.0f} env steps/s ({batched / sync:.1f}x)",
        flush=True,
    )
    return {
        "config": cfg,
        "steps": result["steps"],
        "curve": result["curve"],
        "train_seconds": result["train_seconds"],
        "eval_returns": returns,
        "eval_mean": eval_mean,
        "threshold": spec.reward_threshold,
        "vector_steps_per_s": batched,
        "sync_steps_per_s": sync,
    }


if __name__ == "__main__":
    main()
