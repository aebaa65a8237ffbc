"""Resets of a few sub-envs drawn for those sub-envs only give the numbers of whole-batch draws."""

from __future__ import annotations

import numpy as np
import pytest
from functional_test_envs import Walk, WalkParams

jax = pytest.importorskip("jax")

from gymnasium_core.functional import (  # noqa: E402
    FunctionalJaxVectorEnv,
    _threefry,
    jax_vector_env,
    persistent_cache,
    rollout,
)

NUM_ENVS = 128  # compact capacity 16: random ends take the compact path, time limits do not


def _params() -> WalkParams:
    # Per-sub-env limits, so the compact path gathers batched params too.
    return WalkParams(limit=np.linspace(0.05, 0.4, NUM_ENVS).astype(np.float32))


def _policy(obs, key):
    return jax.random.randint(key, (obs.shape[0],), 0, 2)


def _assert_trees_equal(a, b):
    for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b), strict=True):
        np.testing.assert_array_equal(np.asarray(x), np.asarray(y))


def _never_compact(monkeypatch):
    monkeypatch.setattr(jax_vector_env, "COMPACT_RESET_MIN_ENVS", 10**9)
    persistent_cache.clear()


@pytest.mark.parametrize("mode", ["SameStep", "NextStep"])
def test_rollout__compact_resets_equal_whole_batch_resets(mode, monkeypatch):
    capacity = jax_vector_env.compact_reset_capacity(NUM_ENVS)
    assert 0 < capacity < NUM_ENVS
    args = (jax.random.key(4), 40, NUM_ENVS, _params())
    kwargs = {"max_episode_steps": 12, "autoreset_mode": mode}
    compact = rollout(Walk(), _policy, *args, **kwargs)
    ends = np.asarray(compact.terminated | compact.truncated).sum(axis=1)
    # Both paths ran: steps with a few ends and steps with more than the capacity.
    assert ((ends > 0) & (ends <= capacity)).any() and (ends > capacity).any()
    _never_compact(monkeypatch)
    # A new policy object is a new configuration, so this traces under the patch.
    whole = rollout(Walk(), lambda obs, key: _policy(obs, key), *args, **kwargs)
    _assert_trees_equal(compact, whole)


def test_vector_env__compact_same_step_resets_equal_whole_batch_resets(monkeypatch):
    # Same-step mode also observes the fresh states: the compact path scatters those too.
    # (Next-step resets go through the code the rollout test checks.)
    actions = np.random.default_rng(0).integers(0, 2, (20, NUM_ENVS)).astype(np.int32)

    def run():
        env = FunctionalJaxVectorEnv(
            Walk(), NUM_ENVS, 12, params=_params(), autoreset_mode="SameStep"
        )
        out = [env.reset(seed=3)]
        out += [env.step(a) for a in actions]
        return out

    compact = run()
    _never_compact(monkeypatch)
    _assert_trees_equal(compact, run())


@pytest.mark.parametrize("make_key", [jax.random.key, jax.random.PRNGKey])
def test_split_at__equals_indexing_the_whole_split(make_key):
    key = make_key(7)
    index = jax.numpy.array([0, 5, 5, 999, 1], jax.numpy.int32)
    picked = _threefry.split_at(key, 1000, index)
    whole = jax.random.split(key, 1000)[np.asarray(index)]
    if jax.dtypes.issubdtype(whole.dtype, jax.dtypes.prng_key):
        picked, whole = jax.random.key_data(picked), jax.random.key_data(whole)
    np.testing.assert_array_equal(np.asarray(picked), np.asarray(whole))
