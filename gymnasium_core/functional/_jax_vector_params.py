"""How :class:`~gymnasium_core.functional.FunctionalJaxVectorEnv` turns given params into leaves.

Each leaf is dispatched with the type its default traces with (so a new value does not
recompile), and a value a reset option gives is fitted into the layout the leaf already has.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, cast

import jax
import jax.numpy as jnp
import numpy as np
from jax.typing import ArrayLike

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["canonical_dtype", "dispatch_leaf", "dispatch_params", "fit_leaf", "fit_params"]

_ParamsT = TypeVar("_ParamsT")


def canonical_dtype(value: ArrayLike) -> np.dtype[Any]:
    """The dtype JAX gives ``value`` (an array's own, a Python number's default)."""
    dtype = value.dtype if hasattr(value, "dtype") else np.result_type(value)
    return jax.dtypes.canonicalize_dtype(dtype)


def dispatch_leaf(leaf: ArrayLike, default: ArrayLike | None) -> jax.Array:
    """``leaf`` as the array the jitted step receives, typed as its ``default`` leaf traces.

    A leaf whose default is a Python number is a weakly typed scalar in the default params, so
    a scalar given for it (``0.5``, ``np.float32(0.5)``, a 0-d array) is dispatched weakly
    typed too; every other leaf gets the default's canonical dtype. A leaf of another kind than
    its default (a float where the default is an integer) keeps its own dtype: casting it would
    change its value.
    """
    own = canonical_dtype(leaf)
    if default is None:
        return jnp.asarray(leaf, dtype=own)
    target = canonical_dtype(default)
    if own.kind != target.kind:
        return jnp.asarray(leaf, dtype=own)
    python_number = type(default) in (int, float)
    if python_number and np.ndim(leaf) == 0:
        scalar = np.asarray(leaf)  # a real number: its kind is the default's, "f" or "i"
        as_python = float(scalar) if target.kind == "f" else int(scalar)
        return jnp.asarray(as_python)
    return jnp.asarray(leaf, dtype=target)


def dispatch_params(params: _ParamsT | None, defaults: _ParamsT | None) -> _ParamsT | None:
    """Every leaf of ``params`` through :func:`dispatch_leaf`, against the default params.

    The result has the structure of ``params``, with JAX arrays as leaves.
    """
    if params is None:
        return None
    leaves, treedef = jax.tree_util.tree_flatten(params)
    default_leaves = jax.tree_util.tree_leaves(defaults) if defaults is not None else []
    if len(default_leaves) != len(leaves):
        default_leaves = [None] * len(leaves)
    dispatched = [dispatch_leaf(p, d) for p, d in zip(leaves, default_leaves, strict=True)]
    return cast(_ParamsT, jax.tree_util.tree_unflatten(treedef, dispatched))


def fit_leaf(
    old: ArrayLike,
    new: ArrayLike,
    axis: int | None,
    base: tuple[int, ...],
    n: int,
    mask: NDArray[np.bool_] | None,
) -> ArrayLike:
    """The leaf a reset option sets: ``new`` for the sub-envs reset, in ``old``'s layout.

    ``old`` is per sub-env when ``axis`` is 0; ``base`` is the field's own shape. ``new`` is
    either of that shape (one value for every sub-env) or ``(n, *base)``. The result keeps
    ``old``'s layout (so nothing recompiles) unless the sub-envs come to differ on a shared
    field; a value of any other shape is passed on for :meth:`set_params` to reject.
    """
    if new is old:
        return old
    shape = np.shape(new)
    if shape != base and shape != (n, *base):
        return new
    if np.shape(old) == shape and np.array_equal(np.asarray(old), np.asarray(new)):
        return old
    if axis is None and mask is None:
        return new
    # Filled into an array: in a dtype that holds both, so an integer given for a float field
    # stays a float leaf (the compiled programs are kept).
    dtype = np.result_type(np.asarray(old).dtype, np.asarray(new).dtype)
    batch = (n, *base)
    if mask is None:
        return np.broadcast_to(np.asarray(new, dtype=dtype), batch)
    selected = mask.reshape((n,) + (1,) * len(base))
    old_batch, new_batch = np.broadcast_to(old, batch), np.broadcast_to(new, batch)
    return np.where(selected, new_batch, old_batch).astype(dtype)


def fit_params(
    params: Any,
    updated: Any,
    param_axes: Any,
    defaults: Any,
    n: int,
    mask: NDArray[np.bool_] | None,
) -> Any:
    """The params a reset option asks for, each leaf fitted by :func:`fit_leaf`.

    ``updated`` is ``params`` with the option's values put in; it is returned as given when it
    has another structure (then validated, and compiled, as new params) or there are no
    default params to read the fields' shapes from.
    """
    old_leaves, treedef = jax.tree_util.tree_flatten(params)
    new_leaves, new_def = jax.tree_util.tree_flatten(updated)
    if defaults is None or new_def != treedef:  # type: ignore[operator]
        return updated
    axes = jax.tree_util.tree_leaves(param_axes, is_leaf=lambda x: x is None)
    default_leaves = jax.tree_util.tree_leaves(defaults)
    fitted = [
        fit_leaf(old, new, axis, np.shape(default), n, mask)
        for old, new, axis, default in zip(
            old_leaves, new_leaves, axes, default_leaves, strict=True
        )
    ]
    return jax.tree_util.tree_unflatten(treedef, fitted)
