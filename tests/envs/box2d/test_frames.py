"""Box2D frames equal the reference's pixel for pixel in the same state.

A pixel-based agent trained on one must see the same pixels on the other. Each test makes our
env and the reference's with the same seed, drives both with the same actions and compares
the frames at several points of the episode.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from gymnasium_core.testing import parity

pytest.importorskip("Box2D")
pytest.importorskip("pygame")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.envs.box2d.bipedal_walker import BipedalWalkerHeuristics  # noqa: E402
from gymnasium.envs.box2d.lunar_lander import heuristic  # noqa: E402

Policy = Callable[[Any, Any, int], Any]


def _random(env: Any, obs: Any, step: int) -> Any:
    return env.action_space.sample()


def _lander_pilot(env: Any, obs: Any, step: int) -> Any:
    return heuristic(env, obs)


def _walker_gait() -> Policy:
    gait = BipedalWalkerHeuristics()
    return lambda env, obs, step: gait.step_heuristic(obs)


def _racer(seed: int) -> Policy:
    """Full throttle, then hard braking, with random steering: skid marks on road and grass."""
    rng = np.random.default_rng(seed)

    def policy(env: Any, obs: Any, step: int) -> Any:
        gas, brake = (1.0, 0.0) if step < 50 else (0.0, 1.0)
        return np.array([rng.uniform(-1, 1), gas, brake], np.float32)

    return policy


def _assert_frames_equal(
    env_id: str,
    policy: Policy,
    seed: int,
    steps: int,
    every: int,
    render_mode: str = "rgb_array",
    **kwargs: Any,
) -> tuple[int, Any]:
    """Drive both envs with ``policy`` (which reads the reference) and compare frames.

    Returns:
        How many frames were compared, and our env's ``unwrapped`` (closed).
    """
    ours, reference = parity.make_pair(env_id, render_mode=render_mode, **kwargs)
    compared = 0
    try:
        obs, _ = reference.reset(seed=seed)
        ours.reset(seed=seed)
        reference.action_space.seed(seed)
        for step in range(steps):
            if step % every == 0:
                frame, expected = ours.render(), reference.render()
                assert frame.shape == expected.shape and frame.dtype == expected.dtype
                differing = int(np.any(frame != expected, axis=-1).sum())
                assert differing == 0, f"step {step}: {differing} pixels differ"
                compared += 1
            action = policy(reference.unwrapped, obs, step)
            obs, _, terminated, truncated, _ = reference.step(action)
            ours.step(action)
            if terminated or truncated:
                break
    finally:
        ours.close()
        reference.close()
    return compared, ours.unwrapped


@pytest.mark.parametrize("seed", [0, 7])
@pytest.mark.parametrize("env_id", parity.shared_ids("gymnasium.envs.box2d.lunar_lander"))
def test_frames__lunar_lander_equals_reference(env_id: str, seed: int) -> None:
    # Random engines early fill the sky with exhaust particles; the pilot then lands.
    compared, env = _assert_frames_equal(env_id, _random, seed, steps=40, every=5)
    assert compared == 8 and env.particles
    assert _assert_frames_equal(env_id, _lander_pilot, seed, steps=400, every=25)[0] > 4


@pytest.mark.parametrize(
    ("env_id", "seed"), [("BipedalWalker-v3", 0), ("BipedalWalkerHardcore-v3", 3)]
)
def test_frames__bipedal_walker_equals_reference(env_id: str, seed: int) -> None:
    _assert_frames_equal(env_id, _random, seed, steps=60, every=3)
    assert _assert_frames_equal(env_id, _walker_gait(), seed, steps=300, every=13)[0] > 10


@pytest.mark.parametrize("scroll", [0.0, -3.3, 31.7, 52.05, 77.77])
def test_frames__bipedal_walker_equals_reference_far_along_the_track(scroll: float) -> None:
    """Views far from the start, where the reference's drawing surface is widest."""
    ours, reference = parity.make_pair("BipedalWalkerHardcore-v3", render_mode="rgb_array")
    ours.reset(seed=2)
    reference.reset(seed=2)
    for env in (ours, reference):
        env.unwrapped.scroll = scroll
    for _ in range(12):  # the lidar sweep moves with every frame
        np.testing.assert_array_equal(ours.render(), reference.render())


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 2])
def test_frames__bipedal_walker_equals_reference_over_a_whole_walk(seed: int) -> None:
    compared, env = _assert_frames_equal("BipedalWalker-v3", _walker_gait(), seed, 1600, every=7)
    assert compared > 150 and env.scroll > 60


@pytest.mark.parametrize(
    ("render_mode", "domain_randomize"),
    [("rgb_array", False), ("rgb_array", True), ("state_pixels", False)],
)
def test_frames__car_racing_equals_reference(render_mode: str, domain_randomize: bool) -> None:
    compared, env = _assert_frames_equal(
        "CarRacing-v3",
        _racer(11),
        seed=11,
        steps=100,
        every=20,
        render_mode=render_mode,
        domain_randomize=domain_randomize,
    )
    assert compared == 5 and env.car.particles  # skid marks were drawn


def test_frames__car_racing_discrete_equals_reference() -> None:
    assert _assert_frames_equal("CarRacing-v3", _random, 5, 60, 20, continuous=False)[0] == 3


def _one_id_per_environment() -> list[str]:
    """The first shared id of each of the reference's Box2D environment classes."""
    first: dict[str, str] = {}
    for env_id in parity.shared_ids("gymnasium.envs.box2d"):
        first.setdefault(gymnasium.spec(env_id).entry_point, env_id)
    return sorted(first.values())


@pytest.mark.parametrize("env_id", _one_id_per_environment(), ids=lambda i: i[:-3])
def test_human_render__initialises_only_pygame_display(env_id: str) -> None:
    """Human rendering opens a window without starting pygame's audio (ALSA errors on servers)."""
    script = (
        "import pygame, gymnasium_core as gym\n"
        f"env = gym.make({env_id!r}, render_mode='human')\n"
        "env.reset(seed=0)\n"
        "env.step(env.action_space.sample())\n"
        "assert pygame.display.get_init()\n"
        "assert not pygame.mixer.get_init(), 'the mixer was started'\n"
        "env.close()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={"SDL_VIDEODRIVER": "dummy", "PATH": "", "PYTHONPATH": ":".join(sys.path)},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
