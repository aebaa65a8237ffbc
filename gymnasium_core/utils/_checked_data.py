"""What the environment checks compare: returned data, result tuples and generator states."""

from __future__ import annotations

from collections.abc import Iterable
from copy import deepcopy
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gymnasium_core.core import Env

__all__ = ["data_equivalence", "rng_state", "unpacked"]


def data_equivalence(data_1: Any, data_2: Any, exact: bool = False) -> bool:
    """Whether two observations, actions or infos hold equal data.

    Types must match exactly. Dicts, tuples, lists and object arrays are compared item by
    item; numeric arrays need equal shape and dtype and equal values (within ``rtol=atol=1e-5``
    unless ``exact``); anything else is compared with ``==``.

    Args:
        data_1: The first value.
        data_2: The second value.
        exact: Compare arrays for exact equality instead of with a tolerance.

    Returns:
        ``True`` if the two are equivalent.

    Example:
        >>> import numpy as np
        >>> data_equivalence({"a": np.zeros(2)}, {"a": np.zeros(2)})
        True
        >>> data_equivalence(np.zeros(2, np.float32), np.zeros(2, np.float64))
        False
    """
    if type(data_1) is not type(data_2):
        return False
    pairs: Iterable[tuple[Any, Any]]
    if isinstance(data_1, np.ndarray):
        if (data_1.shape, data_1.dtype) != (data_2.shape, data_2.dtype):
            return False
        if data_1.dtype != object:
            return _numeric_arrays_match(data_1, data_2, exact)
        pairs = zip(data_1, data_2)
    elif isinstance(data_1, dict):
        if data_1.keys() != data_2.keys():
            return False
        pairs = ((value, data_2[key]) for key, value in data_1.items())
    elif isinstance(data_1, (tuple, list)):
        if len(data_1) != len(data_2):
            return False
        pairs = zip(data_1, data_2)
    else:
        # Scalars and other leaves; numpy's `==` answers np.bool_, hence the bool().
        return bool(data_1 == data_2)
    return all(data_equivalence(mine, theirs, exact) for mine, theirs in pairs)


def _numeric_arrays_match(first: NDArray[Any], second: NDArray[Any], exact: bool) -> bool:
    """Equal values (``exact``) or values within ``rtol=atol=1e-5`` of each other."""
    if exact:
        return bool(np.array_equal(first, second))
    return bool(np.allclose(first, second, rtol=1e-5, atol=1e-5))


def rng_state(env: Env[Any, Any]) -> Any:
    rng = env.unwrapped._np_random
    assert rng is not None, (
        "A seeded reset did not create the random generator; does `reset` call "
        "`super().reset(seed=seed)`?"
    )
    return deepcopy(rng.bit_generator.state)


def unpacked(result: Any, call: str, count: int) -> Any:
    """``result`` as a sequence of ``count`` values; ``ValueError`` (as unpacking) if not."""
    values = tuple(result)
    if len(values) != count:
        raise ValueError(
            f"`{call}` returned {len(values)} values where the checker expects {count}."
        )
    return values
