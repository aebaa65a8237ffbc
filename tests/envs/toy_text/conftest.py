"""Make ``gymnasium_core.envs`` importable when the install does not map ``envs/`` yet."""

from __future__ import annotations

import importlib.util
import pathlib
import sys


def _ensure_envs_package() -> None:
    if importlib.util.find_spec("gymnasium_core.envs") is not None:
        return
    root = pathlib.Path(__file__).resolve().parents[3] / "envs"
    spec = importlib.util.spec_from_file_location(
        "gymnasium_core.envs", root / "__init__.py", submodule_search_locations=[str(root)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gymnasium_core.envs"] = module
    spec.loader.exec_module(module)


_ensure_envs_package()
