"""The JAX adapters: parity with the reference adapter and the numpy one, compile counts, errors."""

from __future__ import annotations

import numpy as np
import pytest
from functional_test_envs import Count, CountParams, Walk, WalkParams, WalkState

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from gymnasium_core.functional import (  # noqa: E402
    FunctionalJaxEnv,
    FunctionalJaxVectorEnv,
    FunctionalNumpyVectorEnv,
)


def _reference_style_env():
    from gymnasium.experimental.functional import FuncEnv as RefFuncEnv

    import gymnasium_core.spaces as spaces

    class Drift(RefFuncEnv):
        observation_space = spaces.Box(-np.inf, np.inf, (3,), np.float32)
        action_space = spaces.Discrete(2)

        def initial(self, rng, params=None):
            return jax.random.uniform(rng, (3,), minval=-1.0, maxval=1.0)

        def transition(self, state, action, rng, params=None):
            return state * 0.9 + action + 0.1 * jax.random.normal(rng, (3,))

        def observation(self, state, rng, params=None):
            return state

        def reward(self, state, action, next_state, rng, params=None):
            return jnp.sum(next_state)

        def terminal(self, state, rng, params=None):
            return jnp.sum(state) > 5.0

    return Drift()


def test_jax_env__same_trajectory_as_the_reference_adapter():
    from gymnasium.envs.functional_jax_env import FunctionalJaxEnv as RefFunctionalJaxEnv

    ours, ref = (
        FunctionalJaxEnv(_reference_style_env()),
        RefFunctionalJaxEnv(_reference_style_env()),
    )
    for env in (ours, ref):
        env.obs0, _ = env.reset(seed=5)
    np.testing.assert_array_equal(ours.obs0, ref.obs0)
    for t in range(10):
        a, b = ours.step(t % 2), ref.step(t % 2)
        assert isinstance(a[0], jax.Array) and type(a[1]) is float and type(a[2]) is bool
        # Ours is jitted, the reference runs eagerly: XLA may fuse a multiply-add (1 ulp).
        np.testing.assert_allclose(a[0], b[0], rtol=1e-6)
        assert a[1] == pytest.approx(b[1], rel=1e-6) and a[2:4] == b[2:4]


def test_jax_env__pickles_and_moves_our_func_env_to_jax():
    import pickle

    env = FunctionalJaxEnv(Walk())
    assert env.func_env.xp is jnp
    env.reset(seed=0)
    clone = pickle.loads(pickle.dumps(env))
    np.testing.assert_array_equal(clone.step(1)[0], env.step(1)[0])


def test_jax_vector__matches_numpy_vector_from_the_same_state():
    """Float32 on JAX vs float64 on numpy: equal to rtol 1e-5 over 20 steps."""
    params = WalkParams(dt=np.array([0.05, 0.1, 0.2, 0.3]))
    npv = FunctionalNumpyVectorEnv(Walk(), 4, params=params, autoreset_mode="Disabled")
    jxv = FunctionalJaxVectorEnv(Walk(), 4, params=params, autoreset_mode="Disabled")
    npv.reset(seed=0)
    jxv.reset(seed=0)
    npv.state = WalkState(np.array([0.0, 0.1, -0.2, 0.3]), np.array([0.01, 0.0, 0.02, -0.03]))
    jxv.carry = jxv.carry._replace(
        state=WalkState(*(jnp.asarray(f, jnp.float32) for f in npv.state))
    )
    actions = np.random.default_rng(0).integers(0, 2, size=(20, 4))
    for a in actions:
        o1, r1, t1, *_ = npv.step(a)
        o2, r2, t2, *_ = jxv.step(a)
        np.testing.assert_allclose(np.asarray(o2), o1, rtol=1e-5, atol=1e-6)
        np.testing.assert_array_equal(np.asarray(t2), t1)
        np.testing.assert_array_equal(np.asarray(r2), r1)


def test_jax_vector__step_compiles_once_across_resets():
    env = FunctionalJaxVectorEnv(
        Count(), 4, max_episode_steps=3, params=CountParams(target=jnp.array([1, 2, 3, 4]))
    )
    env.reset(seed=0)
    ends = 0
    for _ in range(12):
        _, _, term, trunc, _ = env.step(np.ones(4, dtype=np.int32))
        ends += int(np.sum(np.asarray(term | trunc)))
    assert ends > 4  # different numbers of sub-envs ended in different steps
    assert env._step_fn._cache_size() == 1
    env.step(np.ones(4, dtype=np.int64))  # another dtype is cast before the call
    assert env._step_fn._cache_size() == 1


def test_jax_vector__bad_inputs_give_clear_errors_before_compiling():
    from gymnasium_core.functional import persistent_cache

    persistent_cache.clear()  # an earlier test may have compiled this configuration already
    with pytest.raises(ValueError, match="num_envs=4"):
        FunctionalJaxVectorEnv(Count(), 4, params=CountParams(target=jnp.ones(3, jnp.int32)))
    env = FunctionalJaxVectorEnv(Count(), 4)
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        env.step(np.ones((4, 1), dtype=np.int32))
    with pytest.raises(TypeError, match="dtype"):
        env.step(np.ones(4, dtype=np.float32))
    assert env._step_fn._cache_size() == 0


def test_jax_vector__jit_vmap_and_grad_through_the_functions():
    f = Walk().with_xp("jax")
    params = f.get_default_params()

    def final_x(push):
        p = params._replace(push=push)
        state = WalkState(jnp.float32(0.0), jnp.float32(0.0))
        for _ in range(3):
            state = f.transition(state, 1, None, p)
        return state.x

    assert float(jax.jit(jax.grad(final_x))(1.0)) > 0
    keys = jax.random.split(jax.random.PRNGKey(0), 5)
    states = jax.jit(jax.vmap(lambda k: f.initial(k, params)))(keys)
    assert states.x.shape == (5,)


def test_jax_vector__reset_mask_and_render_mode_errors():
    env = FunctionalJaxVectorEnv(Count(), 3, autoreset_mode="Disabled")
    env.reset(seed=0)
    env.step(np.ones(3, dtype=np.int32))
    obs, _ = env.reset(options={"reset_mask": np.array([False, True, False])})
    np.testing.assert_array_equal(np.asarray(obs)[:, 0], [1, 0, 1])
    from gymnasium_core.logger import GymnasiumCoreWarning

    with pytest.warns(GymnasiumCoreWarning, match="rgb_array"):
        human = FunctionalJaxVectorEnv(Count(), 3, render_mode="human")
    human.reset(seed=0)
    with pytest.raises(NotImplementedError, match="human"):
        human.render()


def test_reexport_paths():
    from gymnasium_core.experimental.functional import FuncEnv
    from gymnasium_core.functional import FuncEnv as Ours

    assert FuncEnv is Ours
    envs = pytest.importorskip("gymnasium_core.envs.functional_jax_env")
    assert envs.FunctionalJaxVectorEnv is FunctionalJaxVectorEnv
