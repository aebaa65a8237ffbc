"""Input checks of the vector adapters: autoreset modes and batches of actions."""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.vector.vector_env import AutoresetMode


def parse_autoreset_mode(mode: AutoresetMode | str) -> AutoresetMode:
    """An :class:`AutoresetMode` from itself or its value (``"NextStep"``, ...).

    Raises:
        ValueError: For anything else.
    """
    if isinstance(mode, AutoresetMode):
        return mode
    for member in AutoresetMode:
        if mode in (member.value, member.name):
            return member
    raise ValueError(
        f"Unknown autoreset mode {mode!r}; expected one of "
        f"{', '.join(repr(m.value) for m in AutoresetMode)}."
    )


def _dtype_kinds(space_dtype: np.dtype[Any]) -> str:
    """The numpy dtype kinds accepted for actions of a space of ``space_dtype``."""
    if space_dtype.kind in "iu":
        return "iub"
    if space_dtype.kind == "b":
        return "iub"
    return "iuf"


def check_actions(actions: Any, single_space: Any, num_envs: int, xp: Namespace[Any]) -> Any:
    """Check a batch of actions against the single action space; return it as an ``xp`` array.

    Spaces with a fixed shape and dtype (Box, Discrete, MultiDiscrete, MultiBinary) are checked
    for shape ``(num_envs, *space.shape)`` and a compatible dtype kind; other spaces are
    passed through unchecked.

    Args:
        actions: The batch given to ``step``.
        single_space: The action space of one sub-env.
        num_envs: The number of sub-envs.
        xp: ``numpy`` (no conversion) or ``jax.numpy`` (converted to the space's dtype, so the
            compiled step sees one dtype whatever the caller passed).

    Returns:
        The actions, converted for ``xp`` where the space allows.

    Raises:
        ValueError: If the shape is wrong.
        TypeError: If the dtype does not fit the space (e.g. floats for a discrete space).
    """
    shape = getattr(single_space, "shape", None)
    dtype = getattr(single_space, "dtype", None)
    if shape is None or dtype is None:
        return actions
    expected = (num_envs, *shape)
    given_shape = np.shape(actions)
    if given_shape != expected:
        raise ValueError(
            f"Expected a batch of actions of shape {expected} (one action of {single_space} "
            f"per sub-environment), got shape {given_shape}."
        )
    given_dtype = getattr(actions, "dtype", None)
    if given_dtype is None:
        actions = np.asarray(actions)
        given_dtype = actions.dtype
    space_dtype = np.dtype(dtype)
    if np.dtype(given_dtype).kind not in _dtype_kinds(space_dtype):
        raise TypeError(
            f"Actions of dtype {given_dtype} do not fit the action space {single_space} "
            f"(dtype {space_dtype})."
        )
    if xp is np:
        return actions
    import jax

    # Without x64, JAX computes int64/float64 as 32-bit: ask for that directly.
    return xp.asarray(actions, dtype=jax.dtypes.canonicalize_dtype(space_dtype))
