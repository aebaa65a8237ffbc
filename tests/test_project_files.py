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


def _installed_groups(command: str, config: dict) -> set[str]:
    """The dependency groups `uv run` installs for ``command``, include-groups expanded."""
    groups = set(config["tool"]["uv"].get("default-groups", ["dev"]))
    if "--no-dev" in command.split():
        groups.discard("dev")
    groups |= set(re.findall(r"--group (\S+)", command))
    declared = config["dependency-groups"]
    pending, found = list(groups), set()
    while pending:
        group = pending.pop()
        if group not in found:
            found.add(group)
            pending += [i["include-group"] for i in declared[group] if isinstance(i, dict)]
    return found


def _requirement_names(command: str, config: dict) -> set[str]:
    names = [*config["project"]["dependencies"]]
    if "--all-extras" in command.split():
        names += [r for reqs in config["project"]["optional-dependencies"].values() for r in reqs]
    for group in _installed_groups(command, config):
        names += [r for r in config["dependency-groups"][group] if isinstance(r, str)]
    return {re.match(r"[\w.-]+", name).group(0).lower() for name in names}  # type: ignore[union-attr]


def test_readme__first_command_installs_no_torch_and_the_test_command_does() -> None:
    # torch's wheels bring several GB of CUDA libraries the JAX example does not use.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    first, tests = _quick_start_commands()
    torch = {"torch", "stable-baselines3"}
    assert not torch & _requirement_names(first, config)
    assert torch <= _requirement_names(tests, config)
    assert {"test"} <= _installed_groups(tests, config)


def test_docs__home_page_quick_start_is_the_readme_one() -> None:
    home = (ROOT / "docs" / "index.md").read_text()
    block = re.search(r"## Quick start.*?```bash\n(.*?)```", home, re.S)
    assert block is not None
    commands = [line.split("#", 1)[0].strip() for line in block.group(1).splitlines()]
    assert [c for c in commands if c] == _quick_start_commands()


def test_readme__time_of_the_first_command_is_the_recorded_one() -> None:
    # One run, recorded in docs/examples.md, gives the time the README and the docs home quote.
    readme = (ROOT / "README.md").read_text()
    home = (ROOT / "docs" / "index.md").read_text()
    examples = (ROOT / "docs" / "examples.md").read_text()
    recorded = re.search(
        r"\$ time (uv run [^\n]*ppo_cartpole_scan\.py[^\n]*)\n(.*?)```", examples, re.S
    )
    assert recorded is not None, "docs/examples.md records the README's first command"
    assert recorded.group(1).strip() == _quick_start_commands()[0]
    minutes, seconds = re.search(r"^real\s+(\d+)m([\d.]+)s$", recorded.group(2), re.M).groups()  # type: ignore[union-attr]
    wall = round(int(minutes) * 60 + float(seconds))
    cpu = round(
        sum(
            int(m) * 60 + float(s)
            for m, s in re.findall(r"^(?:user|sys)\s+(\d+)m([\d.]+)s$", recorded.group(2), re.M)
        )
    )
    quoted = re.search(
        r"took (\d+) s from the command to the last line and (\d+) s of CPU",
        " ".join(readme.split()),
    )
    assert quoted is not None and quoted.groups() == (str(wall), str(cpu))
    assert f"{wall} s and {cpu} s of CPU time" in " ".join(home.split())
