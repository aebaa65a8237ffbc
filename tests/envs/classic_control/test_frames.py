"""Frames pixel for pixel: ours and the reference's, drawn from the same state.

A pixel-based agent trained on one must see the same pixels on the other. Each env pair is
put in the same state (seeded resets, shared actions, assigned ``state`` arrays, in-place
element writes, written physics attributes) and both frames must be equal.

Pendulum's reference draws its last torque with an image file (an arrow); we draw our own
arrow in the same square. Frames with a torque are therefore compared outside that square
(the square the reference scales its image to, plus one pixel of its smoothing); frames
without one (right after ``reset``) are compared whole.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core.testing import parity

pytest.importorskip("pygame")
gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")

IDS = parity.shared_ids("gymnasium.envs.classic_control")

# States to assign (the reference's dtype) and attribute writes that move the drawing.
STATES: dict[str, list[np.ndarray[Any, Any]]] = {
    "CartPole": [np.array([1.9, 0.0, 0.2, 0.0]), np.array([-2.3, 0.5, -0.7, 1.0])],
    "MountainCar": [np.array([-1.2, 0.0]), np.array([0.45, 0.03])],
    "MountainCarContinuous": [np.array([-0.3, 0.01]), np.array([0.5, 0.07])],
    "Pendulum": [np.array([0.0, 0.0]), np.array([-2.9, 4.0])],
    "Acrobot": [
        np.array([3.0, -1.5, 0.0, 0.0], dtype=np.float32),
        np.array([-0.4, 2.6, 1.0, -2.0], dtype=np.float32),
    ],
}
WRITES: dict[str, dict[str, Any]] = {
    "CartPole": {"length": 0.8, "x_threshold": 3.0},
    "MountainCar": {"goal_position": 0.3},
    "MountainCarContinuous": {"min_position": -1.0},
    "Pendulum": {},
    "Acrobot": {"LINK_LENGTH_1": 1.3, "LINK_LENGTH_2": 0.7},
}


def _family(env_id: str) -> str:
    return env_id.split("-")[0]


def _asset_mask(shape: tuple[int, ...], last_u: Any) -> np.ndarray[Any, Any]:
    """Where the reference's Pendulum shows its torque image (``False`` everywhere if none)."""
    mask = np.zeros(shape[:2], dtype=bool)
    if last_u is None:
        return mask
    dim = shape[0]
    scale = dim / 4.4
    size = int(float(scale * np.abs(last_u) / 2))
    corner = dim // 2 - size // 2
    # The image is blitted at ``corner`` on a y-up drawing that is then flipped vertically.
    rows = slice(max(dim - (corner + size) - 1, 0), dim - corner + 1)
    cols = slice(max(corner - 1, 0), corner + size + 1)
    mask[rows, cols] = True
    return mask


def _assert_same_frame(ours: Any, ref: Any) -> None:
    frame, ref_frame = ours.render(), ref.render()
    assert frame.shape == ref_frame.shape and frame.dtype == ref_frame.dtype
    differ = (frame != ref_frame).any(axis=-1)
    if _family(ours.spec.id) == "Pendulum":
        differ &= ~_asset_mask(frame.shape, ref.unwrapped.last_u)
    assert not differ.any(), f"{int(differ.sum())} pixels differ"


def _pair(env_id: str) -> tuple[Any, Any]:
    return parity.make_pair(env_id, render_mode="rgb_array", disable_env_checker=True)


@pytest.mark.parametrize("env_id", IDS)
def test_frames__equal_the_reference_along_seeded_episodes(env_id: str) -> None:
    ours, ref = _pair(env_id)
    for seed in (0, 1, 2):
        ours.reset(seed=seed)
        ref.reset(seed=seed)
        _assert_same_frame(ours, ref)
        parity.assert_rollouts_equal(
            ours,
            ref,
            seed=seed,
            num_steps=25,
            reset_first=False,
            reset_on_end=False,
            after_step=lambda ours, ref, step: _assert_same_frame(ours, ref),
        )
    ours.close()
    ref.close()


@pytest.mark.parametrize("env_id", IDS)
def test_frames__equal_the_reference_after_state_writes(env_id: str) -> None:
    ours, ref = _pair(env_id)
    ours.reset(seed=3)
    ref.reset(seed=3)
    for values in STATES[_family(env_id)]:
        ours.unwrapped.state = values.copy()
        ref.unwrapped.state = values.copy()
        _assert_same_frame(ours, ref)
        ours.unwrapped.state[0] = values[0] * 0.5
        ref.unwrapped.state[0] = values[0] * 0.5
        _assert_same_frame(ours, ref)
    ref.action_space.seed(3)
    action = ref.action_space.sample()
    ours.step(action)
    ref.step(action)
    _assert_same_frame(ours, ref)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("env_id", IDS)
def test_frames__equal_the_reference_from_a_narrow_float_state(env_id: str, dtype: Any) -> None:
    # The reference draws from its state's own scalars, float32 (or float16) for as long as a
    # narrower state assigned to it is kept so (Python-int actions keep MountainCar's narrow).
    ours, ref = _pair(env_id)
    for seed in (0, 1):
        obs, _ = ours.reset(seed=seed)
        ref.reset(seed=seed)
        start = obs if _family(env_id).startswith("MountainCar") else ours.unwrapped.state
        ours.unwrapped.state = start.astype(dtype)
        ref.unwrapped.state = start.astype(dtype)
        _assert_same_frame(ours, ref)
        ref.action_space.seed(seed)
        for _ in range(25):
            action = ref.action_space.sample()
            action = int(action) if np.ndim(action) == 0 else action
            terminated = ours.step(action)[2]
            ref.step(action)
            _assert_same_frame(ours, ref)
            if terminated:
                break
    ours.close()
    ref.close()


@pytest.mark.parametrize("env_id", IDS)
def test_frames__equal_the_reference_after_attribute_writes(env_id: str) -> None:
    ours, ref = _pair(env_id)
    ours.reset(seed=4)
    ref.reset(seed=4)
    for name, value in WRITES[_family(env_id)].items():
        setattr(ours.unwrapped, name, value)
        setattr(ref.unwrapped, name, value)
        _assert_same_frame(ours, ref)


@pytest.mark.parametrize("u", [0.05, -0.4, 1.0, -2.0], ids=lambda u: f"u={u}")
def test_frames__pendulum_torque_arrow_stays_in_the_reference_image_square(u: float) -> None:
    ours, ref = _pair("Pendulum-v1")
    ours.reset(seed=5)
    ref.reset(seed=5)
    action = np.array([u], dtype=np.float32)
    ours.step(action)
    ref.step(action)
    _assert_same_frame(ours, ref)
    # Something is drawn in the square for a visible torque.
    frame = ours.render()
    mask = _asset_mask(frame.shape, ref.unwrapped.last_u)
    without = ours.unwrapped.last_u
    ours.unwrapped.last_u = None
    blank = ours.render()
    ours.unwrapped.last_u = without
    assert (frame[mask] != blank[mask]).any() == (abs(u) >= 0.2)


def test_render__human_mode_initialises_only_the_display(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    def refuse() -> None:
        raise AssertionError("pygame.init() starts audio; only the display may be initialised")

    monkeypatch.setattr(pygame, "init", refuse)
    env = gymnasium_core.make("CartPole-v1", render_mode="human")
    env.reset(seed=0)
    env.step(1)
    assert env.unwrapped.screen is not None and env.unwrapped.clock is not None
    assert pygame.display.get_init()
    assert not pygame.mixer.get_init()
    env.close()
    assert env.unwrapped.isopen is False


@pytest.mark.parametrize("env_id", IDS)
def test_surface__after_a_frame_matches_the_reference(env_id: str) -> None:
    from gymnasium_core.testing.surface import surface_differences

    ours, ref = _pair(env_id)
    ours.reset(seed=0)
    ref.reset(seed=0)
    assert hasattr(ours.unwrapped, "surf") == hasattr(ref.unwrapped, "surf")
    ours.render()
    ref.render()
    differences = surface_differences(ours.unwrapped, ref.unwrapped)
    assert differences == [], differences


def test_frames__phys2d_cartpole_equals_the_reference() -> None:
    pytest.importorskip("jax")
    ours, ref = _pair("phys2d/CartPole-v1")
    ours.reset(seed=2)
    ref.reset(seed=2)
    ref.action_space.seed(2)
    for _ in range(10):
        frame, ref_frame = np.asarray(ours.render()), np.asarray(ref.render())
        assert frame.shape == ref_frame.shape
        assert not (frame != ref_frame).any()
        action = ref.action_space.sample()
        ours.step(action)
        ref.step(action)


def test_frames__cartpole_vector_env_draws_each_sub_env_as_the_stateful_env() -> None:
    from gymnasium_core.envs.classic_control.cartpole import CartPoleVectorEnv

    vec = CartPoleVectorEnv(3, render_mode="rgb_array")
    vec.reset(seed=6)
    vec.step(np.array([0, 1, 1]))
    single = gymnasium_core.make("CartPole-v1", render_mode="rgb_array").unwrapped
    single.reset(seed=0)
    for i, frame in enumerate(vec.render()):
        single.state = vec.state[:, i].copy()
        assert np.array_equal(frame, single.render()), i
    vec.close()
