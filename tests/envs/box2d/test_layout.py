"""The Box2D package's layout: dependencies point one way, from the env modules to their pieces.

Each environment has a subpackage (``_lunar_lander``, ``_bipedal_walker``, ``_car_racing``) whose
``env`` module holds the env class and uses the subpackage's other modules; ``_shared`` holds
what all three use; the reference's module paths re-export. No piece imports an env module or a
public module back, and no module imports, at load time, a module that imports it back.
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


# The pieces of each environment: everything in its subpackage but the env module itself.
_PIECES = [p for p in _SOURCES if p.parent != _ROOT and p.stem not in ("env", "__init__")]


@pytest.mark.parametrize("path", _PIECES, ids=lambda p: f"{p.parent.name}.{p.stem}")
def test_layout__pieces_never_import_an_env_or_a_public_module(path: Path) -> None:
    imported = _imports(path, load_time_only=False)
    back = {m for m in imported if m.rsplit(".", 1)[-1] in _FACES | {"env"}}
    assert back == set()


def test_layout__shared_module_uses_no_environment() -> None:
    imported = _imports(_ROOT / "_shared.py", load_time_only=False)
    assert imported == set()


@pytest.mark.parametrize("face", sorted(_FACES))
def test_layout__reference_module_paths_import(face: str) -> None:
    pytest.importorskip("Box2D")
    module = importlib.import_module(f"{_PACKAGE}.{face}")
    assert module.__all__ and all(hasattr(module, name) for name in module.__all__)
