"""Telling shared params from per-environment (batched) params, and checking the batch size."""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core.functional._tree import tree_leaves, tree_map


def _leaf_names(tree: Any, prefix: str = "params") -> list[str]:
    """Readable names of the leaves of ``tree``, in :func:`tree_map` order."""
    if tree is None:
        return []
    if isinstance(tree, tuple) and hasattr(tree, "_fields"):
        pairs = list(zip(tree._fields, tree, strict=True))
        return [n for f, v in pairs for n in _leaf_names(v, f"{prefix}.{f}")]
    if isinstance(tree, tuple | list):
        return [n for i, v in enumerate(tree) for n in _leaf_names(v, f"{prefix}[{i}]")]
    if isinstance(tree, dict):
        return [n for k, v in tree.items() for n in _leaf_names(v, f"{prefix}[{k!r}]")]
    return [prefix]


def batch_axes(params: Any, defaults: Any, num_envs: int) -> Any:
    """Which leaves of ``params`` are per environment: a tree of ``0`` (batched) or ``None``.

    A leaf is per environment when it has one more dimension than the same leaf of the default
    params; that leading axis must then have length ``num_envs``. A leaf with the default's
    number of dimensions is shared by all environments. Without default params every leaf is
    shared.

    Args:
        params: The params given to a vector env.
        defaults: The functional env's default params (the unbatched layout).
        num_envs: The number of sub-environments.

    Returns:
        A tree with the structure of ``params``: ``0`` for batched leaves, ``None`` for shared.

    Raises:
        ValueError: If the structures differ, a leaf's leading axis is not ``num_envs`` long, or
            a leaf has neither the default's rank nor one more.
    """
    if params is None:
        return None
    if defaults is None:
        return tree_map(lambda _: None, params)
    given_leaves, default_leaves = tree_leaves(params), tree_leaves(defaults)
    if len(given_leaves) != len(default_leaves):
        raise ValueError(
            f"The params have {len(given_leaves)} leaves but the default params have "
            f"{len(default_leaves)}; build them from `get_default_params(...)`."
        )
    names = _leaf_names(params)
    axes: list[int | None] = []
    for name, given, default in zip(names, given_leaves, default_leaves, strict=True):
        shape, base = np.shape(given), np.shape(default)
        if len(shape) == len(base):
            axes.append(None)
        elif len(shape) == len(base) + 1 and shape[1:] == base:
            if shape[0] != num_envs:
                raise ValueError(
                    f"{name} is batched with {shape[0]} values but the vector env has "
                    f"num_envs={num_envs}; give one value per sub-environment or a single value."
                )
            axes.append(0)
        else:
            raise ValueError(
                f"{name} has shape {shape}; expected {base} (shared) or {(num_envs, *base)} "
                "(one per sub-environment)."
            )
    it = iter(axes)
    return tree_map(lambda _: next(it), params)


def is_batched(axes: Any) -> bool:
    """Whether any leaf of an axes tree from :func:`batch_axes` is per environment."""
    return any(a == 0 for a in tree_leaves(axes)) if axes is not None else False


def take(params: Any, axes: Any, index: Any) -> Any:
    """The params of the sub-environments ``index`` selects (shared leaves pass through)."""
    if params is None or not is_batched(axes):
        return params
    return tree_map(lambda p, a: p if a is None else p[index], params, axes)
