"""Reacher-v4 / -v5 against the reference: exact rollouts, kwargs, errors."""

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

IDS = ["Reacher-v4", "Reacher-v5"]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("env_id", IDS)
def test_reacher__rollout_equals_reference(env_id: str, seed: int) -> None:
    assert_rollouts_equal(env_id, seed)


@pytest.mark.parametrize("env_id", IDS)
def test_reacher__injected_states_step_like_reference(env_id: str) -> None:
    assert_injected_steps_equal(env_id, seed=5)


@pytest.mark.parametrize("env_id", IDS)
def test_reacher__interface_equals_reference(env_id: str) -> None:
    assert_interface_equal(env_id)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"reward_dist_weight": 0.5},
        {"reward_control_weight": 2.5},
        {"frame_skip": 4},
        {"default_camera_config": {"distance": 1.0}},
    ],
    ids=lambda kwargs: ",".join(kwargs),
)
def test_reacher_v5__kwargs_match_reference(kwargs: dict[str, Any]) -> None:
    assert_rollouts_equal("Reacher-v5", seed=7, num_steps=200, **kwargs)


def test_reacher_v5__custom_xml_file_matches_reference(tmp_path: Any) -> None:
    with open(os.path.join(OUR_ASSETS, "reacher.xml")) as source:
        text = source.read().replace('gear="200.0"', 'gear="120.0"')
    path = tmp_path / "weaker.xml"
    path.write_text(text)
    assert_rollouts_equal("Reacher-v5", seed=3, num_steps=200, xml_file=str(path))


def test_reacher__target_is_inside_the_disc_and_still() -> None:
    env = gymnasium_core.make("Reacher-v5")
    for seed in range(20):
        obs, _ = env.reset(seed=seed)
        assert np.linalg.norm(obs[4:6]) < 0.2
        np.testing.assert_array_equal(env.unwrapped.data.qvel[-2:], 0.0)
    env.close()


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        ("Reacher-v5", {"reset_noise_scale": 0.1}),
        ("Reacher-v4", {"reward_dist_weight": 1.0}),
        ("Reacher-v4", {"xml_file": "reacher.xml"}),
    ],
)
def test_reacher__bad_kwargs_raise_type_error_like_reference(
    env_id: str, kwargs: dict[str, Any]
) -> None:
    with pytest.raises(TypeError):
        gymnasium.make(env_id, **kwargs)
    with pytest.raises(TypeError):
        gymnasium_core.make(env_id, **kwargs)
