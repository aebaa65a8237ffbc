"""Plant each catalogued fault in a scratch copy of the package and check the tests catch it.

Usage (from the repository root)::

    .venv/bin/python tests/faults/run_faults.py [--catalogue tests/faults/classic_control.jsonl]
        [--only FAULT_ID ...] [--jobs N]

For every entry the runner copies ``gymnasium_core/``, ``envs/`` (as ``gymnasium_core/envs``),
``tests/`` and ``pyproject.toml`` into ``tests/faults/scratch/<id>/``, applies the entry's edit
(``find`` must occur exactly once in ``file``), and runs the entry's fast tests there with
pytest. A fault is *caught* when that run fails. First, a control run checks that the unmodified
copy passes every listed test. Exit status 0 means every fault was caught.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCRATCH = ROOT / "tests" / "faults" / "scratch"
DEFAULT_CATALOGUE = ROOT / "tests" / "faults" / "classic_control.jsonl"
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "scratch", ".pytest_cache")


def load(path: Path) -> list[dict[str, Any]]:
    """Read a catalogue: one JSON object per non-empty line."""
    lines = path.read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def apply(source: str, entry: dict[str, Any]) -> str:
    """Return ``source`` with the entry's edit made; raise if ``find`` is not there exactly once."""
    count = source.count(entry["find"])
    if count != 1:
        raise ValueError(f"{entry['id']}: 'find' occurs {count} times in {entry['file']}")
    return source.replace(entry["find"], entry["replace"])


def scratch_copy(entry: dict[str, Any]) -> Path:
    """A fresh copy of the package and tests with the entry's fault planted."""
    dest = SCRATCH / entry["id"]
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(ROOT / "gymnasium_core", dest / "gymnasium_core", ignore=_IGNORE)
    shutil.copytree(ROOT / "envs", dest / "gymnasium_core" / "envs", ignore=_IGNORE)
    shutil.copytree(ROOT / "tests", dest / "tests", ignore=_IGNORE)
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")
    rel = Path(entry["file"])
    if rel.parts[0] == "envs":
        rel = Path("gymnasium_core", *rel.parts)
    target = dest / rel
    target.write_text(apply(target.read_text(), entry))
    return dest


def run_one(entry: dict[str, Any]) -> tuple[str, bool, str]:
    """Plant one fault and run its tests; return ``(id, caught, pytest output tail)``."""
    dest = scratch_copy(entry)
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *entry["tests"]]
    # Run from the scratch root, so ``import gymnasium_core`` finds the planted copy first.
    proc = subprocess.run(cmd, cwd=dest, capture_output=True, text=True, timeout=600)
    tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-3:])
    collected_nothing = proc.returncode in (4, 5)  # usage error / no tests: not a catch
    caught = proc.returncode != 0 and not collected_nothing
    shutil.rmtree(dest, ignore_errors=True)
    return entry["id"], caught, tail


def main(argv: list[str] | None = None) -> int:
    """Run the catalogue; print one line per fault; return 0 when all are caught."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalogue", type=Path, default=DEFAULT_CATALOGUE)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    entries = [e for e in load(args.catalogue) if not args.only or e["id"] in args.only]
    SCRATCH.mkdir(parents=True, exist_ok=True)
    # Control: the unmodified copy must pass every listed test, or a "catch" means nothing.
    all_tests = sorted({t for e in entries for t in e["tests"]})
    control = {"id": "control", "file": entries[0]["file"], "find": entries[0]["find"]}
    control.update(replace=control["find"], tests=all_tests)
    _, control_failed, tail = run_one(control)
    if control_failed:
        print("The unmodified copy fails the catalogue's tests:\n    " + tail)
        return 2
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(run_one, entries))
    missed = [fid for fid, caught, _ in results if not caught]
    for fid, caught, tail in results:
        print(f"{'caught' if caught else 'MISSED'}  {fid}")
        if not caught:
            print("    " + tail.replace("\n", "\n    "))
    print(f"{len(results) - len(missed)}/{len(results)} faults caught")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
