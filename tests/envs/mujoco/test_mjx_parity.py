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
from mujoco import mjx  # noqa: E402

from tests.envs.mujoco import _mjx_helpers as helpers  # noqa: E402

SEEDS = (0, 1, 2)
STEPS_PER_SEED = 30
ROLLOUT_STEPS = 10


class Tolerance(NamedTuple):
    """Bounds on |MJX - native|: ``atol + rtol * |native|`` for observations."""

    obs_atol: float
    obs_rtol: float
    reward_atol: float
    rollout_atol: float  # observations after ROLLOUT_STEPS, relative part as obs_rtol


TOLERANCES: dict[str, Tolerance] = {
    "InvertedPendulum": Tolerance(1e-5, 0.0, 1e-5, 1e-3),
    "InvertedDoublePendulum": Tolerance(1e-4, 0.0, 1e-4, 1e-2),
    "Reacher": Tolerance(1e-5, 0.0, 1e-5, 1e-3),
    "Pusher": Tolerance(2e-4, 0.0, 1e-5, 1e-3),
    "Hopper": Tolerance(1e-4, 0.0, 1e-5, 1e-2),
    "HalfCheetah": Tolerance(1e-3, 0.0, 1e-4, 1e-2),
    "Swimmer": Tolerance(1e-4, 0.0, 1e-5, 1e-3),
    "Walker2d": Tolerance(1e-3, 0.0, 1e-4, 1e-2),
    # cfrc_ext and qfrc_actuator reach hundreds: their error is relative.
    "Humanoid": Tolerance(5e-3, 5e-3, 1e-3, 1e-1),
    "HumanoidStandup": Tolerance(5e-3, 5e-3, 1e-3, 1e-1),
    # See the module docstring: contacts resolve differently.
    "Ant": Tolerance(2.0, 0.0, 0.5, 2.0),
}
FAST = {"InvertedPendulum"}


def _tiered(names: list[str]) -> list[Any]:
    return [n if n in FAST else pytest.param(n, marks=pytest.mark.slow) for n in names]


ALL = _tiered(sorted(MJX_TASKS))


@pytest.mark.parametrize("name", ALL)
def test_mjx_step__matches_native_from_injected_states(name: str) -> None:
    task = MJX_TASKS[name]()
    tol = TOLERANCES[name]
    env = helpers.native_twin(f"{name}-v5", task)
    step = helpers.jitted_step(task)
    params = task.default_params
    for seed in SEEDS:
        env.reset(seed=seed)
        env.action_space.seed(seed)
        for index in range(STEPS_PER_SEED):
            action = env.action_space.sample()
            state = mjx.put_data(env.model, env.data)
            obs, reward, terminated, _, info = env.step(action)
            mjx_obs, mjx_reward, mjx_terminated, mjx_info = step(state, action, params)
            where = f"{name}, seed {seed}, step {index}"
            np.testing.assert_allclose(
                np.asarray(mjx_obs), obs, rtol=tol.obs_rtol, atol=tol.obs_atol, err_msg=where
            )
            assert float(mjx_reward) == pytest.approx(float(reward), abs=tol.reward_atol), where
            assert bool(mjx_terminated) == terminated, where
            assert set(mjx_info) <= set(info), where
            if terminated:
                env.reset()
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
    np.testing.assert_allclose(ours, native, rtol=tol.obs_rtol, atol=tol.rollout_atol)
    env.close()
