"""Structure-preserving maps over states and params for the numpy adapters.

The JAX adapters use ``jax.tree_util``. The numpy adapters must not import JAX, and their
states and params are the few container kinds the team uses (``NamedTuple``, ``tuple``,
``list``, ``dict``, ``None``) around numpy arrays and scalars, so two small maps do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def tree_map(fn: Callable[..., Any], tree: Any, *rest: Any) -> Any:
    """Apply ``fn`` leaf by leaf to ``tree`` and the same-structured trees ``rest``."""
    if tree is None:
        return None
    if isinstance(tree, tuple):
        items = [tree_map(fn, *children) for children in zip(tree, *rest, strict=True)]
        return type(tree)(*items) if hasattr(tree, "_fields") else tuple(items)
    if isinstance(tree, list):
        return [tree_map(fn, *children) for children in zip(tree, *rest, strict=True)]
    if isinstance(tree, dict):
        return {k: tree_map(fn, v, *(r[k] for r in rest)) for k, v in tree.items()}
    return fn(tree, *rest)


def tree_leaves(tree: Any) -> list[Any]:
    """The leaves of ``tree`` in :func:`tree_map` order."""
    leaves: list[Any] = []
    tree_map(leaves.append, tree)
    return leaves
