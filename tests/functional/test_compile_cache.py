"""Compiled programs are shared by equally configured JAX envs and traced once per signature."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest
from functional_test_envs import Count, CountParams, Walk

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from gymnasium_core.functional import (  # noqa: E402
    FunctionalJaxEnv,
    FunctionalJaxVectorEnv,
    persistent_cache,
)
from gymnasium_core.functional.persistent_cache import EnvKey  # noqa: E402
from gymnasium_core.testing.contract import compilations  # noqa: E402


def _programs(compiled):
    """The adapters' reset/step programs among the traces (one-off eager ops left out)."""
    return [name for name in compiled if name.endswith("_fn")]


def test_jax_env__step_traces_once_whatever_the_action_type():
    env = FunctionalJaxEnv(Count(options={"tag": "trace-once"}))
    env.reset(seed=0)
    env.step(0)
    actions = (1, np.int64(2), np.int32(0), jnp.asarray(1), jnp.asarray(2, jnp.int32), True)
    with compilations() as compiled:
        for action in actions:
            env.step(action)
        env.reset(seed=3)
        env.step(0)
    assert _programs(compiled) == []


def test_jax_env__action_cast_keeps_the_trajectory():
    a, b = FunctionalJaxEnv(Walk()), FunctionalJaxEnv(Walk())
    a.reset(seed=4)
    b.reset(seed=4)
    for t in range(6):
        obs_a, rew_a, *_ = a.step(t % 2)
        obs_b, rew_b, *_ = b.step(jnp.asarray(t % 2, jnp.int32))
        np.testing.assert_array_equal(obs_a, obs_b)
        assert rew_a == rew_b


def test_jax_env__equal_configurations_share_compiled_programs():
    a = FunctionalJaxEnv(Walk())
    b = FunctionalJaxEnv(Walk())
    assert a._step_fn is b._step_fn and a._reset_fn is b._reset_fn
    a.reset(seed=0)
    a.step(1)
    with compilations() as compiled:
        for clone in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a)):
            assert clone._step_fn is a._step_fn
            clone.step(0)
        b.reset(seed=1)
        b.step(1)
    assert _programs(compiled) == []


def test_jax_env__different_configurations_compile_apart():
    plain = FunctionalJaxEnv(Walk())
    other = FunctionalJaxEnv(Walk(options={"tag": "other"}))
    assert plain._step_fn is not other._step_fn


def test_jax_env__later_writes_to_the_func_env_do_not_reach_the_cached_program():
    func_env = Count(options={"tag": "snapshot"})
    first = FunctionalJaxEnv(func_env)
    first.func_env.tag = "changed"
    again = FunctionalJaxEnv(Count(options={"tag": "snapshot"}))
    changed = FunctionalJaxEnv(Count(options={"tag": "changed"}))
    assert again._step_fn is first._step_fn
    assert changed._step_fn is not first._step_fn


def test_jax_vector__equal_configurations_share_and_options_split():
    params = CountParams(target=jnp.array([1, 2, 3, 4]))
    a = FunctionalJaxVectorEnv(Count(), 4, max_episode_steps=3, params=params)
    b = FunctionalJaxVectorEnv(Count(), 4, max_episode_steps=3, params=params)
    assert a._step_fn is b._step_fn
    assert FunctionalJaxVectorEnv(Count(), 4, max_episode_steps=5)._step_fn is not a._step_fn
    assert FunctionalJaxVectorEnv(Count(), 2, max_episode_steps=3)._step_fn is not a._step_fn
    shared = FunctionalJaxVectorEnv(Count(), 4, max_episode_steps=3)
    assert shared._step_fn is not a._step_fn  # shared params: other vmap axes
    sync = FunctionalJaxVectorEnv(Count(), 4, 3, params=params, autoreset_mode="SameStep")
    assert sync._step_fn is not a._step_fn


class _Table:
    """A plain object without ``__eq__``, like a precomputed transition table."""

    def __init__(self, values):
        self.values = np.asarray(values)


def test_env_key__compares_configuration_not_identity():
    assert EnvKey(Walk()) == EnvKey(Walk())
    assert hash(EnvKey(Walk())) == hash(EnvKey(Walk()))
    assert EnvKey(Walk()) != EnvKey(Count())
    assert EnvKey(Walk(options={"table": _Table([1, 2])})) == EnvKey(
        Walk(options={"table": _Table([1, 2])})
    )
    assert EnvKey(Walk(options={"table": _Table([1, 2])})) != EnvKey(
        Walk(options={"table": _Table([1, 3])})
    )


def test_env_key__functions_compare_by_identity():
    def reward_a(x):
        return x

    def reward_b(x):
        return x

    assert EnvKey(Walk(options={"hook": reward_a})) == EnvKey(Walk(options={"hook": reward_a}))
    assert EnvKey(Walk(options={"hook": reward_a})) != EnvKey(Walk(options={"hook": reward_b}))


def test_compile_cache__is_bounded_and_can_be_cleared():
    for i in range(persistent_cache.MAX_ENTRIES + 3):
        persistent_cache.cached("probe", Walk(options={"i": i}), None, lambda env: object())
    assert persistent_cache.size() <= persistent_cache.MAX_ENTRIES
    persistent_cache.clear()
    assert persistent_cache.size() == 0
