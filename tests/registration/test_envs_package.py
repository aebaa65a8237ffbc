"""``gymnasium_core.envs`` as Gymnasium users reach into it."""

from __future__ import annotations

import subprocess
import sys


def test_envs_registration_is_an_attribute_right_after_import() -> None:
    # User code writes ``gym.envs.registration.EnvSpec`` after ``import gymnasium_core as gym``
    # (or ``import gymnasium_core.envs``); the submodule must be set on the package by then.
    code = (
        "import gymnasium_core.envs as envs, gymnasium_core as gym\n"
        "assert envs.registration.EnvSpec is gym.envs.registration.EnvSpec\n"
        "assert envs.registration.make is gym.make\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
