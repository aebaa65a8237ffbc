"""Our Sync and Async vector envs give the reference's batches for the same inputs."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from _vector_testenvs import async_context, counter_env_class, dict_obs_env_class

import gymnasium_core
import gymnasium_core.vector

MODES = ["NextStep", "SameStep", "Disabled"]


def assert_same(ours: Any, ref: Any, path: str = "") -> None:
    if isinstance(ref, dict):
        assert isinstance(ours, dict), path
        assert list(ours) == list(ref), (path, list(ours), list(ref))
        for key in ref:
            assert_same(ours[key], ref[key], f"{path}.{key}")
    elif isinstance(ref, tuple | list):
        assert len(ours) == len(ref), path
        for i, (a, b) in enumerate(zip(ours, ref, strict=True)):
            assert_same(a, b, f"{path}[{i}]")
    elif isinstance(ref, np.ndarray):
        assert isinstance(ours, np.ndarray), (path, type(ours))
        assert ours.dtype == ref.dtype and ours.shape == ref.shape, (path, ours, ref)
        if ref.dtype == object:
            for a, b in zip(ours, ref, strict=True):
                assert_same(a, b, path)
        else:
            np.testing.assert_array_equal(ours, ref, err_msg=path)
    else:
        assert type(ours) is type(ref) and ours == ref, (path, ours, ref)


def make_pair(kind: str, env_cls_factory: Any, num_envs: int, mode: str, **kwargs: Any):
    ours_cls, ref_cls = env_cls_factory(gymnasium_core), env_cls_factory(gymnasium)
    if kind == "sync":
        ours = gymnasium_core.vector.SyncVectorEnv(
            [ours_cls] * num_envs, autoreset_mode=mode, **kwargs
        )
        ref = gymnasium.vector.SyncVectorEnv([ref_cls] * num_envs, autoreset_mode=mode, **kwargs)
    else:
        ours = gymnasium_core.vector.AsyncVectorEnv(
            [ours_cls] * num_envs, autoreset_mode=mode, context=async_context(), **kwargs
        )
        ref = gymnasium.vector.AsyncVectorEnv(
            [ref_cls] * num_envs, autoreset_mode=mode, context=async_context(), **kwargs
        )
    return ours, ref


def run_side_by_side(ours: Any, ref: Any, mode: str, steps: int, seed: int) -> None:
    assert_same(ours.reset(seed=seed, options={"tag": 1}), ref.reset(seed=seed, options={"tag": 1}))
    ref.action_space.seed(seed)
    for _ in range(steps):
        actions = ref.action_space.sample()
        out_ours, out_ref = ours.step(actions), ref.step(actions)
        assert_same(out_ours, out_ref)
        if mode == "Disabled":
            ended = out_ref[2] | out_ref[3]
            if ended.any():
                assert_same(
                    ours.reset(options={"reset_mask": ended.copy()}),
                    ref.reset(options={"reset_mask": ended.copy()}),
                )


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", [0, 7])
def test_sync__matches_reference_in_every_autoreset_mode(mode: str, seed: int) -> None:
    ours, ref = make_pair("sync", counter_env_class, 3, mode)
    assert ours.metadata["autoreset_mode"].value == ref.metadata["autoreset_mode"].value
    run_side_by_side(ours, ref, mode, steps=30, seed=seed)
    ours.close()
    ref.close()


@pytest.mark.parametrize("mode", MODES)
def test_sync__dict_observations_match_reference(mode: str) -> None:
    ours, ref = make_pair("sync", dict_obs_env_class, 2, mode)
    assert str(ours.observation_space) == str(ref.observation_space)
    run_side_by_side(ours, ref, mode, steps=12, seed=3)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shared_memory", [True, False])
def test_async__matches_reference_in_every_autoreset_mode(mode: str, shared_memory: bool) -> None:
    ours, ref = make_pair("async", counter_env_class, 2, mode, shared_memory=shared_memory)
    try:
        run_side_by_side(ours, ref, mode, steps=20, seed=5)
    finally:
        ours.close()
        ref.close()


@pytest.mark.timeout(60)
def test_async__dict_observations_match_reference() -> None:
    ours, ref = make_pair("async", dict_obs_env_class, 2, "SameStep")
    try:
        run_side_by_side(ours, ref, "SameStep", steps=8, seed=1)
    finally:
        ours.close()
        ref.close()


@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.timeout(60)
def test_vector__batched_spaces_and_repr_match_reference(kind: str) -> None:
    ours, ref = make_pair(kind, counter_env_class, 2, "NextStep")
    try:
        assert repr(ours) == repr(ref)
        assert str(ours.action_space) == str(ref.action_space)
        assert str(ours.observation_space) == str(ref.observation_space)
        ours.reset(seed=11)
        ref.reset(seed=11)
        assert ours.np_random_seed == ref.np_random_seed
        assert_same(ours.call("render"), ref.call("render"))
        assert ours.get_attr("length") == ref.get_attr("length")
    finally:
        ours.close()
        ref.close()
