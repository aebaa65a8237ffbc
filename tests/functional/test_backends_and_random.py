"""The array namespaces and the random interface."""

from __future__ import annotations

import math

import numpy as np
import pytest

from gymnasium_core.functional import backends, random
from gymnasium_core.functional.func_env import FuncEnv


@pytest.mark.parametrize("x", [-2.5, -0.3, 0.0, 0.7, 3.1])
def test_scalar__matches_numpy_float64_bit_for_bit(x):
    xp = backends.scalar
    for name in ("cos", "sin", "abs", "sign", "floor", "ceil", "round"):
        assert getattr(xp, name)(x) == getattr(np, name)(np.float64(x)), name
    # numpy's vectorised tan/arctan/exp/log may differ from libm in the last bit.
    for name in ("tan", "arctan", "exp"):
        np.testing.assert_array_max_ulp(getattr(xp, name)(x), getattr(np, name)(x), maxulp=1)
    assert xp.sqrt(abs(x)) == np.sqrt(abs(x))
    assert xp.arctan2(x, 1.5) == np.arctan2(x, 1.5)
    assert xp.clip(x, -1.0, 1.0) == np.clip(x, -1.0, 1.0)
    assert xp.mod(x, 2.0) == np.mod(x, 2.0)
    assert xp.where(x > 0, 1.0, 2.0) == np.where(x > 0, 1.0, 2.0)
    assert xp.minimum(x, 0.5) == np.minimum(x, 0.5) and xp.maximum(x, 0.5) == np.maximum(x, 0.5)


def test_scalar__sign_of_nan_and_constructors():
    assert math.isnan(backends.scalar.sign(math.nan))
    out = backends.scalar.asarray([1.0, 2.0], dtype=np.float32)
    assert isinstance(out, np.ndarray) and out.dtype == np.float32


def test_get_namespace__names_and_errors():
    assert backends.get_namespace("numpy") is np
    assert backends.get_namespace("scalar") is backends.scalar
    assert backends.name_of(backends.get_namespace("jax")) == "jax"
    with pytest.raises(ValueError, match="Unknown array backend"):
        backends.get_namespace("torch")


def test_func_env__with_xp_returns_copy_by_name():
    env = FuncEnv()
    moved = env.with_xp("scalar")
    assert moved.xp is backends.scalar and env.xp is np


def test_random__scalar_draws_follow_the_generator_stream():
    a, b = np.random.default_rng(3), np.random.default_rng(3)
    assert random.uniform(a, -1.0, 1.0) == b.uniform(-1.0, 1.0)
    assert random.integers(a, 0, 5) == b.integers(0, 5)
    assert random.normal(a) == b.standard_normal()


@pytest.mark.parametrize("batch_axis, shape", [(0, (3, 4)), (-1, (4, 3))])
def test_random__batched_rng_adds_batch_axis(batch_axis, shape):
    gen, ref = np.random.default_rng(0), np.random.default_rng(0)
    out = random.uniform(random.BatchedRng(gen, (3,)), 0.0, 1.0, (4,), batch_axis=batch_axis)
    np.testing.assert_array_equal(out, ref.uniform(0.0, 1.0, size=shape))
    assert random.batch_shape(random.BatchedRng(gen, (3,))) == (3,)
    assert random.batch_shape(gen) == ()


def test_random__jax_keys():
    jax = pytest.importorskip("jax")
    key = jax.random.PRNGKey(0)
    assert random.uniform(key, shape=(2,)).shape == (2,)
    assert random.choice(key, 4, shape=(5,)).shape == (5,)
    assert random.bernoulli(key, 0.5, (3,)).dtype == bool
    assert len(random.split(key, 3)) == 3
    gen = np.random.default_rng(0)
    assert random.split(gen) == [gen, gen]
