"""The compiled programs of :class:`~gymnasium_core.functional.FunctionalJaxVectorEnv`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

import jax

from gymnasium_core.functional import _jax_core
from gymnasium_core.vector.vector_env import AutoresetMode

if TYPE_CHECKING:
    from jax.sharding import Sharding
    from jax.tree_util import PyTreeDef

__all__ = ["VectorOptions", "vector_programs"]

#: What the compiled programs are built for: ``(num_envs, max_episode_steps, autoreset_mode,
#: param axes leaves, param axes structure, batch sharding)``; hashable, the compile cache key.
VectorOptions: TypeAlias = (
    "tuple[int, int, AutoresetMode, tuple[int | None, ...], PyTreeDef, Sharding | None]"
)

# The compiled programs. Any: observations, infos and params are pytrees of the func env's
# own structure, which the vector env does not know statically.
_ResetFn: TypeAlias = Callable[[jax.Array, Any], tuple[_jax_core.VectorCarry, Any, dict[str, Any]]]
_ResetMaskedFn: TypeAlias = Callable[
    [_jax_core.VectorCarry, jax.Array, Any], tuple[_jax_core.VectorCarry, Any, dict[str, Any]]
]
_StepFn: TypeAlias = Callable[
    [_jax_core.VectorCarry, jax.Array, Any],
    tuple[_jax_core.VectorCarry, Any, jax.Array, jax.Array, jax.Array, dict[str, Any]],
]


def vector_programs(f: Any, options: VectorOptions) -> tuple[_ResetFn, _ResetMaskedFn, _StepFn]:
    """The jitted reset, masked reset and step of a batch of ``f`` under ``options``.

    ``options`` is ``(num_envs, max_episode_steps, autoreset_mode, axes_leaves, axes_treedef,
    batch_sharding)``, as built by :meth:`FunctionalJaxVectorEnv._build`.
    """
    n, limit, mode, axes_leaves, axes_def, sharding = options
    fns = _jax_core.BatchedFunctions(f, jax.tree_util.tree_unflatten(axes_def, axes_leaves))

    def reset_fn(rng: jax.Array, params: Any) -> Any:
        return _jax_core.constrain(_jax_core.vector_reset(fns, n, rng, params), n, sharding)

    def reset_masked_fn(carry: _jax_core.VectorCarry, mask: jax.Array, params: Any) -> Any:
        out = _jax_core.vector_reset_masked(fns, n, carry, mask, params)
        return _jax_core.constrain(out, n, sharding)

    def step_fn(carry: _jax_core.VectorCarry, actions: jax.Array, params: Any) -> Any:
        out = _jax_core.vector_step(fns, n, limit, mode, carry, actions, params)
        return _jax_core.constrain(out, n, sharding)

    return jax.jit(reset_fn), jax.jit(reset_masked_fn), jax.jit(step_fn)
