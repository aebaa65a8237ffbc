"""Classic control: single env, numpy-batched, JAX scan rollouts and the Python-stepped JAX env.

* ``make("CartPole-v1")`` with its default wrappers, stepped with random actions (drawn ahead),
  ours against Gymnasium's.
* The numpy-batched CartPole vector env at 1,024 and 16,384 envs against Gymnasium's
  ``CartPoleVectorEnv``.
* CartPole and Pendulum rolled out in one ``lax.scan`` with autoreset (random policy) at
  1,024 and 16,384 envs: our ``rollout`` against gymnax's ``jit(scan(vmap(step)))``.
* The JAX vector env stepped from Python at 1,024 envs (one jitted call per step, no host
  sync) against gymnax's ``jit(vmap(step))`` and Gymnasium's ``phys2d`` vector env.

JIT compiles happen in ``setup`` and land in ``setup_s``.
"""

from __future__ import annotations

import numpy as np

from benchmarks.harness import Case

SINGLE_STEPS = 2000
VEC_STEPS = 50
SCAN_STEPS = 100
PY_STEPS = 50
SIZES = (1024, 16384)


def _single(module_name: str):
    def setup():
        gym = __import__(module_name)
        env = gym.make("CartPole-v1")
        env.reset(seed=0)
        actions = np.random.default_rng(0).integers(0, 2, SINGLE_STEPS).tolist()

        def run() -> int:
            for action in actions:
                _, _, terminated, truncated, _ = env.step(action)
                if terminated or truncated:
                    env.reset()
            return SINGLE_STEPS

        run()
        return run

    return setup


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


def _import_gymnax():
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
    sys.modules["six.moves.urllib.request"].urlretrieve = None
    return importlib.import_module("gymnax")


def _policy_discrete(obs, key):
    import jax

    return jax.random.randint(key, (obs.shape[0],), 0, 2)


def _policy_torque(obs, key):
    import jax

    return jax.random.uniform(key, (obs.shape[0], 1), minval=-2.0, maxval=2.0)


def _ours_scan(task: str, num_envs: int):
    def setup():
        import jax

        from gymnasium_core.functional import rollout

        if task == "CartPole":
            from gymnasium_core.envs.phys2d.cartpole import CartPoleFunctional as Func

            policy, limit = _policy_discrete, 500
        else:
            from gymnasium_core.envs.phys2d.pendulum import PendulumFunctional as Func

            policy, limit = _policy_torque, 200
        env = Func()
        keys = iter(jax.random.split(jax.random.PRNGKey(0), 10_000))

        def run() -> int:
            traj = rollout(env, policy, next(keys), SCAN_STEPS, num_envs, max_episode_steps=limit)
            traj.reward.block_until_ready()
            return SCAN_STEPS * num_envs

        run()
        return run

    return setup


def _gymnax_scan(task: str, num_envs: int):
    def setup():
        import jax

        gymnax = _import_gymnax()
        env, params = gymnax.make("CartPole-v1" if task == "CartPole" else "Pendulum-v1")

        def act(key):
            if task == "CartPole":
                return jax.random.randint(key, (num_envs,), 0, 2)
            return jax.random.uniform(key, (num_envs,), minval=-2.0, maxval=2.0)

        @jax.jit
        def roll(key):
            reset_key, key = jax.random.split(key)
            obs, state = jax.vmap(env.reset, (0, None))(
                jax.random.split(reset_key, num_envs), params
            )

            def body(carry, k):
                obs, state = carry
                k_act, k_step = jax.random.split(k)
                obs, state, reward, done, _ = jax.vmap(env.step, (0, 0, 0, None))(
                    jax.random.split(k_step, num_envs), state, act(k_act), params
                )
                return (obs, state), (reward, done)

            return jax.lax.scan(body, (obs, state), jax.random.split(key, SCAN_STEPS))[1]

        keys = iter(jax.random.split(jax.random.PRNGKey(0), 10_000))

        def run() -> int:
            roll(next(keys))[0].block_until_ready()
            return SCAN_STEPS * num_envs

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
            env, params = _import_gymnax().make("CartPole-v1")
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
    Case("CartPole-v1 make() single env", "ours", _single("gymnasium_core")),
    Case("CartPole-v1 make() single env", "reference", _single("gymnasium")),
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
            Case(f"{_task} JAX scan rollout", "ours", _ours_scan(_task, _n), {"num_envs": _n}),
            Case(f"{_task} JAX scan rollout", "gymnax", _gymnax_scan(_task, _n), {"num_envs": _n}),
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
