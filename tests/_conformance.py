"""Collect where ``gymnasium_core``'s import surface differs from the installed ``gymnasium``'s.

Used by ``tests/test_conformance.py`` (and runnable as a script to print the current gaps). For
every public module ``gymnasium.X.Y`` of the reference, the module ``gymnasium_core.X.Y`` must
exist; every public name of the reference module must exist in ours; functions and classes must
be call-compatible (same parameter names, order and kinds; extra parameters only with a default);
classes must have the reference's public methods (call-compatible too) and class attributes.

Each gap is reported under a stable key:

* ``gymnasium.X.Y`` -- the module is missing;
* ``gymnasium.X.Y:name`` -- the name is missing, of another kind, or its signature differs;
* ``gymnasium.X.Y:Class.attr`` -- a public method or class attribute of a class differs;
* ``attr:gymnasium.X.Y`` -- the module is not reachable by attribute access after
  ``import gymnasium_core`` although ``gymnasium.X.Y`` is after ``import gymnasium``;
* ``sub:gymnasium.X.Y`` -- right after ``import gymnasium.X`` the package ``gymnasium.X`` has
  its submodule ``Y`` as an attribute (listed by ``dir``), but ``gymnasium_core.X`` does not
  give ``Y`` (or does not list it) right after ``import gymnasium_core.X``.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import json
import pkgutil
import subprocess
import sys
import types
import warnings
from typing import Any

REFERENCE = "gymnasium"
OURS = "gymnasium_core"

# Reference modules that cannot be imported or used here, each with its reason.
SKIPPED_MODULES: dict[str, str] = {
    "gymnasium.envs.mujoco.mujoco_py_env": "needs mujoco-py, which does not build here",
}

_SIMPLE_DEFAULTS = (type(None), bool, int, float, str, tuple)


def reference_modules() -> list[str]:
    """Every public module of the installed reference package, in walk order."""
    import gymnasium

    names = [REFERENCE]
    for info in pkgutil.walk_packages(gymnasium.__path__, f"{REFERENCE}."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        names.append(info.name)
    return names


def our_path(reference_path: str) -> str:
    """``gymnasium.X.Y`` -> ``gymnasium_core.X.Y``."""
    return OURS + reference_path[len(REFERENCE) :]


def _source_names(module: types.ModuleType) -> set[str]:
    """Public names bound at the top level of a module's source (and, for a package, the names it
    imports from inside itself)."""
    try:
        source = inspect.getsource(module)
    except (OSError, TypeError):
        return set()
    tree = ast.parse(source)
    is_package = hasattr(module, "__path__")
    names: set[str] = set()
    # Names bound by `import x` (such as an optional `plt` with a `plt = None` fallback) are
    # third-party modules, not the module's API.
    imported: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                imported.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    for sub in ast.walk(target):
                        if isinstance(sub, ast.Name):
                            names.add(sub.id)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
            elif isinstance(node, ast.ImportFrom) and is_package:
                source_module = node.module or ""
                inside = node.level > 0 or (
                    source_module == module.__name__
                    or source_module.startswith(module.__name__ + ".")
                )
                if inside:
                    for alias in node.names:
                        names.add(alias.asname or alias.name)
            elif isinstance(node, ast.If):
                if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                    visit(node.body)
                    visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)

    visit(tree.body)
    return names - imported


def public_names(module: types.ModuleType) -> list[str]:
    """The reference module's public names: ``__all__`` plus what its source binds."""
    declared = set(getattr(module, "__all__", ()))
    bound = {n for n in _source_names(module) if not n.startswith("_") and n in vars(module)}
    return sorted(declared | bound)


def _signature(obj: Any) -> inspect.Signature | None:
    try:
        return inspect.signature(obj)
    except (TypeError, ValueError):
        return None


def _simple_default(value: Any) -> bool:
    if isinstance(value, tuple):
        return all(_simple_default(v) for v in value)
    return isinstance(value, _SIMPLE_DEFAULTS)


def signature_difference(ours: Any, reference: Any) -> str | None:
    """Why ``ours`` cannot be called the way ``reference`` can, or ``None`` when it can."""
    ref_sig, our_sig = _signature(reference), _signature(ours)
    if ref_sig is None or our_sig is None:
        return None
    ref_params = list(ref_sig.parameters.values())
    our_params = list(our_sig.parameters.values())
    mine = {p.name: p for p in our_params}
    theirs = {p.name for p in ref_params}
    ref_positional = [
        p for p in ref_params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    our_positional = [
        p for p in our_params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    problems = []
    for index, ref_param in enumerate(ref_positional):
        if index >= len(our_positional) or our_positional[index].name != ref_param.name:
            if ref_param.kind is ref_param.POSITIONAL_ONLY and index < len(our_positional):
                continue  # a positional-only name is not part of the call
            problems.append(f"positional parameter {index} should be {ref_param.name!r}")
            break
    for ref_param in ref_params:
        if ref_param.kind in (ref_param.VAR_POSITIONAL, ref_param.VAR_KEYWORD):
            if not any(p.kind is ref_param.kind for p in our_params):
                problems.append(f"lacks {ref_param}")
            continue
        our_param = mine.get(ref_param.name)
        if our_param is None:
            if ref_param.kind is ref_param.POSITIONAL_ONLY:
                continue
            if ref_param.kind is ref_param.KEYWORD_ONLY and any(
                p.kind is p.VAR_KEYWORD for p in our_params
            ):
                continue
            problems.append(f"lacks parameter {ref_param.name!r}")
            continue
        if our_param.kind is not ref_param.kind:
            problems.append(
                f"{ref_param.name!r} is {our_param.kind.description}, "
                f"not {ref_param.kind.description}"
            )
        if ref_param.default is not ref_param.empty:
            if our_param.default is our_param.empty:
                problems.append(f"{ref_param.name!r} has no default")
            elif (
                _simple_default(ref_param.default)
                and _simple_default(our_param.default)
                and (type(ref_param.default), ref_param.default)
                != (type(our_param.default), our_param.default)
            ):
                problems.append(
                    f"{ref_param.name!r} defaults to {our_param.default!r}, "
                    f"not {ref_param.default!r}"
                )
    for our_param in our_params:
        if our_param.name in theirs or our_param.kind in (
            our_param.VAR_POSITIONAL,
            our_param.VAR_KEYWORD,
        ):
            continue
        if our_param.default is our_param.empty:
            problems.append(f"extra required parameter {our_param.name!r}")
        elif our_param.kind is our_param.POSITIONAL_ONLY:
            problems.append(f"extra positional-only parameter {our_param.name!r}")
    if not problems:
        return None
    return f"signature {our_sig} vs reference {ref_sig}: " + "; ".join(problems)


def _kind(value: Any) -> str:
    if isinstance(value, types.ModuleType):
        return "module"
    if inspect.isclass(value):
        return "class"
    if isinstance(value, property):
        return "property"
    if callable(value):
        return "callable"
    return "value"


def _class_attribute(cls: type, name: str) -> Any:
    """The raw class attribute (a property, staticmethod, ...) found along the MRO."""
    for klass in cls.__mro__:
        if name in vars(klass):
            return vars(klass)[name]
    return getattr(cls, name)


def _class_gaps(key: str, ours: type, reference: type) -> dict[str, str]:
    gaps: dict[str, str] = {}
    for name in dir(reference):
        if name.startswith("_"):
            continue
        attr_key = f"{key}.{name}"
        ref_attr = _class_attribute(reference, name)
        if not hasattr(ours, name):
            gaps[attr_key] = f"class attribute or method {name!r} missing"
            continue
        our_attr = _class_attribute(ours, name)
        ref_is_callable = isinstance(ref_attr, types.FunctionType | staticmethod | classmethod)
        our_is_callable = isinstance(our_attr, types.FunctionType | staticmethod | classmethod)
        if ref_is_callable:
            if not our_is_callable and not callable(getattr(ours, name)):
                gaps[attr_key] = f"a method in the reference, a {type(our_attr).__name__} here"
                continue
            why = signature_difference(getattr(ours, name), getattr(reference, name))
            if why:
                gaps[attr_key] = why
        elif isinstance(ref_attr, property) and our_is_callable:
            gaps[attr_key] = "a property in the reference, a method here"
        elif _is_plain_data(ref_attr) and not isinstance(our_attr, property):
            why = _data_difference(our_attr, ref_attr)
            if why:
                gaps[attr_key] = why
    return gaps


_PLAIN = (type(None), bool, int, float, str, tuple, list, dict)


def _is_plain_data(value: Any) -> bool:
    """Whether ``value`` is a class attribute made of plain Python data (``metadata``, ...)."""
    if isinstance(value, dict):
        return all(_is_plain_data(k) and _is_plain_data(v) for k, v in value.items())
    if isinstance(value, tuple | list):
        return all(_is_plain_data(v) for v in value)
    return isinstance(value, _PLAIN)


def _data_difference(ours: Any, reference: Any) -> str | None:
    """How a plain-data class attribute differs (type or value), or ``None``."""
    if type(ours) is not type(reference):
        return f"{type(reference).__name__} in the reference, {type(ours).__name__} here"
    try:
        equal = bool(ours == reference)
    except Exception:  # a value that cannot be compared is reported as different
        equal = False
    if equal:
        return None
    text = f"{ours!r} here, {reference!r} in the reference"
    return text if len(text) <= 160 else text[:157] + "..."


def _value_kind(value: Any) -> str:
    import numpy as np

    if isinstance(value, np.ndarray):
        return f"ndarray[{value.dtype}]"
    cls = type(value)
    if cls.__module__.split(".")[0] in (REFERENCE, OURS):
        return cls.__name__
    return f"{cls.__module__}.{cls.__qualname__}"


def name_gaps(module_path: str, name: str, ours: Any, reference: Any) -> dict[str, str]:
    """The gaps of one public name whose value exists in both modules."""
    key = f"{module_path}:{name}"
    ref_kind, our_kind = _kind(reference), _kind(ours)
    if ref_kind == "module":
        return (
            {} if our_kind == "module" else {key: f"a module in the reference, a {our_kind} here"}
        )
    if ref_kind == "class":
        if our_kind != "class":
            # A factory function is call-compatible but breaks isinstance / subclassing.
            return {key: f"a class in the reference, a {our_kind} here"}
        gaps = {}
        why = signature_difference(ours, reference)
        if why:
            gaps[key] = why
        gaps.update(_class_gaps(key, ours, reference))
        return gaps
    if ref_kind == "callable":
        if not callable(ours):
            return {key: f"callable in the reference, a {our_kind} here"}
        why = signature_difference(ours, reference)
        return {key: why} if why else {}
    ref_value_kind, our_value_kind = _value_kind(reference), _value_kind(ours)
    if isinstance(ours, type(reference)):
        return {}  # the same type, or a subclass of it (the registry is a dict subclass)
    if ref_value_kind != our_value_kind:
        return {key: f"value of type {ref_value_kind} in the reference, {our_value_kind} here"}
    return {}


def module_gaps(module_path: str) -> dict[str, str]:
    """Every gap of one reference module (whose own import must succeed)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference = importlib.import_module(module_path)
        try:
            ours = importlib.import_module(our_path(module_path))
        except ImportError as exc:
            return {module_path: f"module missing ({type(exc).__name__}: {exc})"}
    gaps: dict[str, str] = {}
    declared = getattr(reference, "__all__", None)
    if declared is not None:
        # `from gymnasium.X import *` must bring the same names.
        undeclared = sorted(set(declared) - set(getattr(ours, "__all__", ())))
        if undeclared:
            gaps[f"{module_path}:__all__"] = f"lacks {undeclared}"
    for name in public_names(reference):
        try:
            ref_value = getattr(reference, name)
        except Exception:  # e.g. a lazy torch wrapper: the reference lacks it too
            continue
        if isinstance(ref_value, types.ModuleType) and not ref_value.__name__.startswith(REFERENCE):
            continue  # a third-party module the source happens to bind (``plt``, ``os``)
        if not hasattr(ours, name):
            gaps[f"{module_path}:{name}"] = f"missing (the reference has a {_kind(ref_value)})"
            continue
        gaps.update(name_gaps(module_path, name, getattr(ours, name), ref_value))
    return gaps


_REACHABLE_SCRIPT = """
import functools, json, sys, warnings
warnings.simplefilter("ignore")
root, paths = sys.argv[1], json.loads(sys.argv[2])
import importlib
top = importlib.import_module(root)
found = []
for path in paths:
    try:
        functools.reduce(getattr, path.split(".")[1:], top)
    except Exception:
        continue
    found.append(path)
print(json.dumps(found))
"""


def _start_reachable(root: str, paths: list[str]) -> subprocess.Popen[str]:
    """Start a fresh interpreter that lists which of ``paths`` ``import root`` makes reachable."""
    return subprocess.Popen(
        [sys.executable, "-c", _REACHABLE_SCRIPT, root, json.dumps(paths)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _collect_reachable(process: subprocess.Popen[str]) -> set[str]:
    out, err = process.communicate(timeout=180)
    if process.returncode != 0:
        raise RuntimeError(f"the attribute-access probe failed:\n{err}")
    return set(json.loads(out.strip().splitlines()[-1]))


def attribute_access_gaps(modules: list[str]) -> dict[str, str]:
    """Modules reachable as attributes right after ``import gymnasium`` but not after ``import
    gymnasium_core`` (each side in a fresh interpreter)."""
    return _attribute_access_gaps(modules, *_start_probes(modules))


def _start_probes(modules: list[str]) -> tuple[subprocess.Popen[str], subprocess.Popen[str]]:
    return (
        _start_reachable(REFERENCE, modules),
        _start_reachable(OURS, [our_path(m) for m in modules]),
    )


def _attribute_access_gaps(
    modules: list[str], theirs_probe: subprocess.Popen[str], mine_probe: subprocess.Popen[str]
) -> dict[str, str]:
    theirs, mine = _collect_reachable(theirs_probe), _collect_reachable(mine_probe)
    return {
        f"attr:{m}": f"{our_path(m)} is not reachable by attribute access after `import {OURS}`"
        for m in modules
        if m in theirs and our_path(m) not in mine
    }


_PACKAGE_SCRIPT = """
import importlib, json, sys, types, warnings
warnings.simplefilter("ignore")
packages = json.loads(sys.argv[1])
found = {}
for path in packages:
    try:
        package = importlib.import_module(path)
    except Exception:
        continue
    found[path] = sorted(
        name
        for name, value in vars(package).items()
        if isinstance(value, types.ModuleType) and value.__name__ == f"{path}.{name}"
        and not name.startswith("_")
    )
print(json.dumps(found))
"""

_PACKAGE_CHECK_SCRIPT = """
import importlib, json, sys, warnings
warnings.simplefilter("ignore")
expected = json.loads(sys.argv[1])
missing = []
for path, names in expected.items():
    package = importlib.import_module(path)
    listed = set(dir(package))
    missing += [
        f"{path}.{name}" for name in names if name not in listed or not hasattr(package, name)
    ]
print(json.dumps(missing))
"""


def _run_script(script: str, argument: str) -> Any:
    out = subprocess.run(
        [sys.executable, "-c", script, argument],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def package_attribute_gaps(modules: list[str]) -> dict[str, str]:
    """Submodules a reference package has as attributes once imported, which ours lacks."""
    packages = [m for m in modules if m != REFERENCE and _is_package(m)]
    theirs: dict[str, list[str]] = _run_script(_PACKAGE_SCRIPT, json.dumps(packages))
    expected = {our_path(path): names for path, names in theirs.items() if names}
    missing: list[str] = _run_script(_PACKAGE_CHECK_SCRIPT, json.dumps(expected))
    return {
        f"sub:{REFERENCE}{path[len(OURS) :]}": f"{path} is not an attribute (or not in dir) "
        "right after its package is imported"
        for path in missing
    }


def _is_package(module_path: str) -> bool:
    spec = importlib.util.find_spec(module_path)
    return spec is not None and spec.submodule_search_locations is not None


def all_gaps() -> dict[str, str]:
    """Every gap of every checked reference module, plus the attribute-access gaps."""
    modules = [m for m in reference_modules() if m not in SKIPPED_MODULES]
    probes = _start_probes(modules)  # the two fresh interpreters run meanwhile
    gaps: dict[str, str] = {}
    try:
        for module_path in modules:
            gaps.update(module_gaps(module_path))
    except BaseException:
        for probe in probes:
            probe.kill()
            probe.communicate()
        raise
    gaps.update(_attribute_access_gaps(modules, *probes))
    gaps.update(package_attribute_gaps(modules))
    return gaps


def _main(argv: list[str]) -> int:
    """``python -m tests._conformance``: list the gaps; ``--check``: compare with the lists.

    ``--check`` prints the ``_PENDING`` / ``_ALLOWED`` keys that are no longer gaps (to remove)
    and the gaps neither list holds, and exits 1 if there are any.
    """
    gaps = all_gaps()
    if "--check" not in argv:
        for key, why in sorted(gaps.items()):
            print(f"{key}\t{why}")
        return 0
    from tests.test_conformance import _ALLOWED, _PENDING

    closed = sorted((set(_PENDING) | set(_ALLOWED)) - set(gaps))
    unlisted = sorted(set(gaps) - set(_PENDING) - set(_ALLOWED))
    for key in closed:
        print(f"closed, remove:\t{key}")
    for key in unlisted:
        print(f"new gap:\t{key}\t{gaps[key]}")
    return 1 if closed or unlisted else 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
