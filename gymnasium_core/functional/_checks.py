"""Validation shared by the adapters: is this object a usable functional environment?"""

from __future__ import annotations

from typing import Any

#: The functions every functional environment must define.
REQUIRED_FUNCTIONS = ("initial", "transition", "observation", "reward", "terminal")

# The templates whose stubs only raise NotImplementedError: ours and Gymnasium's.
_TEMPLATES = {
    ("gymnasium_core.functional.func_env", "FuncEnv"),
    ("gymnasium.experimental.functional", "FuncEnv"),
}


def _is_template(cls: type) -> bool:
    return (cls.__module__, cls.__qualname__) in _TEMPLATES


def missing_functions(func_env: Any) -> list[str]:
    """The required functions ``func_env`` leaves undefined.

    A function counts as defined when the instance carries it (after ``transform``) or a class
    of its MRO other than a ``FuncEnv`` template defines it.

    Args:
        func_env: A functional environment (ours, Gymnasium's, or any object with the methods).

    Returns:
        The missing names, in :data:`REQUIRED_FUNCTIONS` order.
    """
    missing = []
    instance_attrs = getattr(func_env, "__dict__", {})
    for name in REQUIRED_FUNCTIONS:
        if name in instance_attrs:
            continue
        owner = next((c for c in type(func_env).__mro__ if name in vars(c)), None)
        if owner is None or _is_template(owner) or not callable(getattr(func_env, name)):
            missing.append(name)
    return missing


def check_func_env(func_env: Any) -> None:
    """Raise a ``TypeError`` naming the required functions ``func_env`` lacks.

    Args:
        func_env: The functional environment an adapter is given.

    Raises:
        TypeError: If any of :data:`REQUIRED_FUNCTIONS` is undefined.
    """
    missing = missing_functions(func_env)
    if missing:
        raise TypeError(
            f"{type(func_env).__name__} cannot be used as a functional environment: it does not "
            f"define {', '.join(f'`{m}`' for m in missing)}."
        )


def default_params(func_env: Any) -> Any:
    """The env's default params: its ``default_params`` attribute, else ``get_default_params()``."""
    if hasattr(func_env, "default_params"):
        return func_env.default_params
    getter = getattr(func_env, "get_default_params", None)
    return getter() if getter is not None else None


def is_ours(func_env: Any) -> bool:
    """Whether ``func_env`` derives from our ``FuncEnv`` (so ``params`` may always be passed)."""
    from gymnasium_core.functional.func_env import FuncEnv

    return isinstance(func_env, FuncEnv)
