"""highway-env through our API, in a virtual environment of its own (slow tier).

highway-env installs pygame-ce, which replaces the ``pygame`` module our rendering uses, so it is
never installed beside the project's own environment: this test builds a fresh one with uv.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import numpy as np, gymnasium, highway_env
import gymnasium_core as gym
from gymnasium_core.utils.env_checker import check_env

ours, theirs = gym.make("highway-v0"), gymnasium.make("highway-v0")
for env in (ours, theirs):
    env.unwrapped.configure({"vehicles_count": 10})
a, _ = ours.reset(seed=0)
b, _ = theirs.reset(seed=0)
assert np.array_equal(a, b)
for t in range(20):
    step_a, step_b = ours.step(t % 5), theirs.step(t % 5)
    assert np.array_equal(step_a[0], step_b[0]) and step_a[1:4] == step_b[1:4], t
    if step_b[2] or step_b[3]:
        break
assert type(ours.unwrapped).__name__ == "HighwayEnv"
assert ours.unwrapped.config["vehicles_count"] == 10
check_env(ours.unwrapped, skip_render_check=True)
print("ok")
"""


@pytest.mark.slow
def test_highway_env__steps_equal_gymnasium_in_its_own_environment(tmp_path: Path) -> None:
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv builds the separate environment")
    venv = tmp_path / "venv"
    subprocess.run([uv, "venv", "-q", str(venv), "--python", sys.executable], check=True)
    env = {**os.environ, "VIRTUAL_ENV": str(venv), "SDL_VIDEODRIVER": "dummy"}
    # Run from outside the repository: uv would apply our project's overrides (which leave out
    # pygame-ce) to this install too.
    subprocess.run(
        [uv, "pip", "install", "-q", "-e", str(ROOT), "gymnasium==1.4.*", "highway-env>=1.12"],
        check=True,
        env=env,
        cwd=tmp_path,
        timeout=600,
    )
    result = subprocess.run(
        [str(venv / "bin" / "python"), "-c", SCRIPT],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("ok")
