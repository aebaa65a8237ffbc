"""Check that a lowest-direct install put every direct dependency at its declared floor.

Run after ``uv sync --all-extras --group torch --resolution lowest-direct``, naming the groups
added to the default ones the same way (``check_floors.py --group torch``). A floor in
``pyproject.toml`` promises that the fast tier passed with exactly that release; it only holds
if the floors run installs it. When another requirement (a transitive one, or a second direct
one) forces a newer release, the floor was never tested: raise it to what was installed, or
list it in ``UNREACHABLE`` with the reason and how it was checked instead.

Exit status 1 lists each floor that was not installed as declared.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

#: Floors the all-extras floors run cannot reach, each with its reason.
UNREACHABLE: dict[str, str] = {
    "gymnasium": (
        "the test group pins 1.4 (the reference); the extra's floor is tested by "
        "check_bridge_versions.sh (workflow bridge_versions.yml)"
    ),
}


def _requirements(
    pyproject: Path, groups_added: Sequence[str] = ()
) -> list[tuple[str, Requirement]]:
    """Every direct requirement of the project, its extras, default groups and ``groups_added``."""
    data = tomllib.loads(pyproject.read_text())
    project = data["project"]
    found = [("dependencies", Requirement(r)) for r in project["dependencies"]]
    for extra, reqs in project.get("optional-dependencies", {}).items():
        found += [(f"extra {extra}", Requirement(r)) for r in reqs]
    groups = data.get("dependency-groups", {})
    default = data.get("tool", {}).get("uv", {}).get("default-groups", ["dev"])
    pending, seen = [*default, *groups_added], set()
    while pending:
        group = pending.pop()
        if group in seen:
            continue
        seen.add(group)
        for item in groups.get(group, []):
            if isinstance(item, dict):
                pending.append(item["include-group"])
            else:
                found.append((f"group {group}", Requirement(item)))
    return [
        (where, r)
        for where, r in found
        if canonicalize_name(r.name) != canonicalize_name(project["name"])
    ]


def _floor(req: Requirement) -> Version | None:
    """The lowest version a requirement allows (its ``>=`` or ``==`` bound), if it has one."""
    bounds = [
        Version(spec.version.removesuffix(".*"))
        for spec in req.specifier
        if spec.operator in (">=", "==", "~=")
    ]
    return max(bounds) if bounds else None


def main(pyproject: Path, groups_added: Sequence[str] = ()) -> int:
    """Print each direct dependency's floor next to its installed version; 1 on a mismatch."""
    problems = []
    for where, req in _requirements(pyproject, groups_added):
        floor = _floor(req)
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            # Not for this Python or platform (box2d-py where no `box2d` wheel exists).
            print(f"{req.name:24} {where:24} floor {floor!s:12} not for this environment")
            continue
        try:
            installed = Version(version(req.name))
        except PackageNotFoundError:
            problems.append(f"{req.name} ({where}): not installed")
            continue
        status = "ok" if floor == installed else "NOT AT FLOOR"
        if floor != installed and canonicalize_name(req.name) in UNREACHABLE:
            status = f"unreachable here: {UNREACHABLE[canonicalize_name(req.name)]}"
        elif floor != installed:
            problems.append(f"{req.name} ({where}): floor {floor}, installed {installed}")
        print(f"{req.name:24} {where:24} floor {floor!s:12} installed {installed!s:12} {status}")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pyproject", nargs="?", default="pyproject.toml", type=Path)
    parser.add_argument(
        "--group", action="append", default=[], help="a group installed beside the default ones"
    )
    args = parser.parse_args()
    sys.exit(main(args.pyproject, args.group))
