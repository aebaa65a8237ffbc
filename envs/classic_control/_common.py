"""Small backend-aware helpers shared by the classic-control FuncEnvs.

Each FuncEnv computes with ``self.xp``: :data:`~gymnasium_core.functional.backends.scalar`
(Python floats, for the stateful env), numpy (batched, one leading ``(num_envs,)`` axis on
every state field) or ``jax.numpy``. The few places where the backends differ in how values
are packed and unpacked are gathered here, so the environment modules stay backend-free.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np

from gymnasium_core.functional import backends, random
from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.functional.random import RNG

if TYPE_CHECKING:
    import jax
    from numpy.typing import NDArray

#: One field of a classic-control state: a Python float (one env, the scalar backend), a
#: ``(num_envs,)`` float array (numpy-batched) or a JAX array (under ``jit`` / ``vmap``).
Real: TypeAlias = "float | np.floating[Any] | NDArray[np.floating[Any]] | jax.Array"


def is_scalar(xp: Namespace[Any]) -> bool:
    """Whether ``xp`` is the Python-float namespace of the single-env path."""
    return isinstance(xp, backends.ScalarNamespace)


def draw_uniform(xp: Namespace[Any], rng: RNG, low: Any, high: Any, count: int) -> list[Any]:
    """Draw ``count`` uniform values in one call (one generator call, as the reference does).

    On the scalar path the values come back as Python floats; on array backends as the
    elements of one draw.

    Args:
        xp: The array namespace.
        rng: A numpy generator or a JAX key.
        low: Lower bound (a number, or an array of ``count`` bounds).
        high: Upper bound, likewise.
        count: How many values to draw.

    Returns:
        A list of ``count`` values.
    """
    # A batched numpy draw is laid out (count, num_envs), the order the reference's
    # CartPoleVectorEnv fills with ``uniform(size=(4, num_envs))``.
    values = random.uniform(rng, low, high, shape=(count,), batch_axis=-1)
    if is_scalar(xp):
        return list(values.tolist())
    return [values[i] for i in range(count)]


def pack(xp: Namespace[Any], fields: Sequence[Any], dtype: Any) -> Any:
    """Stack per-field values into an observation with a trailing feature axis.

    Args:
        xp: The array namespace.
        fields: The values, each a scalar or a ``(num_envs,)`` array.
        dtype: The observation dtype.

    Returns:
        An array of shape ``(len(fields),)`` or ``(num_envs, len(fields))``.
    """
    if isinstance(xp, backends.ScalarNamespace):  # is_scalar, without its call
        # element by element into a new array: the same casts as ``np.array(fields, dtype)``
        # without its search of the fields for nested sequences (a third of the single env's
        # observation cost)
        return np.fromiter(fields, dtype, len(fields))
    if xp is np:
        # One pass that stacks and casts, laid out field-major: the (num_envs, n) result is a
        # transposed view, the memory layout the reference's ``state.T.astype(...)`` returns.
        return np.array(fields, dtype=dtype).T
    return xp.stack([xp.asarray(f, dtype=dtype) for f in fields], axis=-1)


def as_float(xp: Namespace[Any], value: Any) -> Any:
    """``value`` as a float scalar of the backend (a Python float on the scalar path)."""
    if is_scalar(xp):
        return float(value)
    return xp.asarray(value, dtype=xp.float32) if backends.is_jax_namespace(xp) else value


def wide(xp: Namespace[Any], value: Any) -> Any:
    """``value`` widened to the backend's widest float (float64; float32 on JAX without x64).

    On the Python-float path it becomes a Python float, as a float32 term meets the
    reference's float64 state. Over numpy scalars (another scalar namespace, for a state of
    narrower floats) it is left as it is: numpy's promotion decides, as in the reference.
    """
    if xp is backends.scalar:
        return float(value)
    if is_scalar(xp):
        return value
    if backends.is_jax_namespace(xp):
        return xp.asarray(value, dtype=backends.as_array_namespace(xp).result_type(float))
    return xp.asarray(value, dtype=np.float64)


def square_pow(xp: Namespace[Any], x: Any) -> Any:
    """``x ** 2`` computed as the reference's scalar ``x ** 2`` (C ``pow``), on every backend.

    numpy's array ``**`` takes a fast ``x * x`` path that can differ from ``pow`` in the last
    bit; ``float_power`` calls ``pow`` per element, so batched float64 results match the
    stateful ones exactly.
    """
    if xp is np and getattr(x, "dtype", None) == np.float64:
        return np.float_power(x, 2)
    return x**2
