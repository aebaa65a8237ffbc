"""Every registered functional id (phys2d/, tabular/) steps under jit and vmap, compiled once."""

from __future__ import annotations

import numpy as np
import pytest

import gymnasium_core as gym

jax = pytest.importorskip("jax")

FUNCTIONAL_IDS = sorted(
    env_id for env_id in gym.registry if env_id.split("/")[0] in ("phys2d", "tabular")
)


@pytest.mark.parametrize("env_id", FUNCTIONAL_IDS)
def test_registered__jax_vector_env_jits_vmaps_and_compiles_once(env_id):
    env = gym.make_vec(env_id, num_envs=3, vectorization_mode="vector_entry_point")
    base = env.unwrapped
    env.action_space.seed(0)
    env.reset(seed=0)
    for _ in range(5):
        _, reward, _, _, _ = env.step(env.action_space.sample())
        assert np.shape(reward) == (3,) and not np.any(np.isnan(np.asarray(reward)))
    if hasattr(base, "_step_fn"):
        assert base._step_fn._cache_size() == 1
    func_env = base.func_env
    params = func_env.get_default_params()
    keys = jax.random.split(jax.random.PRNGKey(0), 3)
    states = jax.jit(jax.vmap(lambda k: func_env.initial(k, params)))(keys)
    actions = np.stack([base.single_action_space.sample() for _ in range(3)])
    step = jax.jit(jax.vmap(lambda s, a, k: func_env.transition(s, a, k, params)))
    jax.tree_util.tree_map(lambda x: x.block_until_ready(), step(states, actions, keys))
    env.close()
