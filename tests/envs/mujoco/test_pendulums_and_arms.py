"""Behaviour of the pendulums, Reacher and Pusher beyond parity: version quirks and resets.

Their rollouts, kwargs, interface and errors are compared with the reference in
``test_parity.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

import gymnasium_core
from tests.envs.mujoco._reference import gymnasium, mujoco

pytestmark = pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")


def test_inverted_pendulum_v5__frame_skip_sets_render_fps() -> None:
    env = gymnasium_core.make("InvertedPendulum-v5", frame_skip=5)
    assert env.unwrapped.dt == pytest.approx(0.1)
    assert env.metadata["render_fps"] == 10
    env.close()


def test_inverted_pendulum_v5__unhealthy_step_earns_nothing() -> None:
    env = gymnasium_core.make("InvertedPendulum-v5")
    env.reset(seed=0)
    env.unwrapped.set_state(np.array([0.0, 0.5]), np.zeros(2))
    _, reward, terminated, _, info = env.step(np.zeros(1, dtype=np.float32))
    assert terminated and reward == 0 and info == {"reward_survive": 0}
    env.close()


def test_inverted_double_pendulum__v4_pays_the_bonus_on_the_terminal_step() -> None:
    rewards = {}
    for env_id in ("InvertedDoublePendulum-v4", "InvertedDoublePendulum-v5"):
        env = gymnasium_core.make(env_id)
        env.reset(seed=0)
        env.unwrapped.set_state(np.array([0.0, 1.2, 0.0]), np.zeros(3))
        _, rewards[env_id], terminated, _, _ = env.step(np.zeros(1, dtype=np.float32))
        assert terminated
        env.close()
    assert rewards["InvertedDoublePendulum-v4"] == pytest.approx(
        rewards["InvertedDoublePendulum-v5"] + 10.0
    )


def test_reacher__target_is_inside_the_disc_and_still() -> None:
    env = gymnasium_core.make("Reacher-v5")
    for seed in range(20):
        obs, _ = env.reset(seed=seed)
        assert np.linalg.norm(obs[4:6]) < 0.2
        np.testing.assert_array_equal(env.unwrapped.data.qvel[-2:], 0.0)
    env.close()


def test_pusher_v4__reference_refuses_it_on_mujoco_3_and_ours_builds_it() -> None:
    assert int(mujoco.__version__.split(".")[0]) >= 3
    with pytest.raises(ImportError, match="mujoco<3"):
        gymnasium.make("Pusher-v4")
    env = gymnasium_core.make("Pusher-v4")
    obs, _ = env.reset(seed=0)
    assert obs.shape == (23,)
    assert set(env.step(env.action_space.sample())[4]) == {"reward_dist", "reward_ctrl"}
    env.close()


def test_pusher__reset_keeps_the_object_away_from_the_goal_and_init_qpos_intact() -> None:
    env = gymnasium_core.make("Pusher-v5")
    init_qpos = env.unwrapped.init_qpos.copy()
    for seed in range(20):
        obs, _ = env.reset(seed=seed)
        assert np.linalg.norm(obs[17:19] - obs[20:22]) > 0.17
    np.testing.assert_array_equal(env.unwrapped.init_qpos, init_qpos)
    env.close()
