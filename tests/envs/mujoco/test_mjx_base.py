"""The MJX functional versions of the pendulums, Reacher and Pusher against the native envs.

MJX computes in float32, the native path in float64, so the comparison is one step at a time
from a native state injected into MJX (errors cannot pile up), within ``ATOL``: measured errors
are below 3e-5 on every task. Compiling MJX on CPU takes seconds per task, so these are slow.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import gymnasium_core

jax = pytest.importorskip("jax", reason="the MJX tasks need jax")
mjx = pytest.importorskip("mujoco.mjx", reason="the MJX tasks need mujoco.mjx")

from gymnasium_core.envs.mujoco import mjx_tasks  # noqa: E402

from gymnasium_core.functional import FunctionalJaxEnv  # noqa: E402

ATOL = 1e-4  # float32 MJX against float64 MuJoCo, one step from the same state
TASKS = [
    ("InvertedPendulum-v5", mjx_tasks.MjxInvertedPendulum),
    ("InvertedDoublePendulum-v5", mjx_tasks.MjxInvertedDoublePendulum),
    ("Reacher-v5", mjx_tasks.MjxReacher),
    ("Pusher-v5", mjx_tasks.MjxPusher),
]


def _jitted(task: Any) -> tuple[Any, Any]:
    def step(state: Any, action: Any) -> Any:
        next_state = task.transition(state, action, None)
        return (
            task.observation(next_state, None),
            task.reward(state, action, next_state, None),
            task.terminal(next_state, None),
        )

    def initial(key: Any) -> Any:
        return task.observation(task.initial(key), None)

    return jax.jit(step), jax.jit(initial)


@pytest.mark.slow
@pytest.mark.parametrize(("env_id", "task_cls"), TASKS, ids=[env_id for env_id, _ in TASKS])
def test_mjx__one_step_from_native_states_matches_native(env_id: str, task_cls: type) -> None:
    task = task_cls()
    step, initial = _jitted(task)
    env = gymnasium_core.make(env_id).unwrapped
    env.reset(seed=0)
    env.action_space.seed(0)
    for index in range(40):
        action = env.action_space.sample()
        state = mjx.put_data(env.model, env.data)
        obs, reward, terminated, _, _ = env.step(action)
        mjx_obs, mjx_reward, mjx_terminated = step(state, jax.numpy.asarray(action))
        np.testing.assert_allclose(np.asarray(mjx_obs), obs, rtol=0, atol=ATOL, err_msg=f"{index}")
        assert float(mjx_reward) == pytest.approx(reward, abs=ATOL)
        assert bool(mjx_terminated) == terminated
        if terminated:
            env.reset()
    env.close()
    first = np.asarray(initial(jax.random.PRNGKey(1)))
    assert first.shape == task.observation_space.shape
    assert np.all(np.isfinite(first))


@pytest.mark.slow
def test_mjx__reset_distributions_respect_the_native_constraints() -> None:
    reacher, pusher = mjx_tasks.MjxReacher(), mjx_tasks.MjxPusher()
    keys = jax.random.split(jax.random.PRNGKey(0), 64)
    goals = jax.jit(jax.vmap(lambda k: reacher.initial(k).qpos[-2:]))(keys)
    assert np.all(np.linalg.norm(np.asarray(goals), axis=1) < 0.2)
    objects = jax.jit(jax.vmap(lambda k: pusher.initial(k).qpos[-4:-2]))(keys)
    assert np.all(np.linalg.norm(np.asarray(objects), axis=1) > 0.17)
    assert np.all(np.asarray(objects)[:, 0] <= 0.0)


@pytest.mark.slow
def test_mjx__runs_as_a_functional_jax_env() -> None:
    env = FunctionalJaxEnv(mjx_tasks.MjxInvertedPendulum())
    obs, _ = env.reset(seed=0)
    env.action_space.seed(0)
    for _ in range(20):
        obs, _, terminated, _, _ = env.step(env.action_space.sample())
        assert obs.shape == (4,)
        if terminated:
            env.reset()
    env.close()
