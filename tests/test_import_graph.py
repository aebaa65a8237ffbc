"""The package's import graph: dependencies point one way, and heavy or optional parts stay apart.

The rules import-linter can state are contracts in ``pyproject.toml`` (``[tool.importlinter]``);
:func:`test_import_linter__contracts_are_kept` runs them. This module keeps the rules it cannot
state: those about load-time imports only, those about ``gymnasium_core.envs`` (installed from
the ``envs/`` folder, which import-linter does not see inside ``gymnasium_core``), and the
registry's ignorance of environment families (a rule about strings, not imports).

The graph is read from the source (each module's ``import`` statements, parsed with :mod:`ast`),
never by importing, so the test is fast and sees imports that a run would skip. An import is
*load-time* when it runs as the module loads: at module level or in a class body, including
inside ``if`` / ``try`` blocks there. Imports inside functions are *deferred*. Imports under
``if TYPE_CHECKING:`` never run and are left out.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Package name -> folder (``envs/`` is installed as ``gymnasium_core.envs``).
PACKAGES = {"gymnasium_core": ROOT / "gymnasium_core", "gymnasium_core.envs": ROOT / "envs"}


@dataclass(frozen=True)
class Edge:
    """``source`` imports ``target`` (a module of the package) at ``line``."""

    source: str
    target: str
    line: int
    load_time: bool


def _module_files() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            if any(not p.isidentifier() for p in parts):
                continue  # scratch folders, data
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((package, *parts))] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.Module) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement with whether it runs at load time (``TYPE_CHECKING`` left out)."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool]] = []

    def visit(node: ast.AST, load_time: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.append((child, load_time))
            elif isinstance(child, ast.If) and _is_type_checking(child.test):
                for stmt in child.orelse:
                    visit_stmt(stmt, load_time)
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit(child, False)
            else:
                visit(child, load_time)

    def visit_stmt(stmt: ast.stmt, load_time: bool) -> None:
        wrapper = ast.Module(body=[stmt], type_ignores=[])
        visit(wrapper, load_time)

    visit(tree, True)
    return found


def _resolve(
    module: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: set[str]
) -> list[str]:
    """The package modules an import statement loads (by name; attributes map to their module)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    targets = []
    for alias in node.names:
        candidate = f"{prefix}.{alias.name}"
        targets.append(candidate if candidate in known else prefix)
    return targets


@functools.cache
def graph() -> tuple[Edge, ...]:
    """Every import from a module of the package to a module of the package."""
    files = _module_files()
    known = set(files)
    edges: list[Edge] = []
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        for node, load_time in _imports(tree):
            for target in _resolve(module, is_package, node, known):
                # `import a.b.c` loads a.b.c (and its packages, which its own package's modules
                # need not list: a package being imported is always initialising already).
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != module:
                    edges.append(Edge(module, target, node.lineno, load_time))
    return tuple(edges)


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _violations(source: str, target: str, *, load_time_only: bool = False) -> list[str]:
    return sorted(
        f"{e.source}:{e.line} imports {e.target}" + ("" if e.load_time else " (deferred)")
        for e in graph()
        if _inside(e.source, source)
        and _inside(e.target, target)
        and (e.load_time or not load_time_only)
    )


def _cycles(edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    succ: dict[str, set[str]] = {}
    for e in edges:
        succ.setdefault(e.source, set()).add(e.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(succ.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for v in sorted(succ):
        if v not in index:
            connect(v)
    return components


# The checks ----------------------------------------------------------------------------------


def test_import_linter__contracts_are_kept() -> None:
    """``lint-imports`` passes: the dependency rules in ``pyproject.toml`` hold."""
    script = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(script), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_graph__sees_the_package() -> None:
    """The walker finds the modules and the imports it should (so the checks below can fail)."""
    modules = {e.source for e in graph()}
    assert {"gymnasium_core.core", "gymnasium_core.spaces.box", "gymnasium_core.envs"} <= modules
    core_to_spaces = [e for e in graph() if e.source == "gymnasium_core.core"]
    assert any(e.target == "gymnasium_core.spaces" and e.load_time for e in core_to_spaces)
    deferred = [e for e in core_to_spaces if not e.load_time]
    assert any(e.target == "gymnasium_core.registration._spec" for e in deferred)


def test_registry__knows_no_family() -> None:
    families = ("phys2d", "tabular", "classic_control", "toy_text", "box2d", "mujoco", "mjx")
    folder = PACKAGES["gymnasium_core"] / "registration"
    mentions = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_string = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_string and not _is_docstring_like(node) and node.value in families:
                mentions.append(f"{path.name}:{node.lineno} {node.value!r}")
    assert mentions == []


def _is_docstring_like(node: ast.Constant) -> bool:
    return isinstance(node.value, str) and "\n" in node.value


def test_functional__never_imports_envs() -> None:
    assert _violations("gymnasium_core.functional", "gymnasium_core.envs") == []


def test_compat__never_loaded_by_another_module_at_load_time() -> None:
    outside = [
        f"{e.source}:{e.line}"
        for e in graph()
        if e.load_time
        and _inside(e.target, "gymnasium_core.compat")
        and not _inside(e.source, "gymnasium_core.compat")
    ]
    assert outside == []


def test_no_load_time_import_cycles() -> None:
    edges = [e for e in graph() if e.load_time]
    assert _cycles(edges) == []


def test_checks__catch_what_they_look_for() -> None:
    """The cycle finder and the resolver on a small hand-made graph."""
    a_b = Edge("p.a", "p.b", 1, True)
    b_c = Edge("p.b", "p.c", 1, True)
    c_a = Edge("p.c", "p.a", 1, True)
    assert _cycles([a_b, b_c, c_a]) == [["p.a", "p.b", "p.c"]]
    assert _cycles([a_b, b_c]) == []
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "import p.b\n"
        "from . import c\n"
        "if TYPE_CHECKING:\n    import p.d\n"
        "def f():\n    from .b import x\n"
    )
    found = [
        (target, load_time)
        for node, load_time in _imports(tree)
        for target in _resolve("p.a", False, node, {"p", "p.a", "p.b", "p.c", "p.d"})
    ]
    assert found == [("typing", True), ("p.b", True), ("p.c", True), ("p.b", False)]
