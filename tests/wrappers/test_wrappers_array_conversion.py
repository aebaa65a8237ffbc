"""Array conversion between numpy, JAX and torch; each library through its own API."""

from __future__ import annotations

import copy
from collections import namedtuple

import cloudpickle
import gymnasium
import numpy as np
import pytest
from _wrapper_testenvs import envs_for

import gymnasium_core
from gymnasium_core.wrappers.array_conversion import ArrayConversion, array_conversion

Pair = namedtuple("Pair", ["a", "b"])


def test_array_conversion__numpy_structures_and_passthrough():
    value = {"x": [1.5, np.arange(3)], "y": (None, "text"), "z": Pair(np.float32(2), 3)}
    out = array_conversion(value, np)
    assert isinstance(out["x"], list) and isinstance(out["x"][1], np.ndarray)
    assert out["y"] == (None, "text")
    assert isinstance(out["z"], Pair) and out["z"].a.dtype == np.float32


def test_array_conversion__unknown_type_is_an_error():
    with pytest.raises(TypeError, match="no conversion"):
        array_conversion(object(), np)


def _jax_env():
    jnp = pytest.importorskip("jax.numpy")
    e = envs_for(gymnasium_core)

    class JaxBox(e.BoxEnv):
        def reset(self, *, seed=None, options=None):
            obs, info = super().reset(seed=seed, options=options)
            return jnp.asarray(obs), info

        def step(self, action):
            assert not isinstance(action, np.ndarray)  # converted to JAX
            obs, *rest = super().step(np.asarray(action))
            return jnp.asarray(obs), *rest

    return JaxBox(render_mode="rgb_array")


def test_jax_to_numpy__converts_both_ways():
    jax = pytest.importorskip("jax")
    from gymnasium_core.wrappers import JaxToNumpy
    from gymnasium_core.wrappers.jax_to_numpy import jax_to_numpy, numpy_to_jax

    env = JaxToNumpy(_jax_env())
    obs, _ = env.reset(seed=0)
    assert isinstance(obs, np.ndarray) and obs.dtype == np.float32
    obs, reward, terminated, _truncated, _info = env.step(np.zeros(2, np.float32))
    assert isinstance(obs, np.ndarray) and type(reward) is float and type(terminated) is bool
    assert isinstance(env.render(), np.ndarray)
    assert isinstance(numpy_to_jax({"a": np.ones(2)})["a"], jax.Array)
    assert isinstance(jax_to_numpy((jax.numpy.ones(2),))[0], np.ndarray)


def test_jax_to_numpy__deepcopy_and_pickle():
    pytest.importorskip("jax")
    from gymnasium_core.wrappers import JaxToNumpy

    env = JaxToNumpy(_jax_env())
    env.reset(seed=0)
    for clone in (copy.deepcopy(env), cloudpickle.loads(cloudpickle.dumps(env))):
        assert clone._target_xp is env._target_xp and clone._saved_kwargs == env._saved_kwargs
        assert isinstance(clone.step(np.zeros(2, np.float32))[0], np.ndarray)


def test_array_conversion__wrapper_numpy_to_numpy():
    env = ArrayConversion(envs_for(gymnasium_core).BoxEnv(), env_xp=np, target_xp=np)
    obs, info = env.reset(seed=0)
    assert isinstance(obs, np.ndarray) and isinstance(info["t"], np.ndarray)
    with pytest.raises(ValueError, match="array module"):
        ArrayConversion(envs_for(gymnasium_core).BoxEnv(), env_xp=copy, target_xp=np)


def test_numpy_to_torch__converts_both_ways():
    torch = pytest.importorskip("torch")
    from gymnasium_core.wrappers import NumpyToTorch

    env = NumpyToTorch(envs_for(gymnasium_core).BoxEnv())
    obs, _ = env.reset(seed=0)
    assert isinstance(obs, torch.Tensor)
    obs, *_ = env.step(torch.zeros(2))
    assert isinstance(obs, torch.Tensor)


PYTHON_NUMBERS = {
    "float": 1.5,
    "int": 3,
    "bool": True,
    "complex": 1 + 2j,
    "tuple": (1.5, 2),
    "dict": {"a": 1.5, "b": [0.5, 2.0]},
}


@pytest.mark.parametrize("value", PYTHON_NUMBERS.values(), ids=PYTHON_NUMBERS.keys())
def test_numpy_to_torch__python_numbers_take_default_dtypes_as_reference(value):
    pytest.importorskip("torch")
    jax = pytest.importorskip("jax")  # its tree functions walk the containers
    import gymnasium.wrappers.numpy_to_torch as reference

    from gymnasium_core.wrappers import numpy_to_torch as ours

    def dtypes(tree):
        return jax.tree.map(lambda leaf: str(leaf.dtype), tree)

    tensors, ref_tensors = ours.numpy_to_torch(value), reference.numpy_to_torch(value)
    assert dtypes(tensors) == dtypes(ref_tensors)  # torch's defaults: float32, complex64
    arrays = ours.torch_to_numpy(tensors)
    assert dtypes(arrays) == dtypes(reference.torch_to_numpy(ref_tensors))


@pytest.mark.parametrize("value", [1.5, 3, 1 + 2j], ids=["float", "int", "complex"])
def test_numpy_to_jax__python_numbers_are_weakly_typed_as_reference(value):
    pytest.importorskip("jax")
    import gymnasium.wrappers.jax_to_numpy as reference

    from gymnasium_core.wrappers.jax_to_numpy import numpy_to_jax

    ours, ref = numpy_to_jax(value), reference.numpy_to_jax(value)
    assert (ours.dtype, ours.weak_type) == (ref.dtype, ref.weak_type)


def test_jax_to_torch__converts_both_ways():
    torch = pytest.importorskip("torch")
    from gymnasium_core.wrappers import JaxToTorch

    env = JaxToTorch(_jax_env())
    obs, _ = env.reset(seed=0)
    assert isinstance(obs, torch.Tensor)


def test_torch_wrappers__missing_torch_is_a_clear_error_at_construction():
    try:
        import torch  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("torch is installed")
    # The modules import without torch; using them names the missing dependency.
    from gymnasium_core.wrappers import JaxToTorch, NumpyToTorch
    from gymnasium_core.wrappers.jax_to_torch import jax_to_torch
    from gymnasium_core.wrappers.numpy_to_torch import numpy_to_torch, torch_to_numpy

    with pytest.raises(gymnasium_core.error.DependencyNotInstalled, match="torch"):
        NumpyToTorch(envs_for(gymnasium_core).BoxEnv())
    with pytest.raises(gymnasium_core.error.DependencyNotInstalled, match="torch"):
        JaxToTorch(envs_for(gymnasium_core).BoxEnv())
    with pytest.raises(gymnasium_core.error.DependencyNotInstalled, match="torch"):
        numpy_to_torch(np.zeros(2))
    with pytest.raises(gymnasium_core.error.DependencyNotInstalled, match="torch"):
        jax_to_torch(np.zeros(2))
    assert torch_to_numpy([1.0])[0] == 1.0


def test_jax_to_numpy__default_namespaces_match_reference():
    jax = pytest.importorskip("jax")
    import gymnasium.wrappers.jax_to_numpy as reference

    from gymnasium_core.wrappers import jax_to_numpy as ours

    assert ours.jax_to_numpy.keywords["xp"] is reference.jax_to_numpy.keywords["xp"]
    assert ours.numpy_to_jax.keywords["xp"] is reference.numpy_to_jax.keywords["xp"]
    converted = ours.jax_to_numpy({"a": jax.numpy.arange(3)})["a"]
    assert type(converted) is np.ndarray and converted.tolist() == [0, 1, 2]


def test_array_conversion__private_sides_match_reference():
    pytest.importorskip("jax")
    import gymnasium.wrappers.array_conversion as reference
    import jax.numpy as jnp

    ours = ArrayConversion(envs_for(gymnasium_core).BoxEnv(), env_xp=jnp, target_xp=np)
    theirs = reference.ArrayConversion(envs_for(gymnasium).BoxEnv(), env_xp=jnp, target_xp=np)
    for name in ("_env_xp", "_target_xp", "_env_device", "_target_device"):
        assert getattr(ours, name) is getattr(theirs, name)
    ours._target_device = "cpu"
    assert ours._target_device == "cpu" and ours._target_xp is theirs._target_xp


def test_jax_to_numpy__import_does_not_start_the_jax_runtime():
    """A started runtime makes later forks unsafe (AsyncVectorEnv warns); importing is not use."""
    pytest.importorskip("jax")
    import subprocess
    import sys

    script = (
        "import gymnasium_core.wrappers.jax_to_numpy\n"
        "from gymnasium_core.vector.async_vector_env import jax_is_running\n"
        "print(jax_is_running())\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]
