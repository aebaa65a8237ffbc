"""Load an example script (``examples/`` is not a package) as a module."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load_example(name: str) -> ModuleType:
    """Import ``examples/<name>.py`` afresh."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered as an imported module is, so that what looks itself up there works
    # (dataclasses, pickling).
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
