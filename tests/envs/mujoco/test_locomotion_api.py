"""Locomotion tasks: observation layouts, custom models, copies, health and v4 signatures.

Rollouts, kwargs, spaces, spec, metadata and errors of every id are compared with the
reference in ``test_parity.py``.
"""

from __future__ import annotations

import copy
import os
import pickle
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core.testing import parity
from tests.envs.mujoco._reference import REFERENCE, REFERENCE_ASSETS

pytestmark = pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")

MODEL_FILES = {
    "Ant": "ant.xml",
    "HalfCheetah": "half_cheetah.xml",
    "Hopper": "hopper.xml",
    "Humanoid": "humanoid.xml",
    "HumanoidStandup": "humanoidstandup.xml",
    "Swimmer": "swimmer.xml",
    "Walker2d": "walker2d_v5.xml",
}


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        ("Ant-v5", {"include_cfrc_ext_in_observation": False}),
        ("Ant-v5", {"exclude_current_positions_from_observation": False}),
        ("Ant-v4", {"use_contact_forces": True}),
        (
            "Humanoid-v5",
            {"include_cinert_in_observation": False, "include_cvel_in_observation": False},
        ),
        ("HumanoidStandup-v5", {"include_qfrc_actuator_in_observation": False}),
        ("Swimmer-v5", {"exclude_current_positions_from_observation": False}),
        ("Hopper-v4", {"exclude_current_positions_from_observation": False}),
    ],
)
def test_api__observation_layout_follows_kwargs_like_reference(
    env_id: str, kwargs: dict[str, Any]
) -> None:
    ours, reference = parity.make_pair(env_id, reference=REFERENCE, **kwargs)
    try:
        assert ours.observation_space.shape == reference.observation_space.shape
        structure = getattr(reference.unwrapped, "observation_structure", None)
        assert getattr(ours.unwrapped, "observation_structure", None) == structure
        assert ours.reset(seed=4)[0].shape == ours.observation_space.shape
    finally:
        ours.close()
        reference.close()


@pytest.mark.parametrize("env_id", [f"{task}-v5" for task in MODEL_FILES] + ["Ant-v4"])
def test_api__custom_xml_file_gives_same_rollout(env_id: str) -> None:
    task = env_id.split("-")[0]
    name = MODEL_FILES[task] if env_id != "Ant-v4" else "ant.xml"
    # The reference's own file, by absolute path: both load the same custom model.
    path = os.path.join(REFERENCE_ASSETS, name)
    ours, reference = parity.make_pair(env_id, reference=REFERENCE, xml_file=path)
    try:
        rng = np.random.default_rng(11)
        actions = [
            rng.uniform(-0.4, 0.4, ours.action_space.shape).astype(np.float32) for _ in range(50)
        ]
        parity.assert_rollouts_equal(ours, reference, seed=11, actions=actions, reset_on_end=False)
    finally:
        ours.close()
        reference.close()


@pytest.mark.parametrize("env_id", ["Hopper-v5", "Ant-v5", "HumanoidStandup-v4"])
def test_api__copies_continue_like_the_original_after_a_reset(env_id: str) -> None:
    env = gymnasium_core.make(env_id)
    try:
        env.reset(seed=5)
        for how in ("pickle", "deepcopy"):
            clone = pickle.loads(pickle.dumps(env)) if how == "pickle" else copy.deepcopy(env)
            try:
                # The generator travels too: the next unseeded reset draws the same noise.
                np.testing.assert_array_equal(clone.reset()[0], copy.deepcopy(env).reset()[0])
            finally:
                clone.close()
    finally:
        env.close()


@pytest.mark.parametrize("env_id", ["Hopper-v5", "Walker2d-v5", "Ant-v5", "Humanoid-v5"])
def test_api__unhealthy_state_terminates_and_v5_pays_no_survive_reward(env_id: str) -> None:
    env = gymnasium_core.make(env_id).unwrapped
    reference = REFERENCE.make(env_id).unwrapped
    try:
        for sim in (env, reference):
            sim.reset(seed=0)
            qpos = sim.init_qpos.copy()
            # Hopper, walker and humanoid lie on the floor; the ant floats above its range.
            height = 3.0 if env_id.startswith("Ant") else 0.05
            qpos[2 if env_id.startswith(("Ant", "Humanoid")) else 1] = height
            sim.set_state(qpos, sim.init_qvel.copy())
        action = np.zeros(env.action_space.shape, dtype=np.float32)
        got, expected = env.step(action), reference.step(action)
        assert got[2] is True and expected[2] is True
        assert got[4]["reward_survive"] == expected[4]["reward_survive"] == 0
        assert got[1] == expected[1]
    finally:
        env.close()
        reference.close()


def test_api__v4_classes_keep_their_own_signature() -> None:
    from gymnasium_core.envs.mujoco import hopper_v4, hopper_v5, humanoidstandup_v4

    assert hopper_v4.HopperEnv.version == "v4"
    assert hopper_v5.HopperEnv.version == "v5"
    assert issubclass(hopper_v4.HopperEnv, hopper_v5.HopperEnv)
    with pytest.raises(TypeError):
        humanoidstandup_v4.HumanoidStandupEnv(impact_cost_weight=1.0)  # type: ignore[call-arg]
