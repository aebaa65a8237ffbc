"""MJX: batched steps of the v5 tasks on JAX against one native env stepped from Python.

For each task and batch size the group holds three cases:

* ``ours``: ``num_envs`` MJX copies (``jax.vmap``) run for ``SCAN_STEPS`` steps inside one
  ``lax.scan`` (:func:`gymnasium_core.functional.rollout`, random actions drawn on device,
  autoreset off); the compile happens in ``setup`` and is reported apart as ``setup_s``;
* ``ours-native``: our ``make("<Task>-v5")``, one env stepped in a Python loop;
* ``reference``: Gymnasium's ``make("<Task>-v5")`` stepped the same way.

Steps per second count every sub-environment's step. These numbers come from CPUs: MJX is
made for accelerators, and on a CPU a batch mostly amortises Python and dispatch overhead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from benchmarks.bench_mujoco import _stepped
from benchmarks.harness import Case

RunFn = Callable[[], int]

TASKS = ("Hopper", "HalfCheetah")
# (num_envs, scan steps per run). Larger batches are for accelerators: on 2 CPU cores a batch of
# 4,096 Hoppers compiles and steps for many minutes.
BATCHES = ((256, 20),)
NATIVE_STEPS = 300


def _uniform_policy(low: Any, high: Any) -> Callable[[Any, Any], Any]:
    import jax

    def policy(obs: Any, key: Any) -> Any:
        return jax.random.uniform(key, (obs.shape[0], low.shape[0]), minval=low, maxval=high)

    return policy


def _mjx_batch(name: str, num_envs: int, scan_steps: int) -> Callable[[], RunFn]:
    def setup() -> RunFn:
        import jax
        import jax.numpy as jnp
        from gymnasium_core.envs.mujoco.mjx_tasks import MJX_TASKS

        from gymnasium_core.functional import rollout
        from gymnasium_core.vector import AutoresetMode

        task = MJX_TASKS[name]()
        space = task.action_space
        policy = _uniform_policy(jnp.asarray(space.low), jnp.asarray(space.high))
        keys = iter(jax.random.split(jax.random.PRNGKey(0), 10_000))

        def run() -> int:
            trajectory = rollout(
                task,
                policy,
                next(keys),
                scan_steps,
                num_envs,
                autoreset_mode=AutoresetMode.DISABLED,
            )
            trajectory.reward.block_until_ready()
            return scan_steps * num_envs

        run()
        return run

    return setup


def _cases() -> list[Case]:
    cases = []
    for name in TASKS:
        env_id = f"{name}-v5"
        for num_envs, scan_steps in BATCHES:
            group = f"{env_id} MJX batch of {num_envs} vs one native env"
            params = {"num_envs": num_envs}
            cases += [
                Case(group, "ours", _mjx_batch(name, num_envs, scan_steps), params),
                # Same params as the batch, so the report sets the three side by side.
                Case(
                    group, "ours-native", _stepped("gymnasium_core", env_id, NATIVE_STEPS), params
                ),
                Case(group, "reference", _stepped("gymnasium", env_id, NATIVE_STEPS), params),
            ]
    return cases


CASES: list[Case] = _cases()
