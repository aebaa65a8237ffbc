"""The packaging check covers every extra and family; the extras' markers; the release path.

The check itself (build, pip installs, smoke) takes minutes and runs in CI's `package` job
(`python .github/check_package.py`); these tests only check its tables and its pure parts.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
import tomllib
import zipfile
from types import ModuleType

import pytest
import yaml
from packaging.markers import Marker
from packaging.requirements import Requirement

import gymnasium_core as gym

ROOT = pathlib.Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _check_package() -> ModuleType:
    path = ROOT / ".github/check_package.py"
    spec = importlib.util.spec_from_file_location("check_package", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def test_every_extra_has_a_smoke_and_all_smokes_everything() -> None:
    check = _check_package()
    extras = set(PYPROJECT["project"]["optional-dependencies"])
    assert set(check.EXTRAS) == extras | {""}
    families, checks = check.EXTRAS["all"]
    assert set(families) == set(check.FAMILIES)
    assert set(checks) == set(check.CHECKS)
    for extra, (families, checks) in check.EXTRAS.items():
        assert set(families) <= set(check.FAMILIES), extra
        assert set(checks) <= set(check.CHECKS), extra


def test_every_registered_family_is_smoked_through_its_own_id() -> None:
    check = _check_package()
    prefix = "gymnasium_core.envs."
    registered = {
        spec.entry_point.split(":")[0].removeprefix(prefix).rsplit(".", 1)[0]
        for spec in gym.registry.values()
        if isinstance(spec.entry_point, str) and spec.entry_point.startswith(prefix)
    }
    assert registered == set(check.FAMILIES)
    assert set(check.RENDER_NEEDS) == set(check.FAMILIES)
    for family, env_id in check.FAMILIES.items():
        module = gym.spec(env_id).entry_point.split(":")[0]
        assert module.removeprefix(prefix).rsplit(".", 1)[0] == family


def _box2d_requirements() -> dict[str, Requirement]:
    reqs = [Requirement(r) for r in PYPROJECT["project"]["optional-dependencies"]["box2d"]]
    return {r.name: r for r in reqs}


def _box2d_wheels() -> set[tuple[str, str, str]]:
    """(python_version, sys_platform, platform_machine) of every `box2d` wheel in uv.lock."""
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    (package,) = [p for p in lock["package"] if p["name"] == "box2d"]
    platforms = {
        "manylinux": "linux",
        "musllinux": "linux",
        "macosx": "darwin",
        "win": "win32",
    }
    machines = {"amd64": "AMD64", "win32": "x86", "universal2": "arm64"}
    found = set()
    for wheel in package["wheels"]:
        _, _, python, _, tags = wheel["url"].rsplit("/", 1)[1].removesuffix(".whl").split("-")
        for tag in tags.split("."):
            system = next(v for k, v in platforms.items() if tag.startswith(k))
            machine = "x86_64" if tag.endswith("x86_64") else tag.rsplit("_", 1)[-1]
            version = f"{python[2]}.{python[3:]}"
            found.add((version, system, machines.get(machine, machine)))
    return found


ENVIRONMENTS = [
    (system, machine)
    for system, machines in {
        "linux": ["x86_64", "i686", "aarch64", "ppc64le"],
        "darwin": ["x86_64", "arm64"],
        "win32": ["AMD64", "x86", "ARM64"],
    }.items()
    for machine in machines
]


@pytest.mark.parametrize("python", ["3.11", "3.12", "3.13", "3.14", "3.15"])
@pytest.mark.parametrize("implementation", ["CPython", "PyPy"])
def test_box2d_extra__the_wheels_where_they_exist_box2d_py_and_swig_elsewhere(
    python: str, implementation: str
) -> None:
    reqs = _box2d_requirements()
    wheels = _box2d_wheels()
    for system, machine in ENVIRONMENTS:
        env = {
            "python_version": python,
            "python_full_version": f"{python}.0",
            "platform_python_implementation": implementation,
            "sys_platform": system,
            "platform_machine": machine,
            "extra": "box2d",
        }
        has_wheel = implementation == "CPython" and (python, system, machine) in wheels
        assert reqs["box2d"].marker is not None and reqs["box2d-py"].marker is not None
        assert reqs["box2d"].marker.evaluate(env) == has_wheel, env
        assert reqs["box2d-py"].marker.evaluate(env) == (not has_wheel), env
        assert reqs["swig"].marker == reqs["box2d-py"].marker
    assert reqs["pygame"].marker is None


def test_box2d_extra__python_3_11_on_linux_x86_64_gets_the_wheel() -> None:
    marker = _box2d_requirements()["box2d"].marker
    assert marker is not None
    env = {"python_version": "3.11", "sys_platform": "linux", "platform_machine": "x86_64"}
    assert marker.evaluate(env | {"platform_python_implementation": "CPython"})
    assert not Marker("python_version >= '3.14'").evaluate(env)


def _fake_wheel(
    tmp_path: pathlib.Path, check: ModuleType, drop: str = "", license_file: bool = True
) -> pathlib.Path:
    version = check.project_version()
    wheel = tmp_path / f"gymnasium_core-{version}-py3-none-any.whl"
    info = f"gymnasium_core-{version}.dist-info"
    extras = PYPROJECT["project"]["optional-dependencies"]
    metadata = "\n".join(
        ["Metadata-Version: 2.4", "Name: gymnasium-core", f"Version: {version}"]
        + (["License-File: LICENSE"] if license_file else [])
        + [f"Provides-Extra: {extra}" for extra in extras]
    )
    with zipfile.ZipFile(wheel, "w") as archive:
        for name in sorted(check._expected_files() - {drop}):
            archive.writestr(name, "")
        if license_file:
            archive.writestr(f"{info}/licenses/LICENSE", "MIT License\n")
        archive.writestr(f"{info}/METADATA", metadata + "\n\nREADME\n")
        archive.writestr(
            f"{info}/entry_points.txt",
            "[console_scripts]\ngymnasium-core = gymnasium_core.cli:main\n",
        )
    return wheel


def test_check_wheel__agrees_with_a_complete_wheel_and_names_a_missing_asset(
    tmp_path: pathlib.Path,
) -> None:
    check = _check_package()
    expected = check._expected_files()
    assert "gymnasium_core/py.typed" in expected
    assert "gymnasium_core/envs/__init__.py" in expected
    asset = "gymnasium_core/envs/mujoco/assets/hopper.xml"
    assert asset in expected
    assert check.check_wheel(_fake_wheel(tmp_path, check)) == []
    assert check.check_wheel(_fake_wheel(tmp_path, check, drop=asset)) == [
        f"missing from the wheel: {asset}"
    ]
    assert check.check_wheel(_fake_wheel(tmp_path, check, license_file=False)) == [
        "the wheel does not carry LICENSE (License-File and licenses/LICENSE)"
    ]


def test_license__the_mit_text_sits_at_the_root_for_the_sdist_and_wheel() -> None:
    root = pathlib.Path(__file__).resolve().parents[1]
    assert PYPROJECT["project"]["license"] == "MIT"
    assert (root / "LICENSE").read_text().startswith("MIT License")


def test_version__comes_from_gymnasium_core_only() -> None:
    assert "version" not in PYPROJECT["project"]
    assert PYPROJECT["project"]["dynamic"] == ["version"]
    dynamic = PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "gymnasium_core.__version__"}
    assert _check_package().project_version() == gym.__version__
    # `license = "MIT"` (an SPDX expression) needs setuptools 77.0.1 or newer.
    assert PYPROJECT["build-system"]["requires"] == ["setuptools>=77.0.1"]


CHANGELOG = """# Changelog

## Unreleased

- Something new.

## 1.2.0 (2027-01-15)

- A feature.
- A fix.

## 1.1.0 (2026-12-01)

- Older.
"""


def test_check_release__tag_version_and_changelog_section() -> None:
    check = _check_package()
    notes, problems = check.check_release("v1.2.0", "1.2.0", CHANGELOG)
    assert problems == []
    assert notes == "- A feature.\n- A fix.\n"
    _, problems = check.check_release("v1.2.1", "1.2.0", CHANGELOG)
    assert problems == ["the tag v1.2.1 is not v + __version__ (1.2.0)"]
    _, problems = check.check_release("v1.3.0", "1.3.0", CHANGELOG)
    assert problems == ["CHANGELOG.md has no '## 1.3.0' section"]


def _workflow(name: str) -> dict:
    return yaml.safe_load((ROOT / ".github/workflows" / name).read_text())


def test_ci__package_job_runs_the_check_for_every_extra() -> None:
    ci = _workflow("ci.yml")
    assert "workflow_call" in ci[True]  # yaml reads the key `on` as True
    commands = [s["run"] for s in ci["jobs"]["package"]["steps"] if "run" in s]
    (command,) = [c for c in commands if "check_package.py" in c]
    assert "--extras" not in command
    assert "3.11" in ci["jobs"]["package"]["strategy"]["matrix"]["python"]


def test_release__publishes_with_trusted_publishing_after_ci_on_that_commit() -> None:
    release = _workflow("release.yml")
    jobs = release["jobs"]
    assert jobs["ci"]["uses"] == "./.github/workflows/ci.yml"
    assert jobs["build"]["needs"] == "ci"
    build = "\n".join(s.get("run", "") for s in jobs["build"]["steps"])
    assert "check_package.py" in build and "--release-tag" in build
    publish = jobs["publish"]
    assert publish["needs"] == "build"
    assert publish["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["environment"]["name"] == "pypi"
    uses = [s.get("uses", "") for s in publish["steps"]]
    assert any(u.startswith("pypa/gh-action-pypi-publish@") for u in uses)
    assert release["permissions"] == {"contents": "read"}
