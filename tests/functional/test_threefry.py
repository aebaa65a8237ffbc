"""The written-out Threefry draws return exactly ``jax.random``'s numbers."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from gymnasium_core.functional import _threefry, random  # noqa: E402

SEEDS = [0, 2**31 + 5]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("num", [1, 2, 3, 17, 1000])
def test_threefry_split__equals_jax_random(seed, num):
    key = jax.random.PRNGKey(seed)
    np.testing.assert_array_equal(_threefry.split(key, num), jax.random.split(key, num))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("shape", [(), (1,), (4,), (3, 5), (2, 2, 3)])
@pytest.mark.parametrize("bounds", [(0.0, 1.0), (-0.05, 0.05), (-2.0, 2.0)])
def test_threefry_uniform__equals_jax_random_eager_and_jitted(seed, shape, bounds):
    key = jax.random.PRNGKey(seed)
    low, high = bounds
    expected = jax.random.uniform(key, shape, minval=low, maxval=high)
    eager = _threefry.uniform(key, shape, None, low, high)
    jitted = jax.jit(lambda k: _threefry.uniform(k, shape, None, low, high))(key)
    for got in (eager, jitted):
        assert got.dtype == expected.dtype and got.shape == expected.shape
        np.testing.assert_array_equal(got, expected)


def test_threefry__per_env_draws_under_vmap_and_array_bounds():
    keys = jax.random.split(jax.random.PRNGKey(3), 64)
    high = jnp.array([np.pi, 1.0], jnp.float32)

    def ours(k):
        return _threefry.uniform(k, (2,), None, -high, high), _threefry.split(k, 3)

    def theirs(k):
        return jax.random.uniform(k, (2,), minval=-high, maxval=high), jax.random.split(k, 3)

    for a, b in zip(jax.jit(jax.vmap(ours))(keys), jax.jit(jax.vmap(theirs))(keys)):
        np.testing.assert_array_equal(a, b)


def test_threefry__other_keys_and_dtypes_use_jax_random():
    typed = jax.random.key(0)
    assert _threefry.split(typed, 3).dtype == jax.random.split(typed, 3).dtype
    raw = jax.random.PRNGKey(0)
    np.testing.assert_array_equal(
        _threefry.uniform(raw, (3,), jnp.float16), jax.random.uniform(raw, (3,), jnp.float16)
    )
    with pytest.raises((TypeError, ValueError)):
        _threefry.uniform(raw, (2,), None, jnp.zeros((3, 3)), 1.0)


def test_random_module__jax_path_equals_jax_random():
    key = jax.random.PRNGKey(9)
    np.testing.assert_array_equal(
        random.uniform(key, -0.05, 0.05, shape=(4,)),
        jax.random.uniform(key, (4,), minval=-0.05, maxval=0.05),
    )
    for a, b in zip(random.split(key, 3), jax.random.split(key, 3)):
        np.testing.assert_array_equal(a, b)


# --- typed keys (jax.random.key) -------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("num", [1, 2, 17])
def test_threefry_split__typed_key_equals_jax_random(seed, num):
    key = jax.random.key(seed)
    got, expected = _threefry.split(key, num), jax.random.split(key, num)
    assert got.dtype == expected.dtype and got.shape == expected.shape == (num,)
    np.testing.assert_array_equal(jax.random.key_data(got), jax.random.key_data(expected))
    # And the same bits as the raw key of the same seed.
    np.testing.assert_array_equal(
        jax.random.key_data(got), _threefry.split(jax.random.PRNGKey(seed), num)
    )


@pytest.mark.parametrize("shape", [(), (4,), (3, 5)])
def test_threefry_uniform__typed_key_equals_jax_random_and_the_raw_key(shape):
    key = jax.random.key(7)
    expected = jax.random.uniform(key, shape, minval=-0.05, maxval=0.05)
    eager = _threefry.uniform(key, shape, None, -0.05, 0.05)
    jitted = jax.jit(lambda k: _threefry.uniform(k, shape, None, -0.05, 0.05))(key)
    raw = _threefry.uniform(jax.random.PRNGKey(7), shape, None, -0.05, 0.05)
    for got in (eager, jitted, raw):
        np.testing.assert_array_equal(got, expected)


def test_threefry__typed_keys_take_the_written_out_hash(monkeypatch):
    key = jax.random.key(1)
    expected_split = jax.random.key_data(jax.random.split(key, 5))
    expected_uniform = jax.random.uniform(key, (6,))

    def refuse(*args, **kwargs):
        raise AssertionError("typed Threefry keys must not fall back to jax.random")

    monkeypatch.setattr(jax.random, "split", refuse)
    monkeypatch.setattr(jax.random, "uniform", refuse)
    np.testing.assert_array_equal(jax.random.key_data(_threefry.split(key, 5)), expected_split)
    np.testing.assert_array_equal(_threefry.uniform(key, (6,)), expected_uniform)
    batched = jax.vmap(lambda k: _threefry.split(k, 2))(jax.random.wrap_key_data(expected_split))
    assert batched.shape == (5, 2)


def test_threefry__typed_keys_of_other_implementations_use_jax_random():
    key = jax.random.key(2, impl="rbg")
    got, expected = _threefry.split(key, 3), jax.random.split(key, 3)
    np.testing.assert_array_equal(jax.random.key_data(got), jax.random.key_data(expected))
    np.testing.assert_array_equal(_threefry.uniform(key, (4,)), jax.random.uniform(key, (4,)))
