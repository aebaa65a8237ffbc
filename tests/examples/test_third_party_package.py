"""The third-party package example: entry-point registration, checkers, and the bridge."""

from __future__ import annotations

import subprocess
import sys
import tomllib

from tests.examples._load import EXAMPLES

PACKAGE = EXAMPLES / "third_party_package"


def test_third_party_package__demo_registers_checks_and_bridges() -> None:
    # A fresh interpreter: the entry point must be found through package metadata alone.
    result = subprocess.run(
        [sys.executable, str(PACKAGE / "demo.py"), "--smoke"],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "gymnasium_core.make('mypkg/Corridor-v0')" in out
    assert "loaded through its entry point" in out
    assert "gymnasium_core env checker: passed" in out
    assert "walking right: return" in out
    try:
        import gymnasium  # noqa: F401
    except ImportError:
        return
    assert "gymnasium.make('gymnasium_core-mypkg/Corridor-v0')" in out
    assert "a gymnasium.Env: True" in out
    assert "gymnasium's env checker: passed" in out


def test_third_party_package__entry_point_name_is_the_namespace_of_its_ids() -> None:
    project = tomllib.loads((PACKAGE / "pyproject.toml").read_text())["project"]
    points = project["entry-points"]["gymnasium_core.envs"]
    init = (PACKAGE / "mypkg" / "__init__.py").read_text()
    for namespace in points:
        assert f'id="{namespace}/' in init
