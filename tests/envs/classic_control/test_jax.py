"""JAX functional envs: the same physics as the numpy vector envs within float32 tolerance."""

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
