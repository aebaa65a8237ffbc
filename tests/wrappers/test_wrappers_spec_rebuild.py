"""Every wrapper records its constructor arguments, so ``make(env.spec)`` rebuilds the stack.

One builder per wrapper in ``gymnasium_core.wrappers.__all__`` (a test fails if a wrapper has
none), run on our package; where the reference can build the same stack, the names of the
recorded arguments are compared with the reference's too.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import gymnasium
import numpy as np
import pytest

import gymnasium_core
import gymnasium_core.wrappers

Builder = Callable[[ModuleType, Any], Any]


def _pixels(gym: ModuleType) -> Any:
    return gym.wrappers.AddRenderObservation(gym.make("CartPole-v1", render_mode="rgb_array"))


def _double(value: Any) -> Any:
    return value * 2


BUILDERS: dict[str, Builder] = {
    "AddRenderObservation": lambda gym, _: _pixels(gym),
    "AddWhiteNoise": lambda gym, _: gym.wrappers.AddWhiteNoise(
        gym.make("CartPole-v1", render_mode="rgb_array"), 0.25, is_noise_grayscale=True
    ),
    "ArrayConversion": lambda gym, _: gym.wrappers.ArrayConversion(
        gym.make("CartPole-v1"), env_xp=np, target_xp=np
    ),
    "AtariPreprocessing": lambda gym, _: gym.wrappers.AtariPreprocessing(
        _pixels(gym), noop_max=0, frame_skip=1, screen_size=(12, 10)
    ),
    "Autoreset": lambda gym, _: gym.wrappers.Autoreset(gym.make("CartPole-v1")),
    "ClipAction": lambda gym, _: gym.wrappers.ClipAction(gym.make("Pendulum-v1")),
    "ClipReward": lambda gym, _: gym.wrappers.ClipReward(gym.make("CartPole-v1"), 0.0, 0.5),
    "DelayObservation": lambda gym, _: gym.wrappers.DelayObservation(gym.make("CartPole-v1"), 2),
    "DiscretizeAction": lambda gym, _: gym.wrappers.DiscretizeAction(gym.make("Pendulum-v1"), 5),
    "DiscretizeObservation": lambda gym, _: gym.wrappers.DiscretizeObservation(
        gym.make("MountainCar-v0"), 4
    ),
    "DtypeObservation": lambda gym, _: gym.wrappers.DtypeObservation(
        gym.make("CartPole-v1"), np.float64
    ),
    "FilterObservation": lambda gym, _: gym.wrappers.FilterObservation(
        gym.wrappers.TimeAwareObservation(gym.make("CartPole-v1"), flatten=False), ["time"]
    ),
    "FlattenObservation": lambda gym, _: gym.wrappers.FlattenObservation(gym.make("CartPole-v1")),
    "FrameStackObservation": lambda gym, _: gym.wrappers.FrameStackObservation(
        gym.make("CartPole-v1"), 3, padding_type="zero"
    ),
    "GrayscaleObservation": lambda gym, _: gym.wrappers.GrayscaleObservation(
        _pixels(gym), keep_dim=True
    ),
    "HumanRendering": lambda gym, _: gym.wrappers.HumanRendering(
        gym.make("CartPole-v1", render_mode="rgb_array")
    ),
    "JaxToNumpy": None,  # filled in below: needs JAX
    "JaxToTorch": lambda gym, _: gym.wrappers.JaxToTorch(gym.make("phys2d/Pendulum-v0")),
    "MaxAndSkipObservation": lambda gym, _: gym.wrappers.MaxAndSkipObservation(
        gym.make("CartPole-v1"), skip=3
    ),
    "NormalizeObservation": lambda gym, _: gym.wrappers.NormalizeObservation(
        gym.make("CartPole-v1"), epsilon=1e-6
    ),
    "NormalizeReward": lambda gym, _: gym.wrappers.NormalizeReward(
        gym.make("CartPole-v1"), gamma=0.9
    ),
    "NumpyToTorch": lambda gym, _: gym.wrappers.NumpyToTorch(gym.make("Pendulum-v1"), "cpu"),
    "ObstructView": lambda gym, _: gym.wrappers.ObstructView(
        gym.make("CartPole-v1", render_mode="rgb_array"), 0.1, 4
    ),
    "OrderEnforcing": lambda gym, _: gym.wrappers.OrderEnforcing(
        gym.make("CartPole-v1", disable_env_checker=True), disable_render_order_enforcing=True
    ),
    "PassiveEnvChecker": lambda gym, _: gym.wrappers.PassiveEnvChecker(
        gym.make("CartPole-v1", disable_env_checker=True)
    ),
    "RecordEpisodeStatistics": lambda gym, _: gym.wrappers.RecordEpisodeStatistics(
        gym.make("CartPole-v1"), buffer_length=7, stats_key="stats"
    ),
    "RecordVideo": lambda gym, folder: gym.wrappers.RecordVideo(
        gym.make("CartPole-v1", render_mode="rgb_array"),
        video_folder=str(folder),
        name_prefix="clip",
        video_length=3,
    ),
    "RenderCollection": lambda gym, _: gym.wrappers.RenderCollection(
        gym.make("CartPole-v1", render_mode="rgb_array"), pop_frames=False
    ),
    "RepeatAction": lambda gym, _: gym.wrappers.RepeatAction(gym.make("CartPole-v1"), 2),
    "RescaleAction": lambda gym, _: gym.wrappers.RescaleAction(gym.make("Pendulum-v1"), -0.5, 0.5),
    "RescaleObservation": lambda gym, _: gym.wrappers.RescaleObservation(
        gym.make("MountainCar-v0"), np.float32(-1.0), np.float32(1.0)
    ),
    "ReshapeObservation": lambda gym, _: gym.wrappers.ReshapeObservation(
        gym.make("CartPole-v1"), (2, 2)
    ),
    "ResizeObservation": lambda gym, _: gym.wrappers.ResizeObservation(_pixels(gym), (8, 6)),
    "StickyAction": lambda gym, _: gym.wrappers.StickyAction(
        gym.make("CartPole-v1"), 0.3, repeat_action_duration=(1, 3)
    ),
    "TimeAwareObservation": lambda gym, _: gym.wrappers.TimeAwareObservation(
        gym.make("CartPole-v1"), normalize_time=True
    ),
    "TimeLimit": lambda gym, _: gym.wrappers.TimeLimit(gym.make("CartPole-v1"), 9),
    "TransformAction": lambda gym, _: gym.wrappers.TransformAction(
        gym.make("Pendulum-v1"), _double, None
    ),
    "TransformObservation": lambda gym, _: gym.wrappers.TransformObservation(
        gym.make("CartPole-v1"), _double, None
    ),
    "TransformReward": lambda gym, _: gym.wrappers.TransformReward(
        gym.make("CartPole-v1"), _double
    ),
}

# Recorded in spec fields (order_enforce, disable_env_checker, max_episode_steps) instead.
SPEC_FIELD_WRAPPERS = {"OrderEnforcing", "PassiveEnvChecker", "TimeLimit"}
NEEDS = {"JaxToNumpy": "jax", "JaxToTorch": "torch", "NumpyToTorch": "torch"}
_JAX_TOO = {"JaxToTorch"}
WRAPPER_NAMES = [name for name in gymnasium_core.wrappers.__all__ if name != "vector"]


def _jax_to_numpy(gym: ModuleType, _: Any) -> Any:
    return gym.wrappers.JaxToNumpy(gym.make("phys2d/Pendulum-v0"))


def _builder(name: str) -> Builder:
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    if name in _JAX_TOO:
        pytest.importorskip("jax")
    if name == "JaxToNumpy":
        return _jax_to_numpy
    builder = BUILDERS[name]
    assert builder is not None, f"no builder for {name}"
    return builder


def _stack(env: Any) -> list[tuple[str, dict[str, Any]]]:
    layers = []
    while isinstance(env, gymnasium_core.Wrapper):
        layers.append((type(env).__name__, dict(getattr(env, "_saved_kwargs", {}))))
        env = env.env
    return layers


def _reference_names(env: Any) -> list[str]:
    names = []
    while isinstance(env, gymnasium.Wrapper):
        names.append(type(env).__name__)
        env = env.env
    return names


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return bool(np.array_equal(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


def test_builders__cover_every_wrapper() -> None:
    assert sorted(BUILDERS) == sorted(WRAPPER_NAMES)


@pytest.mark.filterwarnings("ignore::gymnasium_core.logger.GymnasiumCoreWarning")
@pytest.mark.parametrize("name", WRAPPER_NAMES)
def test_wrapper__recorded_arguments_rebuild_it_through_spec(name: str, tmp_path: Any) -> None:
    builder = _builder(name)
    env = builder(gymnasium_core, tmp_path / "ours")
    assert type(env).__name__ == name
    recorded = getattr(env, "_saved_kwargs", None)
    assert isinstance(recorded, dict), f"{name} records no constructor arguments"
    assert env.spec is not None
    if name not in SPEC_FIELD_WRAPPERS:
        assert env.spec.additional_wrappers[-1].name == name
    rebuilt = gymnasium_core.make(env.spec)
    try:
        original, copy = _stack(env), _stack(rebuilt)
        if name in SPEC_FIELD_WRAPPERS:
            # Only the spec fields change, so the stack is rebuilt as the reference rebuilds it.
            reference = builder(gymnasium, tmp_path / "reference")
            again = gymnasium.make(reference.spec)
            assert [layer for layer, _ in copy] == _reference_names(again)
            return
        assert [layer for layer, _ in copy] == [layer for layer, _ in original]
        for (_, mine), (_, again) in zip(original, copy, strict=True):
            assert _same(mine, again)
        assert rebuilt.observation_space == env.observation_space
        assert rebuilt.action_space == env.action_space
    finally:
        rebuilt.close()
        env.close()


@pytest.mark.filterwarnings("ignore::gymnasium_core.logger.GymnasiumCoreWarning")
@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", WRAPPER_NAMES)
def test_wrapper__records_the_reference_argument_names(name: str, tmp_path: Any) -> None:
    builder = _builder(name)
    try:
        theirs = builder(gymnasium, tmp_path / "reference")
    except Exception as exc:  # the reference cannot build every stack (e.g. torch, cv2)
        pytest.skip(f"the reference cannot build {name}: {type(exc).__name__}")
    ours = builder(gymnasium_core, tmp_path / "ours")
    try:
        assert sorted(ours._saved_kwargs) == sorted(theirs._saved_kwargs)
    finally:
        ours.close()
        theirs.close()
