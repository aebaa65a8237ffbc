"""The bridge on every gymnasium it supports (1.0 to the newest): checks that hold on each.

The default tier runs this module on the test group's gymnasium (1.4); the workflow
``bridge_versions.yml`` (``.github/check_bridge_versions.sh``) runs it on the floor, the newest
release and the release RLlib pins. Nothing here relies on what only some releases do: samples
are compared only for the space types whose sampling every release shares (all but Text and
Graph), and the gymnasium spaces are built without a ``Discrete`` dtype (taken from 1.2.2).
"""

from __future__ import annotations

import inspect
import pickle
import warnings
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the bridge needs gymnasium")

import gymnasium.spaces as gs  # noqa: E402
from gymnasium.utils.env_checker import check_env as gym_check_env  # noqa: E402

import gymnasium_core as gym  # noqa: E402
from gymnasium_core import spaces as cs  # noqa: E402
from gymnasium_core import wrappers  # noqa: E402
from gymnasium_core.compat import (  # noqa: E402
    CoreEnvAdapter,
    CoreVectorEnvAdapter,
    GymnasiumEnvAdapter,
    from_gymnasium,
    shared_space,
    to_gymnasium,
    value_from_gymnasium,
    value_to_gymnasium,
)
from gymnasium_core.vector import AutoresetMode  # noqa: E402

# The types whose samples differ before gymnasium 1.4 (see gymnasium_core.compat._spaces).
STREAM_DIFFERS = {"text", "graph", "graph-no-edges"}


def _spaces(m: ModuleType) -> dict[str, Any]:
    """The ten space types (and variants), built alike with the classes of ``m``."""
    return {
        "box": m.Box(-1, 1, (3, 2)),
        "box-int-infinite": m.Box(-np.inf, 5, (3,), np.int32),
        "box-u8": m.Box(0, 255, (4,), np.uint8),
        "discrete": m.Discrete(5, start=-2),
        "multi-discrete": m.MultiDiscrete([[2, 3], [4, 5]], start=[[0, 1], [-1, 2]]),
        "multi-binary": m.MultiBinary([2, 3]),
        "text": m.Text(6, min_length=2, charset="abc123"),
        "tuple": m.Tuple([m.Discrete(2), m.Box(0, 1, (2,))]),
        "dict": m.Dict({"a": m.Discrete(2), "b": m.MultiBinary(3)}),
        "sequence": m.Sequence(m.Discrete(3)),
        "sequence-stacked": m.Sequence(m.Box(0, 1, (2,)), stack=True),
        "graph": m.Graph(m.Box(0, 1, (2,)), m.Discrete(3)),
        "graph-no-edges": m.Graph(m.Box(0, 1, (2,)), None),
        "one-of": m.OneOf([m.Discrete(2), m.Box(0, 1, (2,))]),
    }


NAMES = list(_spaces(cs))


def _assert_same_value(a: Any, b: Any) -> None:
    """Equal values across both packages' types (graph instances field by field)."""
    if isinstance(a, tuple) and hasattr(a, "_fields"):
        assert type(a).__name__ == type(b).__name__ == "GraphInstance"
        for x, y in zip(a, b, strict=True):
            _assert_same_value(x, y)
    elif isinstance(a, dict):
        assert list(a) == list(b)
        for key in a:
            _assert_same_value(a[key], b[key])
    elif isinstance(a, tuple | list):
        assert len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            _assert_same_value(x, y)
    elif isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape
        np.testing.assert_array_equal(a, b)
    else:
        assert type(a) is type(b) and a == b


def _rng_state(space: Any) -> Any:
    return space.np_random.bit_generator.state


# --- spaces -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_space_to_gymnasium__equal_space_of_the_same_type_and_back(name: str) -> None:
    ours, theirs = _spaces(cs)[name], _spaces(gs)[name]
    ours.seed(7)
    converted = to_gymnasium(ours)
    assert type(converted) is type(theirs)
    assert converted == theirs
    assert converted.dtype == ours.dtype and converted.shape == ours.shape
    assert _rng_state(converted) == _rng_state(ours)
    back = from_gymnasium(converted)
    assert type(back) is type(ours) and back == ours


@pytest.mark.parametrize("name", NAMES)
def test_space_from_gymnasium__equal_space_of_the_same_type_and_back(name: str) -> None:
    ours, theirs = _spaces(cs)[name], _spaces(gs)[name]
    theirs.seed(7)
    converted = from_gymnasium(theirs)
    assert type(converted) is type(ours)
    assert converted == ours
    assert _rng_state(converted) == _rng_state(theirs)
    assert to_gymnasium(converted) == theirs


@pytest.mark.parametrize("name", NAMES)
def test_space__samples_cross_into_the_converted_space(name: str) -> None:
    ours = _spaces(cs)[name]
    converted = to_gymnasium(ours)
    ours.seed(3)
    converted.seed(3)
    for _ in range(10):
        assert value_to_gymnasium(ours, ours.sample()) in converted
        assert value_from_gymnasium(converted, converted.sample()) in ours


@pytest.mark.parametrize("name", [n for n in NAMES if n not in STREAM_DIFFERS])
def test_space__converted_space_draws_the_same_samples(name: str) -> None:
    ours = _spaces(cs)[name]
    ours.seed(11)
    converted = to_gymnasium(ours)
    for _ in range(20):
        _assert_same_value(ours.sample(), converted.sample())


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint8])
def test_discrete__keeps_its_dtype_on_every_gymnasium(dtype: Any) -> None:
    ours = cs.Discrete(4, start=1, dtype=dtype)
    ours.seed(5)
    converted = to_gymnasium(ours)
    assert isinstance(converted, gs.Discrete)
    assert converted.dtype == np.dtype(dtype)
    assert converted.n == 4 and converted.start == 1
    sample = converted.sample()
    assert np.asarray(sample).dtype == np.dtype(dtype)
    assert sample in converted and sample in ours
    assert from_gymnasium(converted) == ours
    assert pickle.loads(pickle.dumps(converted)) == converted
    if "dtype" in inspect.signature(gs.Discrete).parameters or np.dtype(dtype) == np.int64:
        assert type(converted) is gs.Discrete  # else our space, sharing gymnasium's class


@pytest.mark.parametrize("name", NAMES)
def test_shared_space__of_both_packages_for_every_type(name: str) -> None:
    theirs = _spaces(gs)[name]
    theirs.seed(2)
    shared = shared_space(theirs)
    assert isinstance(shared, type(theirs)) and isinstance(shared, type(_spaces(cs)[name]))
    assert shared == _spaces(cs)[name]
    assert _rng_state(shared) == _rng_state(theirs)
    assert shared.sample() in shared
    copied = pickle.loads(pickle.dumps(shared))
    assert type(copied) is type(shared) and copied == shared


# --- environments -------------------------------------------------------------------------------


def _rollout(env: Any, seed: int = 4, steps: int = 40) -> list[Any]:
    """What ``env`` returns under a seeded random policy (a vector env resets by itself)."""
    env.action_space.seed(seed)
    out = [env.reset(seed=seed)[0]]
    for _ in range(steps):
        obs, reward, terminated, truncated, _ = env.step(env.action_space.sample())
        out += [obs, reward, terminated, truncated]
        if np.ndim(terminated) == 0 and (terminated or truncated):
            out.append(env.reset()[0])
    return out


def _assert_same_rollout(env: Any, reference: Any) -> None:
    for a, b in zip(_rollout(env), _rollout(reference), strict=True):
        np.testing.assert_array_equal(a, b)


def test_env_to_gymnasium__steps_as_ours_and_passes_gymnasium_check_env() -> None:
    bridged = to_gymnasium(gym.make("CartPole-v1"))
    assert isinstance(bridged, gymnasium.Env)
    assert isinstance(bridged.action_space, gs.Discrete)
    _assert_same_rollout(bridged, gym.make("CartPole-v1"))
    with warnings.catch_warnings():
        warnings.simplefilter("error", gym.logger.GymnasiumCoreWarning)
        gym_check_env(to_gymnasium(gym.make("CartPole-v1").unwrapped), skip_render_check=True)


def test_env_from_gymnasium__steps_as_gymnasium_and_takes_our_wrappers() -> None:
    bridged = from_gymnasium(gymnasium.make("CartPole-v1"))
    assert isinstance(bridged, CoreEnvAdapter) and isinstance(bridged, gym.Env)
    _assert_same_rollout(bridged, gymnasium.make("CartPole-v1"))
    wrapped = wrappers.RecordEpisodeStatistics(bridged)
    wrapped.reset(seed=0)
    wrapped.step(0)
    assert to_gymnasium(bridged) is bridged.gym_env


def test_vector_to_gymnasium__steps_as_ours_with_gymnasium_metadata() -> None:
    bridged = to_gymnasium(gym.make_vec("CartPole-v1", num_envs=2))
    assert isinstance(bridged, gymnasium.vector.VectorEnv)
    assert bridged.action_space == gs.MultiDiscrete([2, 2])
    mode = bridged.metadata["autoreset_mode"]
    # gymnasium 1.0 has no AutoresetMode (its vector envs always reset on the next step).
    expected = getattr(gymnasium.vector, "AutoresetMode", AutoresetMode).NEXT_STEP
    assert mode is expected
    _assert_same_rollout(bridged, gym.make_vec("CartPole-v1", num_envs=2))
    bridged.close()


def test_vector_from_gymnasium__steps_as_gymnasium_and_takes_our_vector_wrappers() -> None:
    def make() -> Any:
        return gymnasium.vector.SyncVectorEnv([lambda: gymnasium.make("CartPole-v1")] * 2)

    bridged = from_gymnasium(make())
    assert isinstance(bridged, CoreVectorEnvAdapter)
    assert bridged.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert bridged.action_space == cs.MultiDiscrete([2, 2])
    _assert_same_rollout(bridged, make())
    # Our vector wrappers read the autoreset mode (a missing one is our warning, an error here).
    wrapped = gym.wrappers.vector.RecordEpisodeStatistics(from_gymnasium(make()))
    wrapped.reset(seed=0)
    wrapped.step(np.array([0, 1]))
    wrapped.close()
    bridged.close()


# --- registries ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "env_id", ["gymnasium_core/CartPole-v1", "gymnasium_core.compat:gymnasium_core/CartPole-v1"]
)
def test_gymnasium_make__our_id_passes_gymnasium_check_env(env_id: str) -> None:
    env = gymnasium.make(env_id)
    assert isinstance(env.unwrapped, GymnasiumEnvAdapter)
    assert env.spec.max_episode_steps == 500
    _assert_same_rollout(env, gym.make("CartPole-v1"))
    with warnings.catch_warnings():
        warnings.simplefilter("error", gym.logger.GymnasiumCoreWarning)
        gym_check_env(env.unwrapped)
    env.close()


def test_gymnasium_make_vec__our_id_builds_our_vector_env() -> None:
    env = gymnasium.make_vec("gymnasium_core/CartPole-v1", num_envs=3)
    assert env.num_envs == 3
    _assert_same_rollout(env, gym.make_vec("CartPole-v1", num_envs=3))
    env.close()


class ToyEnv(gymnasium.Env[np.ndarray, np.int64]):
    """A package's env, registered in gymnasium's registry (as ale-py or MiniGrid do)."""

    def __init__(self, size: int = 2) -> None:
        self.observation_space = gs.Box(0, 1, (size,))
        self.action_space = gs.Discrete(2)
        self.size = size

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        super().reset(seed=seed)
        return self.np_random.random(self.size, dtype=np.float32), {}

    def step(self, action: Any) -> Any:
        return self.np_random.random(self.size, dtype=np.float32), float(action), False, False, {}


def _toy_vector(num_envs: int = 1, size: int = 2, **_spec_fields: Any) -> Any:
    # gymnasium's make_vec also passes spec fields (max_episode_steps) to a vector entry point.
    return gymnasium.vector.SyncVectorEnv([lambda: ToyEnv(size)] * num_envs)


TOY_ID = "BridgeVersionsToy/Toy-v0"


@pytest.fixture
def toy_id() -> Iterator[str]:
    gymnasium.register(
        TOY_ID,
        entry_point=ToyEnv,
        vector_entry_point=_toy_vector,
        max_episode_steps=7,
        kwargs={"size": 3},
    )
    yield TOY_ID
    gymnasium.registry.pop(TOY_ID, None)


def test_registry_view__a_gymnasium_registered_id_is_made_by_ours(toy_id: str) -> None:
    assert toy_id in gym.registry
    assert gym.spec(toy_id).max_episode_steps == 7
    env = gym.make(toy_id)
    assert isinstance(env, CoreEnvAdapter) and isinstance(env.unwrapped, ToyEnv)
    assert env.observation_space == cs.Box(0, 1, (3,))
    _assert_same_rollout(env, gymnasium.make(toy_id))
    env.reset(seed=0)
    assert [env.step(1)[3] for _ in range(7)] == [False] * 6 + [True]  # gymnasium's TimeLimit


def test_registry_view__make_vec_uses_the_package_vector_entry_point(toy_id: str) -> None:
    env = gym.make_vec(toy_id, num_envs=2)
    assert isinstance(env, CoreVectorEnvAdapter)
    assert isinstance(env.gym_env, gymnasium.vector.SyncVectorEnv)
    assert env.single_observation_space == cs.Box(0, 1, (3,))
    obs, _ = env.reset(seed=0)
    assert obs.shape == (2, 3)
    env.close()


def test_registry_view__forgets_an_id_gymnasium_drops(toy_id: str) -> None:
    assert toy_id in gym.registry
    del gymnasium.registry[toy_id]
    assert toy_id not in gym.registry
