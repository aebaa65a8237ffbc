"""Pusher-v4 / -v5 against the reference: exact rollouts, kwargs, errors.

The reference refuses ``Pusher-v4`` on mujoco>=3; ours builds it (see ``pusher_v4``). For the
parity tests the reference's version check is bypassed, which compares the v4 task logic on
the same MuJoCo build.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from tests.envs.mujoco._helpers_base import (
    OUR_ASSETS,
    assert_injected_steps_equal,
    assert_interface_equal,
    assert_rollouts_equal,
    gymnasium,
    mujoco,
)

IDS = ["Pusher-v4", "Pusher-v5"]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("env_id", IDS)
def test_pusher__rollout_equals_reference(env_id: str, seed: int) -> None:
    assert_rollouts_equal(env_id, seed)


@pytest.mark.parametrize("env_id", IDS)
def test_pusher__injected_states_step_like_reference(env_id: str) -> None:
    assert_injected_steps_equal(env_id, seed=6)


@pytest.mark.parametrize("env_id", IDS)
def test_pusher__interface_equals_reference(env_id: str) -> None:
    assert_interface_equal(env_id)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"reward_near_weight": 0.25},
        {"reward_dist_weight": 2.0},
        {"reward_control_weight": 0.7},
        {"frame_skip": 3},
        {"default_camera_config": {"distance": 2.0}},
    ],
    ids=lambda kwargs: ",".join(kwargs),
)
def test_pusher_v5__kwargs_match_reference(kwargs: dict[str, Any]) -> None:
    assert_rollouts_equal("Pusher-v5", seed=8, num_steps=200, **kwargs)


def test_pusher_v5__v4_model_as_xml_file_matches_reference() -> None:
    path = os.path.join(OUR_ASSETS, "pusher.xml")
    assert_rollouts_equal("Pusher-v5", seed=4, num_steps=200, xml_file=os.path.abspath(path))


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


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        ("Pusher-v5", {"reset_noise_scale": 0.1}),
        ("Pusher-v4", {"reward_near_weight": 1.0}),
    ],
)
def test_pusher__bad_kwargs_raise_type_error_like_reference(
    env_id: str, kwargs: dict[str, Any]
) -> None:
    if env_id == "Pusher-v5":
        with pytest.raises(TypeError):
            gymnasium.make(env_id, **kwargs)
    with pytest.raises(TypeError):
        gymnasium_core.make(env_id, **kwargs)
