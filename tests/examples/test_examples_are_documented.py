"""Every example is listed in the docs and the examples README, has its own test module, and a
``--smoke`` mode that test runs."""

from __future__ import annotations

import pathlib
import re

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


def _test_module(script: pathlib.Path) -> pathlib.Path:
    name = script.stem if script.parent == EXAMPLES else script.parent.name
    return ROOT / "tests" / "examples" / f"test_{name}.py"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_example__has_a_smoke_mode_that_its_test_runs(script: pathlib.Path) -> None:
    assert re.search(r"add_argument\(\s*\"--smoke\"", script.read_text()), "no --smoke option"
    assert '"--smoke"' in _test_module(script).read_text(), "its test does not run --smoke"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_example__on_jax_says_what_it_compiles(script: pathlib.Path) -> None:
    # A compile takes seconds: the example says "compiling ..." first and the time after.
    if re.search(r"^\s*import jax$", script.read_text(), re.M):
        assert "compil" in _test_module(script).read_text()
        assert re.search(r"print\(\s*f?\"[^\"]*compil", script.read_text())
