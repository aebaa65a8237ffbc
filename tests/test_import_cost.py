"""`import gymnasium_core` stays light: no heavy optional dependency is imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

HEAVY_MODULES = ("jax", "pygame", "mujoco", "Box2D", "moviepy")


def _modules_after(statement: str) -> set[str]:
    code = f"import sys, json\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, timeout=120
    )
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    "statement",
    [
        "import gymnasium_core",
        "import gymnasium_core.registration",
        "import gymnasium_core.utils.env_checker",
        # The first registry read registers the built-in ids; that must stay cheap too.
        "import gymnasium_core as gym; gym.spec('CartPole-v1'); gym.pprint_registry()",
    ],
)
def test_import__loads_no_heavy_dependency(statement: str) -> None:
    loaded = _modules_after(statement)
    heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY_MODULES)
    assert heavy == [], f"`{statement}` imported {heavy}"


def test_import__registers_builtins_without_importing_env_modules() -> None:
    loaded = _modules_after("import gymnasium_core as gym; assert 'CartPole-v1' in gym.registry")
    env_modules = sorted(m for m in loaded if m.startswith("gymnasium_core.envs."))
    assert env_modules == ["gymnasium_core.envs.registration"] or env_modules == [], env_modules


@pytest.mark.parametrize("package", ["gymnasium", "gymnasium_core"])
def test_import__pygame_prints_no_banner_afterwards(package: str) -> None:
    # Gymnasium hides pygame's support banner when imported; a drop-in must too, or every
    # script that draws a frame prints it to stdout.
    pytest.importorskip("pygame")
    pytest.importorskip(package)
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    out = subprocess.run(
        [sys.executable, "-c", f"import {package}\nimport pygame\nprint('done')"],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert out.stdout.strip() == "done", out.stdout


def test_import__keeps_a_banner_setting_the_user_made() -> None:
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "mine"}
    code = "import os, gymnasium_core; print(os.environ['PYGAME_HIDE_SUPPORT_PROMPT'])"
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env
    )
    assert out.stdout.strip() == "mine"
