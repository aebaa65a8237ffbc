"""``make_vec`` end to end in every mode, and CartPole batches equal to the reference's."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from test_vector_parity import assert_same

import gymnasium_core
from gymnasium_core.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv, VectorEnv

MODES = ["NextStep", "SameStep", "Disabled"]


def rollout(envs: Any, seed: int, steps: int, mode: str) -> list[Any]:
    """Reset, then step with seeded random actions; in DISABLED mode reset what ended."""
    results = [envs.reset(seed=seed)]
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        actions = rng.integers(0, 2, size=envs.num_envs)
        results.append(envs.step(actions))
        ended = results[-1][2] | results[-1][3]
        if mode == "Disabled" and ended.any():
            results.append(envs.reset(options={"reset_mask": ended}))
    envs.close()
    return results


@pytest.mark.timeout(60)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", ["sync", "async"])
def test_make_vec__cartpole_matches_reference(kind: str, mode: str) -> None:
    vector_kwargs: dict[str, Any] = {"autoreset_mode": mode}
    if kind == "async":
        vector_kwargs["context"] = "fork"
    ours = gymnasium_core.make_vec(
        "CartPole-v1", 3, vectorization_mode=kind, vector_kwargs=dict(vector_kwargs)
    )
    ref = gymnasium.make_vec(
        "CartPole-v1", 3, vectorization_mode=kind, vector_kwargs=dict(vector_kwargs)
    )
    assert type(ours).__name__ == type(ref).__name__
    assert ours.metadata["autoreset_mode"] is AutoresetMode(mode)
    assert str(ours.observation_space) == str(ref.observation_space)
    assert str(ours.action_space) == str(ref.action_space)
    # 60 random steps end several episodes in every sub-environment.
    assert_same(rollout(ours, 7, 60, mode), rollout(ref, 7, 60, mode))


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", ["sync", "async"])
def test_make_vec__wrappers_and_env_kwargs_reach_every_copy(kind: str) -> None:
    from gymnasium_core.wrappers import TransformReward

    envs = gymnasium_core.make_vec(
        "CartPole-v1",
        2,
        vectorization_mode=kind,
        vector_kwargs={"context": "fork"} if kind == "async" else None,
        wrappers=[lambda env: TransformReward(env, lambda r: 2 * r)],
        max_episode_steps=3,
        render_mode="rgb_array",
    )
    assert isinstance(envs, SyncVectorEnv if kind == "sync" else AsyncVectorEnv)
    assert envs.render_mode == "rgb_array"
    envs.reset(seed=0)
    for _ in range(3):
        _, rewards, _, truncations, _ = envs.step(np.zeros(2, dtype=np.int64))
    np.testing.assert_array_equal(rewards, [2.0, 2.0])
    np.testing.assert_array_equal(truncations, [True, True])
    frames = envs.render()
    assert frames is not None and len(frames) == 2 and frames[0].shape == (400, 600, 3)
    assert envs.spec is not None and envs.spec.kwargs["vectorization_mode"] == kind
    envs.close()


def test_make_vec__vector_entry_point() -> None:
    envs = gymnasium_core.make_vec("CartPole-v1", 4, vectorization_mode="vector_entry_point")
    ref = gymnasium.make_vec("CartPole-v1", 4, vectorization_mode="vector_entry_point")
    assert type(envs).__name__ == "CartPoleVectorEnv"
    assert isinstance(envs, VectorEnv)
    assert envs.num_envs == 4
    assert str(envs.single_observation_space) == str(ref.single_observation_space)
    assert str(envs.action_space) == str(ref.action_space)
    obs, _ = envs.reset(seed=0)
    assert obs.shape == (4, 4) and obs.dtype == np.float32
    obs, rewards, terminations, truncations, _ = envs.step(np.ones(4, dtype=np.int64))
    assert obs in envs.observation_space
    assert rewards.shape == terminations.shape == truncations.shape == (4,)
    envs.close()
    ref.close()


@pytest.mark.parametrize("env_id", ["CartPole-v1"])  # the ids Gymnasium batches by default
def test_make_vec__default_mode_is_the_vector_entry_point(env_id: str) -> None:
    envs = gymnasium_core.make_vec(env_id, 2)
    assert envs.spec is not None
    assert envs.spec.kwargs["vectorization_mode"] == "vector_entry_point"
    assert not isinstance(envs, SyncVectorEnv | AsyncVectorEnv)
    envs.close()


def test_make_vec__jax_mode() -> None:
    pytest.importorskip("jax")
    # The stateful id reaches its phys2d twin through `jax_vector_entry_point`.
    envs = gymnasium_core.make_vec("CartPole-v1", 3, vectorization_mode="jax")
    assert type(envs).__name__ == "CartPoleJaxVectorEnv"
    assert isinstance(envs, VectorEnv)
    assert envs.num_envs == 3
    obs, _ = envs.reset(seed=0)
    assert np.asarray(obs).shape == (3, 4)
    done = np.zeros(3, dtype=bool)
    for _ in range(30):
        obs, rewards, terminations, truncations, _ = envs.step(np.zeros(3, dtype=np.int32))
        done |= np.asarray(terminations) | np.asarray(truncations)
        assert np.asarray(rewards).shape == (3,)
    assert done.all()  # always pushing left ends every episode within 30 steps
    envs.close()


@pytest.mark.parametrize(
    ("mode", "kwargs", "match"),
    [
        ("vector_entry_point", {"vector_kwargs": {"copy": False}}, "vector_kwargs"),
        ("vector_entry_point", {"wrappers": [lambda e: e]}, "wrappers"),
        ("bogus", {}, "bogus"),
    ],
)
def test_make_vec__rejects_bad_arguments(mode: str, kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises((gymnasium_core.error.Error, ValueError), match=match):
        gymnasium_core.make_vec("CartPole-v1", 2, vectorization_mode=mode, **kwargs)
