"""PPO on CartPole as one compiled JAX program, evaluated on the stateful ``CartPole-v1``.

The environment and the agent run together inside one ``jax.jit``: a ``lax.scan`` over PPO
updates, each of which scans a rollout of hundreds of CartPoles (the functional definition of
``phys2d/CartPole-v2``, vmapped), computes advantages and takes the gradient steps. Python is
only involved before (building the program) and after (printing, evaluating). This is how
JAX RL trainers in the PureJaxRL style use a functional environment backend. The critic learns
value targets standardised by their running mean and variance (``ValueNorm``, on by default;
``--no-value-norm`` turns it off), so rewards of any scale train it alike: with it the PPO is
right on every probe of ``gymnasium_core.testing.probes`` that applies to it, the reward-scale
one included; on CartPole (seed 0) training reaches 500 at update 20, against 23 without.

The trained greedy policy is then played on ``gymnasium_core.make("CartPole-v1")``, the same
physics as a plain Gymnasium env. Finally the environment throughput inside the compiled
program is printed beside that of the Python-stepped loop of ``examples/ppo_cartpole_jax.py``
(one jitted vector-env step per Python call).

    python examples/ppo_cartpole_scan.py            # full run: 20 s of CPU (docs/examples.md)
    python examples/ppo_cartpole_scan.py --smoke    # a few hundred steps, to check it runs
    python examples/ppo_cartpole_scan.py --video videos/   # also an MP4 of the trained agent
"""

from __future__ import annotations

import time

LAUNCHED = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402
from typing import Any, NamedTuple  # noqa: E402

import jax  # noqa: E402
import jax.flatten_util  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
import optax  # noqa: E402

import gymnasium_core as gym  # noqa: E402

ENV_ID = "phys2d/CartPole-v2"  # the functional (JAX) CartPole, with CartPole-v1's physics
EVAL_ID = "CartPole-v1"  # the stateful CartPole a Gymnasium user makes
MAX_RETURN = 500.0  # CartPole-v1's time limit: a perfect episode


class Config(NamedTuple):
    num_envs: int = 256
    num_steps: int = 32  # rollout length per update; a batch is num_envs * num_steps
    num_updates: int = 40
    epochs: int = 4
    minibatches: int = 8
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
    value_norm: bool = True  # the critic learns standardised value targets (ValueNorm)


SMOKE = Config(num_envs=16, num_steps=16, num_updates=2, epochs=1, minibatches=1, hidden=8)


# -- the environment: the functional CartPole, vmapped, with autoreset and a time limit -------


class EnvState(NamedTuple):
    physics: Any  # CartPoleState, leaves (num_envs,)
    steps: jax.Array  # (num_envs,) int32, steps in the current episode
    episode_return: jax.Array  # (num_envs,) float32, return so far in the current episode


class BatchedCartPole:
    """``num_envs`` functional CartPoles stepped together, resetting finished ones in place.

    Built from ``make_vec(ENV_ID, num_envs)``: its ``func_env`` (pure functions on
    ``jax.numpy``), its ``params`` and its time limit. Everything here is traceable, so it runs
    inside the training program's ``lax.scan``.
    """

    def __init__(self, num_envs: int, params: Any = None) -> None:
        """Batch ``num_envs`` CartPoles.

        Args:
            num_envs: The number of sub-envs.
            params: ``CartPoleParams`` for all sub-envs (the defaults if ``None``); a field
                holding an array of shape ``(num_envs,)`` gives each sub-env its own value.
        """
        vec = gym.make_vec(ENV_ID, num_envs)
        f, self.time_limit = vec.func_env, vec.time_limit
        self.params = vec.params if params is None else params
        vec.close()
        self.num_envs = num_envs
        self.obs_dim = int(f.observation_space.shape[0])
        self.num_actions = int(f.action_space.n)
        # vmap maps the per-sub-env fields of the params (axis 0) and shares the others.
        p = jax.tree_util.tree_map(lambda x: 0 if np.ndim(x) else None, self.params)
        self._initial = jax.vmap(f.initial, in_axes=(0, p))
        self._observation = jax.vmap(f.observation, in_axes=(0, 0, p))
        self._transition = jax.vmap(f.transition, in_axes=(0, 0, 0, p))
        self._reward = jax.vmap(f.reward, in_axes=(0, 0, 0, 0, p))
        self._terminal = jax.vmap(f.terminal, in_axes=(0, 0, p))

    def reset(self, key: jax.Array, params: Any = None) -> tuple[EnvState, jax.Array]:
        """First states and observations; ``params`` (same structure) replace :attr:`params`."""
        p = self.params if params is None else params
        keys = jax.random.split(key, self.num_envs)
        physics = self._initial(keys, p)
        zeros = jnp.zeros(self.num_envs)
        state = EnvState(physics, zeros.astype(jnp.int32), zeros)
        return state, self._observation(physics, keys, p)

    def step(
        self, state: EnvState, action: jax.Array, key: jax.Array, params: Any = None
    ) -> tuple[EnvState, jax.Array, jax.Array, jax.Array, jax.Array]:
        """One step of every sub-env; finished ones restart in the same step.

        ``params`` (of the same structure) replace :attr:`params` for this step.

        Returns:
            ``(state, obs, reward, done, finished_return)``: ``obs`` is the next observation
            (a fresh episode's first one where ``done``), ``finished_return`` the return of the
            episode that ended (0 where none did).
        """
        out = self.step_with_ends(state, action, key, params)
        return out.state, out.obs, out.reward, out.terminated | out.truncated, out.finished

    def step_with_ends(
        self, state: EnvState, action: jax.Array, key: jax.Array, params: Any = None
    ) -> EnvStep:
        """:meth:`step`, telling apart how episodes ended, with the last observation of each.

        A learner bootstraps from ``final_obs`` where an episode was ``truncated`` (cut by the
        time limit, it would have gone on) and not where it ``terminated``.
        """
        step_key, reset_key = jax.random.split(key)
        keys = jax.random.split(step_key, self.num_envs)
        p = self.params if params is None else params
        nxt = self._transition(state.physics, action, keys, p)
        reward = self._reward(state.physics, action, nxt, keys, p).astype(jnp.float32)
        steps = state.steps + 1
        terminated = self._terminal(nxt, keys, p)
        truncated = ~terminated & (steps >= self.time_limit)
        done = terminated | truncated
        episode_return = state.episode_return + reward
        fresh = self._initial(jax.random.split(reset_key, self.num_envs), p)
        physics = jax.tree_util.tree_map(
            lambda a, b: jnp.where(_per_env(done, a), a, b), fresh, nxt
        )
        new_state = EnvState(
            physics, jnp.where(done, 0, steps), jnp.where(done, 0.0, episode_return)
        )
        return EnvStep(
            new_state,
            self._observation(physics, keys, p),
            reward,
            terminated,
            truncated,
            self._observation(nxt, keys, p),
            jnp.where(done, episode_return, 0.0),
        )


class EnvStep(NamedTuple):
    state: EnvState
    obs: jax.Array  # (num_envs, obs_dim): next observations, a fresh episode's where it ended
    reward: jax.Array  # (num_envs,) float32
    terminated: jax.Array  # (num_envs,) bool: the task ended (no value after it)
    truncated: jax.Array  # (num_envs,) bool: cut by the time limit (the task would go on)
    final_obs: jax.Array  # (num_envs, obs_dim): the observation after the step, before a reset
    finished: jax.Array  # (num_envs,) float32: the return of an episode that ended, else 0


def _per_env(flag: jax.Array, leaf: jax.Array) -> jax.Array:
    """``flag`` of shape ``(num_envs,)`` shaped to select along ``leaf``'s first axis."""
    return flag.reshape(flag.shape + (1,) * (leaf.ndim - flag.ndim))


# -- the actor-critic ---------------------------------------------------------------------------


def init_params(seed: int, obs_dim: int, num_actions: int, hidden: int) -> dict[str, Any]:
    """Separate tanh MLPs for the policy and the value, orthogonally initialised.

    Drawn with numpy: a QR decomposition is instant there, while XLA takes seconds to compile
    one on CPU.
    """
    rng = np.random.default_rng(seed)

    def layer(n_in: int, n_out: int, scale: float) -> dict[str, np.ndarray]:
        q, r = np.linalg.qr(rng.standard_normal((max(n_in, n_out), min(n_in, n_out))))
        q = q * np.sign(np.diag(r))  # a uniformly distributed orthogonal matrix
        w = q if n_in >= n_out else q.T
        return {"w": (scale * w).astype(np.float32), "b": np.zeros(n_out, np.float32)}

    root2 = float(np.sqrt(2))
    return {
        "pi": [
            layer(obs_dim, hidden, root2),
            layer(hidden, hidden, root2),
            layer(hidden, num_actions, 0.01),
        ],
        "v": [layer(obs_dim, hidden, root2), layer(hidden, hidden, root2), layer(hidden, 1, 1.0)],
    }


class ValueNorm(NamedTuple):
    """Running mean and variance of the value targets, over every update so far.

    The critic predicts the targets standardised by them, and its output is restored to the
    environment's units wherever a value is used (advantages, bootstrapping, readings). So the
    value head learns numbers of order one whatever the scale of the rewards: without it, a
    task paying a thousand a step leaves the critic far below its targets in a short run,
    since Adam moves each weight by about the learning rate per step.
    """

    mean: jax.Array  # () float32
    var: jax.Array  # () float32
    seen: jax.Array  # () float32: how many targets, after a tiny prior count

    @classmethod
    def fresh(cls) -> ValueNorm:
        """No targets seen yet: restoring leaves a value as it is."""
        return cls(jnp.zeros(()), jnp.ones(()), jnp.full((), 1e-4))

    def update(self, targets: jax.Array) -> ValueNorm:
        """The statistics with a batch of targets (any shape) merged in."""
        n = targets.size
        delta = targets.mean() - self.mean
        total = self.seen + n
        m2 = self.var * self.seen + targets.var() * n + delta**2 * self.seen * n / total
        return ValueNorm(self.mean + delta * n / total, m2 / total, total)

    def standardise(self, values: jax.Array) -> jax.Array:
        return (values - self.mean) / jnp.sqrt(self.var + 1e-8)

    def restore(self, standardised: jax.Array) -> jax.Array:
        return self.mean + standardised * jnp.sqrt(self.var + 1e-8)


def _mlp(layers: list[dict[str, jax.Array]], x: jax.Array) -> jax.Array:
    for lyr in layers[:-1]:
        x = jnp.tanh(x @ lyr["w"] + lyr["b"])
    return x @ layers[-1]["w"] + layers[-1]["b"]


def _heads(params: dict[str, Any], obs: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Action logits ``(batch, num_actions)`` and standardised values ``(batch,)``."""
    return _mlp(params["pi"], obs), _mlp(params["v"], obs)[..., 0]


def forward(params: dict[str, Any], obs: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Action logits ``(batch, num_actions)`` and values ``(batch,)`` in the env's units.

    ``params`` are the networks of :func:`init_params` with, under ``"value_norm"``, the
    :class:`ValueNorm` their critic learned with (what ``make_train``'s ``train`` returns).
    """
    logits, standardised = _heads(params, obs)
    return logits, params["value_norm"].restore(standardised)


# -- PPO, as one program ------------------------------------------------------------------------


class Transition(NamedTuple):
    obs: jax.Array
    action: jax.Array
    logp: jax.Array
    value: jax.Array
    reward: jax.Array
    done: jax.Array
    truncated: jax.Array
    final_value: jax.Array  # the value of the observation an episode was cut at (else unused)
    finished_return: jax.Array


def make_train(cfg: Config, env: BatchedCartPole | None = None) -> Any:
    """The whole training run as one function of a key and the initial parameters (flat).

    ``env`` is ``BatchedCartPole(cfg.num_envs)`` unless given (e.g. with randomised params).

    Returns:
        ``train(key, initial) -> (params, metrics)``, to be jitted; ``initial`` is
        ``ravel_pytree(init_params(...))[0]``, ``params`` are what :func:`forward` takes (the
        networks and the value targets' :class:`ValueNorm`) and the metrics have one entry
        per update.
    """
    env = BatchedCartPole(cfg.num_envs) if env is None else env
    batch = cfg.num_envs * cfg.num_steps
    minibatch = batch // cfg.minibatches
    schedule = optax.linear_schedule(cfg.lr, 0.0, cfg.num_updates * cfg.epochs * cfg.minibatches)
    optimizer = optax.chain(
        optax.clip_by_global_norm(cfg.max_grad_norm), optax.adam(schedule, eps=1e-5)
    )

    # The optimiser works on the parameters as one flat vector: the same arithmetic as on the
    # tree of layers, but a few large array operations instead of many small ones, which
    # roughly halves XLA's compile time on CPU.
    _, unravel = jax.flatten_util.ravel_pytree(
        init_params(0, env.obs_dim, env.num_actions, cfg.hidden)
    )

    def loss_fn(flat: jax.Array, mb: tuple[jax.Array, ...]) -> jax.Array:
        obs, action, old_logp, adv, target = mb
        logits, value = _heads(unravel(flat), obs)  # the value standardised, as the target
        logp_all = jax.nn.log_softmax(logits)
        logp = jnp.take_along_axis(logp_all, action[:, None], axis=1)[:, 0]
        ratio = jnp.exp(logp - old_logp)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        clipped = jnp.clip(ratio, 1 - cfg.clip, 1 + cfg.clip)
        pg = -jnp.minimum(ratio * adv, clipped * adv).mean()
        v_loss = 0.5 * ((value - target) ** 2).mean()
        entropy = -(jnp.exp(logp_all) * logp_all).sum(-1).mean()
        return pg + cfg.vf_coef * v_loss - cfg.ent_coef * entropy

    def env_step(carry: Any, _: None) -> tuple[Any, Transition]:
        params, state, obs, key = carry
        key, act_key, step_key = jax.random.split(key, 3)
        logits, value = forward(params, obs)
        action = jax.random.categorical(act_key, logits)
        logp = jnp.take_along_axis(jax.nn.log_softmax(logits), action[:, None], axis=1)[:, 0]
        out = env.step_with_ends(state, action, step_key)
        _, final_value = forward(params, out.final_obs)
        done = out.terminated | out.truncated
        return (params, out.state, out.obs, key), Transition(
            obs, action, logp, value, out.reward, done, out.truncated, final_value, out.finished
        )

    def advantages(traj: Transition, last_value: jax.Array) -> tuple[jax.Array, jax.Array]:
        # GAE. An episode that terminated has no value after it; one cut by the time limit
        # would have gone on, so it bootstraps from the value of the observation it was cut at.
        def back(carry: Any, t: Transition) -> tuple[Any, jax.Array]:
            adv_next, value_next = carry
            live = 1.0 - t.done
            after = jnp.where(t.truncated, t.final_value, value_next * live)
            delta = t.reward + cfg.gamma * after - t.value
            adv = delta + cfg.gamma * cfg.gae_lambda * live * adv_next
            return (adv, t.value), adv

        init = (jnp.zeros_like(last_value), last_value)
        _, adv = jax.lax.scan(back, init, traj, reverse=True)
        return adv, adv + traj.value

    def sgd_epoch(carry: Any, key: jax.Array) -> tuple[Any, None]:
        params, opt_state, data = carry
        perm = jnp.argsort(jax.random.uniform(key, (batch,)))  # a shuffle, compiled as one sort
        minis = jax.tree_util.tree_map(
            lambda x: x[perm].reshape(cfg.minibatches, minibatch, *x.shape[1:]), data
        )

        def sgd_step(c: Any, mb: tuple[jax.Array, ...]) -> tuple[Any, None]:
            p, o = c
            grads = jax.grad(loss_fn)(p, mb)
            updates, o = optimizer.update(grads, o, p)
            return (optax.apply_updates(p, updates), o), None

        (params, opt_state), _ = jax.lax.scan(sgd_step, (params, opt_state), minis)
        return (params, opt_state, data), None

    def update(carry: Any, _: None) -> tuple[Any, dict[str, jax.Array]]:
        flat, opt_state, value_norm, state, obs, key = carry
        params = {**unravel(flat), "value_norm": value_norm}
        (_, state, obs, key), traj = jax.lax.scan(
            env_step, (params, state, obs, key), None, cfg.num_steps
        )
        _, last_value = forward(params, obs)
        adv, target = advantages(traj, last_value)
        if cfg.value_norm:
            value_norm = value_norm.update(target)
        target = value_norm.standardise(target)

        def merge(x: jax.Array) -> jax.Array:  # (num_steps, num_envs, ...) -> (batch, ...)
            return x.reshape(batch, *x.shape[2:])

        data = tuple(map(merge, (traj.obs, traj.action, traj.logp, adv, target)))
        key, sgd_key = jax.random.split(key)
        (flat, opt_state, _), _ = jax.lax.scan(
            sgd_epoch, (flat, opt_state, data), jax.random.split(sgd_key, cfg.epochs)
        )
        ended = traj.done.sum()
        metrics = {
            "episodes": ended,
            "mean_return": jnp.where(ended > 0, traj.finished_return.sum() / ended, jnp.nan),
        }
        return (flat, opt_state, value_norm, state, obs, key), metrics

    def train(key: jax.Array, initial: jax.Array) -> tuple[dict[str, Any], dict[str, jax.Array]]:
        """Train from the flat initial parameters; return the parameters and per-update metrics."""
        key, reset_key = jax.random.split(key)
        state, obs = env.reset(reset_key)
        carry = (initial, optimizer.init(initial), ValueNorm.fresh(), state, obs, key)
        (flat, _, value_norm, *_), metrics = jax.lax.scan(update, carry, None, cfg.num_updates)
        return {**unravel(flat), "value_norm": value_norm}, metrics

    return train


# -- evaluation and the throughput comparison ---------------------------------------------------


def evaluate(
    params: dict[str, Any], episodes: int, seed: int, video_folder: str | None = None
) -> list[float]:
    """Returns of the greedy policy on the stateful ``make("CartPole-v1")``.

    With ``video_folder``, the first episode is also written there as an MP4.
    """
    env = gym.make(EVAL_ID, render_mode="rgb_array" if video_folder else None)
    if video_folder:
        env = film_first_episode(env, video_folder, "ppo")
    greedy = jax.jit(lambda p, o: jnp.argmax(forward(p, o[None])[0][0]))
    returns = []
    for episode in range(episodes):
        obs, _ = env.reset(seed=seed + episode)
        total, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(int(greedy(params, obs)))
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
    env.close()
    return returns


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


def python_stepped_steps_per_second(hidden: int, seconds: float = 1.0) -> float:
    """Env steps/s of ``ppo_cartpole_jax.py``'s collection loop: 8 CartPoles in the JAX vector
    env, a jitted policy call and a jitted env step per Python iteration."""
    num_envs = 8
    env = gym.make_vec(ENV_ID, num_envs, autoreset_mode="SameStep")
    params = {**init_params(0, 4, 2, hidden), "value_norm": ValueNorm.fresh()}

    @jax.jit
    def act(params: dict[str, Any], obs: jax.Array, key: jax.Array) -> jax.Array:
        return jax.random.categorical(key, forward(params, obs)[0])

    print("compiling the Python-stepped loop (env reset and step, policy) ...", end=" ", flush=True)
    start = time.perf_counter()
    obs, _ = env.reset(seed=0)
    key = jax.random.key(1)
    for _ in range(5):  # compile outside the timing
        key, k = jax.random.split(key)
        obs, *_ = env.step(act(params, obs, k))
    print(f"{time.perf_counter() - start:.1f} s", flush=True)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        key, k = jax.random.split(key)
        obs, reward, *_ = env.step(act(params, obs, k))
        np.asarray(reward)  # the Python loop reads the rewards back every step
        steps += num_envs
    env.close()
    return steps / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train, evaluate and compare; print the results and return them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a tiny run that checks it all runs")
    parser.add_argument("--video", metavar="DIR", help="record the first evaluation episode")
    for field, default in Config._field_defaults.items():
        flag = f"--{field.replace('_', '-')}"
        if isinstance(default, bool):  # --value-norm / --no-value-norm
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, default=None)
        else:
            parser.add_argument(flag, type=type(default), default=None)
    args = parser.parse_args(argv)
    base = SMOKE if args.smoke else Config()
    cfg = base._replace(
        **{f: getattr(args, f) for f in Config._fields if getattr(args, f) is not None}
    )
    steps = cfg.num_envs * cfg.num_steps * cfg.num_updates
    print(
        f"PPO on {ENV_ID}: {cfg.num_envs} envs x {cfg.num_steps} steps x {cfg.num_updates} "
        f"updates = {steps} env steps, in one jax.jit",
        flush=True,
    )

    print("compiling the training program ...", end=" ", flush=True)
    start = time.perf_counter()
    train = jax.jit(make_train(cfg))
    initial, _ = jax.flatten_util.ravel_pytree(init_params(cfg.seed, 4, 2, cfg.hidden))
    key = jax.random.key(cfg.seed)
    compiled = train.lower(key, initial).compile()
    compile_s = time.perf_counter() - start
    print(f"{compile_s:.1f} s; training ...", flush=True)
    params, metrics = compiled(key, initial)
    jax.block_until_ready(params)
    total_s = time.perf_counter() - start
    run_s = total_s - compile_s
    since_launch = time.perf_counter() - LAUNCHED

    curve = np.asarray(metrics["mean_return"])
    per_update = cfg.num_envs * cfg.num_steps
    for i in range(0, cfg.num_updates, max(1, cfg.num_updates // 8)):
        print(f"  update {i + 1:4d}  steps {(i + 1) * per_update:8d}  return {curve[i]:6.1f}")
    solved = np.flatnonzero(curve >= MAX_RETURN)
    first = int(solved[0]) + 1 if solved.size else None
    if first is not None:
        print(
            f"training episodes averaged {MAX_RETURN:.0f} from update {first} "
            f"({first * per_update} steps)"
        )
    print(
        f"compile {compile_s:.1f} s + run {run_s:.1f} s = {total_s:.1f} s wall "
        f"({since_launch:.1f} s since the script started, imports included; "
        f"{time.process_time():.1f} s of CPU time); "
        f"{steps / run_s:,.0f} env steps/s inside the compiled program (with learning)"
    )

    returns = evaluate(params, cfg.eval_episodes, seed=10_000 + cfg.seed, video_folder=args.video)
    score = float(np.mean(returns))
    print(
        f"evaluation on make({EVAL_ID!r}): mean return {score:.1f} over {len(returns)} "
        f"episodes (max {MAX_RETURN:.0f})"
    )
    if args.video:
        video = os.path.join(args.video, "ppo-episode-0.mp4")
        print(f"video of the first evaluation episode: {video}")

    stepped = python_stepped_steps_per_second(cfg.hidden, seconds=0.3 if args.smoke else 1.0)
    ratio = steps / run_s / stepped
    print(
        f"throughput: {steps / run_s:,.0f} steps/s in one program against {stepped:,.0f} "
        f"steps/s stepping the JAX vector env from Python (examples/ppo_cartpole_jax.py's "
        f"loop, no learning): {ratio:.2g}x"
        + (" (a smoke run is too short to compare)" if args.smoke else "")
    )
    return {
        "config": cfg,
        "curve": curve,
        "first_solved_update": first,
        "compile_s": compile_s,
        "total_s": total_s,
        "since_launch_s": since_launch,
        "steps": steps,
        "steps_per_s": steps / run_s,
        "python_stepped_steps_per_s": stepped,
        "eval_returns": returns,
        "eval_mean": score,
    }


if __name__ == "__main__":
    main()
