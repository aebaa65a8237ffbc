"""The phys2d modules and ids as Gymnasium's users call them: names, array states, ``jax.jit``.

Gymnasium's phys2d CartPole and Pendulum FuncEnvs are used directly under ``jax.jit`` with
``jax.numpy`` states; ours must accept the same calls and give the same values. The JAX
arithmetic is float32 on both sides but not always in the same operation order, so values are
compared to float32 precision: a relative and absolute tolerance of ``1e-5`` per step, and
``1e-4`` over a rollout whose errors compound.
"""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core.testing import parity
from gymnasium_core.testing.compare import Tolerance, assert_same

jax = pytest.importorskip("jax")
jnp = jax.numpy
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.envs import phys2d as ref_phys2d  # noqa: E402
from gymnasium.envs.phys2d import cartpole as ref_cartpole  # noqa: E402
from gymnasium.envs.phys2d import pendulum as ref_pendulum  # noqa: E402
from gymnasium_core.envs import phys2d  # noqa: E402
from gymnasium_core.envs.classic_control import cartpole as classic_cartpole  # noqa: E402
from gymnasium_core.envs.classic_control import pendulum as classic_pendulum  # noqa: E402
from gymnasium_core.envs.phys2d import cartpole, pendulum  # noqa: E402

STEP_TOL = 1e-5
ROLLOUT_TOL = 1e-4

# (ours, reference, an action, our params matching the reference's defaults)
TASKS: dict[str, tuple[Any, Any, Any, dict[str, Any]]] = {
    "CartPole": (
        cartpole.CartPoleFunctional,
        ref_cartpole.CartPoleFunctional,
        jnp.int32(1),
        {},
    ),
    "Pendulum": (
        pendulum.PendulumFunctional,
        ref_pendulum.PendulumFunctional,
        jnp.array([0.7], dtype=jnp.float32),
        {},
    ),
}


def test_phys2d_package__exports_the_reference_names() -> None:
    assert sorted(phys2d.__all__) == sorted(ref_phys2d.__all__)
    for module, ref_module in ((cartpole, ref_cartpole), (pendulum, ref_pendulum)):
        names = [
            n
            for n in dir(ref_module)
            if n.endswith(("Params", "Functional", "JaxEnv", "JaxVectorEnv"))
            or n in ("PRNGKeyType", "StateType", "RenderStateType")
        ]
        assert len(names) >= 7
        for name in names:
            assert hasattr(module, name), f"{module.__name__}.{name}"


@pytest.mark.parametrize("task", list(TASKS))
def test_phys2d_functional__params_have_the_reference_fields_and_defaults(task: str) -> None:
    ours_cls, ref_cls, _, matching = TASKS[task]
    ours = ours_cls().get_default_params(**matching)
    ref = ref_cls().get_default_params()
    ref_fields = {name: getattr(ref, name) for name in type(ref).__dataclass_fields__}
    for name, value in ref_fields.items():
        assert getattr(ours, name) == pytest.approx(value), name
    assert list(type(ours)._fields)[: len(ref_fields)] == list(ref_fields)


@pytest.mark.parametrize("task", list(TASKS))
def test_phys2d_functional__runs_under_jax_jit_as_the_reference(task: str) -> None:
    ours_cls, ref_cls, action, matching = TASKS[task]
    ours, ref = ours_cls(), ref_cls()
    params, ref_params = ours.get_default_params(**matching), ref.get_default_params()
    for space, ref_space in (
        (ours.observation_space, ref.observation_space),
        (ours.action_space, ref.action_space),
    ):
        assert (space.shape, space.dtype) == (ref_space.shape, ref_space.dtype)
        assert np.array_equal(getattr(space, "low", 0), getattr(ref_space, "low", 0))
        assert np.array_equal(getattr(space, "high", 0), getattr(ref_space, "high", 0))
    key = jax.random.PRNGKey(7)
    state, ref_state = ours.initial(key, params), ref.initial(key, ref_params)
    assert isinstance(state, jax.Array) and state.shape == ref_state.shape
    assert state.dtype == ref_state.dtype
    np.testing.assert_array_equal(np.asarray(state), np.asarray(ref_state))
    # One jitted call of each function per env, as user code would do.
    transition, ref_transition = jax.jit(ours.transition), jax.jit(ref.transition)
    observation, ref_observation = jax.jit(ours.observation), jax.jit(ref.observation)
    reward, ref_reward = jax.jit(ours.reward), jax.jit(ref.reward)
    for _ in range(10):
        next_state = transition(state, action, key, params)
        ref_next = ref_transition(ref_state, action, key, ref_params)
        assert isinstance(next_state, jax.Array) and next_state.dtype == ref_next.dtype
        np.testing.assert_allclose(next_state, ref_next, rtol=STEP_TOL, atol=STEP_TOL)
        obs = observation(next_state, key, params)
        ref_obs = ref_observation(ref_next, key, ref_params)
        assert obs.dtype == ref_obs.dtype == jnp.float32
        np.testing.assert_allclose(obs, ref_obs, rtol=STEP_TOL, atol=STEP_TOL)
        np.testing.assert_allclose(
            reward(state, action, next_state, key, params),
            ref_reward(ref_state, action, ref_next, key, ref_params),
            rtol=STEP_TOL,
            atol=STEP_TOL,
        )
        assert bool(ours.terminal(next_state, key, params)) == bool(
            ref.terminal(ref_next, key, ref_params)
        )
        state, ref_state = next_state, ref_next


@pytest.mark.parametrize("env_id", parity.shared_ids("gymnasium.envs.phys2d"))
def test_phys2d_ids__follow_the_reference_ids(env_id: str) -> None:
    ours, ref = parity.make_pair(env_id)
    obs, info = ours.reset(seed=11)
    ref_obs, ref_info = ref.reset(seed=11)
    assert isinstance(ours.unwrapped.state, jax.Array)
    assert ours.unwrapped.state.shape == ref.unwrapped.state.shape
    assert_same((obs, info), (ref_obs, ref_info))
    parity.assert_rollouts_equal(
        ours,
        ref,
        seed=11,
        num_steps=60,
        reset_first=False,
        reset_on_end=False,
        obs_tolerance=Tolerance(ROLLOUT_TOL, ROLLOUT_TOL),
        reward_tolerance=Tolerance(ROLLOUT_TOL, ROLLOUT_TOL),
    )


def test_phys2d_cartpole_v2__has_the_stateful_physics() -> None:
    v1, v2 = gymnasium_core.make("phys2d/CartPole-v1"), gymnasium_core.make("phys2d/CartPole-v2")
    stateful = gymnasium_core.make("CartPole-v1").unwrapped
    assert v1.unwrapped.params.polemass_length == pytest.approx(0.6)  # the reference's value
    assert v2.unwrapped.params.polemass_length == stateful.polemass_length
    assert v2.spec is not None and v2.spec.max_episode_steps == 500
    v2.reset(seed=0)
    v1.reset(seed=0)
    start = np.asarray(v2.unwrapped.state, dtype=np.float64)
    stateful.reset(seed=0)
    stateful.state = start.copy()
    obs, *_ = v2.step(1)
    obs_1, *_ = v1.step(1)
    s_obs, *_ = stateful.step(1)
    np.testing.assert_allclose(obs, s_obs, rtol=STEP_TOL, atol=STEP_TOL)
    # The reference's constant gives another cart acceleration from the same state.
    assert not np.isclose(np.asarray(obs_1)[1], s_obs[1], rtol=1e-3, atol=0)


@pytest.mark.parametrize("cls", [cartpole.CartPoleJaxEnv, pendulum.PendulumJaxEnv])
def test_phys2d_jax_env__is_ez_pickle_and_pickles(cls: Any) -> None:
    env = cls(render_mode=None)
    assert isinstance(env, gymnasium_core.utils.EzPickle)
    assert env._ezpickle_kwargs == {"render_mode": None}
    env.reset(seed=0)
    clone = pickle.loads(pickle.dumps(env))
    np.testing.assert_array_equal(np.asarray(clone.state), np.asarray(env.state))


@pytest.mark.parametrize("cls", [cartpole.CartPoleJaxVectorEnv, pendulum.PendulumJaxVectorEnv])
def test_phys2d_jax_vector_env__is_ez_pickle(cls: Any) -> None:
    vec = cls(3, max_episode_steps=10)
    assert isinstance(vec, gymnasium_core.utils.EzPickle)
    assert vec._ezpickle_kwargs["num_envs"] == 3
    obs, _ = vec.reset(seed=0)
    assert np.asarray(obs).shape == (3, *vec.single_observation_space.shape)
    vec.close()


def test_phys2d_functional__numpy_path_still_works() -> None:
    env = cartpole.CartPoleFunctional().with_xp(np)
    params = env.get_default_params()
    state = env.initial(np.random.default_rng(0), params)
    assert isinstance(state, np.ndarray) and state.shape == (4,)
    next_state = env.transition(state, 1, None, params)
    assert isinstance(next_state, np.ndarray) and next_state.shape == (4,)
    assert env.observation(next_state, None, params).dtype == np.float32


def _first_steps(vec: Any, stateful: Any) -> tuple[Any, Any]:
    obs, _ = vec.reset(seed=0)
    stateful.reset(seed=0)
    stateful.state = np.asarray(obs[0], dtype=np.float64)
    pushes = jnp.ones(vec.num_envs, dtype=jnp.int32)
    for _ in range(3):
        obs, *_ = vec.step(pushes)
        s_obs, *_ = stateful.step(1)
    return np.asarray(obs[0]), s_obs


def test_stateful_physics_vector_env__follows_the_stateful_cartpole() -> None:
    vec = cartpole.stateful_physics_vector_env(2, max_episode_steps=50)
    obs, s_obs = _first_steps(vec, gymnasium_core.make("CartPole-v1").unwrapped)
    np.testing.assert_allclose(obs, s_obs, rtol=STEP_TOL, atol=STEP_TOL)
    vec.close()


def test_jax_mode__cartpole_follows_the_stateful_physics() -> None:
    vec = gymnasium_core.make_vec("CartPole-v1", 2, vectorization_mode="jax")
    obs, s_obs = _first_steps(vec, gymnasium_core.make("CartPole-v1").unwrapped)
    np.testing.assert_allclose(obs, s_obs, rtol=STEP_TOL, atol=STEP_TOL)
    vec.close()


@pytest.mark.parametrize("task", list(TASKS))
def test_phys2d_params__class_defaults_and_replace_as_the_reference(task: str) -> None:
    ours_cls, ref_cls, _, _ = TASKS[task]
    ours_params, ref_params = (
        type(ours_cls().get_default_params()),
        type(ref_cls().get_default_params()),
    )
    for name in ref_params.__dataclass_fields__:
        assert getattr(ours_params, name) == pytest.approx(getattr(ref_params, name)), name
        assert type(getattr(ours_params, name)) is type(getattr(ref_params, name)), name
    first = next(iter(ref_params.__dataclass_fields__))
    changed = ours_params().replace(**{first: 3.5})
    assert isinstance(changed, ours_params) and getattr(changed, first) == 3.5
    assert getattr(ref_params().replace(**{first: 3.5}), first) == 3.5
    # Still a pytree of its fields.
    leaves = jax.tree_util.tree_leaves(changed)
    assert len(leaves) == len(ours_params._fields)
    assert jax.tree_util.tree_map(lambda x: x, changed) == changed


def test_phys2d_vector_metadata__matches_the_reference() -> None:
    for ours, ref in (
        (cartpole.CartPoleJaxVectorEnv, ref_cartpole.CartPoleJaxVectorEnv),
        (pendulum.PendulumJaxVectorEnv, ref_pendulum.PendulumJaxVectorEnv),
        (cartpole.CartPoleJaxEnv, ref_cartpole.CartPoleJaxEnv),
        (pendulum.PendulumJaxEnv, ref_pendulum.PendulumJaxEnv),
    ):
        assert ours.metadata["render_fps"] == ref.metadata["render_fps"], ours
        assert ours.metadata["render_modes"] == ref.metadata["render_modes"], ours


# Each id compiles its own programs: one runs in the default tier, the others with the slow one.
_PHYS2D_IDS = [
    env_id if env_id == "phys2d/CartPole-v1" else pytest.param(env_id, marks=pytest.mark.slow)
    for env_id in parity.registered_ids(where=lambda spec: spec.namespace == "phys2d")
]


@pytest.mark.parametrize("env_id", _PHYS2D_IDS)
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
    ours = classic_cartpole.CartPoleFunctional().with_xp(jnp)
    p = ours.default_params
    corrected = ref_phys2d.CartPoleParams(polemass_length=p.masspole * p.length)
    buggy = ref_phys2d.CartPoleParams()
    assert buggy.polemass_length == pytest.approx(p.masspole + p.length)

    states = jax.random.uniform(jax.random.PRNGKey(0), (256, 4), minval=-0.2, maxval=0.2)
    actions = jnp.arange(256) % 2
    mine = jax.jit(
        jax.vmap(
            lambda s, a: jnp.stack(ours.transition(classic_cartpole.CartPoleState(*s), a, None, p))
        )
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
    assert issubclass(p_cartpole.CartPoleFunctional, classic_cartpole.CartPoleFunctional)
    assert issubclass(p_pendulum.PendulumFunctional, classic_pendulum.PendulumFunctional)
    assert p_cartpole.CartPoleFunctional.transition is p_pendulum.PendulumFunctional.transition
    assert classic_cartpole.CartPoleVectorEnv.__module__.endswith("classic_control.cartpole")
    for name in ("CartPoleJaxEnv", "CartPoleJaxVectorEnv"):
        assert hasattr(p_cartpole, name)
    for name in ("PendulumJaxEnv", "PendulumJaxVectorEnv"):
        assert hasattr(p_pendulum, name)
