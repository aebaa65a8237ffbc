"""The floors job tests the floors, and its floor check catches a floor that was not installed."""

from __future__ import annotations

import importlib.util
import pathlib
import re
import textwrap
from types import ModuleType

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _check_floors() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_floors", ROOT / ".github/check_floors.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compat_job() -> dict:
    workflow = yaml.safe_load((ROOT / ".github/workflows/compat.yml").read_text())
    return workflow["jobs"]["fast-tier"]


def test_compat__every_uv_command_resolves_in_the_matrix_mode() -> None:
    # A `uv run` that meets a lock of another resolution mode re-resolves it at the highest
    # versions, so the job would silently test the newest releases instead of the floors.
    job = _compat_job()
    assert job["env"]["UV_RESOLUTION"] == "${{ matrix.resolution }}"
    commands = [step["run"] for step in job["steps"] if "run" in step]
    assert any(c.startswith("uv sync --all-extras") for c in commands)
    for command in commands:
        if command.startswith("uv run"):
            assert "--no-sync" in command, command


def test_compat__floors_job_checks_the_installed_floors_on_python_3_11() -> None:
    job = _compat_job()
    floors = [m for m in job["strategy"]["matrix"]["include"] if m["name"] == "floors"]
    assert floors == [{"name": "floors", "resolution": "lowest-direct", "python": "3.11"}]
    commands = [step["run"] for step in job["steps"] if "run" in step]
    check = next(i for i, c in enumerate(commands) if "check_floors.py" in c)
    tests = next(i for i, c in enumerate(commands) if "pytest" in c)
    assert check < tests
    # It installs the groups of the README's test command, and checks the floors of those.
    sync = next(c for c in commands if c.startswith("uv sync"))
    assert re.findall(r"--group (\S+)", sync) == re.findall(r"--group (\S+)", commands[check])
    assert "--group torch" in sync


@pytest.mark.parametrize(
    ("requirement", "floor"),
    [
        ("numpy>=2.0.0", "2.0.0"),
        ("gymnasium==1.4.*", "1.4"),
        ("ruff>=0.6", "0.6.0"),
        ("jax>=0.5.0,<1", "0.5.0"),
        ("six", None),
    ],
)
def test_check_floors__floor_is_the_lowest_allowed_release(
    requirement: str, floor: str | None
) -> None:
    expected = None if floor is None else Version(floor)
    assert _check_floors()._floor(Requirement(requirement)) == expected


def test_check_floors__reads_dependencies_extras_and_default_groups(
    tmp_path: pathlib.Path,
) -> None:
    (tmp_path / "pyproject.toml").write_text(
        textwrap.dedent(
            """
            [project]
            name = "demo"
            dependencies = ["numpy>=2.0.0"]
            [project.optional-dependencies]
            extra = ["cloudpickle>=2.1.0"]
            all = ["demo[extra]"]
            [dependency-groups]
            test = ["pytest>=8"]
            bench = ["six>=1.16"]
            dev = [{ include-group = "test" }]
            [tool.uv]
            default-groups = ["dev"]
            """
        )
    )
    found = _check_floors()._requirements(tmp_path / "pyproject.toml")
    assert [(where, req.name) for where, req in found] == [
        ("dependencies", "numpy"),
        ("extra extra", "cloudpickle"),
        ("group test", "pytest"),
    ]


def test_check_floors__reads_the_groups_added_to_the_default_ones(tmp_path: pathlib.Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "demo"\ndependencies = []\n[dependency-groups]\n'
        'test = ["pytest>=8"]\ntorch = ["torch>=2.8.0"]\n[tool.uv]\ndefault-groups = ["test"]\n'
    )
    found = _check_floors()._requirements(tmp_path / "pyproject.toml", ["torch"])
    assert sorted((where, req.name) for where, req in found) == [
        ("group test", "pytest"),
        ("group torch", "torch"),
    ]


def test_check_floors__fails_when_a_floor_was_not_installed(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    installed = Version(pytest.__version__)
    below = f"{installed.major - 1}.0"
    pyproject = tmp_path / "pyproject.toml"
    template = '[project]\nname = "demo"\ndependencies = ["pytest{}"]\n'
    pyproject.write_text(template.format(f"=={installed}"))
    assert _check_floors().main(pyproject) == 0
    pyproject.write_text(template.format(f">={below}"))
    assert _check_floors().main(pyproject) == 1
    assert f"pytest (dependencies): floor {below}, installed {installed}" in capsys.readouterr().err
