"""Locomotion tasks against the reference: same kwargs, seeds and actions, equal outputs exactly.

Every id runs seeded rollouts of a few hundred steps (resetting without a seed when an episode
ends) with its default kwargs and with each of its kwargs at a non-default value, and the
observations, rewards, flags and infos must be bit-for-bit equal. The spaces, spec fields,
metadata and the errors for bad input are compared too.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import gymnasium_core

gymnasium = pytest.importorskip("gymnasium", reason="the reference package is the oracle")
pytest.importorskip("mujoco", reason="the MuJoCo environments need mujoco")

pytestmark = pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")

TASKS = ("Ant", "HalfCheetah", "Hopper", "Humanoid", "HumanoidStandup", "Swimmer", "Walker2d")
IDS = [f"{task}-{version}" for task in TASKS for version in ("v4", "v5")]
SEEDS = (0, 1, 2)
NUM_STEPS = 300

# Each kwarg of each version at a non-default value at least once.
_PLANAR_V4 = [
    {"forward_reward_weight": 0.5, "ctrl_cost_weight": 0.3},
    {"healthy_reward": 2.5, "terminate_when_unhealthy": False},
    {"healthy_z_range": (0.9, 1.6), "healthy_angle_range": (-0.5, 0.5)},
    {"reset_noise_scale": 0.0},
    {"reset_noise_scale": 0.05, "exclude_current_positions_from_observation": False},
]
_PLANAR_V5 = [*_PLANAR_V4, {"frame_skip": 2}, {"default_camera_config": {"distance": 2.0}}]
_RUNNER_V4 = [
    {"forward_reward_weight": 0.5, "ctrl_cost_weight": 0.3},
    {"reset_noise_scale": 0.0},
    {"reset_noise_scale": 0.3, "exclude_current_positions_from_observation": False},
]
_RUNNER_V5 = [*_RUNNER_V4, {"frame_skip": 3}, {"default_camera_config": {"distance": 2.0}}]
_ANT_V4 = [
    {"ctrl_cost_weight": 0.1, "healthy_reward": 2.0},
    {"use_contact_forces": True, "contact_cost_weight": 1e-2},
    {"use_contact_forces": True, "contact_force_range": (-0.5, 2.0)},
    {"terminate_when_unhealthy": False, "healthy_z_range": (0.4, 0.9)},
    {"reset_noise_scale": 0.0, "exclude_current_positions_from_observation": False},
    {"xml_file": "ant.xml"},
]
_ANT_V5 = [
    {"forward_reward_weight": 2.0, "ctrl_cost_weight": 0.1, "healthy_reward": 2.0},
    {"contact_cost_weight": 1e-2, "contact_force_range": (-0.5, 2.0)},
    {"terminate_when_unhealthy": False, "healthy_z_range": (0.4, 0.9)},
    {"reset_noise_scale": 0.0, "exclude_current_positions_from_observation": False},
    {"include_cfrc_ext_in_observation": False, "main_body": "torso"},
    {"frame_skip": 3, "default_camera_config": {"distance": 2.0}},
]
_HUMANOID_V4 = [
    {"forward_reward_weight": 2.0, "ctrl_cost_weight": 0.3, "healthy_reward": 1.0},
    {"terminate_when_unhealthy": False, "healthy_z_range": (0.5, 3.0)},
    {"reset_noise_scale": 0.0, "exclude_current_positions_from_observation": False},
]
_HUMANOID_V5 = [
    *_HUMANOID_V4,
    {"contact_cost_weight": 1e-3, "contact_cost_range": (-1.0, 2.0)},
    {"include_cinert_in_observation": False, "include_cvel_in_observation": False},
    {"include_qfrc_actuator_in_observation": False, "include_cfrc_ext_in_observation": False},
    {"frame_skip": 3, "default_camera_config": {"distance": 2.0}},
]
_STANDUP_V5 = [
    {"uph_cost_weight": 2.0, "ctrl_cost_weight": 0.3},
    {"impact_cost_weight": 1e-3, "impact_cost_range": (-1.0, 2.0)},
    {"reset_noise_scale": 0.0, "exclude_current_positions_from_observation": False},
    {"include_cinert_in_observation": False, "include_cvel_in_observation": False},
    {"include_qfrc_actuator_in_observation": False, "include_cfrc_ext_in_observation": False},
    {"frame_skip": 3, "default_camera_config": {"distance": 2.0}},
]

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "Ant-v4": _ANT_V4,
    "Ant-v5": _ANT_V5,
    "HalfCheetah-v4": _RUNNER_V4,
    "HalfCheetah-v5": _RUNNER_V5,
    "Hopper-v4": [*_PLANAR_V4, {"healthy_state_range": (-50.0, 50.0)}],
    "Hopper-v5": [*_PLANAR_V5, {"healthy_state_range": (-50.0, 50.0)}],
    "Humanoid-v4": _HUMANOID_V4,
    "Humanoid-v5": _HUMANOID_V5,
    "HumanoidStandup-v4": [{"width": 64, "height": 48}],
    "HumanoidStandup-v5": _STANDUP_V5,
    "Swimmer-v4": [*_RUNNER_V4, {"default_camera_config": {"distance": 2.0}}],
    "Swimmer-v5": _RUNNER_V5,
    "Walker2d-v4": _PLANAR_V4,
    "Walker2d-v5": _PLANAR_V5,
}
CASES = [(env_id, {}) for env_id in IDS] + [
    (env_id, kwargs) for env_id, variants in VARIANTS.items() for kwargs in variants
]


def _case_param(env_id: str, kwargs: dict[str, Any]) -> Any:
    return pytest.param(env_id, kwargs, id=f"{env_id}-{'-'.join(sorted(kwargs))}")


def _make_pair(env_id: str, kwargs: dict[str, Any]) -> tuple[Any, Any]:
    ours = gymnasium_core.make(env_id, **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference = gymnasium.make(env_id, **kwargs)
    return ours, reference


def assert_same_info(ours: dict[str, Any], reference: dict[str, Any], where: str) -> None:
    assert list(ours) == list(reference), f"{where}: info keys {list(ours)} != {list(reference)}"
    for key, value in reference.items():
        np.testing.assert_array_equal(ours[key], value, err_msg=f"{where}: info[{key!r}]")


def assert_same_rollout(env_id: str, kwargs: dict[str, Any], seed: int, num_steps: int) -> None:
    """Step ours and the reference with the same random actions and compare every output."""
    ours, reference = _make_pair(env_id, kwargs)
    try:
        rng = np.random.default_rng(seed)
        space = reference.action_space
        obs_a, info_a = ours.reset(seed=seed)
        obs_b, info_b = reference.reset(seed=seed)
        np.testing.assert_array_equal(obs_a, obs_b, err_msg="reset obs")
        assert obs_a.dtype == obs_b.dtype
        assert_same_info(info_a, info_b, "reset")
        for step in range(num_steps):
            action = rng.uniform(space.low, space.high).astype(np.float32)
            obs_a, reward_a, term_a, trunc_a, info_a = ours.step(action)
            obs_b, reward_b, term_b, trunc_b, info_b = reference.step(action)
            where = f"{env_id} seed {seed} step {step}"
            np.testing.assert_array_equal(obs_a, obs_b, err_msg=f"{where}: obs")
            assert obs_a.dtype == obs_b.dtype, where
            assert reward_a == reward_b, f"{where}: reward {reward_a!r} != {reward_b!r}"
            assert type(reward_a) is type(reward_b), f"{where}: reward type"
            assert (term_a, trunc_a) == (term_b, trunc_b), f"{where}: flags"
            assert_same_info(info_a, info_b, where)
            if term_b or trunc_b:
                obs_a, info_a = ours.reset()
                obs_b, info_b = reference.reset()
                np.testing.assert_array_equal(obs_a, obs_b, err_msg=f"{where}: reset obs")
                assert_same_info(info_a, info_b, f"{where}: reset")
    finally:
        ours.close()
        reference.close()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("env_id", IDS)
def test_rollout__default_kwargs_match_reference(env_id: str, seed: int) -> None:
    assert_same_rollout(env_id, {}, seed, NUM_STEPS)


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [_case_param(env_id, kwargs) for env_id, kwargs in CASES if kwargs],
)
def test_rollout__non_default_kwargs_match_reference(env_id: str, kwargs: dict[str, Any]) -> None:
    assert_same_rollout(env_id, kwargs, 3, 150)
