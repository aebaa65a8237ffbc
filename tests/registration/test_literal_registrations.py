"""The built-in registrations are written out: every entry point is a literal string."""

from __future__ import annotations

import ast
import pathlib

import gymnasium_core

ENVS_INIT = pathlib.Path(gymnasium_core.__file__).parent.parent / "envs" / "__init__.py"
ENTRY_POINTS = ("entry_point", "vector_entry_point", "jax_vector_entry_point")


def _register_calls() -> list[ast.Call]:
    tree = ast.parse(ENVS_INIT.read_text())
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "register"
    ]


def test_builtin_registrations__every_entry_point_is_a_literal_string() -> None:
    calls = _register_calls()
    assert calls
    for call in calls:
        keywords = {k.arg: k.value for k in call.keywords}
        assert not call.args and None not in keywords, ast.unparse(call)
        for name in ENTRY_POINTS:
            value = keywords.get(name)
            if value is None:
                assert name != "entry_point", ast.unparse(call)
                continue
            assert isinstance(value, ast.Constant), f"{name} of {ast.unparse(call)}"
            assert isinstance(value.value, str) and ":" in value.value, ast.unparse(call)


def test_builtin_registrations__one_call_per_built_in_id_and_no_loop() -> None:
    calls = _register_calls()
    ids = [ast.literal_eval(next(k.value for k in c.keywords if k.arg == "id")) for c in calls]
    built_in = [
        env_id
        for env_id, env_spec in gymnasium_core.registry.items()
        if isinstance(env_spec.entry_point, str)
        and env_spec.entry_point.startswith("gymnasium_core.envs.")
    ]
    assert ids == built_in
    tree = ast.parse(ENVS_INIT.read_text())
    assert not any(isinstance(node, ast.For | ast.FunctionDef) for node in ast.walk(tree))
