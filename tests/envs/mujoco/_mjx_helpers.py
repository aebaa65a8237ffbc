"""Helpers of the MJX tests: native twins of the MJX tasks and step-by-step comparisons.

The comparison injects a native state into MJX (``mjx.put_data``) before every step, so the
errors measured are those of one step: float32 MJX against float64 MuJoCo, errors cannot pile
up. The native env of a humanoid runs Newton's method, as its MJX task does.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import mujoco
import numpy as np
from gymnasium_core.envs.mujoco.mjx.tasks import MjxTask, load_models
from mujoco import mjx

import gymnasium_core


@dataclass
class StepError:
    """Largest absolute differences of one compared step (MJX minus native)."""

    obs: float
    reward: float
    terminated_equal: bool
    info: dict[str, float]


def native_twin(env_id: str, task: MjxTask, **kwargs: Any) -> Any:
    """The unwrapped native ``env_id`` made with ``kwargs``, on the solver the MJX task runs."""
    env: Any = gymnasium_core.make(env_id, **kwargs).unwrapped
    env.model.opt.solver = load_models(task.xml_file)[0].opt.solver
    return env


def jitted_step(task: MjxTask) -> Any:
    """``step(state, action, params) -> (obs, reward, terminated, info)``, compiled."""

    def step(state: Any, action: Any, params: Any) -> tuple[Any, Any, Any, Any]:
        next_state = task.transition(state, action, None, params)
        return (
            task.observation(next_state, None, params),
            task.reward(state, action, next_state, None, params),
            task.terminal(next_state, None, params),
            task.transition_info(state, action, next_state, params),
        )

    return jax.jit(step)


def paired_steps(
    task: MjxTask, env: Any, num_steps: int, seed: int, params: Any = None
) -> Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """Step ``env`` with seeded random actions; with each step, MJX's same step.

    Yields ``((obs, reward, terminated, info), (mjx_obs, mjx_reward, mjx_terminated,
    mjx_info))``, MJX's step taken from the native state before the step. The native episode
    restarts whenever it ends.
    """
    params = task.default_params if params is None else params
    step = jitted_step(task)
    env.reset(seed=seed)
    env.action_space.seed(seed)
    for _ in range(num_steps):
        action = env.action_space.sample()
        state = mjx.put_data(env.model, env.data)
        obs, reward, terminated, _, info = env.step(action)
        yield (obs, reward, terminated, info), step(state, jnp.asarray(action), params)
        if terminated:
            env.reset()


def compare_steps(
    task: MjxTask, env: Any, num_steps: int, seed: int, params: Any = None
) -> Iterator[StepError]:
    """The errors of MJX's steps against ``env``'s (see :func:`paired_steps`).

    Info entries are compared where both sides report a key.
    """
    for (obs, reward, terminated, info), mjx_step in paired_steps(
        task, env, num_steps, seed, params
    ):
        mjx_obs, mjx_reward, mjx_terminated, mjx_info = mjx_step
        info_errors = {
            key: float(np.max(np.abs(np.asarray(value) - np.asarray(info[key]))))
            for key, value in mjx_info.items()
            if key in info
        }
        yield StepError(
            obs=float(np.max(np.abs(np.asarray(mjx_obs) - obs))),
            reward=abs(float(mjx_reward) - float(reward)),
            terminated_equal=bool(mjx_terminated) == bool(terminated),
            info=info_errors,
        )


def max_errors(errors: list[StepError]) -> dict[str, float]:
    """The largest observation, reward and per-info-key errors over ``errors``."""
    worst = {"obs": max(e.obs for e in errors), "reward": max(e.reward for e in errors)}
    for error in errors:
        for key, value in error.info.items():
            worst[f"info.{key}"] = max(worst.get(f"info.{key}", 0.0), value)
    return worst


def native_rollout_from(task: MjxTask, env: Any, qpos: Any, qvel: Any, actions: Any) -> Any:
    """Native observations of ``actions`` applied from ``(qpos, qvel)``, shape ``(T, obs)``."""
    env.reset(seed=0)
    env.set_state(np.asarray(qpos, dtype=np.float64), np.asarray(qvel, dtype=np.float64))
    return np.stack([env.step(np.asarray(a))[0] for a in actions])


def mjx_rollout_from(task: MjxTask, qpos: Any, qvel: Any, actions: Any) -> Any:
    """MJX observations of ``actions`` applied from ``(qpos, qvel)``, shape ``(T, obs)``."""

    def body(state: Any, action: Any) -> tuple[Any, Any]:
        next_state = task.transition(state, action, None)
        return next_state, task.observation(next_state, None)

    state = task.make_state(jnp.asarray(qpos), jnp.asarray(qvel))
    _, observations = jax.jit(lambda s, a: jax.lax.scan(body, s, a))(state, jnp.asarray(actions))
    return np.asarray(observations)


def solver_of(env: Any) -> int:
    """The native env's constraint solver (``mujoco.mjtSolver``)."""
    return int(mujoco.mjtSolver(env.model.opt.solver))
