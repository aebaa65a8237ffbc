"""Params helpers: shared vs per-environment (batched) leaves, and params set by reset options.

Also the structure-preserving maps of the numpy adapters. The JAX adapters use
``jax.tree_util``; the numpy adapters must not import JAX, and their states and params are the
few container kinds the team uses (``NamedTuple``, ``tuple``, ``list``, ``dict``, ``None``)
around numpy arrays and scalars, so two small maps do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar, cast

import numpy as np

if TYPE_CHECKING:
    import jax


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


#: A params pytree: a task's NamedTuple, dataclass or dict of numbers and arrays.
ParamsT = TypeVar("ParamsT")

#: A tree of the params' structure whose leaves are ``0`` (per sub-env) or ``None`` (shared).
# Any: the tree takes the structure of whichever params record it describes.
ParamAxes: TypeAlias = Any


def _leaf_names(tree: object, prefix: str = "params") -> list[str]:
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


def batch_axes(params: ParamsT | None, defaults: ParamsT | None, num_envs: int) -> ParamAxes:
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


def is_batched(axes: ParamAxes) -> bool:
    """Whether any leaf of an axes tree from :func:`batch_axes` is per environment."""
    return any(a == 0 for a in tree_leaves(axes)) if axes is not None else False


def take(
    params: ParamsT,
    axes: ParamAxes,
    index: int | np.integer[Any] | np.ndarray[Any, Any] | jax.Array,
) -> ParamsT:
    """The params of the sub-environments ``index`` (a position or a mask) selects.

    Shared leaves pass through.
    """
    if params is None or not is_batched(axes):
        return params
    return cast(ParamsT, tree_map(lambda p, a: p if a is None else p[index], params, axes))


def field_names(params: object) -> tuple[str, ...]:
    """The field names of a params record (``NamedTuple``, dataclass or ``dict``), else ``()``."""
    import dataclasses

    if isinstance(params, tuple) and hasattr(params, "_fields"):
        return tuple(params._fields)
    if dataclasses.is_dataclass(params) and not isinstance(params, type):
        return tuple(f.name for f in dataclasses.fields(params))
    if isinstance(params, dict):
        return tuple(params)
    return ()


def _like(old: Any, new: Any) -> Any:
    """``new`` in the kind of leaf ``old`` is, so a jitted call keeps its input signature.

    A Python ``float`` leaf replaced by an ``np.float32`` (or the other way round) would be a
    new abstract input to JAX, hence a new compile. Values of another shape are kept as given.
    """
    if np.ndim(new) != 0 or isinstance(new, str):
        if hasattr(old, "dtype") and np.shape(new) == np.shape(old):
            return np.asarray(new, dtype=old.dtype)
        return new
    if isinstance(old, bool):
        return bool(new)
    if isinstance(old, int):
        return int(new) if float(new).is_integer() else new
    if isinstance(old, float):
        return float(new)
    if hasattr(old, "dtype") and np.ndim(old) == 0:
        return np.asarray(new, dtype=old.dtype)
    return new


def replace_fields(params: ParamsT, updates: Mapping[str, object]) -> ParamsT:
    """A copy of ``params`` with the fields in ``updates`` replaced (each in its old leaf kind).

    Raises:
        KeyError: If a key of ``updates`` is not a field of ``params``.
    """
    import dataclasses

    names = field_names(params)
    unknown = sorted(set(updates) - set(names))
    if unknown:
        raise KeyError(f"{type(params).__name__} has no field(s) {unknown}; its fields: {names}")
    values = {
        k: _like(getattr(params, k, None) if not isinstance(params, dict) else params[k], v)
        for k, v in updates.items()
    }
    if isinstance(params, dict):
        return cast(ParamsT, {**params, **values})
    if isinstance(params, tuple):
        return cast(ParamsT, params._replace(**values))  # type: ignore[attr-defined]
    replace = getattr(params, "replace", None)  # flax.struct dataclasses
    if callable(replace):
        return cast(ParamsT, replace(**values))
    return dataclasses.replace(params, **values)  # type: ignore[type-var]


def params_with_options(
    params: ParamsT, options: object, *, owner: str, ignore: frozenset[str] = frozenset()
) -> ParamsT:
    """The params a ``reset(options=...)`` asks for.

    ``options["params"]`` replaces the params as a whole; every other key that names a field
    of the params replaces that field. The result is what the next episodes run with. Keys
    in ``ignore`` belong to the caller (``reset_mask``); any other key is warned about and
    ignored, as is ``options`` that is not a mapping (Gymnasium's JAX envs ignore ``options``
    altogether, so such calls keep working).

    Args:
        params: The current params.
        options: The ``options`` given to ``reset`` (``None`` leaves the params as they are).
        owner: Named in warnings (the environment's class name).
        ignore: Keys the caller handles itself.

    Returns:
        The params to use from this reset on.
    """
    from gymnasium_core import logger

    if options is None:
        return params
    if not isinstance(options, Mapping):
        logger.warn(
            f"{owner}.reset: `options` should be a dict of params fields, got "
            f"{type(options).__name__}; it is ignored."
        )
        return params
    updates = {k: v for k, v in options.items() if k not in ignore}
    if "params" in updates:
        # The caller's whole new params: of the task's params type, as documented.
        params = cast(ParamsT, updates.pop("params"))
    names = field_names(params)
    unknown = sorted(str(k) for k in updates if k not in names)
    if unknown:
        logger.warn(
            f"{owner}.reset: options {unknown} are not params fields and are ignored "
            f"(the fields: {list(names)})."
        )
    known = {k: v for k, v in updates.items() if k in names}
    return replace_fields(params, known) if known else params
