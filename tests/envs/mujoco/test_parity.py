"""Every MuJoCo id against the reference: rollouts, kwargs, injected states, interface, errors.

Same kwargs, seed and actions give bit-for-bit equal observations, rewards, flags and infos
(value, key order and type) over seeded rollouts that reset when an episode ends. Each kwarg of
each version runs at a non-default value at least once. ``Pusher-v4`` is refused by the
reference on mujoco>=3 (ours builds it, see ``pusher_v4``); ``REFERENCE`` bypasses that version
check, which compares the v4 task logic on the same MuJoCo build.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core.testing import parity
from gymnasium_core.testing.compare import assert_interface_equal, assert_raises_like, assert_same
from tests.envs.mujoco._reference import OUR_ASSETS, REFERENCE, gymnasium

pytestmark = pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")

IDS = parity.shared_ids("gymnasium.envs.mujoco")
SEEDS = (0, 1, 2)
NUM_STATES = 20
NUM_STEPS = 300
VARIANT_SEED = 3
VARIANT_STEPS = 200

# Each kwarg of each version at a non-default value at least once.
_PLANAR_V4: list[dict[str, Any]] = [
    {"forward_reward_weight": 0.5, "ctrl_cost_weight": 0.3},
    {"healthy_reward": 2.5, "terminate_when_unhealthy": False},
    {"healthy_z_range": (0.9, 1.6), "healthy_angle_range": (-0.5, 0.5)},
    {"reset_noise_scale": 0.0},
    {"reset_noise_scale": 0.05, "exclude_current_positions_from_observation": False},
]
_PLANAR_V5 = [*_PLANAR_V4, {"frame_skip": 2}, {"default_camera_config": {"distance": 2.0}}]
_RUNNER_V4: list[dict[str, Any]] = [
    {"forward_reward_weight": 0.5, "ctrl_cost_weight": 0.3},
    {"reset_noise_scale": 0.0},
    {"reset_noise_scale": 0.3, "exclude_current_positions_from_observation": False},
]
_RUNNER_V5 = [*_RUNNER_V4, {"frame_skip": 3}, {"default_camera_config": {"distance": 2.0}}]
_ANT_V4: list[dict[str, Any]] = [
    {"ctrl_cost_weight": 0.1, "healthy_reward": 2.0},
    {"use_contact_forces": True, "contact_cost_weight": 1e-2},
    {"use_contact_forces": True, "contact_force_range": (-0.5, 2.0)},
    {"terminate_when_unhealthy": False, "healthy_z_range": (0.4, 0.9)},
    {"reset_noise_scale": 0.0, "exclude_current_positions_from_observation": False},
    {"xml_file": "ant.xml"},
]
_ANT_V5: list[dict[str, Any]] = [
    {"forward_reward_weight": 2.0, "ctrl_cost_weight": 0.1, "healthy_reward": 2.0},
    {"contact_cost_weight": 1e-2, "contact_force_range": (-0.5, 2.0)},
    {"terminate_when_unhealthy": False, "healthy_z_range": (0.4, 0.9)},
    {"reset_noise_scale": 0.0, "exclude_current_positions_from_observation": False},
    {"include_cfrc_ext_in_observation": False, "main_body": "torso"},
    {"frame_skip": 3, "default_camera_config": {"distance": 2.0}},
]
_HUMANOID_V4: list[dict[str, Any]] = [
    {"forward_reward_weight": 2.0, "ctrl_cost_weight": 0.3, "healthy_reward": 1.0},
    {"terminate_when_unhealthy": False, "healthy_z_range": (0.5, 3.0)},
    {"reset_noise_scale": 0.0, "exclude_current_positions_from_observation": False},
]
_HUMANOID_V5: list[dict[str, Any]] = [
    *_HUMANOID_V4,
    {"contact_cost_weight": 1e-3, "contact_cost_range": (-1.0, 2.0)},
    {"include_cinert_in_observation": False, "include_cvel_in_observation": False},
    {"include_qfrc_actuator_in_observation": False, "include_cfrc_ext_in_observation": False},
    {"frame_skip": 3, "default_camera_config": {"distance": 2.0}},
]
_STANDUP_V5: list[dict[str, Any]] = [
    {"uph_cost_weight": 2.0, "ctrl_cost_weight": 0.3},
    {"impact_cost_weight": 1e-3, "impact_cost_range": (-1.0, 2.0)},
    {"reset_noise_scale": 0.0, "exclude_current_positions_from_observation": False},
    {"include_cinert_in_observation": False, "include_cvel_in_observation": False},
    {"include_qfrc_actuator_in_observation": False, "include_cfrc_ext_in_observation": False},
    {"frame_skip": 3, "default_camera_config": {"distance": 2.0}},
]
_INVERTED_PENDULUM_V5: list[dict[str, Any]] = [
    {"reset_noise_scale": 0.0},
    {"reset_noise_scale": 0.1},
    {"frame_skip": 3},
    {"default_camera_config": {"distance": 3.0}},
    {"width": 64, "height": 48},
]
_INVERTED_DOUBLE_PENDULUM_V5: list[dict[str, Any]] = [
    {"healthy_reward": 3.5},
    {"reset_noise_scale": 0.0},
    {"reset_noise_scale": 0.3},
    {"frame_skip": 2},
    {"default_camera_config": {"distance": 5.0}},
]
_REACHER_V5: list[dict[str, Any]] = [
    {"reward_dist_weight": 0.5},
    {"reward_control_weight": 2.5},
    {"frame_skip": 4},
    {"default_camera_config": {"distance": 1.0}},
]
_PUSHER_V5: list[dict[str, Any]] = [
    {"reward_near_weight": 0.25},
    {"reward_dist_weight": 2.0},
    {"reward_control_weight": 0.7},
    {"frame_skip": 3},
    {"default_camera_config": {"distance": 2.0}},
    # the v4 model under the v5 task, by absolute path
    {"xml_file": os.path.abspath(os.path.join(OUR_ASSETS, "pusher.xml"))},
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
    "InvertedDoublePendulum-v5": _INVERTED_DOUBLE_PENDULUM_V5,
    "InvertedPendulum-v5": _INVERTED_PENDULUM_V5,
    "Pusher-v5": _PUSHER_V5,
    "Reacher-v5": _REACHER_V5,
    "Swimmer-v4": [*_RUNNER_V4, {"default_camera_config": {"distance": 2.0}}],
    "Swimmer-v5": _RUNNER_V5,
    "Walker2d-v4": _PLANAR_V4,
    "Walker2d-v5": _PLANAR_V5,
}
VARIANT_CASES = [
    pytest.param(env_id, kwargs, id=f"{env_id}-{'-'.join(sorted(kwargs))}")
    for env_id, variants in VARIANTS.items()
    for kwargs in variants
]

# (id, model file, text in it, replacement): a custom model drives both implementations alike.
MODIFIED_MODELS = [
    ("InvertedPendulum-v5", "inverted_pendulum.xml", 'gear="100"', 'gear="60"'),
    ("InvertedDoublePendulum-v5", "inverted_double_pendulum.xml", 'gear="500"', 'gear="300"'),
    ("Reacher-v5", "reacher.xml", 'gear="200.0"', 'gear="120.0"'),
]

BAD_KWARGS = [
    ("Hopper-v4", {"xml_file": "hopper.xml"}),
    ("Hopper-v4", {"frame_skip": 2}),
    ("Walker2d-v4", {"default_camera_config": {}}),
    ("HalfCheetah-v4", {"xml_file": "half_cheetah.xml"}),
    ("Swimmer-v4", {"frame_skip": 2}),
    ("Ant-v4", {"include_cfrc_ext_in_observation": False}),
    ("Ant-v4", {"frame_skip": 2}),
    ("Humanoid-v4", {"contact_cost_weight": 1.0}),
    ("HumanoidStandup-v4", {"ctrl_cost_weight": 1.0}),
    ("HumanoidStandup-v4", {"default_camera_config": {}}),
    ("Hopper-v5", {"no_such_argument": 1}),
    ("Ant-v5", {"use_contact_forces": True}),
    ("Humanoid-v5", {"xml_file": "no_such_model.xml"}),
    ("Swimmer-v5", {"xml_file": "/no/such/model.xml"}),
    ("InvertedPendulum-v5", {"not_an_argument": 1}),
    ("InvertedPendulum-v4", {"reset_noise_scale": 0.1}),
    ("InvertedPendulum-v4", {"xml_file": "inverted_pendulum.xml"}),
    ("InvertedPendulum-v4", {"default_camera_config": {}}),
    ("InvertedDoublePendulum-v5", {"not_an_argument": 1}),
    ("InvertedDoublePendulum-v4", {"healthy_reward": 1.0}),
    ("InvertedDoublePendulum-v4", {"frame_skip": 2}),
    ("Reacher-v5", {"reset_noise_scale": 0.1}),
    ("Reacher-v4", {"reward_dist_weight": 1.0}),
    ("Reacher-v4", {"xml_file": "reacher.xml"}),
    ("Pusher-v5", {"reset_noise_scale": 0.1}),
    ("Pusher-v4", {"reward_near_weight": 1.0}),
]

WRONG_ACTION_SHAPES = [
    *[
        (env_id, shape)
        for env_id in ("Hopper-v5", "Ant-v4", "Humanoid-v5")
        for shape in [(1,), (2, 3), ()]
    ],
    ("InvertedPendulum-v5", (2,)),
]


def test_ids__are_every_mujoco_id_the_reference_builds_on_mujoco_3() -> None:
    # v2 and v3 need mujoco-py, which neither package supports; every later id is shared.
    expected = sorted(
        env_id
        for env_id, spec in gymnasium.registry.items()
        if str(spec.entry_point).startswith("gymnasium.envs.mujoco.") and spec.version >= 4
    )
    assert IDS == expected


def _uniform_actions(space: Any, seed: int, num_steps: int) -> list[np.ndarray]:
    """Seeded float32 actions drawn over the whole box of ``space``."""
    rng = np.random.default_rng(seed)
    return [rng.uniform(space.low, space.high).astype(np.float32) for _ in range(num_steps)]


def _assert_rollouts_equal(env_id: str, seed: int, num_steps: int, **kwargs: Any) -> None:
    """Both made with ``kwargs``: every reset and step equal, resets after episode ends too."""
    ours, reference = parity.make_pair(env_id, reference=REFERENCE, **kwargs)
    try:
        actions = _uniform_actions(reference.action_space, seed, num_steps)
        parity.assert_rollouts_equal(ours, reference, seed=seed, actions=actions)
    finally:
        ours.close()
        reference.close()


def _random_states(env: Any, seed: int, count: int) -> tuple[list[Any], list[np.ndarray]]:
    """``count`` writers of random ``(qpos, qvel)`` around the initial pose, and an action each."""
    rng = np.random.default_rng(seed)
    model, init_qpos = env.unwrapped.model, env.unwrapped.init_qpos
    writers, actions = [], []
    for _ in range(count):
        qpos = init_qpos + rng.uniform(-0.3, 0.3, model.nq)
        qvel = rng.normal(0.0, 1.0, model.nv)
        writers.append(lambda sim, qpos=qpos, qvel=qvel: sim.set_state(qpos, qvel))
        actions.append(rng.uniform(-1, 1, model.nu).astype(np.float32))
    return writers, actions


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("env_id", IDS)
def test_parity__default_rollout_equals_reference(env_id: str, seed: int) -> None:
    _assert_rollouts_equal(env_id, seed, NUM_STEPS)


@pytest.mark.parametrize(("env_id", "kwargs"), VARIANT_CASES)
def test_parity__non_default_kwargs_rollout_equals_reference(
    env_id: str, kwargs: dict[str, Any]
) -> None:
    _assert_rollouts_equal(env_id, VARIANT_SEED, VARIANT_STEPS, **kwargs)


@pytest.mark.parametrize(("env_id", "file_name", "old", "new"), MODIFIED_MODELS)
def test_parity__modified_model_file_rollout_equals_reference(
    env_id: str, file_name: str, old: str, new: str, tmp_path: Any
) -> None:
    with open(os.path.join(OUR_ASSETS, file_name)) as source:
        text = source.read()
    assert old in text
    path = tmp_path / f"modified_{file_name}"
    path.write_text(text.replace(old, new))
    _assert_rollouts_equal(env_id, VARIANT_SEED, VARIANT_STEPS, xml_file=str(path))


@pytest.mark.parametrize("env_id", IDS)
def test_parity__injected_states_step_like_reference(env_id: str) -> None:
    ours, reference = parity.make_pair(env_id, reference=REFERENCE)
    seed = IDS.index(env_id)
    try:
        states, actions = _random_states(reference, seed, NUM_STATES)
        compared = parity.assert_injected_steps_equal(ours, reference, states, actions, seed=seed)
        assert compared == NUM_STATES
    finally:
        ours.close()
        reference.close()


@pytest.mark.parametrize("env_id", IDS)
def test_parity__interface_equals_reference(env_id: str) -> None:
    ours, reference = parity.make_pair(env_id, reference=REFERENCE)
    try:
        assert_interface_equal(ours, reference)  # spaces, unwrapped metadata, spec fields
        # What a MuJoCo env shows besides: the class and wrapper metadata, its timing, its
        # class name and the layout of its observation.
        assert ours.metadata == reference.metadata
        assert type(ours.unwrapped).metadata == type(reference.unwrapped).metadata
        for name in ("frame_skip", "dt"):
            assert_same(getattr(ours.unwrapped, name), getattr(reference.unwrapped, name))
        assert type(ours.unwrapped).__name__ == type(reference.unwrapped).__name__
        structure = getattr(reference.unwrapped, "observation_structure", None)
        assert getattr(ours.unwrapped, "observation_structure", None) == structure
    finally:
        ours.close()
        reference.close()


@pytest.mark.parametrize(("env_id", "kwargs"), BAD_KWARGS)
def test_parity__bad_kwargs_raise_reference_error(env_id: str, kwargs: dict[str, Any]) -> None:
    assert_raises_like(
        lambda: gymnasium_core.make(env_id, **kwargs),
        lambda: REFERENCE.make(env_id, **kwargs).close(),
        where=f"make({env_id!r}, **{kwargs})",
    )


@pytest.mark.parametrize("package", [gymnasium_core, gymnasium], ids=["ours", "reference"])
def test_parity__missing_xml_file_raises_os_error(package: Any) -> None:
    with pytest.raises(OSError, match="does not exist"):
        package.make("InvertedPendulum-v5", xml_file="no_such_model.xml")


@pytest.mark.parametrize(("env_id", "bad_shape"), WRONG_ACTION_SHAPES)
def test_parity__wrong_action_shape_raises_reference_value_error(
    env_id: str, bad_shape: tuple[int, ...]
) -> None:
    env = gymnasium_core.make(env_id, disable_env_checker=True).unwrapped
    reference = REFERENCE.make(env_id, disable_env_checker=True).unwrapped
    try:
        env.reset(seed=0)
        reference.reset(seed=0)
        with pytest.raises(ValueError, match="Action dimension mismatch") as expected:
            reference.step(np.zeros(bad_shape, dtype=np.float32))
        with pytest.raises(ValueError, match="Action dimension mismatch") as got:
            env.step(np.zeros(bad_shape, dtype=np.float32))
        assert str(got.value) == str(expected.value)
    finally:
        env.close()
        reference.close()
