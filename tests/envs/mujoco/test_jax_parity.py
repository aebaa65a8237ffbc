"""The MJX tasks against the native MuJoCo envs: one step from injected states, short rollouts.

MJX computes in float32, MuJoCo in float64, so the comparison is within a tolerance per task
and per quantity, set about ten times above the largest error measured over these seeds:

* one step: a native state is injected into MJX before every step, so errors cannot pile up
  (three seeds x 30 states per task);
* rollouts: both start from the same native initial state and take the same actions for
  ``ROLLOUT_STEPS`` = 10 steps. Ten steps keep the float32 drift of the unstable tasks (a pole
  falling, a hopper landing) inside a tolerance that still catches a wrong observation, reward
  or termination; longer, the trajectories of the chaotic tasks separate for real.

Ant is the exception: MJX's constraint solver settles the ant's frictional contacts on other
friction forces than MuJoCo's (also in float64, with identical contacts), so steps that touch
the floor differ by up to ~0.1 in velocities. Its bound is loose and the gap is an xfail.

MJX compiles each task for 5-50 s on CPU, so only InvertedPendulum runs in the default tier.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="the MJX tasks need jax")
pytest.importorskip("mujoco.mjx", reason="the MJX tasks need mujoco.mjx")

from gymnasium_core.envs.mujoco.mjx.tasks import MJX_TASKS  # noqa: E402

from gymnasium_core.testing.compare import Tolerance, assert_same  # noqa: E402
from tests.envs.mujoco import _mjx_helpers as helpers  # noqa: E402

SEEDS = (0, 1, 2)
STEPS_PER_SEED = 30
ROLLOUT_STEPS = 10


class TaskTolerance(NamedTuple):
    """Bounds on |MJX - native| of one task: ``atol + rtol * |native|``."""

    obs: Tolerance  # observations after one step from an injected state
    reward: Tolerance
    rollout: Tolerance  # observations after ROLLOUT_STEPS


def _tolerance(
    obs_atol: float, obs_rtol: float, reward_atol: float, rollout_atol: float
) -> TaskTolerance:
    return TaskTolerance(
        obs=Tolerance(rtol=obs_rtol, atol=obs_atol),
        reward=Tolerance(atol=reward_atol),
        rollout=Tolerance(rtol=obs_rtol, atol=rollout_atol),
    )


# (obs atol, obs rtol, reward atol, rollout atol)
TOLERANCES: dict[str, TaskTolerance] = {
    "InvertedPendulum": _tolerance(1e-5, 0.0, 1e-5, 1e-3),
    "InvertedDoublePendulum": _tolerance(1e-4, 0.0, 1e-4, 1e-2),
    "Reacher": _tolerance(1e-5, 0.0, 1e-5, 1e-3),
    "Pusher": _tolerance(2e-4, 0.0, 1e-5, 1e-3),
    "Hopper": _tolerance(1e-4, 0.0, 1e-5, 1e-2),
    "HalfCheetah": _tolerance(1e-3, 0.0, 1e-4, 1e-2),
    "Swimmer": _tolerance(1e-4, 0.0, 1e-5, 1e-3),
    "Walker2d": _tolerance(1e-3, 0.0, 1e-4, 1e-2),
    # cfrc_ext and qfrc_actuator reach hundreds: their error is relative.
    "Humanoid": _tolerance(5e-3, 5e-3, 1e-3, 1e-1),
    "HumanoidStandup": _tolerance(5e-3, 5e-3, 1e-3, 1e-1),
    # See the module docstring: contacts resolve differently.
    "Ant": _tolerance(2.0, 0.0, 0.5, 2.0),
}
FAST = {"InvertedPendulum"}


def _tiered(names: list[str]) -> list[Any]:
    return [n if n in FAST else pytest.param(n, marks=pytest.mark.slow) for n in names]


ALL = _tiered(sorted(MJX_TASKS))


def _widened(values: Any) -> np.ndarray:
    """MJX's float32 array as float64, the dtype of the native values it is compared with."""
    return np.asarray(values, dtype=np.float64)


@pytest.mark.parametrize("name", ALL)
def test_mjx_step__matches_native_from_injected_states(name: str) -> None:
    task = MJX_TASKS[name]()
    tol = TOLERANCES[name]
    env = helpers.native_twin(f"{name}-v5", task)
    for seed in SEEDS:
        pairs = helpers.paired_steps(task, env, STEPS_PER_SEED, seed)
        for index, (native, mjx_step) in enumerate(pairs):
            obs, reward, terminated, info = native
            mjx_obs, mjx_reward, mjx_terminated, mjx_info = mjx_step
            where = f"{name}, seed {seed}, step {index}"
            # MJX's float32 results, widened to the native float64, within the task's bounds.
            assert_same(_widened(mjx_obs), obs, tolerance=tol.obs, where=f"{where}: obs")
            assert_same(
                float(mjx_reward), float(reward), tolerance=tol.reward, where=f"{where}: reward"
            )
            assert bool(mjx_terminated) == terminated, where
            assert set(mjx_info) <= set(info), where
    env.close()


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="MJX resolves the ant's floor contacts differently")
def test_mjx_step__ant_contacts_match_native_closely() -> None:
    task = MJX_TASKS["Ant"]()
    env = helpers.native_twin("Ant-v5", task)
    errors = list(helpers.compare_steps(task, env, STEPS_PER_SEED, seed=0))
    assert helpers.max_errors(errors)["obs"] < 1e-3


@pytest.mark.slow
def test_mjx_step__ant_agrees_on_most_steps() -> None:
    task = MJX_TASKS["Ant"]()
    env = helpers.native_twin("Ant-v5", task)
    errors = [e.obs for seed in SEEDS for e in helpers.compare_steps(task, env, 30, seed)]
    # Contact-free steps (most of them) agree as closely as the other tasks.
    assert float(np.median(errors)) < 1e-4


@pytest.mark.parametrize("name", ALL)
def test_mjx_rollout__stays_near_native(name: str) -> None:
    task = MJX_TASKS[name]()
    tol = TOLERANCES[name]
    env = helpers.native_twin(f"{name}-v5", task)
    env.reset(seed=3)
    qpos, qvel = env.data.qpos.copy(), env.data.qvel.copy()
    env.action_space.seed(3)
    actions = np.stack([env.action_space.sample() for _ in range(ROLLOUT_STEPS)])
    native = helpers.native_rollout_from(task, env, qpos, qvel, actions)
    ours = helpers.mjx_rollout_from(task, qpos, qvel, actions)
    assert_same(_widened(ours), native, tolerance=tol.rollout, where=f"{name} rollout")
    env.close()
