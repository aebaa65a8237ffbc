"""Compare the attribute surface of an object with a reference object's.

Code written against Gymnasium reads attributes of ``env.unwrapped`` (a CartPole's ``gravity``,
a walker's ``hull``) and does arithmetic on them. These helpers list what a reference object
shows and report where another object differs in name or kind of value, so a drop-in can be
tested the way other people's code uses it.

Example:
    >>> import numpy as np
    >>> class Reference:
    ...     def __init__(self):
    ...         self.gravity = 9.8
    ...         self.state = np.zeros(4)
    >>> class Ours:
    ...     def __init__(self):
    ...         self.gravity = 9.8
    ...         self.state = (0.0, 0.0, 0.0, 0.0)
    >>> surface_differences(Ours(), Reference())
    ['state: ndarray[float64, (4,)] in the reference, builtins.tuple here']
"""

from __future__ import annotations

import inspect
from typing import Any

__all__ = ["describe_value", "public_attributes", "public_methods", "surface_differences"]

# Packages whose classes are compared by name only: the reference's classes and ours live in
# different modules but play the same role (``gymnasium.spaces.Box`` / ``gymnasium_core...Box``).
_MIRRORED_ROOTS = frozenset({"gymnasium", "gymnasium_core"})


def describe_value(value: Any) -> str:
    """A short description of ``value``'s kind, equal for values a user can treat alike.

    Arrays are described with their dtype and shape, numpy scalars with their type, classes of
    ``gymnasium`` and ``gymnasium_core`` by class name alone, anything else by module root and
    qualified class name.
    """
    import numpy as np

    if value is None:
        return "None"
    if isinstance(value, np.ndarray):
        return f"ndarray[{value.dtype}, {value.shape}]"
    cls = type(value)
    # SWIG 4's SwigPyObject (the `this` of a Box2D object in the `box2d` 2.3.10 wheels) is a
    # type without `__module__`.
    root = getattr(cls, "__module__", "builtins").split(".")[0]
    if isinstance(value, np.generic):
        return f"numpy.{cls.__name__}"
    if root in _MIRRORED_ROOTS:
        return cls.__qualname__
    return f"{root}.{cls.__qualname__}"


def _is_method(value: Any) -> bool:
    return inspect.ismethod(value) or inspect.isfunction(value) or inspect.isbuiltin(value)


def public_attributes(obj: Any) -> dict[str, str]:
    """Every public, non-method attribute of ``obj`` mapped to :func:`describe_value` of it.

    Attributes whose lookup raises are described as ``"raises <ExceptionType>"``.
    """
    found: dict[str, str] = {}
    for name in dir(obj):
        if name.startswith("_"):
            continue
        try:
            value = getattr(obj, name)
        except Exception as exc:  # a property may raise; that is part of the surface
            found[name] = f"raises {type(exc).__name__}"
            continue
        if not _is_method(value):
            found[name] = describe_value(value)
    return found


def public_methods(obj: Any) -> set[str]:
    """The public method names of ``obj`` (bound methods, functions and builtins)."""
    names = set()
    for name in dir(obj):
        if name.startswith("_"):
            continue
        try:
            value = getattr(obj, name)
        except Exception:
            continue
        if _is_method(value):
            names.add(name)
    return names


def surface_differences(
    ours: Any, reference: Any, *, ignore: frozenset[str] | set[str] = frozenset()
) -> list[str]:
    """Where ``ours`` differs from ``reference`` in public attribute names, kinds and methods.

    Args:
        ours: The object under test (usually ``env.unwrapped``).
        reference: The reference object in the same state.
        ignore: Attribute names to leave out, each a deliberate, documented difference.

    Returns:
        One line per difference: a missing attribute or method, or an attribute whose value
        is of another kind (see :func:`describe_value`). Empty when the surfaces agree.
    """
    differences = []
    theirs = public_attributes(reference)
    mine = public_attributes(ours)
    for name, kind in sorted(theirs.items()):
        if name in ignore:
            continue
        if name not in mine:
            if name in public_methods(ours):
                differences.append(f"{name}: an attribute in the reference, a method here")
            else:
                differences.append(f"{name}: missing (the reference has {kind})")
        elif mine[name] != kind:
            differences.append(f"{name}: {kind} in the reference, {mine[name]} here")
    our_methods = public_methods(ours) | set(mine)
    for name in sorted(public_methods(reference) - our_methods - set(ignore)):
        differences.append(f"{name}(): method missing")
    return differences
