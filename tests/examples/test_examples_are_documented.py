"""Every example is listed in the docs and the examples README, and has its own test module."""

from __future__ import annotations

import pathlib

import pytest

from tests.examples._load import EXAMPLES

ROOT = EXAMPLES.parent
SCRIPTS = sorted(EXAMPLES.glob("*.py")) + sorted(EXAMPLES.glob("*/demo.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_example__is_documented_and_tested(script: pathlib.Path) -> None:
    relative = script.relative_to(ROOT).as_posix()
    name = script.stem if script.parent == EXAMPLES else script.parent.name
    assert f"python {relative}" in (ROOT / "docs" / "examples.md").read_text()
    assert f"python {relative}" in (EXAMPLES / "README.md").read_text()
    assert (ROOT / "tests" / "examples" / f"test_{name}.py").is_file()
    assert script.read_text().startswith('"""'), "each example opens with what it shows"
