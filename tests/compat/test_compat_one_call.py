"""The bridge is one call for anything already made: an env, a vector env or a space, both ways."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the bridge needs gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env as gymnasium_check_env  # noqa: E402

import gymnasium_core as gym  # noqa: E402
from gymnasium_core.compat import (  # noqa: E402
    from_gymnasium,
    space_from_gymnasium,
    space_to_gymnasium,
    to_gymnasium,
)
from gymnasium_core.logger import GymnasiumCoreWarning  # noqa: E402
from gymnasium_core.utils.env_checker import check_env as our_check_env  # noqa: E402


def _our_spaces() -> list[gym.Space]:
    s = gym.spaces
    return [
        s.Box(-1.0, 2.0, (3,), np.float32, seed=1),
        s.Discrete(4, start=2, seed=2),
        s.MultiBinary(5, seed=3),
        s.MultiDiscrete([2, 3], seed=4),
        s.Text(6, seed=5),
        s.Tuple([s.Discrete(2), s.Box(0, 1, (2,))], seed=6),
        s.Dict({"a": s.Discrete(3), "b": s.MultiBinary(2)}, seed=7),
        s.Graph(s.Box(0, 1, (2,)), s.Discrete(3), seed=8),
        s.Sequence(s.Discrete(3), seed=9),
        s.OneOf([s.Discrete(2), s.Box(0, 1, (1,))], seed=10),
    ]


@pytest.mark.parametrize("space", _our_spaces(), ids=lambda sp: type(sp).__name__)
def test_to_gymnasium__a_space_converts_like_space_to_gymnasium(space: gym.Space) -> None:
    converted = to_gymnasium(space)
    assert isinstance(converted, gymnasium.spaces.Space)
    assert converted == space_to_gymnasium(space)
    back = from_gymnasium(converted)
    assert isinstance(back, gym.Space)
    assert back == space
    assert back == space_from_gymnasium(converted)


def test_to_gymnasium__an_env_already_made_wrapped_and_stepped_passes_gymnasium_check_env() -> None:
    env = gym.wrappers.ClipReward(gym.make("Pendulum-v1"), -1.0, 1.0)
    env.reset(seed=0)
    env.step(env.action_space.sample())
    bridged = to_gymnasium(env)
    assert isinstance(bridged, gymnasium.Env)
    assert isinstance(bridged.observation_space, gymnasium.spaces.Box)
    gymnasium_check_env(bridged, skip_render_check=True)
    assert from_gymnasium(bridged) is env


@pytest.mark.parametrize("env_id", ["Blackjack-v1", "Taxi-v4", "CartPole-v1"])
def test_to_gymnasium__made_env_passes_gymnasium_check_env(env_id: str) -> None:
    gymnasium_check_env(to_gymnasium(gym.make(env_id)), skip_render_check=True)


def test_from_gymnasium__a_made_gymnasium_env_passes_our_check_env() -> None:
    made = gymnasium.make("MountainCar-v0")
    ours = from_gymnasium(made)
    assert isinstance(ours, gym.Env)
    # Its unwrapped is gymnasium's MountainCarEnv under gymnasium's wrappers: the checker says
    # so, as gymnasium's own checker does for gymnasium.make's result, and passes.
    assert ours.unwrapped is made.unwrapped
    with pytest.warns(GymnasiumCoreWarning, match="wrapped"):
        our_check_env(ours, skip_render_check=True)
    our_check_env(from_gymnasium(made.unwrapped), skip_render_check=True)


def test_bridge__vector_envs_both_ways() -> None:
    envs = gym.make_vec("CartPole-v1", 2, vectorization_mode="sync")
    bridged = to_gymnasium(envs)
    assert isinstance(bridged, gymnasium.vector.VectorEnv)
    obs, _ = bridged.reset(seed=3)
    assert obs.shape == (2, 4)
    assert from_gymnasium(bridged) is envs
    theirs = gymnasium.make_vec("CartPole-v1", 2, vectorization_mode="sync")
    ours = from_gymnasium(theirs)
    assert isinstance(ours, gym.vector.VectorEnv)
    np.testing.assert_array_equal(ours.reset(seed=3)[0], obs)
    bridged.close()
    ours.close()


def test_bridge__other_objects_are_refused_with_what_is_accepted() -> None:
    with pytest.raises(TypeError, match=r"gymnasium_core\.spaces\.Space"):
        to_gymnasium(gymnasium.spaces.Discrete(3))  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"gymnasium\.spaces\.Space"):
        from_gymnasium(gym.spaces.Discrete(3))  # type: ignore[call-overload]
