"""Functional JAX backend: vector envs stepped from Python, and scan rollouts.

Two comparisons, each at 1024 and 16384 sub-environments:

* ``<Env> JaxVectorEnv step from Python``: our ``phys2d`` ``CartPoleJaxVectorEnv`` /
  ``PendulumJaxVectorEnv`` against Gymnasium's classes of the same name, each stepped with
  pre-drawn random actions. Gymnasium's vector env resets finished sub-envs with a
  data-dependent index, so each new count of finished sub-envs compiles again: the setup warms
  it up for a bounded time, and the compiles still missing after that fall into the timed runs,
  as they would in a training loop. Ours compiles its step once (in the setup).
* ``<Env> scan rollout (100 steps)``: our :func:`~gymnasium_core.functional.rollout` of the
  same functional env against gymnax's ``CartPole-v1`` / ``Pendulum-v1`` in a ``lax.scan`` of
  vmapped ``step`` calls (both auto-reset in the same step), with random actions drawn inside
  the scan; both keep the same per-step outputs (:func:`scan_case`, also used by
  ``bench_classic_control``).
* ``CartPole rollout as users call (100 steps)``: the call the README and the docs show,
  ``rollout(gym.make_vec("phys2d/CartPole-v1", num_envs=N), policy, jax.random.key(k),
  num_steps=100, num_envs=N)``, made directly from Python with a fresh typed key each time
  (the headline row, ``ours``), the same call with a raw ``jax.random.PRNGKey(k)``
  (``ours-raw-key``), and gymnax's ``lax.scan`` rollout in the same run. Nothing is wrapped in
  a ``jit`` of the benchmark's own: what a user pays per call is what is timed.

Every setup compiles before returning, so compile time is reported apart (``setup_s``).
gymnax rows are left out, with the reason printed, where gymnax is not installed.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from benchmarks.harness import Case, RunFn

NUM_ENVS = (1024, 16384)
SCAN_STEPS = 100
STEPS_PER_RUN = 8
#: Longest warm-up of Gymnasium's vector env (it recompiles per count of finished sub-envs).
REFERENCE_WARMUP_S = 15.0

# name -> (our module, Gymnasium's module, vector env class, gymnax id, max episode steps)
TASKS: dict[str, tuple[str, str, str, str, int]] = {
    "CartPole": (
        "gymnasium_core.envs.phys2d.cartpole",
        "gymnasium.envs.phys2d.cartpole",
        "CartPoleJaxVectorEnv",
        "CartPole-v1",
        500,
    ),
    "Pendulum": (
        "gymnasium_core.envs.phys2d.pendulum",
        "gymnasium.envs.phys2d.pendulum",
        "PendulumJaxVectorEnv",
        "Pendulum-v1",
        200,
    ),
}


def _random_actions(task: str, num_envs: int, count: int) -> list[Any]:
    """``count`` batches of random actions as JAX arrays (device-resident before timing)."""
    import jax.numpy as jnp

    rng = np.random.default_rng(0)
    if task == "CartPole":
        return [jnp.asarray(rng.integers(0, 2, num_envs), jnp.int32) for _ in range(count)]
    return [jnp.asarray(rng.uniform(-2.0, 2.0, (num_envs, 1)), jnp.float32) for _ in range(count)]


def _python_stepping(task: str, impl: str, num_envs: int) -> Callable[[], RunFn]:
    def setup() -> RunFn:
        import importlib

        import jax

        ours, theirs, cls_name, _, max_steps = TASKS[task]
        module = importlib.import_module(ours if impl == "ours" else theirs)
        env = getattr(module, cls_name)(num_envs, max_episode_steps=max_steps)
        env.reset(seed=0)
        actions = _random_actions(task, num_envs, STEPS_PER_RUN)
        deadline = time.perf_counter() + REFERENCE_WARMUP_S
        for i in range(200):  # warm up; ours is compiled after the first step
            jax.block_until_ready(env.step(actions[i % STEPS_PER_RUN])[0])
            if impl == "ours" or time.perf_counter() > deadline:
                break

        def run() -> int:
            obs = None
            for a in actions:
                obs = env.step(a)[0]
            jax.block_until_ready(obs)
            return STEPS_PER_RUN * num_envs

        return run

    return setup


def _policy(task: str) -> Callable[[Any, Any], Any]:
    """A random policy over a batch, the same function for ours and gymnax."""
    import jax

    if task == "CartPole":

        def discrete(obs: Any, key: Any) -> Any:
            return jax.random.randint(key, (obs.shape[0],), 0, 2)

        return discrete

    def continuous(obs: Any, key: Any) -> Any:
        return jax.random.uniform(key, (obs.shape[0], 1), minval=-2.0, maxval=2.0)

    return continuous


def _scan_ours_fn(task: str, num_envs: int) -> Callable[[Any], Any]:
    """Our rollout inside a jit that keeps what a training loop stores (see :func:`scan_case`)."""
    import importlib

    import jax

    from gymnasium_core.functional import rollout

    ours, _, _, _, max_steps = TASKS[task]
    func_env = getattr(importlib.import_module(ours), f"{task}Functional")()
    policy = _policy(task)

    def one_rollout(key: Any) -> Any:
        t = rollout(func_env, policy, key, SCAN_STEPS, num_envs, max_episode_steps=max_steps)
        return t.observation, t.action, t.reward, t.terminated | t.truncated

    return jax.jit(one_rollout)


def _scan_gymnax_fn(task: str, num_envs: int) -> Callable[[Any], Any]:
    """gymnax's reset + ``lax.scan`` of vmapped ``step`` (it autoresets in the same step)."""
    import jax

    env, params = import_gymnax().make(TASKS[task][3])
    policy = _policy(task)

    def one_rollout(key: Any) -> Any:
        reset_key, key = jax.random.split(key)
        resets = jax.random.split(reset_key, num_envs)
        obs, state = jax.vmap(env.reset, in_axes=(0, None))(resets, params)

        def body(carry: Any, step_key: Any) -> Any:
            obs, state = carry
            k_act, k_step = jax.random.split(step_key)
            action = policy(obs, k_act)
            next_obs, state, reward, done, _ = jax.vmap(env.step, in_axes=(0, 0, 0, None))(
                jax.random.split(k_step, num_envs), state, action, params
            )
            return (next_obs, state), (obs, action, reward, done)

        _, trajectory = jax.lax.scan(body, (obs, state), jax.random.split(key, SCAN_STEPS))
        return trajectory

    return jax.jit(one_rollout)


def scan_case(task: str, impl: str, num_envs: int) -> Callable[[], RunFn]:
    """A ``SCAN_STEPS``-step rollout of ``num_envs`` sub-envs in one jitted ``lax.scan``.

    Both sides do the same work: reset, then per step a random action drawn inside the scan,
    a step with same-step autoreset (``max_episode_steps`` as gymnax's params: 500 CartPole,
    200 Pendulum), and per step the observation the policy saw, the action, the reward and the
    done flag stacked into the output (what a training loop stores; anything else the
    rollout could return is left out on both sides). Each call uses a fresh key. The compile
    happens in the setup.
    """

    def setup() -> RunFn:
        import jax

        build = _scan_ours_fn if impl == "ours" else _scan_gymnax_fn
        compiled = build(task, num_envs)
        keys = iter(jax.random.split(jax.random.PRNGKey(0), 100_000))
        jax.block_until_ready(compiled(next(keys)))  # compile

        def run() -> int:
            jax.block_until_ready(compiled(next(keys)))
            return SCAN_STEPS * num_envs

        return run

    return setup


#: The key constructors a user calls, by row: typed keys (what JAX recommends and the README
#: uses) for the headline row, raw ``uint32`` keys for the second row.
USER_KEYS: dict[str, str] = {"ours": "key", "ours-raw-key": "PRNGKey"}


def user_call_case(key_kind: str, num_envs: int) -> Callable[[], RunFn]:
    """The README's rollout call on ``phys2d/CartPole-v1``, made directly as a user makes it.

    ``key_kind`` names the ``jax.random`` constructor of each call's fresh key (``"key"`` or
    ``"PRNGKey"``). The env is the one ``make_vec`` gives by default, the policy is the
    README's random one, and the whole returned trajectory is waited for. The first call
    (which compiles) happens in the setup.
    """

    def setup() -> RunFn:
        import itertools

        import jax

        import gymnasium_core as gym
        from gymnasium_core.functional import rollout

        env = gym.make_vec("phys2d/CartPole-v1", num_envs=num_envs)
        make_key = getattr(jax.random, key_kind)
        counter = itertools.count()

        def policy(obs: Any, key: Any) -> Any:
            return jax.random.randint(key, (obs.shape[0],), 0, 2)

        def run() -> int:
            trajectory = rollout(
                env, policy, make_key(next(counter)), num_steps=SCAN_STEPS, num_envs=num_envs
            )
            jax.block_until_ready(trajectory)
            return SCAN_STEPS * num_envs

        run()  # compile
        return run

    return setup


def _user_call_cases(gymnax_missing: str | None) -> list[Case]:
    cases = []
    group = f"CartPole rollout as users call ({SCAN_STEPS} steps)"
    for n in NUM_ENVS:
        for impl, key_kind in USER_KEYS.items():
            cases.append(Case(group, impl, user_call_case(key_kind, n), {"num_envs": n}))
        if gymnax_missing is None:
            cases.append(Case(group, "gymnax", scan_case("CartPole", "gymnax", n), {"num_envs": n}))
    return cases


def import_gymnax() -> Any:
    """Import gymnax; it needs ``six`` only to download MNIST, so stand in for it if absent."""
    import importlib
    import sys
    import types

    try:
        return importlib.import_module("gymnax")
    except ModuleNotFoundError as err:
        if err.name != "six":
            raise
    names = ("six", "six.moves", "six.moves.urllib", "six.moves.urllib.request")
    for name in names:
        sys.modules.setdefault(name, types.ModuleType(name))
    sys.modules["six.moves.urllib.request"].urlretrieve = None  # type: ignore[attr-defined]
    return importlib.import_module("gymnax")


def gymnax_missing() -> str | None:
    """Why gymnax's cases cannot run here (``None`` when gymnax imports).

    gymnax may be absent (it is in the ``bench`` dependency group) or present but fail to
    import (a missing dependency of its own).
    """
    try:
        import_gymnax()
    except Exception as err:
        return f"gymnax does not import ({type(err).__name__}: {err}); install the bench group"
    return None


def _cases() -> list[Case]:
    cases = []
    missing = gymnax_missing()
    if missing is not None:
        print(f"[bench_functional] gymnax rows left out: {missing}", file=sys.stderr)
    with_gymnax = missing is None
    for task in TASKS:
        for n in NUM_ENVS:
            group = f"{task} JaxVectorEnv step from Python"
            for impl in ("ours", "reference"):
                cases.append(Case(group, impl, _python_stepping(task, impl, n), {"num_envs": n}))
            group = f"{task} scan rollout ({SCAN_STEPS} steps)"
            cases.append(Case(group, "ours", scan_case(task, "ours", n), {"num_envs": n}))
            if with_gymnax:
                cases.append(Case(group, "gymnax", scan_case(task, "gymnax", n), {"num_envs": n}))
    return _user_call_cases(missing) + cases


CASES: list[Case] = _cases()
