"""Every registered functional id (phys2d/, tabular/, probe_jax/) steps under jit and vmap.

The ids come from the registry. The vector env jits its vmapped reset and step (one XLA
compile each, shared with any equally configured env of the session); the functional methods
themselves are then traced under ``jit(vmap(...))`` with ``jax.eval_shape``, which proves they
are traceable (no Python branching on traced values, no host reads) without paying a second
XLA compile per id.
"""

from __future__ import annotations

import copy
import functools

import numpy as np
import pytest

import gymnasium_core as gym
from gymnasium_core.testing.contract import compilations

jax = pytest.importorskip("jax")

FUNCTIONAL_IDS = sorted(
    env_id for env_id in gym.registry if env_id.split("/")[0] in ("phys2d", "tabular", "probe_jax")
)
NUM_ENVS = 3


def _space_shape_dtype(space, batch):
    """The (shape, dtype) JAX gives a batch of elements of ``space``."""
    return (batch, *space.shape), jax.dtypes.canonicalize_dtype(space.dtype)


@pytest.mark.parametrize("env_id", FUNCTIONAL_IDS)
def test_registered__vector_env_steps_under_jit_and_vmap_compiling_once(env_id):
    env = gym.make_vec(env_id, num_envs=NUM_ENVS, vectorization_mode="vector_entry_point")
    try:
        env.action_space.seed(0)
        env.reset(seed=0)
        env.step(env.action_space.sample())
        with compilations() as compiled:
            for _ in range(5):
                obs, reward, terminated, truncated, _ = env.step(env.action_space.sample())
                assert np.shape(reward) == (NUM_ENVS,)
                assert not np.any(np.isnan(np.asarray(reward)))
            env.reset(seed=1)
        assert [name for name in compiled if name.endswith("_fn")] == []
        assert np.asarray(terminated).dtype == np.bool_
        assert np.asarray(truncated).dtype == np.bool_
        space = env.unwrapped.single_observation_space
        if getattr(space, "shape", None) is not None and space.dtype is not None:
            assert (np.shape(obs), np.asarray(obs).dtype) == _space_shape_dtype(space, NUM_ENVS)
    finally:
        env.close()


@pytest.mark.parametrize("env_id", FUNCTIONAL_IDS)
def test_registered__functional_methods_trace_under_jit_and_vmap(env_id):
    env = gym.make_vec(env_id, num_envs=NUM_ENVS, vectorization_mode="vector_entry_point")
    base = env.unwrapped
    func_env, params = base.func_env, base.func_env.get_default_params()
    keys = jax.random.split(jax.random.PRNGKey(0), NUM_ENVS)
    base.single_action_space.seed(0)
    actions = np.stack([base.single_action_space.sample() for _ in range(NUM_ENVS)])

    def one_step(key, action):
        state = func_env.initial(key, params)
        next_state = func_env.transition(state, action, key, params)
        return (
            func_env.observation(next_state, key, params),
            func_env.reward(state, action, next_state, key, params),
            func_env.terminal(next_state, key, params),
        )

    obs, reward, terminal = jax.eval_shape(jax.jit(jax.vmap(one_step)), keys, actions)
    env.close()
    space = base.single_observation_space
    if getattr(space, "shape", None) is not None and space.dtype is not None:
        assert (obs.shape, obs.dtype) == _space_shape_dtype(space, NUM_ENVS)
    assert reward.shape == (NUM_ENVS,)
    assert terminal.shape == (NUM_ENVS,)


@pytest.mark.parametrize("env_id", FUNCTIONAL_IDS)
def test_registered__func_env_transformed_by_vmap_matches_one_by_one(env_id):
    # Gymnasium's way to batch a FuncEnv: `transform(jax.vmap)` in place, then every method
    # called on batches (keys in the rng place, as its vector env does; no params).
    plain = gym.make(env_id).unwrapped.func_env
    batched = copy.copy(plain)
    batched.transform(jax.vmap)
    keys = jax.random.split(jax.random.PRNGKey(0), NUM_ENVS)
    plain.action_space.seed(0)
    actions = [np.asarray(plain.action_space.sample()) for _ in range(NUM_ENVS)]
    action_batch = np.stack(actions)

    def outputs(env, state, action, key):
        next_state = env.transition(state, action, key)
        return (
            next_state,
            env.observation(next_state, key),
            env.reward(state, action, next_state, key),
            env.terminal(next_state, key),
            env.state_info(state),
            env.transition_info(state, action, next_state),
        )

    got = outputs(batched, batched.initial(keys), action_batch, keys)
    for i, (key, action) in enumerate(zip(keys, actions, strict=True)):
        expected = outputs(plain, plain.initial(key), action, key)
        row = jax.tree.map(lambda leaf, i=i: leaf[i], got)
        # float32 arithmetic batched by XLA may round differently in the last place.
        jax.tree.map(functools.partial(np.testing.assert_allclose, rtol=1e-6), row, expected)
