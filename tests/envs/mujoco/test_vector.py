"""The threaded native MuJoCo vector env: sub-env ``i`` equals a single ``make(id)`` env.

Each test drives the vector env and ``num_envs`` single envs with the same seeds and actions
and compares everything they return, exactly, through episode ends and resets in each
autoreset mode.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core.testing import parity
from gymnasium_core.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv
from tests.envs.mujoco._reference import mujoco  # noqa: F401  (skips without mujoco)

from gymnasium_core.envs.mujoco.hopper_v5 import HopperEnv  # isort: skip
from gymnasium_core.envs.mujoco.vector import (  # isort: skip
    MujocoVectorEnv,
    usable_cores,
    vector_env_class,
)

pytestmark = pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")

# Every id whose vector entry point is the threaded native MuJoCo vector env.
NATIVE_IDS = parity.registered_ids(
    "gymnasium_core.envs.mujoco",
    where=lambda spec: str(spec.vector_entry_point).startswith(
        "gymnasium_core.envs.mujoco.vector:"
    ),
)


def _assert_info_row(batched: dict[str, Any], single: dict[str, Any], index: int) -> None:
    """Sub-env ``index``'s entries of a batched info equal a single env's info."""
    keys = {key for key in batched if not key.startswith("_") and batched[f"_{key}"][index]}
    assert keys == set(single), (keys, set(single))
    for key, value in single.items():
        np.testing.assert_array_equal(batched[key][index], value, err_msg=key)


def _run(
    env_id: str,
    num_envs: int,
    steps: int,
    mode: AutoresetMode,
    num_threads: int = 2,
    max_episode_steps: int | None = None,
    **kwargs: Any,
) -> int:
    """Drive both sides ``steps`` steps; return how many episode ends were crossed."""
    extra = {} if max_episode_steps is None else {"max_episode_steps": max_episode_steps}
    vector = gymnasium_core.make_vec(
        env_id,
        num_envs,
        vectorization_mode="vector_entry_point",
        autoreset_mode=mode,
        num_threads=num_threads,
        **extra,
        **kwargs,
    )
    singles = [gymnasium_core.make(env_id, **extra, **kwargs) for _ in range(num_envs)]
    rng = np.random.default_rng(0)
    ends = 0
    try:
        observations, infos = vector.reset(seed=10)
        for index, env in enumerate(singles):
            observation, info = env.reset(seed=10 + index)
            np.testing.assert_array_equal(observations[index], observation)
            _assert_info_row(infos, info, index)
        done = np.zeros(num_envs, dtype=bool)
        for _ in range(steps):
            low, high = vector.single_action_space.low, vector.single_action_space.high
            actions = rng.uniform(low, high, vector.action_space.shape).astype(np.float32)
            if mode is AutoresetMode.DISABLED and done.any():
                observations, infos = vector.reset(options={"reset_mask": done})
                for index in np.flatnonzero(done):
                    observation, info = singles[index].reset()
                    np.testing.assert_array_equal(observations[index], observation)
                    _assert_info_row(infos, info, index)
            observations, rewards, terminations, truncations, infos = vector.step(actions)
            assert observations.dtype == np.float64 and rewards.dtype == np.float64
            for index, env in enumerate(singles):
                if mode is AutoresetMode.NEXT_STEP and done[index]:
                    expected = (*env.reset(), 0.0, False, False)
                    observation, info, reward, terminated, truncated = expected
                else:
                    observation, reward, terminated, truncated, info = env.step(actions[index])
                    if mode is AutoresetMode.SAME_STEP and (terminated or truncated):
                        np.testing.assert_array_equal(infos["final_obs"][index], observation)
                        _assert_info_row(infos["final_info"], info, index)
                        observation, info = env.reset()
                np.testing.assert_array_equal(observations[index], observation)
                assert rewards[index] == reward
                assert terminations[index] == terminated
                assert truncations[index] == truncated
                keys = set(info)
                if mode is AutoresetMode.SAME_STEP and (terminated or truncated):
                    keys |= {"final_obs", "final_info"}
                _assert_info_keys(infos, keys, index)
                for key, value in info.items():
                    np.testing.assert_array_equal(infos[key][index], value, err_msg=key)
            done = terminations | truncations
            ends += int(done.sum())
    finally:
        vector.close()
        for env in singles:
            env.close()
    return ends


def _assert_info_keys(batched: dict[str, Any], expected: set[str], index: int) -> None:
    keys = {key for key in batched if not key.startswith("_") and batched[f"_{key}"][index]}
    assert keys == expected


@pytest.mark.parametrize("env_id", NATIVE_IDS)
def test_vector__sub_envs_equal_single_envs_over_resets(env_id: str) -> None:
    # A short time limit and a large reset noise make episodes end in a few steps.
    _run(env_id, 3, 6, AutoresetMode.NEXT_STEP, max_episode_steps=3)


@pytest.mark.parametrize("mode", list(AutoresetMode))
@pytest.mark.parametrize("env_id", ["Hopper-v5", "InvertedPendulum-v4"])
def test_vector__every_autoreset_mode_equals_single_envs(env_id: str, mode: AutoresetMode) -> None:
    ends = _run(env_id, 4, 25, mode, max_episode_steps=7)
    assert ends > 0


def test_vector__terminations_from_the_task_and_kwargs_reach_every_sub_env() -> None:
    # Hopper with a wide reset noise falls within a few steps: terminated, not truncated.
    ends = _run("Hopper-v5", 3, 30, AutoresetMode.SAME_STEP, reset_noise_scale=0.5)
    assert ends > 0


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        ("Ant-v4", {"use_contact_forces": True}),
        ("Ant-v5", {"include_cfrc_ext_in_observation": False, "main_body": "torso"}),
        ("Hopper-v4", {"exclude_current_positions_from_observation": False}),
        ("Walker2d-v5", {"terminate_when_unhealthy": False, "reset_noise_scale": 0.3}),
        ("HalfCheetah-v4", {"ctrl_cost_weight": 0.7}),
        ("Reacher-v5", {"reward_dist_weight": 2.0}),
    ],
)
def test_vector__task_kwargs_keep_sub_envs_equal(env_id: str, kwargs: dict[str, Any]) -> None:
    _run(env_id, 3, 12, AutoresetMode.SAME_STEP, max_episode_steps=5, **kwargs)


@pytest.mark.slow
@pytest.mark.parametrize("mode", list(AutoresetMode))
@pytest.mark.parametrize("env_id", NATIVE_IDS)
def test_vector__long_rollouts_equal_single_envs(env_id: str, mode: AutoresetMode) -> None:
    _run(env_id, 4, 150, mode, max_episode_steps=40)


def test_vector__one_thread_and_many_threads_agree() -> None:
    _run("Ant-v5", 5, 8, AutoresetMode.NEXT_STEP, num_threads=1)
    _run("Ant-v5", 5, 8, AutoresetMode.NEXT_STEP, num_threads=8)


def test_vector__threads_default_to_the_usable_cores_and_never_exceed_num_envs() -> None:
    env = gymnasium_core.make_vec("Reacher-v5", 64, vectorization_mode="vector_entry_point")
    assert isinstance(env.unwrapped, MujocoVectorEnv)
    assert env.unwrapped.num_threads == min(64, usable_cores())
    env.close()
    env = gymnasium_core.make_vec(
        "Reacher-v5", 1, vectorization_mode="vector_entry_point", num_threads=4
    )
    assert env.unwrapped.num_threads == 1
    env.close()


def test_vector__render_sub_env_zero_or_all() -> None:
    kwargs = {"vectorization_mode": "vector_entry_point", "width": 32, "height": 24}
    env = gymnasium_core.make_vec("Reacher-v5", 3, render_mode="rgb_array", **kwargs)
    env.reset(seed=0)
    single = gymnasium_core.make("Reacher-v5", render_mode="rgb_array", width=32, height=24)
    single.reset(seed=0)
    np.testing.assert_array_equal(env.render(), single.render())
    env.close()
    env = gymnasium_core.make_vec(
        "Reacher-v5", 3, render_mode="rgb_array", render_all=True, **kwargs
    )
    env.reset(seed=0)
    frames = env.render()
    assert len(frames) == 3 and frames[0].shape == (24, 32, 3)
    env.close()
    single.close()
    with pytest.raises(ValueError, match="offscreen"):
        gymnasium_core.make_vec("Reacher-v5", 2, render_mode="human", **kwargs)


def test_vector__attributes_calls_and_close() -> None:
    env = gymnasium_core.make_vec(
        "Hopper-v5", 2, vectorization_mode="vector_entry_point", ctrl_cost_weight=0.25
    )
    assert env.get_attr("_ctrl_cost_weight") == (0.25, 0.25)
    env.set_attr("_ctrl_cost_weight", [0.5, 1.0])
    assert env.get_attr("_ctrl_cost_weight") == (0.5, 1.0)
    assert env.call("state_vector")[0].shape == (12,)
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    env.close()
    env.close()


@pytest.mark.parametrize(
    ("bad", "error"), [(0, ValueError), (-1, ValueError), (True, TypeError), (2.5, TypeError)]
)
def test_vector__bad_num_envs_raises(bad: Any, error: type[Exception]) -> None:
    # make_vec checks num_envs for every mode: a non-integer is a TypeError, below 1 a ValueError.
    with pytest.raises(error, match="num_envs"):
        gymnasium_core.make_vec("Reacher-v5", bad, vectorization_mode="vector_entry_point")


@pytest.mark.parametrize("bad", [0, -1, True, 2.5])
def test_vector__bad_num_threads_raises_value_error(bad: Any) -> None:
    with pytest.raises(ValueError):
        gymnasium_core.make_vec(
            "Reacher-v5", 2, vectorization_mode="vector_entry_point", num_threads=bad
        )


def test_vector__wrong_number_of_actions_raises_value_error() -> None:
    env = gymnasium_core.make_vec("Reacher-v5", 2, vectorization_mode="vector_entry_point")
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(np.zeros((3, 2), np.float32))
    env.close()


def test_vector__default_make_vec_mode_stays_sync_as_in_the_reference() -> None:
    env = gymnasium_core.make_vec("Ant-v5", 2)
    try:
        assert isinstance(env, SyncVectorEnv | AsyncVectorEnv)
    finally:
        env.close()


@pytest.mark.parametrize(
    ("env_id", "batched"),
    [
        ("Ant-v4", True),
        ("HalfCheetah-v5", True),
        ("Humanoid-v5", True),
        ("Walker2d-v4", True),
        ("HumanoidStandup-v5", True),
        ("InvertedDoublePendulum-v5", False),
        ("Swimmer-v4", True),
        ("InvertedPendulum-v5", True),
        ("Reacher-v5", False),
    ],
)
def test_vector__step_terms_are_batched_where_the_task_defines_them(
    env_id: str, batched: bool
) -> None:
    env = gymnasium_core.make_vec(env_id, 2, vectorization_mode="vector_entry_point")
    assert env.unwrapped._batched is batched
    env.close()


def test_vector__per_sub_env_parameters_from_set_attr_are_honoured() -> None:
    vector = gymnasium_core.make_vec("Hopper-v5", 2, vectorization_mode="vector_entry_point")
    vector.set_attr("_ctrl_cost_weight", [0.5, 2.0])
    singles = [gymnasium_core.make("Hopper-v5", ctrl_cost_weight=w) for w in (0.5, 2.0)]
    vector.reset(seed=4)
    actions = np.full((2, 3), 0.4, dtype=np.float32)
    _, rewards, _, _, _ = vector.step(actions)
    for index, env in enumerate(singles):
        env.reset(seed=4 + index)
        assert rewards[index] == env.step(actions[index])[1]
        env.close()
    vector.close()


class _CountingHopperEnv(HopperEnv):  # type: ignore[misc]  # HopperEnv is untyped here
    """A task whose physics step is its own: the vector env must call it."""

    calls = 0

    def _step_mujoco_simulation(self, ctrl: Any, n_frames: int) -> None:
        type(self).calls += 1
        super()._step_mujoco_simulation(ctrl, n_frames)


def test_vector__a_task_with_its_own_physics_step_is_stepped_through_it() -> None:
    vector = vector_env_class(_CountingHopperEnv, "CountingHopperVectorEnv")(3, num_threads=2)
    single = gymnasium_core.make("Hopper-v5")
    vector.reset(seed=7)
    single.reset(seed=7)
    actions = np.full((3, 3), 0.2, dtype=np.float32)
    for _ in range(4):
        observations = vector.step(actions)[0]
        np.testing.assert_array_equal(observations[0], single.step(actions[0])[0])
    assert _CountingHopperEnv.calls == 12
    vector.close()
    single.close()


def test_vector__returned_arrays_are_not_overwritten_by_the_next_step() -> None:
    vector = gymnasium_core.make_vec("Hopper-v5", 3, vectorization_mode="vector_entry_point")
    vector.reset(seed=8)
    actions = np.full((3, 3), 0.3, dtype=np.float32)
    first = vector.step(actions)
    kept = copy.deepcopy(first)
    vector.step(actions)
    for returned, copied in zip(first[:4], kept[:4], strict=True):
        np.testing.assert_array_equal(returned, copied)
    for key, value in kept[4].items():
        np.testing.assert_array_equal(first[4][key], value, err_msg=key)
    vector.close()


def _step_info_with_time(
    task: Any, before: Any, action: Any, after: Any, params: Any, xp: Any
) -> dict[str, Any]:
    info: dict[str, Any] = HopperEnv.definition.step_info(task, before, action, after, params, xp)
    return {**info, "sim_time": after.time}


class _TimedHopperEnv(HopperEnv):  # type: ignore[misc]  # HopperEnv is untyped here
    """A task whose terms read a field that is a number, not a view of the simulation."""

    definition = dataclasses.replace(HopperEnv.definition, step_info=_step_info_with_time)


def test_vector__a_field_that_is_no_view_is_read_afresh_at_every_step() -> None:
    vector = vector_env_class(_TimedHopperEnv, "TimedHopperVectorEnv")(2, num_threads=2)
    assert vector._batched
    single = _TimedHopperEnv()
    vector.reset(seed=9)
    single.reset(seed=9)
    actions = np.full((2, 3), 0.1, dtype=np.float32)
    for _ in range(3):
        _, rewards, _, _, infos = vector.step(actions)
        _, reward, _, _, info = single.step(actions[0])
        assert infos["sim_time"][0] == info["sim_time"] > 0
        assert rewards[0] == reward
    vector.close()
    single.close()
