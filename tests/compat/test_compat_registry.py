"""Our ids inside gymnasium's registry: naming scheme, gymnasium.make / make_vec, check_env."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the bridge needs gymnasium")

from gymnasium.utils.env_checker import check_env as gym_check_env  # noqa: E402

import gymnasium_core as gym  # noqa: E402
from gymnasium_core import spaces as cs  # noqa: E402
from gymnasium_core.compat import (  # noqa: E402
    GymnasiumEnvAdapter,
    GymnasiumVectorEnvAdapter,
    core_id,
    gymnasium_id,
    register_gymnasium_envs,
    to_gymnasium,
)
from gymnasium_core.registration import VectorizeMode, default_vectorize_mode  # noqa: E402
from tests._ids import id_params  # noqa: E402

OUR_IDS = sorted(gym.registry)


def _is_functional(env_id: str) -> bool:
    return gym.spec(env_id).namespace in {"phys2d", "tabular", "mjx", "probe_jax"}


def _data_equal(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_data_equal(a[k], b[k]) for k in a)
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(_data_equal(x, y) for x, y in zip(a, b, strict=True))
    return bool(np.array_equal(np.asarray(a), np.asarray(b)))


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        ("CartPole-v1", "gymnasium_core/CartPole-v1"),
        ("phys2d/CartPole-v1", "gymnasium_core-phys2d/CartPole-v1"),
        ("Maze", "gymnasium_core/Maze"),
        ("my-pkg/Maze-v10", "gymnasium_core-my-pkg/Maze-v10"),
    ],
)
def test_gymnasium_id__round_trips(ours, theirs):
    assert gymnasium_id(ours) == theirs
    assert core_id(theirs) == ours


@pytest.mark.parametrize("bad", ["CartPole-v1", "phys2d/CartPole-v1", "gymnasium_core-/X-v0"])
def test_core_id__rejects_ids_outside_our_namespaces(bad):
    with pytest.raises(ValueError, match="not an id of ours"):
        core_id(bad)


def test_gymnasium_ids__never_collide_with_gymnasium_own_ids():
    # Namespaces gymnasium (or a plugin of it) registered before ours were mirrored.
    foreign = {
        spec.namespace
        for env_id, spec in gymnasium.registry.items()
        if not isinstance(spec.entry_point, gym.compat.CoreEnvCreator)
    }
    ours = {gymnasium.spec(gymnasium_id(env_id)).namespace for env_id in OUR_IDS}
    assert all(ns == "gymnasium_core" or ns.startswith("gymnasium_core-") for ns in ours)
    assert not ours & foreign


def test_every_id_of_ours_is_in_gymnasium_registry():
    assert OUR_IDS, "the built-in registry is empty"
    for env_id in OUR_IDS:
        spec = gymnasium.spec(gymnasium_id(env_id))
        ours = gym.spec(env_id)
        assert spec.max_episode_steps == ours.max_episode_steps
        assert spec.reward_threshold == ours.reward_threshold
        assert spec.disable_env_checker == ours.disable_env_checker
        assert spec.kwargs == ours.kwargs
        batched_default = default_vectorize_mode(ours) is VectorizeMode.VECTOR_ENTRY_POINT
        assert (spec.vector_entry_point is not None) == batched_default, env_id


@pytest.mark.parametrize("env_id", id_params(OUR_IDS))
def test_gymnasium_make__passes_gymnasium_check_env(env_id):
    if _is_functional(env_id):
        # gymnasium's checker converts JAX envs through its JaxToNumpy (gymnasium[jax]).
        pytest.importorskip("array_api_compat", reason="gymnasium's JaxToNumpy needs it")
        pytest.importorskip("jax")
    env = gymnasium.make(gymnasium_id(env_id))
    assert isinstance(env.unwrapped, GymnasiumEnvAdapter)
    assert env.spec.id == gymnasium_id(env_id)
    with warnings.catch_warnings():
        # gymnasium's own warnings (infinite bounds, ...) are fine; ours must not appear.
        warnings.simplefilter("error", gym.logger.GymnasiumCoreWarning)
        gym_check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize("env_id", [i for i in OUR_IDS if not _is_functional(i)])
def test_gymnasium_make__same_trajectory_as_our_make(env_id):
    bridged = gymnasium.make(gymnasium_id(env_id))
    ours = gym.make(env_id)
    ours.action_space.seed(0)
    assert _data_equal(bridged.reset(seed=42), ours.reset(seed=42))
    for _ in range(60):
        action = ours.action_space.sample()
        a, b = bridged.step(action), ours.step(action)
        assert _data_equal(a, b)
        if a[2] or a[3]:
            assert _data_equal(bridged.reset(), ours.reset())
    bridged.close()
    ours.close()


def test_gymnasium_make__applies_gymnasium_time_limit_from_our_spec():
    env = gymnasium.make("gymnasium_core/CartPole-v1")
    assert env.spec.max_episode_steps == 500
    wrappers = []
    layer = env
    while isinstance(layer, gymnasium.Wrapper):
        wrappers.append(type(layer).__name__)
        layer = layer.env
    assert wrappers == ["TimeLimit", "OrderEnforcing", "PassiveEnvChecker"]
    assert (
        gymnasium.make("gymnasium_core/CartPole-v1", max_episode_steps=3).spec.max_episode_steps
        == 3
    )


def test_gymnasium_make__kwargs_and_render_mode_reach_our_env():
    env = gymnasium.make("gymnasium_core/FrozenLake-v1", map_name="8x8", render_mode="rgb_array")
    assert env.unwrapped.core_env.spec.kwargs["map_name"] == "8x8"
    env.reset(seed=0)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3
    env.close()


@pytest.mark.parametrize("mode", ["sync", "async", "vector_entry_point"])
def test_gymnasium_make_vec__cartpole(mode):
    env = gymnasium.make_vec("gymnasium_core/CartPole-v1", num_envs=3, vectorization_mode=mode)
    assert env.num_envs == 3
    obs, _ = env.reset(seed=0)
    assert obs.shape == (3, 4) and obs in env.observation_space
    for _ in range(20):
        obs, reward, *_ = env.step(env.action_space.sample())
    assert reward.shape == (3,)
    if mode == "vector_entry_point":
        assert isinstance(env.unwrapped, GymnasiumVectorEnvAdapter)
        assert isinstance(env.metadata["autoreset_mode"], gymnasium.vector.AutoresetMode)
    env.close()


# Ids of both registries, some with a vector entry point in gymnasium's registration and some
# without (gymnasium gives those a SyncVectorEnv by default).
SHARED_VECTOR_IDS = [
    "CartPole-v1",
    "Pendulum-v1",
    "MountainCarContinuous-v0",
    "Acrobot-v1",
    "FrozenLake-v1",
    "Taxi-v4",
]


@pytest.mark.parametrize("env_id", SHARED_VECTOR_IDS)
def test_gymnasium_make_vec__default_mode_builds_what_gymnasium_builds(env_id):
    """With no mode, the bridged id is batched exactly where gymnasium's own id is."""
    reference = gymnasium.make_vec(env_id, num_envs=2)
    bridged = gymnasium.make_vec(gymnasium_id(env_id), num_envs=2)
    reference_is_sync = isinstance(reference.unwrapped, gymnasium.vector.SyncVectorEnv)
    assert isinstance(bridged.unwrapped, gymnasium.vector.SyncVectorEnv) == reference_is_sync
    if not reference_is_sync:
        assert isinstance(bridged.unwrapped, GymnasiumVectorEnvAdapter)
    assert bridged.metadata["autoreset_mode"] == reference.metadata["autoreset_mode"]
    assert _data_equal(bridged.reset(seed=5)[0], reference.reset(seed=5)[0])
    reference.action_space.seed(5)
    for _ in range(5):
        actions = reference.action_space.sample()
        assert _data_equal(bridged.step(actions)[:4], reference.step(actions)[:4])
    bridged.close()
    reference.close()


def test_gymnasium_make_vec__opt_in_id_keeps_its_batched_env_through_the_bridge():
    """An opt-in id's batched env is one call away: our make_vec, then to_gymnasium."""
    assert gym.spec("Pendulum-v1").vector_entry_point_opt_in
    bridged = to_gymnasium(gym.make_vec("Pendulum-v1", 3, vectorization_mode="vector_entry_point"))
    assert isinstance(bridged, gymnasium.vector.VectorEnv)
    assert not isinstance(bridged.unwrapped, gymnasium.vector.SyncVectorEnv)
    obs, _ = bridged.reset(seed=0)
    assert obs.shape == (3, 3)
    bridged.close()


def test_gymnasium_make_vec__matches_our_vector_env():
    bridged = gymnasium.make_vec(
        "gymnasium_core/CartPole-v1", 2, vectorization_mode="vector_entry_point"
    )
    ours = gym.make_vec("CartPole-v1", 2, vectorization_mode="vector_entry_point")
    assert _data_equal(bridged.reset(seed=3)[0], ours.reset(seed=3)[0])
    for step in range(40):
        actions = np.array([step % 2, 1])
        assert _data_equal(bridged.step(actions)[:4], ours.step(actions)[:4])
    bridged.close()
    ours.close()


def test_to_gymnasium__spec_of_a_made_env_remakes_it():
    env = to_gymnasium(gym.make("CartPole-v1"))
    assert env.spec.id == "gymnasium_core/CartPole-v1"
    remade = env.spec.make(render_mode="rgb_array")
    assert isinstance(remade.unwrapped, GymnasiumEnvAdapter)
    assert remade.spec.max_episode_steps == 500
    remade.reset(seed=0)
    assert remade.render().shape == (400, 600, 3)
    remade.close()


class Corridor(gym.Env[np.int64, np.int64]):
    metadata = {"render_modes": []}

    def __init__(self, length: int = 3) -> None:
        self.observation_space = cs.Discrete(length)
        self.action_space = cs.Discrete(2)
        self.length = length
        self.position = 0

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.position = 0
        return np.int64(0), {}

    def step(self, action):
        self.position = min(self.length - 1, max(0, self.position + (1 if action else -1)))
        done = self.position == self.length - 1
        return np.int64(self.position), float(done), done, False, {}


def test_register_gymnasium_envs__mirrors_ids_registered_later():
    gym.register(
        "CompatTest/Corridor-v0", entry_point=Corridor, max_episode_steps=7, kwargs={"length": 4}
    )
    try:
        assert register_gymnasium_envs(["CompatTest/Corridor-v0"]) == [
            "gymnasium_core-CompatTest/Corridor-v0"
        ]
        assert register_gymnasium_envs(["CompatTest/Corridor-v0"]) == []  # already there
        env = gymnasium.make("gymnasium_core-CompatTest/Corridor-v0")
        assert env.observation_space == gymnasium.spaces.Discrete(4)
        assert env.spec.max_episode_steps == 7
        env.reset(seed=0)
        for _ in range(3):
            *_, terminated, _, _ = env.step(1)
        assert terminated
    finally:
        del gym.registry["CompatTest/Corridor-v0"]
        gymnasium.registry.pop("gymnasium_core-CompatTest/Corridor-v0", None)


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )


def test_gymnasium_make__module_id_form_needs_no_import():
    code = (
        "import sys, gymnasium\n"
        "env = gymnasium.make('gymnasium_core.compat:gymnasium_core/CartPole-v1')\n"
        "obs, _ = env.reset(seed=0)\n"
        "assert obs.shape == (4,), obs\n"
        "assert 'jax' not in sys.modules\n"
        "print(type(env.unwrapped).__name__)\n"
    )
    result = _run(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "GymnasiumEnvAdapter"


def test_gymnasium_make__one_import_registers_everything():
    code = (
        "import gymnasium, gymnasium_core.compat\n"
        "ids = [i for i in gymnasium.registry if i.startswith('gymnasium_core')]\n"
        "print(len(ids))\n"
    )
    result = _run(code)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) == len(OUR_IDS)


def test_import_gymnasium_core__does_not_import_gymnasium_or_compat():
    result = _run(
        "import sys, gymnasium_core\n"
        "assert 'gymnasium' not in sys.modules and 'gymnasium_core.compat' not in sys.modules\n"
    )
    assert result.returncode == 0, result.stderr


FUNCTIONAL_IDS = [i for i in OUR_IDS if _is_functional(i)]


@pytest.mark.parametrize(
    "env_id",
    [
        # JAX compilation makes these slow; the adapter they go through is tested by default.
        pytest.param(i, marks=pytest.mark.slow)
        for i in FUNCTIONAL_IDS
    ],
)
def test_gymnasium_make__functional_ids_step_like_ours(env_id):
    pytest.importorskip("jax")
    bridged = gymnasium.make(gymnasium_id(env_id))
    ours = gym.make(env_id)
    assert bridged.metadata.get("jax", False)
    assert _data_equal(bridged.reset(seed=0), ours.reset(seed=0))
    ours.action_space.seed(0)
    for _ in range(5):
        action = ours.action_space.sample()
        assert _data_equal(bridged.step(action), ours.step(action))
    bridged.close()
    ours.close()
