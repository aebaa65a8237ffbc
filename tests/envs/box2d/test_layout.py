"""The Box2D package's layout: one module per environment, at the reference's paths.

Each environment lives in its module (``lunar_lander``, ``bipedal_walker``, ``car_racing``, with
CarRacing's car in ``car_dynamics``), which defines what it shows; ``_shared`` holds what all
three use and imports no environment. No module imports, at load time, a module that imports it
back, and ``car_dynamics`` (the car) never imports the race built on it.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import gymnasium_core.envs.box2d as box2d_package
import pytest

_ROOT = Path(box2d_package.__file__).parent
_PACKAGE = box2d_package.__name__
_FACES = {"lunar_lander", "bipedal_walker", "car_racing", "car_dynamics"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(_ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((_PACKAGE, *parts))


def _imports(path: Path, *, load_time_only: bool) -> set[str]:
    """Modules of the package that ``path`` imports (at load time only, or anywhere)."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
                for alias in node.names:
                    candidate = f"{target}.{alias.name}"
                    found.add(candidate if _exists(candidate) else target)
            elif isinstance(node, ast.If | ast.Try):
                is_type_checking = isinstance(node, ast.If) and ast.unparse(node.test) == (
                    "TYPE_CHECKING"
                )
                if load_time_only and is_type_checking:
                    continue
                for field in ("body", "orelse", "finalbody"):
                    visit(getattr(node, field, []))
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)
            elif not load_time_only and isinstance(node, ast.FunctionDef | ast.ClassDef):
                visit(node.body)

    visit(ast.parse(path.read_text()).body)
    return {name for name in found if name.startswith(_PACKAGE) and name != module}


def _exists(module: str) -> bool:
    relative = module[len(_PACKAGE) + 1 :].replace(".", "/")
    return (_ROOT / f"{relative}.py").exists() or (_ROOT / relative / "__init__.py").exists()


_SOURCES = sorted(_ROOT.rglob("*.py"))


def test_layout__no_module_imports_back_a_module_that_imports_it_at_load_time() -> None:
    graph = {_module_name(p): _imports(p, load_time_only=True) for p in _SOURCES}

    def reachable(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(graph.get(start, ()))
        while todo:
            module = todo.pop()
            if module not in seen:
                seen.add(module)
                todo.extend(graph.get(module, ()))
        return seen

    in_a_cycle = [module for module in graph if module in reachable(module)]
    assert in_a_cycle == []


def test_layout__car_dynamics_never_imports_car_racing() -> None:
    imported = _imports(_ROOT / "car_dynamics.py", load_time_only=False)
    assert f"{_PACKAGE}.car_racing" not in imported


def test_layout__package_holds_only_the_reference_modules_and_shared() -> None:
    assert {p.relative_to(_ROOT).as_posix() for p in _SOURCES} == {
        "__init__.py",
        "_shared.py",
        *(f"{face}.py" for face in _FACES),
    }


def test_layout__shared_module_uses_no_environment() -> None:
    imported = _imports(_ROOT / "_shared.py", load_time_only=False)
    assert imported == set()


@pytest.mark.parametrize("face", sorted(_FACES))
def test_layout__reference_module_paths_define_what_they_show(face: str) -> None:
    pytest.importorskip("Box2D")
    module = importlib.import_module(f"{_PACKAGE}.{face}")
    assert module.__all__ and all(hasattr(module, name) for name in module.__all__)
    classes = [getattr(module, name) for name in module.__all__]
    assert all(c.__module__ == module.__name__ for c in classes if isinstance(c, type))
