"""PPO in JAX on the JAX CartPole vector env, evaluated on the stateful ``CartPole-v1``.

Trains a small actor-critic with PPO (clipped objective, GAE) on
``gymnasium_core.envs.phys2d.cartpole.stateful_physics_vector_env``: the same CartPole physics as
``make("CartPole-v1")``, stepped for all sub-envs in one jitted call. Training stops at
``--total-steps`` or once recent training episodes average the reward threshold; the greedy
policy is then played on the stateful env for ``--eval-episodes`` episodes.

    python examples/ppo_cartpole_jax.py           # a few minutes on 2 CPU cores
    python examples/ppo_cartpole_jax.py --smoke   # a few hundred steps, to check it runs
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import optax
from gymnasium_core.envs.phys2d.cartpole import stateful_physics_vector_env

import gymnasium_core as gym

REWARD_THRESHOLD = 475.0


class Config(NamedTuple):
    total_steps: int = 400_000
    num_envs: int = 8
    num_steps: int = 256
    epochs: int = 4
    minibatches: int = 4
    lr: float = 2.5e-3
    gamma: float = 0.99
    gae_lambda: float = 0.95
    clip: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    hidden: int = 64
    seed: int = 0
    eval_episodes: int = 10


SMOKE = Config(
    total_steps=512, num_envs=4, num_steps=64, epochs=1, minibatches=1, hidden=8, eval_episodes=1
)


# -- the actor-critic ---------------------------------------------------------------------------


def init_params(key: jax.Array, obs_dim: int, n_actions: int, hidden: int) -> dict[str, Any]:
    """Two separate tanh MLPs (policy, value) with orthogonal initialisation."""
    init = jax.nn.initializers.orthogonal
    keys = jax.random.split(key, 6)

    def layer(k: jax.Array, n_in: int, n_out: int, scale: float) -> dict[str, jax.Array]:
        return {"w": init(scale)(k, (n_in, n_out)), "b": jnp.zeros(n_out)}

    root2 = float(np.sqrt(2))
    return {
        "pi": [
            layer(keys[0], obs_dim, hidden, root2),
            layer(keys[1], hidden, hidden, root2),
            layer(keys[2], hidden, n_actions, 0.01),
        ],
        "v": [
            layer(keys[3], obs_dim, hidden, root2),
            layer(keys[4], hidden, hidden, root2),
            layer(keys[5], hidden, 1, 1.0),
        ],
    }


def _mlp(layers: list[dict[str, jax.Array]], x: jax.Array) -> jax.Array:
    for lyr in layers[:-1]:
        x = jnp.tanh(x @ lyr["w"] + lyr["b"])
    return x @ layers[-1]["w"] + layers[-1]["b"]


def forward(params: dict[str, Any], obs: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Action logits ``(batch, n_actions)`` and state values ``(batch,)``."""
    return _mlp(params["pi"], obs), _mlp(params["v"], obs)[..., 0]


@jax.jit
def act(params: dict[str, Any], obs: jax.Array, key: jax.Array) -> tuple[jax.Array, ...]:
    """Sample actions; return them with their log-probabilities and the values."""
    logits, value = forward(params, obs)
    action = jax.random.categorical(key, logits)
    logp = jax.nn.log_softmax(logits)[jnp.arange(action.shape[0]), action]
    return action, logp, value


# -- PPO ----------------------------------------------------------------------------------------


class Batch(NamedTuple):
    obs: jax.Array
    action: jax.Array
    logp: jax.Array
    advantage: jax.Array
    target: jax.Array


def gae(
    rewards: jax.Array,
    values: jax.Array,
    dones: jax.Array,
    last_value: jax.Array,
    gamma: float,
    lam: float,
) -> tuple[jax.Array, jax.Array]:
    """Generalised advantage estimates and value targets, all ``(num_steps, num_envs)``."""

    def back(carry: jax.Array, x: tuple[jax.Array, ...]) -> tuple[jax.Array, jax.Array]:
        adv_next, value_next = carry
        reward, value, done = x
        delta = reward + gamma * value_next * (1.0 - done) - value
        adv = delta + gamma * lam * (1.0 - done) * adv_next
        return (adv, value), adv

    _, adv = jax.lax.scan(
        back, (jnp.zeros_like(last_value), last_value), (rewards, values, dones), reverse=True
    )
    return adv, adv + values


def make_update(cfg: Config, optimizer: optax.GradientTransformation) -> Any:
    """The jitted PPO update: several epochs of minibatch steps over one rollout."""

    def loss_fn(params: dict[str, Any], b: Batch) -> jax.Array:
        logits, value = forward(params, b.obs)
        logp_all = jax.nn.log_softmax(logits)
        logp = logp_all[jnp.arange(b.action.shape[0]), b.action]
        ratio = jnp.exp(logp - b.logp)
        adv = (b.advantage - b.advantage.mean()) / (b.advantage.std() + 1e-8)
        pg = -jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - cfg.clip, 1 + cfg.clip) * adv).mean()
        v_loss = 0.5 * ((value - b.target) ** 2).mean()
        entropy = -(jnp.exp(logp_all) * logp_all).sum(-1).mean()
        return pg + cfg.vf_coef * v_loss - cfg.ent_coef * entropy

    @jax.jit
    def update(params: dict[str, Any], opt_state: Any, batch: Batch, key: jax.Array) -> Any:
        size = batch.obs.shape[0]
        mb = size // cfg.minibatches

        def epoch(carry: Any, k: jax.Array) -> tuple[Any, None]:
            perm = jax.random.permutation(k, size)
            shuffled = jax.tree_util.tree_map(lambda x: x[perm], batch)
            minis = jax.tree_util.tree_map(
                lambda x: x.reshape(cfg.minibatches, mb, *x.shape[1:]), shuffled
            )

            def step(carry: Any, mini: Batch) -> tuple[Any, None]:
                params, opt_state = carry
                grads = jax.grad(loss_fn)(params, mini)
                updates, opt_state = optimizer.update(grads, opt_state, params)
                return (optax.apply_updates(params, updates), opt_state), None

            return jax.lax.scan(step, carry, minis)[0], None

        (params, opt_state), _ = jax.lax.scan(
            epoch, (params, opt_state), jax.random.split(key, cfg.epochs)
        )
        return params, opt_state

    return update


def compile_programs(
    cfg: Config, env: Any, params: dict[str, Any], opt_state: Any, update: Any, key: jax.Array
) -> None:
    """Compile the policy, the env's reset and step and the update before training, saying so.

    Nothing here touches the training's state: the env step compiles on a twin of ``env`` (the
    same configuration shares its compiled programs) and the update runs once on a zero batch
    of the rollout's shapes, its result dropped.
    """
    print("compiling the policy, the env step and the PPO update ...", end=" ", flush=True)
    start = time.perf_counter()
    twin = stateful_physics_vector_env(
        cfg.num_envs, max_episode_steps=500, autoreset_mode="SameStep"
    )
    obs, _ = twin.reset(seed=cfg.seed)
    action, logp, _ = act(params, obs, key)
    twin.step(action)
    twin.close()
    size = cfg.num_envs * cfg.num_steps
    zeros = jnp.zeros(size, logp.dtype)
    batch = Batch(
        jnp.zeros((size, 4), obs.dtype), jnp.zeros(size, action.dtype), zeros, zeros, zeros
    )
    jax.block_until_ready(update(params, opt_state, batch, key))
    print(f"{time.perf_counter() - start:.1f} s", flush=True)


def train(cfg: Config) -> dict[str, Any]:
    """Train on the JAX vector env; return the params and the training statistics."""
    env = stateful_physics_vector_env(
        cfg.num_envs, max_episode_steps=500, autoreset_mode="SameStep"
    )
    key = jax.random.PRNGKey(cfg.seed)
    key, init_key = jax.random.split(key)
    params = init_params(init_key, 4, 2, cfg.hidden)
    num_updates = max(1, cfg.total_steps // (cfg.num_envs * cfg.num_steps))
    schedule = optax.linear_schedule(cfg.lr, 0.0, num_updates * cfg.epochs * cfg.minibatches)
    optimizer = optax.chain(
        optax.clip_by_global_norm(cfg.max_grad_norm), optax.adam(schedule, eps=1e-5)
    )
    opt_state = optimizer.init(params)
    update = make_update(cfg, optimizer)
    compile_programs(cfg, env, params, opt_state, update, key)

    obs, _ = env.reset(seed=cfg.seed)
    returns = np.zeros(cfg.num_envs)
    recent: deque[float] = deque(maxlen=20)
    steps, start = 0, time.perf_counter()
    for i in range(num_updates):
        buf: dict[str, list[Any]] = {
            k: [] for k in ("obs", "action", "logp", "value", "reward", "done")
        }
        for _ in range(cfg.num_steps):
            key, k = jax.random.split(key)
            action, logp, value = act(params, obs, k)
            next_obs, reward, terminated, truncated, _ = env.step(action)
            done = np.asarray(terminated) | np.asarray(truncated)
            for name, x in zip(buf, (obs, action, logp, value, reward, done)):
                buf[name].append(x)
            returns += np.asarray(reward)
            for j in np.flatnonzero(done):
                recent.append(float(returns[j]))
                returns[j] = 0.0
            obs = next_obs
        steps += cfg.num_envs * cfg.num_steps
        _, _, last_value = act(params, obs, key)
        stacked = {k: jnp.stack([jnp.asarray(x) for x in v]) for k, v in buf.items()}
        adv, target = gae(
            stacked["reward"],
            stacked["value"],
            stacked["done"].astype(jnp.float32),
            last_value,
            cfg.gamma,
            cfg.gae_lambda,
        )
        flat = Batch(
            stacked["obs"].reshape(-1, 4),
            stacked["action"].reshape(-1),
            stacked["logp"].reshape(-1),
            adv.reshape(-1),
            target.reshape(-1),
        )
        key, k = jax.random.split(key)
        params, opt_state = update(params, opt_state, flat, k)
        mean_return = float(np.mean(recent)) if recent else 0.0
        if i % 5 == 0 or i == num_updates - 1:
            sps = steps / (time.perf_counter() - start)
            print(
                f"update {i + 1:4d}/{num_updates}  steps {steps:7d}  "
                f"return(last 20) {mean_return:6.1f}  {sps:6.0f} steps/s",
                flush=True,
            )
        if len(recent) == recent.maxlen and mean_return >= REWARD_THRESHOLD + 10:
            print(f"reached {mean_return:.1f} after {steps} steps", flush=True)
            break
    return {
        "params": params,
        "steps": steps,
        "train_return": float(np.mean(recent) if recent else 0.0),
    }


def evaluate(params: dict[str, Any], episodes: int, seed: int) -> float:
    """Mean return of the greedy policy on the stateful ``make("CartPole-v1")`` env."""
    env = gym.make("CartPole-v1")
    greedy = jax.jit(lambda p, o: jnp.argmax(forward(p, o[None])[0][0]))
    totals = []
    for episode in range(episodes):
        obs, _ = env.reset(seed=seed + episode)
        total, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(int(greedy(params, obs)))
            total += float(reward)
            done = terminated or truncated
        totals.append(total)
    env.close()
    return float(np.mean(totals))


def main(argv: list[str] | None = None) -> float:
    """Train, evaluate, print the evaluation; return the mean evaluation return."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a tiny run that checks it all runs")
    for field, default in Config._field_defaults.items():
        parser.add_argument(f"--{field.replace('_', '-')}", type=type(default), default=None)
    args = parser.parse_args(argv)
    base = SMOKE if args.smoke else Config()
    cfg = base._replace(
        **{f: getattr(args, f) for f in Config._fields if getattr(args, f) is not None}
    )
    result = train(cfg)
    score = evaluate(result["params"], cfg.eval_episodes, seed=10_000 + cfg.seed)
    print(
        f"evaluation on make('CartPole-v1'): mean return {score:.1f} over "
        f"{cfg.eval_episodes} episodes (threshold {REWARD_THRESHOLD})",
        flush=True,
    )
    return score


if __name__ == "__main__":
    main()
