"""Every docstring example in the package runs and prints what it shows."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import gymnasium_core

_SKIP = {"gymnasium_core.__main__"}


def _modules() -> list[str]:
    names = ["gymnasium_core"]
    for info in pkgutil.walk_packages(gymnasium_core.__path__, prefix="gymnasium_core."):
        if info.name not in _SKIP and not info.name.endswith(".conftest"):
            names.append(info.name)
    return sorted(names)


def _has_examples(module_name: str) -> bool:
    module = importlib.import_module(module_name)
    return any(t.examples for t in doctest.DocTestFinder().find(module))


@pytest.mark.parametrize("module_name", [m for m in _modules() if _has_examples(m)])
def test_module__docstring_examples_pass(
    module_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    module = importlib.import_module(module_name)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module):
        runner.run(test)
    report = capsys.readouterr().out
    assert runner.failures == 0, report
