"""InvertedDoublePendulum-v4 / -v5 against the reference: exact rollouts, kwargs, errors."""

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
)

IDS = ["InvertedDoublePendulum-v4", "InvertedDoublePendulum-v5"]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("env_id", IDS)
def test_inverted_double_pendulum__rollout_equals_reference(env_id: str, seed: int) -> None:
    assert_rollouts_equal(env_id, seed)


@pytest.mark.parametrize("env_id", IDS)
def test_inverted_double_pendulum__injected_states_step_like_reference(env_id: str) -> None:
    assert_injected_steps_equal(env_id, seed=4)


@pytest.mark.parametrize("env_id", IDS)
def test_inverted_double_pendulum__interface_equals_reference(env_id: str) -> None:
    assert_interface_equal(env_id)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"healthy_reward": 3.5},
        {"reset_noise_scale": 0.0},
        {"reset_noise_scale": 0.3},
        {"frame_skip": 2},
        {"default_camera_config": {"distance": 5.0}},
    ],
    ids=lambda kwargs: ",".join(kwargs),
)
def test_inverted_double_pendulum_v5__kwargs_match_reference(kwargs: dict[str, Any]) -> None:
    assert_rollouts_equal("InvertedDoublePendulum-v5", seed=6, num_steps=200, **kwargs)


def test_inverted_double_pendulum_v5__custom_xml_file_matches_reference(tmp_path: Any) -> None:
    with open(os.path.join(OUR_ASSETS, "inverted_double_pendulum.xml")) as source:
        text = source.read().replace('gear="500"', 'gear="300"')
    path = tmp_path / "weaker.xml"
    path.write_text(text)
    assert_rollouts_equal("InvertedDoublePendulum-v5", seed=2, num_steps=200, xml_file=str(path))


def test_inverted_double_pendulum__v4_pays_the_bonus_on_the_terminal_step() -> None:
    rewards = {}
    for env_id in IDS:
        env = gymnasium_core.make(env_id)
        env.reset(seed=0)
        env.unwrapped.set_state(np.array([0.0, 1.2, 0.0]), np.zeros(3))
        _, rewards[env_id], terminated, _, _ = env.step(np.zeros(1, dtype=np.float32))
        assert terminated
        env.close()
    assert rewards["InvertedDoublePendulum-v4"] == pytest.approx(
        rewards["InvertedDoublePendulum-v5"] + 10.0
    )


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        ("InvertedDoublePendulum-v5", {"not_an_argument": 1}),
        ("InvertedDoublePendulum-v4", {"healthy_reward": 1.0}),
        ("InvertedDoublePendulum-v4", {"frame_skip": 2}),
    ],
)
def test_inverted_double_pendulum__bad_kwargs_raise_type_error_like_reference(
    env_id: str, kwargs: dict[str, Any]
) -> None:
    with pytest.raises(TypeError):
        gymnasium.make(env_id, **kwargs)
    with pytest.raises(TypeError):
        gymnasium_core.make(env_id, **kwargs)
