"""JAX envs: same physics as numpy within float32 tolerance, and the reference phys2d difference."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium_core.envs.classic_control import (
    acrobot,
    cartpole,
    continuous_mountain_car,
    mountain_car,
    pendulum,
)

import gymnasium_core

jax = pytest.importorskip("jax")
jnp = jax.numpy

# One float32 step from a float64 state: relative errors of a few float32 ulps, and absolute
# errors near zero where cos/sin cancel.
OBS_RTOL, OBS_ATOL = 1e-5, 1e-5
REWARD_ATOL = 1e-4

FUNC_ENVS = {
    "CartPole": (cartpole.CartPoleFunctional, cartpole.CartPoleVectorEnv),
    "MountainCar": (mountain_car.MountainCarFunctional, mountain_car.MountainCarVectorEnv),
    "MountainCarContinuous": (
        continuous_mountain_car.ContinuousMountainCarFunctional,
        continuous_mountain_car.Continuous_MountainCarVectorEnv,
    ),
    "Pendulum": (pendulum.PendulumFunctional, pendulum.PendulumVectorEnv),
    "Acrobot": (acrobot.AcrobotFunctional, acrobot.AcrobotVectorEnv),
}


def _to_jax(state: Any) -> Any:
    # CartPole's numpy vector env holds the reference's (4, num_envs) array.
    kind = cartpole.CartPoleState if isinstance(state, np.ndarray) else type(state)
    return kind(*(jnp.asarray(np.asarray(v), dtype=jnp.float32) for v in state))


@pytest.mark.parametrize("name", list(FUNC_ENVS))
def test_jax__one_step_matches_numpy_along_200_steps(name: str) -> None:
    func_cls, vec_cls = FUNC_ENVS[name]
    jf = func_cls().with_xp(jnp)
    params = jf.default_params

    @jax.jit
    def step(state: Any, action: Any) -> tuple[Any, ...]:
        def one(s: Any, a: Any) -> tuple[Any, ...]:
            ns = jf.transition(s, a, jax.random.PRNGKey(0), params)
            return (
                jf.observation(ns, None, params),
                jf.reward(s, a, ns, None, params),
                jf.terminal(ns, None, params),
            )

        return jax.vmap(one)(state, action)

    vec = vec_cls(16, max_episode_steps=0)
    vec.reset(seed=1)
    vec.action_space.seed(1)
    for _ in range(200):
        state = vec.state
        actions = vec.action_space.sample()
        obs, reward, terminated, _, _ = vec.step(actions)
        j_obs, j_reward, j_term = step(_to_jax(state), jnp.asarray(actions))
        # Compare only sub-envs that were not reset by the numpy env this step.
        fresh = np.asarray(vec.state[0]) != np.asarray(
            vec.func_env.transition(state, actions, None, vec.params)[0]
        )
        keep = ~fresh
        np.testing.assert_allclose(np.asarray(j_obs)[keep], obs[keep], rtol=OBS_RTOL, atol=OBS_ATOL)
        np.testing.assert_allclose(np.asarray(j_reward)[keep], reward[keep], atol=REWARD_ATOL)
        near_edge = np.abs(np.asarray(j_obs)[keep] - obs[keep]).max(initial=0) > 0
        if not near_edge:
            assert np.array_equal(np.asarray(j_term)[keep], terminated[keep])


@pytest.mark.parametrize(
    "env_id",
    [
        "phys2d/CartPole-v1",
        pytest.param("phys2d/CartPole-v0", marks=pytest.mark.slow),
        pytest.param("phys2d/Pendulum-v0", marks=pytest.mark.slow),
        pytest.param("phys2d/MountainCar-v0", marks=pytest.mark.slow),
        pytest.param("phys2d/MountainCarContinuous-v0", marks=pytest.mark.slow),
        pytest.param("phys2d/Acrobot-v0", marks=pytest.mark.slow),
    ],
)
def test_phys2d__make_and_make_vec_run(env_id: str) -> None:
    env = gymnasium_core.make(env_id)
    obs, _ = env.reset(seed=0)
    assert obs.shape == env.observation_space.shape
    env.action_space.seed(0)
    for _ in range(5):
        obs, reward, _, _, _ = env.step(env.action_space.sample())
    assert np.all(np.isfinite(np.asarray(obs)))
    vec = gymnasium_core.make_vec(env_id, 4, vectorization_mode="vector_entry_point")
    obs, _ = vec.reset(seed=0)
    assert obs.shape == (4, *env.observation_space.shape)
    obs, reward, _, _, _ = vec.step(vec.action_space.sample())
    assert np.asarray(reward).shape == (4,)
    vec.close()
    env.close()


def test_phys2d__reference_functional_cartpole_differs_only_by_polemass_length() -> None:
    from gymnasium.envs.phys2d import cartpole as ref_phys2d

    ref = ref_phys2d.CartPoleFunctional()
    ours = cartpole.CartPoleFunctional().with_xp(jnp)
    p = ours.default_params
    corrected = ref_phys2d.CartPoleParams(polemass_length=p.masspole * p.length)
    buggy = ref_phys2d.CartPoleParams()
    assert buggy.polemass_length == pytest.approx(p.masspole + p.length)

    states = jax.random.uniform(jax.random.PRNGKey(0), (256, 4), minval=-0.2, maxval=0.2)
    actions = jnp.arange(256) % 2
    mine = jax.jit(
        jax.vmap(lambda s, a: jnp.stack(ours.transition(cartpole.CartPoleState(*s), a, None, p)))
    )
    fixed = jax.jit(jax.vmap(lambda s, a: ref.transition(s, a, None, corrected)))
    wrong = jax.jit(jax.vmap(lambda s, a: ref.transition(s, a, None, buggy)))
    np.testing.assert_allclose(
        np.asarray(mine(states, actions)), np.asarray(fixed(states, actions)), rtol=1e-6, atol=1e-7
    )
    # With its own constant the reference's cart accelerates differently on every state.
    x_dot_fixed = np.asarray(fixed(states, actions))[:, 1]
    x_dot_wrong = np.asarray(wrong(states, actions))[:, 1]
    assert not np.isclose(x_dot_wrong, x_dot_fixed, rtol=1e-3, atol=0).any()


def test_phys2d__jax_vector_env_steps_without_recompiling() -> None:
    from gymnasium_core.envs.phys2d.cartpole import CartPoleJaxVectorEnv

    vec = CartPoleJaxVectorEnv(8, max_episode_steps=20)
    vec.reset(seed=0)
    for _ in range(60):
        obs, _, terminated, truncated, _ = vec.step(jnp.ones(8, dtype=jnp.int32))
    assert isinstance(obs, jax.Array) and obs.shape == (8, 4)
    assert np.asarray(truncated).any() or np.asarray(terminated).any()


def test_phys2d__import_paths_build_on_one_definition() -> None:
    from gymnasium_core.envs.phys2d import cartpole as p_cartpole
    from gymnasium_core.envs.phys2d import pendulum as p_pendulum

    # The phys2d FuncEnvs are the classic-control definitions with an array state.
    assert issubclass(p_cartpole.CartPoleFunctional, cartpole.CartPoleFunctional)
    assert issubclass(p_pendulum.PendulumFunctional, pendulum.PendulumFunctional)
    assert p_cartpole.CartPoleFunctional.transition is p_pendulum.PendulumFunctional.transition
    assert cartpole.CartPoleVectorEnv.__module__.endswith("classic_control.cartpole")
    for name in ("CartPoleJaxEnv", "CartPoleJaxVectorEnv"):
        assert hasattr(p_cartpole, name)
    for name in ("PendulumJaxEnv", "PendulumJaxVectorEnv"):
        assert hasattr(p_pendulum, name)
