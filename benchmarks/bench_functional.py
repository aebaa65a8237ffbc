"""Functional JAX backend: vector env stepped from Python, and the lax.scan rollout.

One small CartPole-style FuncEnv written with ``jax.numpy`` (state a ``(4,)`` array, the
reference's ``FuncEnv`` signatures) runs under our ``FunctionalJaxVectorEnv`` and Gymnasium's,
and under our ``rollout``; gymnax's own CartPole-v1 (same dynamics) is scanned the gymnax way.
Compile time lands in ``setup_s``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from benchmarks.harness import Case

NUM_ENVS = (1024, 16384)
SCAN_STEPS = 100


def _cartpole(base: type) -> Any:
    import jax
    import jax.numpy as jnp

    if base.__module__.startswith("gymnasium_core"):
        from gymnasium_core import spaces
    else:
        from gymnasium import spaces  # the reference batches only its own spaces

    class CartPoleLike(base):  # type: ignore[misc, valid-type]
        observation_space = spaces.Box(-np.inf, np.inf, (4,), np.float32)
        action_space = spaces.Discrete(2)

        def initial(self, rng, params=None):
            return jax.random.uniform(rng, (4,), minval=-0.05, maxval=0.05)

        def transition(self, state, action, rng=None, params=None):
            x, x_dot, theta, theta_dot = state
            force = jnp.where(action == 1, 10.0, -10.0)
            cos, sin = jnp.cos(theta), jnp.sin(theta)
            temp = (force + 0.05 * theta_dot**2 * sin) / 1.1
            theta_acc = (9.8 * sin - cos * temp) / (0.5 * (4.0 / 3.0 - 0.1 * cos**2 / 1.1))
            x_acc = temp - 0.05 * theta_acc * cos / 1.1
            return jnp.stack(
                [
                    x + 0.02 * x_dot,
                    x_dot + 0.02 * x_acc,
                    theta + 0.02 * theta_dot,
                    theta_dot + 0.02 * theta_acc,
                ]
            )

        def observation(self, state, rng=None, params=None):
            return state

        def terminal(self, state, rng=None, params=None):
            return (jnp.abs(state[0]) > 2.4) | (jnp.abs(state[2]) > 12 * 2 * math.pi / 360)

        def reward(self, state, action, next_state, rng=None, params=None):
            return jnp.float32(1.0)

    return CartPoleLike()


def _python_stepping(impl: str, num_envs: int):
    def setup():
        import jax

        if impl == "ours":
            from gymnasium_core.functional import FuncEnv, FunctionalJaxVectorEnv
        else:
            from gymnasium.envs.functional_jax_env import FunctionalJaxVectorEnv
            from gymnasium.experimental.functional import FuncEnv
        env = FunctionalJaxVectorEnv(_cartpole(FuncEnv), num_envs, max_episode_steps=200)
        env.reset(seed=0)
        actions = [
            jax.numpy.asarray(np.random.default_rng(i).integers(0, 2, num_envs), "int32")
            for i in range(8)
        ]
        for a in actions[:2]:  # warm up: compile (the reference compiles again per reset count)
            env.step(a)
        jax.block_until_ready(env.step(actions[0])[0])

        def run() -> int:
            obs = None
            for a in actions:
                obs = env.step(a)[0]
            jax.block_until_ready(obs)
            return len(actions) * num_envs

        return run

    return setup


def _scan_ours(num_envs: int):
    def setup():
        import jax

        from gymnasium_core.functional import FuncEnv, rollout

        env = _cartpole(FuncEnv)

        def policy(obs, key):
            return jax.random.randint(key, (obs.shape[0],), 0, 2)

        key = jax.random.PRNGKey(0)
        jax.block_until_ready(rollout(env, policy, key, SCAN_STEPS, num_envs).reward)

        def run() -> int:
            out = rollout(env, policy, key, SCAN_STEPS, num_envs, max_episode_steps=500)
            jax.block_until_ready(out.reward)
            return SCAN_STEPS * num_envs

        jax.block_until_ready(
            rollout(env, policy, key, SCAN_STEPS, num_envs, max_episode_steps=500).reward
        )
        return run

    return setup


def _scan_gymnax(num_envs: int):
    def setup():
        import gymnax
        import jax

        env, params = gymnax.make("CartPole-v1")

        def one_rollout(key):
            reset_key, key = jax.random.split(key)
            obs, state = jax.vmap(env.reset, in_axes=(0, None))(
                jax.random.split(reset_key, num_envs), params
            )

            def body(carry, step_key):
                obs, state = carry
                k_act, k_step = jax.random.split(step_key)
                action = jax.random.randint(k_act, (num_envs,), 0, 2)
                obs, state, reward, done, _ = jax.vmap(env.step, in_axes=(0, 0, 0, None))(
                    jax.random.split(k_step, num_envs), state, action, params
                )
                return (obs, state), (obs, reward, done)

            _, traj = jax.lax.scan(body, (obs, state), jax.random.split(key, SCAN_STEPS))
            return traj

        compiled = jax.jit(one_rollout)
        key = jax.random.PRNGKey(0)
        jax.block_until_ready(compiled(key))

        def run() -> int:
            jax.block_until_ready(compiled(key))
            return SCAN_STEPS * num_envs

        return run

    return setup


def _gymnax_installed() -> bool:
    # gymnax can be present but unimportable (it needs `six`); then its cases are left out.
    try:
        import gymnax  # noqa: F401
    except Exception:
        return False
    return True


CASES: list[Case] = []
for _n in NUM_ENVS:
    for _impl in ("ours", "reference"):
        CASES.append(
            Case(
                "FunctionalJaxVectorEnv step from Python",
                _impl,
                _python_stepping(_impl, _n),
                {"num_envs": _n},
            )
        )
    CASES.append(Case("scan rollout (100 steps)", "ours", _scan_ours(_n), {"num_envs": _n}))
    # The harness compares against "reference": gymnax is the reference of a scan rollout.
    if _gymnax_installed():
        CASES.append(Case("scan rollout (100 steps)", "gymnax", _scan_gymnax(_n), {"num_envs": _n}))
