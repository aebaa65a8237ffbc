"""The docstring examples of the wrapper modules run and print what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import gymnasium_core.wrappers


def _wrapper_modules() -> list[str]:
    names = ["gymnasium_core.wrappers", "gymnasium_core.utils.save_video"]
    for info in pkgutil.iter_modules(gymnasium_core.wrappers.__path__):
        # The vector wrappers have their own tests; conftest only configures doctest runs.
        if info.name not in ("vector", "conftest"):
            names.append(f"gymnasium_core.wrappers.{info.name}")
    return sorted(names)


@pytest.mark.parametrize("module_name", _wrapper_modules())
def test_wrapper_module__docstring_examples_pass(module_name, capsys):
    module = importlib.import_module(module_name)
    tests = doctest.DocTestFinder().find(module)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for test in tests:
        runner.run(test)
    report = capsys.readouterr().out
    assert runner.failures == 0, report
