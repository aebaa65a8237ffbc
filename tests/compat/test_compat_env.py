"""Env and VectorEnv bridges between gymnasium_core and gymnasium (with small envs of our own)."""

from __future__ import annotations

import pickle
import warnings
from typing import Any

import numpy as np
import pytest

from tests.vector._vector_testenvs import async_context

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
    GymnasiumVectorEnvAdapter,
    from_gymnasium,
    to_gymnasium,
)
from gymnasium_core.utils.env_checker import check_env as core_check_env  # noqa: E402
from gymnasium_core.vector import AutoresetMode, SyncVectorEnv  # noqa: E402


class WalkEnv(gym.Env[np.ndarray, np.int64]):
    """A seeded random walk on a line; terminates at |x| >= 5."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(self, render_mode: str | None = None, step_size: float = 1.0) -> None:
        self.observation_space = cs.Box(-10, 10, shape=(2,), dtype=np.float32)
        self.action_space = cs.Discrete(3)
        self.render_mode = render_mode
        self.step_size = step_size
        self.x = 0.0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        self.x = float(self.np_random.uniform(-1, 1))
        return self._obs(), {"start": self.x}

    def step(self, action):
        noise = float(self.np_random.normal(0, 0.1))
        self.x += (int(action) - 1) * self.step_size + noise
        terminated = abs(self.x) >= 5
        return self._obs(), -abs(self.x), terminated, False, {"noise": noise}

    def _obs(self) -> np.ndarray:
        return np.array([self.x, self.x**2 % 10], dtype=np.float32)

    def render(self):
        return np.zeros((4, 6, 3), dtype=np.uint8)

    def get_keys_to_action(self):
        return {(ord("a"),): 0, (ord("d"),): 2}


class GraphEnv(gym.Env[Any, Any]):
    """Graph observations and Dict actions, to exercise value conversion."""

    metadata = {"render_modes": []}

    def __init__(self) -> None:
        self.observation_space = cs.Graph(cs.Box(0, 1, (2,), dtype=np.float32), cs.Discrete(3))
        self.action_space = cs.Dict({"pick": cs.Discrete(2), "g": cs.Graph(cs.Discrete(2), None)})
        self.last_action: Any = None

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.observation_space.seed(int(self.np_random.integers(2**31)))
        return self.observation_space.sample(num_nodes=3, num_edges=2), {}

    def step(self, action):
        assert action in self.action_space, action
        self.last_action = action
        return self.observation_space.sample(num_nodes=2, num_edges=1), 0.0, False, False, {}


def rollout(env: Any, seed: int, actions: list[int]) -> list[Any]:
    obs, info = env.reset(seed=seed)
    out: list[Any] = [obs.copy(), dict(info)]
    for action in actions:
        obs, reward, terminated, truncated, info = env.step(action)
        out += [obs.copy(), float(reward), bool(terminated), bool(truncated), dict(info)]
        if terminated or truncated:
            obs, info = env.reset()
            out += [obs.copy(), dict(info)]
    return out


def assert_same_rollout(a: list[Any], b: list[Any]) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        if isinstance(x, np.ndarray):
            np.testing.assert_array_equal(x, y)
        else:
            assert x == y


ACTIONS = [0, 2, 2, 1, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1]


# --- ours -> gymnasium ------------------------------------------------------------------------


def test_to_gymnasium__is_a_gymnasium_env_with_converted_spaces():
    env = to_gymnasium(WalkEnv())
    assert isinstance(env, gymnasium.Env)
    assert isinstance(env, GymnasiumEnvAdapter)
    assert env.unwrapped is env
    assert env.observation_space == gs.Box(-10, 10, shape=(2,), dtype=np.float32)
    assert env.action_space == gs.Discrete(3)
    assert env.metadata["render_fps"] == 4


def test_to_gymnasium__same_trajectory_as_the_env_itself():
    assert_same_rollout(
        rollout(to_gymnasium(WalkEnv()), 3, ACTIONS), rollout(WalkEnv(), 3, ACTIONS)
    )


def test_to_gymnasium__passes_gymnasium_check_env():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gym_check_env(to_gymnasium(WalkEnv(render_mode="rgb_array")), skip_render_check=True)


def test_to_gymnasium__shares_the_random_generator():
    core = WalkEnv()
    env = to_gymnasium(core)
    env.reset(seed=4)
    assert env.unwrapped._np_random is core._np_random
    assert env.np_random_seed == 4
    generator = np.random.default_rng(1)
    env.np_random = generator
    assert core.np_random is generator


def test_to_gymnasium__forwards_attributes_and_wrapper_attributes():
    assert to_gymnasium(WalkEnv(step_size=2.5)).step_size == 2.5
    env = to_gymnasium(wrappers.TimeLimit(WalkEnv(step_size=2.5), max_episode_steps=3))
    assert env.get_wrapper_attr("step_size") == 2.5
    assert env.has_wrapper_attr("get_keys_to_action")
    assert env.get_wrapper_attr("get_keys_to_action")() == {(97,): 0, (100,): 2}
    assert env.render_mode is None
    with pytest.raises(AttributeError):
        env._private_thing  # noqa: B018


def test_to_gymnasium__our_time_limit_still_truncates():
    env = to_gymnasium(wrappers.TimeLimit(WalkEnv(), max_episode_steps=2))
    env.reset(seed=0)
    assert not env.step(1)[3]
    assert env.step(1)[3]


def test_to_gymnasium__gymnasium_wrappers_apply():
    env = gymnasium.wrappers.RecordEpisodeStatistics(
        gymnasium.wrappers.TimeLimit(to_gymnasium(WalkEnv()), max_episode_steps=3)
    )
    env.reset(seed=0)
    for _ in range(3):
        *_, info = env.step(1)
    assert info["episode"]["l"] == 3


def test_to_gymnasium__graph_values_are_converted_both_ways():
    core = GraphEnv()
    env = to_gymnasium(core)
    obs, _ = env.reset(seed=0)
    assert isinstance(obs, gs.GraphInstance) and obs in env.observation_space
    action = env.action_space.sample()
    assert isinstance(action["g"], gs.GraphInstance)
    obs, *_ = env.step(action)
    assert isinstance(obs, gs.GraphInstance)
    assert isinstance(core.last_action["g"], cs.GraphInstance)


def test_to_gymnasium__close_and_render_forward():
    core = WalkEnv(render_mode="rgb_array")
    closed: list[bool] = []
    core.close = lambda: closed.append(True)  # type: ignore[method-assign]
    env = to_gymnasium(core)
    env.reset(seed=0)
    assert env.render().shape == (4, 6, 3)
    env.close()
    assert closed == [True]


def test_to_gymnasium__pickles():
    env = to_gymnasium(WalkEnv())
    env.reset(seed=2)
    copy = pickle.loads(pickle.dumps(env))
    np.testing.assert_array_equal(copy.step(1)[0], env.step(1)[0])


def test_to_gymnasium__rejects_other_objects():
    with pytest.raises(TypeError, match=r"gymnasium_core\.Env"):
        to_gymnasium(gymnasium.make("CartPole-v1"))
    with pytest.raises(TypeError, match=r"gymnasium_core\.Env"):
        GymnasiumEnvAdapter(object())  # type: ignore[arg-type]


# --- gymnasium -> ours ------------------------------------------------------------------------


def test_from_gymnasium__gymnasium_cartpole_is_one_of_ours():
    env = from_gymnasium(gymnasium.make("CartPole-v1"))
    assert isinstance(env, gym.Env) and isinstance(env, CoreEnvAdapter)
    reference = gymnasium.make("CartPole-v1").observation_space
    # The spaces are ours and gymnasium's at once (shared_space).
    assert isinstance(env.observation_space, cs.Box) and isinstance(env.observation_space, gs.Box)
    assert env.observation_space.dtype == np.float32
    np.testing.assert_array_equal(env.observation_space.low, reference.low)
    np.testing.assert_array_equal(env.observation_space.high, reference.high)
    assert env.action_space == cs.Discrete(2)
    assert env.spec is not None and env.spec.id == "CartPole-v1"
    assert env.spec.max_episode_steps == 500


def test_from_gymnasium__same_trajectory_as_gymnasium():
    actions = [0, 1] * 20
    ours = rollout(from_gymnasium(gymnasium.make("CartPole-v1")), 9, actions)
    reference = rollout(gymnasium.make("CartPole-v1"), 9, actions)
    assert_same_rollout(ours, reference)


def test_from_gymnasium__passes_our_check_env():
    env = from_gymnasium(gymnasium.make("CartPole-v1").unwrapped)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        core_check_env(env, skip_render_check=True)
    # CartPole's velocity bounds are infinite; the reference's checker warns about it too.
    assert caught
    assert all("inf" in str(w.message) for w in caught), [str(w.message) for w in caught]


def test_from_gymnasium__spec_make_builds_a_bridged_env():
    env = from_gymnasium(gymnasium.make("CartPole-v1"))
    remade = env.spec.make()
    # Built by gymnasium.make behind the bridge, as our make does for gymnasium-registered ids.
    assert isinstance(remade, CoreEnvAdapter) and isinstance(remade.unwrapped, gymnasium.Env)
    assert from_gymnasium(remade) is remade
    remade.reset(seed=0)
    for _ in range(600):
        *_, terminated, truncated, _ = remade.step(1)
        if terminated or truncated:
            break
    assert terminated or truncated


def test_from_gymnasium__our_wrappers_work_on_it():
    env = from_gymnasium(gymnasium.make("CartPole-v1", max_episode_steps=-1))
    env = wrappers.RecordEpisodeStatistics(wrappers.TimeLimit(env, max_episode_steps=5))
    env.reset(seed=1)
    for _ in range(5):
        *_, truncated, info = env.step(0)
        if truncated:
            break
    assert info["episode"]["l"] <= 5


def test_from_gymnasium__our_sync_vector_env_matches_gymnasium():
    ours = SyncVectorEnv([lambda: from_gymnasium(gymnasium.make("CartPole-v1"))] * 3)
    reference = gymnasium.vector.SyncVectorEnv([lambda: gymnasium.make("CartPole-v1")] * 3)
    obs_a, _ = ours.reset(seed=5)
    obs_b, _ = reference.reset(seed=5)
    np.testing.assert_array_equal(obs_a, obs_b)
    for step in range(30):
        actions = np.array([step % 2, 1, 0])
        out_a, out_b = ours.step(actions), reference.step(actions)
        for a, b in zip(out_a[:4], out_b[:4], strict=True):
            np.testing.assert_array_equal(a, b)
    ours.close()
    reference.close()


def test_from_gymnasium__runs_in_our_async_vector_env():
    from gymnasium_core.vector import AsyncVectorEnv

    # A fork server once JAX has run in this process: forking it would be unsafe (and warns).
    ours = AsyncVectorEnv(
        [lambda: from_gymnasium(gymnasium.make("CartPole-v1"))] * 2, context=async_context()
    )
    reference = gymnasium.vector.SyncVectorEnv([lambda: gymnasium.make("CartPole-v1")] * 2)
    try:
        np.testing.assert_array_equal(ours.reset(seed=1)[0], reference.reset(seed=1)[0])
        for _ in range(10):
            actions = np.array([1, 0])
            np.testing.assert_array_equal(ours.step(actions)[0], reference.step(actions)[0])
    finally:
        ours.close()
        reference.close()


def test_from_gymnasium__round_trip_returns_the_original():
    core = WalkEnv()
    assert from_gymnasium(to_gymnasium(core)) is core
    reference = gymnasium.make("CartPole-v1")
    assert to_gymnasium(from_gymnasium(reference)) is reference


def test_from_gymnasium__space_without_counterpart_crosses_as_it_is():
    class OddSpace(gs.Space[int]):
        def contains(self, x):
            return x == 0

    class OddEnv(gymnasium.Env):
        observation_space = OddSpace()
        action_space = gs.Discrete(2)

    env = from_gymnasium(OddEnv())
    space = env.observation_space
    assert isinstance(space, OddSpace) and isinstance(space, cs.Space)
    assert space.contains(0) and not space.contains(1)


def test_from_gymnasium__rejects_other_objects():
    with pytest.raises(TypeError, match=r"gymnasium\.Env"):
        from_gymnasium(WalkEnv())
    with pytest.raises(TypeError, match=r"gymnasium\.Env"):
        from_gymnasium("CartPole-v1")


# --- vector environments ----------------------------------------------------------------------


def test_to_gymnasium__vector_env_converts_spaces_and_autoreset_mode():
    core = SyncVectorEnv([WalkEnv] * 2, autoreset_mode=AutoresetMode.SAME_STEP)
    env = to_gymnasium(core)
    assert isinstance(env, gymnasium.vector.VectorEnv) and isinstance(
        env, GymnasiumVectorEnvAdapter
    )
    assert env.num_envs == 2
    assert env.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP
    assert env.single_action_space == gs.Discrete(3)
    assert env.action_space == gs.MultiDiscrete([3, 3])
    assert env.observation_space == gs.Box(-10, 10, shape=(2, 2), dtype=np.float32)
    env.close()
    assert core.closed and env.closed


def test_to_gymnasium__vector_env_same_steps_and_gymnasium_vector_wrappers_apply():
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(
        to_gymnasium(SyncVectorEnv([WalkEnv] * 2))
    )
    direct = SyncVectorEnv([WalkEnv] * 2)
    obs_a, _ = env.reset(seed=[1, 2])
    obs_b, _ = direct.reset(seed=[1, 2])
    np.testing.assert_array_equal(obs_a, obs_b)
    for step in range(15):
        actions = np.array([2, step % 3])
        out_a, out_b = env.step(actions), direct.step(actions)
        for a, b in zip(out_a[:4], out_b[:4], strict=True):
            np.testing.assert_array_equal(a, b)
    env.close()
    direct.close()


def test_from_gymnasium__vector_env_converts_back():
    reference = gymnasium.vector.SyncVectorEnv([lambda: gymnasium.make("CartPole-v1")] * 2)
    env = from_gymnasium(reference)
    assert isinstance(env, CoreVectorEnvAdapter)
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert env.action_space == cs.MultiDiscrete([2, 2])
    obs, _ = env.reset(seed=0)
    assert obs in env.observation_space
    env.step(np.array([0, 1]))
    assert to_gymnasium(env) is reference
    env.close()
    assert reference.closed
