"""Public names defined in private modules report the public module that shows them.

A public module (one of Gymnasium's paths, such as ``gymnasium_core.vector.vector_env``) may
import what it shows from private modules beside it. Gymnasium defines those names in the public
module itself, so reprs, pickles, tracebacks, ``EnvSpec`` entry points and doc anchors name it;
:func:`report_here` gives ours the same ``__module__``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["report_here"]


def report_here(namespace: dict[str, Any], names: Iterable[str] | None = None) -> None:
    """Set ``__module__`` of the named objects defined in private modules to this module.

    Args:
        namespace: The public module's ``globals()``.
        names: The names to consider (default: the module's ``__all__``). A name defined in
            the module itself (bound here or further down), or in another public module,
            keeps its ``__module__``.
    """
    module = namespace["__name__"]
    for name in namespace["__all__"] if names is None else names:
        if name not in namespace:
            continue  # defined further down in the module itself
        value = namespace[name]
        origin = str(getattr(value, "__module__", ""))
        if origin.startswith("gymnasium_core.") and origin.rsplit(".", 1)[-1].startswith("_"):
            value.__module__ = module
