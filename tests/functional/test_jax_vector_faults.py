"""Bad ``devices`` / ``num_envs``, copying a sharded env, and what makes ``set_params`` compile."""

from __future__ import annotations

import copy
import pickle
import warnings
from typing import Any

import numpy as np
import pytest
from functional_test_envs import Walk

jax = pytest.importorskip("jax")

import gymnasium_core as gym  # noqa: E402
from gymnasium_core.functional import FunctionalJaxVectorEnv, FunctionalNumpyVectorEnv  # noqa: E402
from gymnasium_core.logger import GymnasiumCoreWarning  # noqa: E402


def _sharded(env_id: str = "phys2d/CartPole-v1", n: int = 2) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return gym.make_vec(env_id, n, vectorization_mode="jax", devices=jax.devices())


def test_sharded_make_vec__pickles_and_deep_copies() -> None:
    envs = _sharded()
    assert envs.spec is not None and envs.spec.kwargs["devices"] == jax.devices()
    envs.reset(seed=0)
    twin = copy.deepcopy(envs)
    assert twin.mesh is envs.mesh and twin.spec == envs.spec
    loaded = pickle.loads(pickle.dumps(envs))
    assert loaded.mesh is None and loaded.spec is not None
    assert "devices" not in loaded.spec.kwargs
    assert loaded.spec.kwargs["num_envs"] == 2
    actions = np.ones(2, np.int32)
    results = [np.asarray(e.step(actions)[0]) for e in (envs, twin, loaded)]
    np.testing.assert_array_equal(results[0], results[1])
    np.testing.assert_allclose(results[0], results[2], rtol=1e-6)


@pytest.mark.parametrize(
    ("devices", "error", "match"),
    [
        ("cpu", TypeError, r"jax\.devices\('cpu'\)"),
        ([], ValueError, "empty"),
        ([0, 1], TypeError, "JAX devices"),
        (3, TypeError, "sequence of JAX devices"),
        (lambda: jax.devices() * 2, ValueError, "twice"),
    ],
)
def test_devices__bad_values_raise_clear_errors(devices: Any, error: type, match: str) -> None:
    if callable(devices):
        devices = devices()
    with pytest.raises(error, match=match):
        gym.make_vec("phys2d/Pendulum-v0", 2, vectorization_mode="jax", devices=devices)


def test_devices__one_device_and_bad_mesh() -> None:
    env = FunctionalJaxVectorEnv(Walk(), 2, devices=jax.devices()[0])
    assert env.mesh is not None and env.mesh.devices.size == 1
    with pytest.raises(TypeError, match="Mesh"):
        FunctionalJaxVectorEnv(Walk(), 2, mesh="envs")


@pytest.mark.parametrize("vector_cls", [FunctionalJaxVectorEnv, FunctionalNumpyVectorEnv])
@pytest.mark.parametrize(
    ("num_envs", "error"), [(True, TypeError), (2.0, TypeError), (0, ValueError)]
)
def test_num_envs__must_be_a_positive_integer(vector_cls: type, num_envs: Any, error: type) -> None:
    with pytest.raises(error, match="num_envs"):
        vector_cls(Walk(), num_envs)


def test_set_params__scalar_types_of_the_same_structure_reuse_the_compiled_step() -> None:
    env = FunctionalJaxVectorEnv(Walk(), 2)
    env.reset(seed=0)
    env.step(np.ones(2, np.int32))
    compiled = env._step_fn._cache_size()
    defaults = env.func_env.get_default_params()
    for scalar in (np.float32, np.float64, float, lambda x: np.asarray(x, np.float32)):
        env.set_params(defaults._replace(dt=scalar(0.25)))
        env.step(np.ones(2, np.int32))
        assert env._step_fn._cache_size() == compiled, scalar
    # A batched leaf is another structure (another program); then its dtypes do not matter.
    env.set_params(defaults._replace(dt=np.full(2, 0.5)))
    env.step(np.ones(2, np.int32))
    batched_step, batched = env._step_fn, env._step_fn._cache_size()
    for values in (np.full(2, 0.5, np.float32), [0.5, 0.5], jax.numpy.full(2, 0.5)):
        env.set_params(defaults._replace(dt=np.asarray(values)))
        env.step(np.ones(2, np.int32))
        assert env._step_fn is batched_step and batched_step._cache_size() == batched


def test_set_params__the_dispatched_values_step_as_the_given_ones() -> None:
    ours = FunctionalJaxVectorEnv(Walk(), 2)
    defaults = ours.func_env.get_default_params()
    other = FunctionalJaxVectorEnv(Walk(), 2, params=defaults._replace(dt=np.float32(0.3)))
    ours.set_params(defaults._replace(dt=0.3))
    for env in (ours, other):
        env.reset(seed=1)
    for _ in range(3):
        a, b = (np.asarray(e.step(np.ones(2, np.int32))[0]) for e in (ours, other))
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("vector_cls", [FunctionalJaxVectorEnv, FunctionalNumpyVectorEnv])
@pytest.mark.parametrize("options", ["x", 3, ["reset_mask"]])
def test_reset__options_that_are_not_a_dict_are_ignored(vector_cls: type, options: Any) -> None:
    env = vector_cls(Walk(), 2)
    plain, _ = env.reset(seed=4)
    if vector_cls is FunctionalJaxVectorEnv:  # routes options into params: warns, as the single env
        with pytest.warns(GymnasiumCoreWarning, match="should be a dict"):
            again, _ = env.reset(seed=4, options=options)
    else:
        again, _ = env.reset(seed=4, options=options)
    np.testing.assert_array_equal(np.asarray(plain), np.asarray(again))
