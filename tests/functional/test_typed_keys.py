"""Typed keys (``jax.random.key``) give the results raw keys give, on the same fast path;
direct ``rollout`` calls compile once per configuration."""

from __future__ import annotations

import numpy as np
import pytest
from functional_test_envs import Walk

jax = pytest.importorskip("jax")

from gymnasium_core.functional import FunctionalJaxEnv, rollout  # noqa: E402
from gymnasium_core.testing.contract import compilations  # noqa: E402


def _policy(obs, key):
    return jax.random.randint(key, (obs.shape[0],), 0, 2)


def _assert_trees_equal(a, b):
    for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b), strict=True):
        np.testing.assert_array_equal(x, y)


def test_rollout__typed_and_raw_keys_give_the_same_trajectory():
    raw = rollout(Walk(), _policy, jax.random.PRNGKey(11), 12, 6, max_episode_steps=5)
    typed = rollout(Walk(), _policy, jax.random.key(11), 12, 6, max_episode_steps=5)
    _assert_trees_equal(typed, raw)


def test_rollout__typed_keys_use_no_jax_random_split_or_uniform(monkeypatch):
    expected = rollout(Walk(), _policy, jax.random.key(3), 4, 5)

    def refuse(*args, **kwargs):
        raise AssertionError("a typed Threefry key fell back to jax.random")

    monkeypatch.setattr(jax.random, "split", refuse)
    monkeypatch.setattr(jax.random, "uniform", refuse)
    # A new policy is a new configuration: the rollout is traced again, under the patch.
    got = rollout(
        Walk(), lambda obs, key: jax.numpy.zeros(obs.shape[0], "int32"), jax.random.key(3), 4, 5
    )
    assert got.reward.shape == expected.reward.shape


def test_rollout__repeated_direct_calls_compile_once():
    env = Walk()
    rollout(env, _policy, jax.random.key(0), 7, 4)
    with compilations() as compiled:
        for seed in (1, 2, 3):
            rollout(env, _policy, jax.random.key(seed), 7, 4)
        rollout(Walk(), _policy, jax.random.key(4), 7, 4)  # an equal env: the same program
    assert [c for c in compiled if "rollout" in c] == []


def test_rollout__repeated_direct_calls_with_raw_keys_compile_once():
    rollout(Walk(), _policy, jax.random.PRNGKey(0), 7, 3)
    with compilations() as compiled:
        rollout(Walk(), _policy, jax.random.PRNGKey(5), 7, 3)
        rollout(Walk(), _policy, np.asarray(jax.random.PRNGKey(6)), 7, 3)
    assert [c for c in compiled if "rollout" in c] == []


def test_jax_env__typed_carried_key_gives_the_raw_key_trajectory():
    raw, typed = FunctionalJaxEnv(Walk()), FunctionalJaxEnv(Walk())
    raw.reset(seed=0)
    typed.reset(seed=0)
    raw.rng = jax.random.PRNGKey(21)
    typed.rng = jax.random.key(21)
    obs_raw, _ = raw.reset()
    obs_typed, _ = typed.reset()
    np.testing.assert_array_equal(obs_typed, obs_raw)
    for t in range(6):
        a, b = raw.step(t % 2), typed.step(t % 2)
        np.testing.assert_array_equal(b[0], a[0])
        assert b[1:4] == a[1:4]
    np.testing.assert_array_equal(jax.random.key_data(typed.rng), raw.rng)


def test_functional_initial_and_transition__typed_and_raw_keys_agree():
    env = Walk().with_xp("jax")
    params = env.get_default_params()
    for raw_key, typed_key in ((jax.random.PRNGKey(s), jax.random.key(s)) for s in (0, 9)):
        state_raw = env.initial(raw_key, params)
        state_typed = env.initial(typed_key, params)
        _assert_trees_equal(state_typed, state_raw)
        _assert_trees_equal(
            env.transition(state_typed, 1, typed_key, params),
            env.transition(state_raw, 1, raw_key, params),
        )


def test_rollout__inside_the_callers_jit_then_directly_with_the_same_params():
    env = Walk()
    params = env.get_default_params(push=2.0)
    inside = jax.jit(lambda k: rollout(env, _policy, k, 5, 3, params))(jax.random.key(8))
    direct = rollout(env, _policy, jax.random.key(8), 5, 3, params)
    _assert_trees_equal(direct, inside)
    again = jax.jit(lambda k: rollout(env, _policy, k, 5, 3, params))(jax.random.key(8))
    _assert_trees_equal(again, inside)


def test_rollout__params_changed_in_place_are_seen():
    env = Walk()
    params = env.get_default_params(push=np.array(1.0, np.float32))
    first = rollout(env, _policy, jax.random.key(2), 6, 2, params)
    params.push[...] = 5.0
    second = rollout(env, _policy, jax.random.key(2), 6, 2, params)
    fresh = rollout(
        env, _policy, jax.random.key(2), 6, 2, env.get_default_params(push=np.float32(5.0))
    )
    _assert_trees_equal(second, fresh)
    assert not np.array_equal(first.next_observation, second.next_observation)


def test_rollout__params_placed_from_host_arrays_do_not_see_later_changes():
    # `jax.device_put` of a 0-d or 1-element host array may read it after returning, so an
    # array changed right after a `rollout` call returned could leak into that rollout.
    from gymnasium_core.functional import jax_rollout

    env = Walk()
    defaults = jax_rollout._prepare(env).defaults
    for _ in range(200):
        params = env.get_default_params(push=np.array(1.0, np.float32))
        placed = jax_rollout._place(params, defaults, 2)
        params.push[...] = 5.0
        assert float(placed.push) == 1.0


def _direct_program(env, params, num_envs, isolate_params=True):
    """The compiled text of the program a direct ``rollout`` call runs."""
    from gymnasium_core.functional import jax_rollout

    prepared = jax_rollout._prepare(env)
    return (
        jax_rollout._rollout.lower(
            prepared.env_key,
            _policy,
            jax.random.key(0),
            jax_rollout._place(params, prepared.defaults, num_envs),
            num_steps=5,
            num_envs=num_envs,
            max_episode_steps=0,
            autoreset_mode=jax_rollout.parse_autoreset_mode("SameStep"),
            isolate_params=isolate_params,
        )
        .compile()
        .as_text()
    )


def test_rollout__direct_call_lets_xla_drop_the_policys_unused_draw():
    # randint's span (2) makes its high-bits draw unused, which XLA drops when the span is a
    # constant in the scan body. Params passed as runtime inputs must not keep that constant
    # out of the body (XLA hoists it along with them unless they are isolated).
    env, num_envs = Walk(), 64
    params = env.get_default_params(push=2.0)
    isolated = _direct_program(env, params, num_envs).count(" while(")
    hoisted = _direct_program(env, params, num_envs, isolate_params=False).count(" while(")
    assert isolated < hoisted
