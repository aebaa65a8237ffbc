"""Classic control: single env, numpy-batched, JAX scan rollouts and the Python-stepped JAX env.

* ``make("CartPole-v1")`` with its default wrappers, stepped with random actions (drawn ahead),
  ours against Gymnasium's.
* The numpy-batched CartPole vector env at 1,024 and 16,384 envs against Gymnasium's
  ``CartPoleVectorEnv``.
* CartPole and Pendulum rolled out in one ``lax.scan`` with autoreset (random policy) at
  1,024 and 16,384 envs: our ``rollout`` against gymnax's ``jit(scan(vmap(step)))``, both
  built by ``bench_functional.scan_case`` (same steps per call, same outputs kept).
* The JAX vector env stepped from Python at 1,024 envs (one jitted call per step, no host
  sync) against gymnax's ``jit(vmap(step))`` and Gymnasium's ``phys2d`` vector env.

JIT compiles happen in ``setup`` and land in ``setup_s``.
"""

from __future__ import annotations

import numpy as np

from benchmarks.bench_functional import import_gymnax, scan_case
from benchmarks.harness import Case, stepped_make

SINGLE_STEPS = 2000
VEC_STEPS = 50
PY_STEPS = 50
SIZES = (1024, 16384)


def _cartpole_actions(env):
    return np.random.default_rng(0).integers(0, 2, SINGLE_STEPS).tolist()


def _numpy_vector(impl: str, num_envs: int):
    def setup():
        if impl == "ours":
            from gymnasium_core.envs.classic_control.cartpole import CartPoleVectorEnv
        else:
            from gymnasium.envs.classic_control.cartpole import CartPoleVectorEnv
        env = CartPoleVectorEnv(num_envs)
        env.reset(seed=0)
        actions = np.random.default_rng(0).integers(0, 2, (VEC_STEPS, num_envs))

        def run() -> int:
            for action in actions:
                env.step(action)
            return VEC_STEPS * num_envs

        run()
        return run

    return setup


def _python_stepped(impl: str, num_envs: int):
    def setup():
        import jax
        import jax.numpy as jnp

        actions = [
            jnp.asarray(a) for a in np.random.default_rng(0).integers(0, 2, (PY_STEPS, num_envs))
        ]
        if impl == "gymnax":
            env, params = import_gymnax().make("CartPole-v1")
            step = jax.jit(jax.vmap(env.step, (0, 0, 0, None)))
            keys = jax.random.split(jax.random.PRNGKey(0), num_envs)
            _, state = jax.jit(jax.vmap(env.reset, (0, None)))(keys, params)
            box = {"state": state}

            def run() -> int:
                state = box["state"]
                for action in actions:
                    obs, state, _reward, _done, _ = step(keys, state, action, params)
                box["state"] = state
                obs.block_until_ready()
                return PY_STEPS * num_envs
        else:
            if impl == "ours":
                from gymnasium_core.envs.phys2d.cartpole import CartPoleJaxVectorEnv
            else:
                from gymnasium.envs.phys2d.cartpole import CartPoleJaxVectorEnv
            env = CartPoleJaxVectorEnv(num_envs, max_episode_steps=500)
            env.reset(seed=0)

            def run() -> int:
                for action in actions:
                    obs = env.step(action)[0]
                jnp.asarray(obs).block_until_ready()
                return PY_STEPS * num_envs

        run()
        return run

    return setup


CASES: list[Case] = [
    Case(
        "CartPole-v1 make() single env",
        "ours",
        stepped_make("gymnasium_core", "CartPole-v1", _cartpole_actions),
    ),
    Case(
        "CartPole-v1 make() single env",
        "reference",
        stepped_make("gymnasium", "CartPole-v1", _cartpole_actions),
    ),
]
for _n in SIZES:
    CASES += [
        Case("CartPole numpy vector env", "ours", _numpy_vector("ours", _n), {"num_envs": _n}),
        Case(
            "CartPole numpy vector env",
            "reference",
            _numpy_vector("reference", _n),
            {"num_envs": _n},
        ),
    ]
for _task in ("CartPole", "Pendulum"):
    for _n in SIZES:
        CASES += [
            Case(f"{_task} JAX scan rollout", impl, scan_case(_task, impl, _n), {"num_envs": _n})
            for impl in ("ours", "gymnax")
        ]
CASES += [
    Case(
        "CartPole JAX vector env stepped from Python",
        impl,
        _python_stepped(impl, 1024),
        {"num_envs": 1024},
    )
    for impl in ("ours", "gymnax", "reference")
]
