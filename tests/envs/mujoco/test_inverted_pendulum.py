"""InvertedPendulum-v4 / -v5 against the reference: exact rollouts, kwargs, errors."""

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

IDS = ["InvertedPendulum-v4", "InvertedPendulum-v5"]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("env_id", IDS)
def test_inverted_pendulum__rollout_equals_reference(env_id: str, seed: int) -> None:
    assert_rollouts_equal(env_id, seed)


@pytest.mark.parametrize("env_id", IDS)
def test_inverted_pendulum__injected_states_step_like_reference(env_id: str) -> None:
    assert_injected_steps_equal(env_id, seed=3)


@pytest.mark.parametrize("env_id", IDS)
def test_inverted_pendulum__interface_equals_reference(env_id: str) -> None:
    assert_interface_equal(env_id)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"reset_noise_scale": 0.0},
        {"reset_noise_scale": 0.1},
        {"frame_skip": 3},
        {"default_camera_config": {"distance": 3.0}},
        {"width": 64, "height": 48},
    ],
    ids=lambda kwargs: ",".join(kwargs),
)
def test_inverted_pendulum_v5__kwargs_match_reference(kwargs: dict[str, Any]) -> None:
    assert_rollouts_equal("InvertedPendulum-v5", seed=5, num_steps=200, **kwargs)


def test_inverted_pendulum_v5__custom_xml_file_matches_reference(tmp_path: Any) -> None:
    # a heavier motor: the same custom model must drive both implementations alike
    with open(os.path.join(OUR_ASSETS, "inverted_pendulum.xml")) as source:
        text = source.read().replace('gear="100"', 'gear="60"')
    path = tmp_path / "weak_motor.xml"
    path.write_text(text)
    assert_rollouts_equal("InvertedPendulum-v5", seed=1, num_steps=200, xml_file=str(path))


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


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        ("InvertedPendulum-v5", {"not_an_argument": 1}),
        ("InvertedPendulum-v4", {"reset_noise_scale": 0.1}),
        ("InvertedPendulum-v4", {"xml_file": "inverted_pendulum.xml"}),
        ("InvertedPendulum-v4", {"default_camera_config": {}}),
    ],
)
def test_inverted_pendulum__bad_kwargs_raise_type_error_like_reference(
    env_id: str, kwargs: dict[str, Any]
) -> None:
    with pytest.raises(TypeError):
        gymnasium.make(env_id, **kwargs)
    with pytest.raises(TypeError):
        gymnasium_core.make(env_id, **kwargs)


@pytest.mark.parametrize("package", [gymnasium_core, gymnasium], ids=["ours", "reference"])
def test_inverted_pendulum__missing_xml_file_raises_os_error(package: Any) -> None:
    with pytest.raises(OSError, match="does not exist"):
        package.make("InvertedPendulum-v5", xml_file="no_such_model.xml")


@pytest.mark.parametrize("package", [gymnasium_core, gymnasium], ids=["ours", "reference"])
def test_inverted_pendulum__wrong_action_shape_raises_value_error(package: Any) -> None:
    env = package.make("InvertedPendulum-v5").unwrapped
    env.reset(seed=0)
    with pytest.raises(ValueError, match="Action dimension mismatch"):
        env.step(np.zeros(2, dtype=np.float32))
    env.close()
