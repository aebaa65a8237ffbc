"""The planted-fault catalogue stays in step with the source it edits."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "run_faults", Path(__file__).with_name("run_faults.py")
)
assert _spec is not None and _spec.loader is not None
run_faults = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_faults)

ENTRIES = run_faults.load(run_faults.DEFAULT_CATALOGUE)


def test_catalogue__has_enough_unique_entries() -> None:
    ids = [e["id"] for e in ENTRIES]
    assert len(ids) >= 12
    assert len(set(ids)) == len(ids)
    for entry in ENTRIES:
        assert {"id", "description", "file", "find", "replace", "tests"} <= set(entry)
        assert entry["find"] != entry["replace"] and entry["tests"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_catalogue__entry_still_applies_to_current_source(entry: dict) -> None:
    source = (ROOT / entry["file"]).read_text()
    planted = run_faults.apply(source, entry)  # raises unless ``find`` occurs exactly once
    assert planted != source


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_catalogue__named_tests_exist(entry: dict) -> None:
    for node in entry["tests"]:
        path, _, name = node.partition("::")
        func = re.sub(r"\[.*\]$", "", name)
        assert (ROOT / path).is_file(), node
        assert f"def {func}(" in (ROOT / path).read_text(), node


def test_catalogue__apply_rejects_missing_or_ambiguous_find() -> None:
    entry = {"id": "x", "file": "f.py", "find": "a = 1", "replace": "a = 2"}
    with pytest.raises(ValueError, match="0 times"):
        run_faults.apply("b = 1", entry)
    with pytest.raises(ValueError, match="2 times"):
        run_faults.apply("a = 1\na = 1", entry)


@pytest.mark.slow
def test_catalogue__every_fault_is_caught() -> None:
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("run_faults.py"))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert proc.returncode == 0, proc.stdout[-3000:]
