"""Render modes through ``make`` and the numpy-batched vector envs, against the reference."""

from __future__ import annotations

import types
import warnings
from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest

import gymnasium_core

LIBS = {"core": gymnasium_core, "reference": gymnasium}


def _custom_env(lib: types.ModuleType, modes: list[str], on_instance: bool = False) -> type:
    class Custom(lib.Env):  # type: ignore[misc, name-defined]
        if not on_instance:
            metadata = {"render_modes": modes, "render_fps": 4}

        def __init__(self, render_mode: str | None = None) -> None:
            if on_instance:
                # Only the instance declares its modes: `make` sees the base class's.
                self.metadata = {"render_modes": modes, "render_fps": 4}
            self.render_mode = render_mode
            self.observation_space = lib.spaces.Box(0.0, 1.0, (2,), np.float32)
            self.action_space = lib.spaces.Discrete(2)
            self.t = 0

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
            super().reset(seed=seed)
            self.t = 0
            return np.zeros(2, np.float32), {}

        def step(self, action: Any) -> Any:
            self.t += 1
            return np.zeros(2, np.float32), 0.0, False, False, {}

        def render(self) -> Any:
            if self.render_mode is not None and self.render_mode.startswith("depth"):
                return np.full((3, 4), self.t, np.float32)
            return np.full((3, 4, 3), self.t, np.uint8)

    return Custom


@pytest.fixture
def cleanup() -> Iterator[None]:
    before = {name: set(lib.registry) for name, lib in LIBS.items()}
    yield
    for name, lib in LIBS.items():
        for env_id in set(lib.registry) - before[name]:
            del lib.registry[env_id]


def _outcome(lib: types.ModuleType, env_id: str, render_mode: str, steps: int = 2) -> Any:
    """What making, stepping and rendering gives: the wrapper, the frames' form, or the error."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            env = lib.make(env_id, render_mode=render_mode)
        except Exception as exc:
            return ("make raises", type(exc).__name__)
        made_warned = any("render_mode" in str(w.message) for w in caught)
        env.reset(seed=0)
        for _ in range(steps):
            env.step(env.action_space.sample())
        try:
            frames = env.render()
        except Exception as exc:
            outcome: Any = ("render raises", type(exc).__name__)
        else:
            if isinstance(frames, list):
                outcome = ("list", len(frames), np.asarray(frames[-1]).shape)
            else:
                outcome = ("frame", type(frames).__name__)
        env.close()
    return (type(env).__name__, made_warned, outcome)


@pytest.mark.parametrize("on_instance", [False, True], ids=["class_metadata", "instance_metadata"])
@pytest.mark.parametrize(
    ("modes", "render_mode"),
    [
        (["rgb_array"], "rgb_array_list"),
        (["depth_array"], "depth_array_list"),
        (["rgb_array", "depth_array"], "depth_array_list"),
        (["rgb_array"], "ansi"),
        (["rgb_array"], "depth_array_list"),
        (["ansi"], "rgb_array_list"),
    ],
)
def test_make__render_modes_of_a_custom_env_as_reference(
    modes: list[str], render_mode: str, on_instance: bool, cleanup: None
) -> None:
    outcomes = []
    for lib in LIBS.values():
        lib.register("test/Render-v0", entry_point=_custom_env(lib, modes, on_instance))
        outcomes.append(_outcome(lib, "test/Render-v0", render_mode))
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize(
    ("env_id", "render_mode"),
    [
        ("CartPole-v1", "ansi"),
        ("Pendulum-v1", "bogus"),
        ("Acrobot-v1", "depth_array"),
        ("MountainCar-v0", "ansi"),
        ("MountainCarContinuous-v0", "ansi"),
        ("CartPole-v1", "depth_array_list"),
        ("FrozenLake-v1", "bogus"),
        ("Blackjack-v1", "ansi"),
    ],
)
def test_make__undeclared_render_mode_warns_and_builds_as_reference(
    env_id: str, render_mode: str
) -> None:
    ours = _outcome(gymnasium_core, env_id, render_mode)
    ref = _outcome(gymnasium, env_id, render_mode)
    assert ours[:2] == ref[:2] and ours[2][0] == ref[2][0]
    if ours[2][0] == "render raises":
        assert ours[2] == ref[2]


@pytest.mark.parametrize("env_id", ["CartPole-v1", "Pendulum-v1", "Acrobot-v1", "Taxi-v4"])
def test_numpy_vector_env__rgb_array_list_collects_the_rgb_array_frames(env_id: str) -> None:
    kwargs: dict[str, Any] = {"vectorization_mode": "vector_entry_point"}
    listing = gymnasium_core.make_vec(env_id, 2, render_mode="rgb_array_list", **kwargs)
    single = gymnasium_core.make_vec(env_id, 2, render_mode="rgb_array", **kwargs)
    expected: list[tuple[Any, ...]] = []
    for envs in (listing, single):
        envs.reset(seed=3)
        envs.action_space.seed(3)
    expected.append(single.render())
    for _ in range(3):
        actions = listing.action_space.sample()
        listing.step(actions)
        single.step(actions)
        expected.append(single.render())
    collected = listing.render()
    assert isinstance(collected, tuple) and len(collected) == 2
    for i in range(2):
        assert len(collected[i]) == 4
        for got, want in zip(collected[i], expected, strict=True):
            np.testing.assert_array_equal(got, want[i])
    # Rendering empties the lists; a partial reset starts a new list for that sub-env only.
    assert listing.render() == ([], [])
    listing.step(listing.action_space.sample())
    listing.reset(options={"reset_mask": np.array([True, False])})
    assert [len(frames) for frames in listing.render()] == [1, 2]
    listing.close()
    single.close()


def test_numpy_vector_env__other_render_modes_warn_and_draw_frames() -> None:
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="does not offer"):
        envs = gymnasium_core.make_vec(
            "Pendulum-v1", 2, vectorization_mode="vector_entry_point", render_mode="human"
        )
    envs.reset(seed=0)
    frames = envs.render()
    assert frames is not None and len(frames) == 2 and frames[0].shape == (500, 500, 3)
    envs.close()


def test_jax_vector_env__undeclared_render_mode_builds_and_render_raises_as_reference() -> None:
    pytest.importorskip("jax")
    outcomes = []
    for lib in LIBS.values():
        with warnings.catch_warnings(record=True):
            warnings.simplefilter("always")
            envs = lib.make_vec("phys2d/CartPole-v1", 2, render_mode="human")
        with pytest.raises(NotImplementedError):
            envs.render()
        outcomes.append(type(envs).__name__)
        envs.close()
    assert outcomes[0] == outcomes[1]
