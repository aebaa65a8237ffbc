"""The README's quick start and CI agree, and the package ships what it promises."""

from __future__ import annotations

import pathlib
import re
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```bash\n(.*?)```", section, re.S)
    assert block, "the quick start has a bash block"
    return [line.split("#", 1)[0].strip() for line in block.group(1).splitlines() if line.strip()]


def test_readme__quick_start_is_two_commands() -> None:
    assert len(_quick_start_commands()) == 2


def test_ci__runs_the_readme_test_command_verbatim() -> None:
    test_command = _quick_start_commands()[1]
    assert "pytest" in test_command
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_command in ci_lines


def test_readme__main_job_script_exists() -> None:
    main_job = _quick_start_commands()[0]
    scripts = [tok for tok in main_job.split() if tok.endswith(".py")]
    for script in scripts:
        assert (ROOT / script).is_file(), script


def test_package__ships_py_typed_and_maps_envs() -> None:
    assert (ROOT / "gymnasium_core" / "py.typed").is_file()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert config["tool"]["setuptools"]["package-dir"]["gymnasium_core.envs"] == "envs"
    assert "py.typed" in config["tool"]["setuptools"]["package-data"]["gymnasium_core"]


def test_pyproject__reference_is_a_test_dependency_without_extras() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert not any(d.startswith("gymnasium") for d in config["project"]["dependencies"])
    test_group = [d for d in config["dependency-groups"]["test"] if isinstance(d, str)]
    # The package `gymnasium` itself, not the packages named gymnasium-* (gymnasium-robotics).
    reference = [d for d in test_group if re.match(r"gymnasium(?![\w-])", d)]
    assert reference == ["gymnasium==1.4.*"]
