"""Toy-text rendering: frame sizes, human mode headless, text frames, fonts after pygame.quit."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from gymnasium_core.envs.toy_text.cliffwalking import CliffWalkingEnv

import gymnasium_core as gym
from gymnasium_core.testing import parity

STATEFUL_IDS = parity.registered_ids("gymnasium_core.envs.toy_text")
# The frame size of each environment (the reference's), by environment name.
FRAME_SHAPES = {
    "Blackjack": (376, 384, 3),
    "FrozenLake": (256, 256, 3),
    "FrozenLake8x8": (512, 512, 3),
    "CliffWalking": (256, 768, 3),
    "CliffWalkingSlippery": (256, 768, 3),
    "Taxi": (456, 536, 3),
}


@pytest.mark.parametrize("env_id", STATEFUL_IDS)
def test_render__rgb_frames_have_reference_size_and_change(env_id: str) -> None:
    pytest.importorskip("pygame")
    env = gym.make(env_id, render_mode="rgb_array")
    env.reset(seed=1)
    first = env.render()
    assert first.shape == FRAME_SHAPES[gym.spec(env_id).name] and first.dtype == np.uint8
    assert first.std() > 0
    env.step(1)
    assert env.render().shape == first.shape
    env.close()
    env.close()


@pytest.mark.parametrize("env_id", STATEFUL_IDS)
def test_render__human_mode_runs_headless(env_id: str) -> None:
    pytest.importorskip("pygame")
    env = gym.make(env_id, render_mode="human")
    env.reset(seed=0)
    env.step(0)
    env.close()


def test_render__ansi_marks_the_agent() -> None:
    env = CliffWalkingEnv(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text.splitlines()[3].startswith("x  C") and text.endswith("T\n\n")


def test_render__text_survives_pygame_quit_by_another_window() -> None:
    # Fonts die with pygame.quit(); an env made afterwards must not draw with a dead one.
    # This runs in a fresh interpreter because drawing with a dead font crashes the process.
    code = (
        "import pygame, gymnasium_core as gym\n"
        "first = gym.make('Blackjack-v1', render_mode='rgb_array')\n"
        "first.reset(seed=0); first.render(); first.close()\n"
        "pygame.quit(); pygame.init()\n"
        "second = gym.make('Blackjack-v1', render_mode='rgb_array')\n"
        "second.reset(seed=0); frame = second.render(); second.close()\n"
        "assert frame.ndim == 3\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
