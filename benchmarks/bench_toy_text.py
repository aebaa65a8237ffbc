"""Toy text: single-env steps against the reference, and the JAX tabular envs in a scan.

Single env: ``make(id)`` stepped with a fixed action sequence, ours against Gymnasium's (the
same wrappers on both sides). JAX: each ``tabular/*`` task batched at 16384 envs inside our
``lax.scan`` rollout; the compile lands in ``setup_s``. The reference's functional classes have
no rollout helper, so the tasks it has (CliffWalking, Blackjack) also run through one plain
``vmap``-in-``scan`` driver written here, ours and the reference's alike, called the way the
reference's ``FunctionalJaxEnv`` calls a FuncEnv. The reference has no FrozenLake or Taxi
FuncEnv and gymnax no tabular tasks of these rules, so those rollouts are recorded alone.
"""

from __future__ import annotations

import numpy as np

from benchmarks.harness import Case, stepped_make

STEPS = 1000
SCAN_STEPS = 100
SCAN_ENVS = 16384
SINGLE_IDS = ("FrozenLake-v1", "Taxi-v4", "CliffWalking-v1", "Blackjack-v1")


def _actions(env):
    return np.random.default_rng(0).integers(0, int(env.action_space.n), STEPS).tolist()


def _scan(module: str, cls: str):
    def setup():
        import importlib

        import jax

        from gymnasium_core.functional import rollout

        task = getattr(importlib.import_module(f"gymnasium_core.envs.toy_text.{module}"), cls)
        env = task()
        num_actions = int(env.action_space.n)

        def policy(obs, key):
            return jax.random.randint(key, (SCAN_ENVS,), 0, num_actions)

        key = jax.random.PRNGKey(0)
        jax.block_until_ready(rollout(env, policy, key, SCAN_STEPS, SCAN_ENVS).reward)

        def run() -> int:
            out = rollout(env, policy, key, SCAN_STEPS, SCAN_ENVS)
            jax.block_until_ready(out.reward)
            return SCAN_STEPS * SCAN_ENVS

        return run

    return setup


def _driver(func: object, num_actions: int, action_shape: tuple[int, ...]):
    """A jitted ``run(key)``: random actions and autoreset over ``SCAN_ENVS`` envs in a scan."""
    import jax
    import jax.numpy as jnp

    def env_step(state, key):
        k_action, k_step, k_reset = jax.random.split(key, 3)
        action = jax.random.randint(k_action, action_shape, 0, num_actions)
        next_state = func.transition(state, action, k_step)
        reward = func.reward(state, action, next_state, k_step)
        done = func.terminal(next_state, k_step)
        obs = func.observation(next_state, k_step)
        fresh = func.initial(rng=k_reset)
        next_state = jax.tree.map(lambda a, b: jnp.where(done, b, a), next_state, fresh)
        return next_state, (obs, reward)

    def batch_step(states, key):
        return jax.vmap(env_step)(states, jax.random.split(key, SCAN_ENVS))

    @jax.jit
    def run(key):
        first = jax.vmap(lambda k: func.initial(rng=k))(jax.random.split(key, SCAN_ENVS))
        # One step outside the scan gives the carry its steady leaf shapes and dtypes.
        states, _ = batch_step(first, key)
        _, (obs, reward) = jax.lax.scan(batch_step, states, jax.random.split(key, SCAN_STEPS))
        return reward.sum() + obs.sum()

    return run


def _driver_case(impl: str, task: str):
    def setup():
        import importlib

        import jax

        package = "gymnasium_core" if impl == "ours" else "gymnasium"
        module = importlib.import_module(f"{package}.envs.tabular.{task}")
        if task == "cliffwalking":
            func, num_actions, action_shape = module.CliffWalkingFunctional(), 4, (1,)
        else:
            func, num_actions, action_shape = module.BlackjackFunctional(), 2, ()
        if impl == "ours":
            import jax.numpy as jnp

            func = func.with_xp(jnp)
        run_jit = _driver(func, num_actions, action_shape)
        key = jax.random.PRNGKey(0)
        jax.block_until_ready(run_jit(key))

        def run() -> int:
            jax.block_until_ready(run_jit(key))
            return SCAN_STEPS * SCAN_ENVS

        return run

    return setup


CASES: list[Case] = []
for _id in SINGLE_IDS:
    _group = f"{_id} make() single env"
    CASES.append(Case(_group, "ours", stepped_make("gymnasium_core", _id, _actions)))
    CASES.append(Case(_group, "reference", stepped_make("gymnasium", _id, _actions)))
for _module, _cls in (
    ("frozen_lake", "FrozenLakeFunctional"),
    ("taxi", "TaxiFunctional"),
    ("cliffwalking", "CliffWalkingFunctional"),
    ("blackjack", "BlackjackFunctional"),
):
    CASES.append(
        Case(
            f"tabular {_cls[: -len('Functional')]} scan rollout ({SCAN_STEPS} steps)",
            "ours",
            _scan(_module, _cls),
            {"num_envs": SCAN_ENVS},
        )
    )
for _task, _name in (("cliffwalking", "CliffWalking"), ("blackjack", "Blackjack")):
    for _impl in ("ours", "reference"):
        CASES.append(
            Case(
                f"tabular {_name} vmap+scan driver ({SCAN_STEPS} steps)",
                _impl,
                _driver_case(_impl, _task),
                {"num_envs": SCAN_ENVS},
            )
        )
