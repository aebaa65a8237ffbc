"""Shared-memory buffers through which worker processes hand observations to the main process.

:func:`create_shared_memory` allocates a buffer for ``n`` observations of a space,
:func:`write_to_shared_memory` writes one worker's observation into its slot and
:func:`read_from_shared_memory` views the whole buffer as a batch of numpy arrays (no copy).

Fixed-size spaces are supported: ``Box``, ``Discrete``, ``MultiDiscrete``, ``MultiBinary``,
``Text`` (stored as character indices, padded past the end of the string), ``OneOf`` (the
chosen member's index plus one buffer per member), and ``Tuple`` / ``Dict`` of these. ``Graph``
and ``Sequence`` have no fixed size and raise ``TypeError``.
"""

from __future__ import annotations

import math
import multiprocessing as mp
from array import typecodes
from collections.abc import Mapping
from ctypes import c_bool, c_uint8
from functools import singledispatch
from types import ModuleType
from typing import Any

import numpy as np

from gymnasium_core.error import CustomSpaceError, SharedMemoryUnsupported
from gymnasium_core.spaces import (
    Box,
    Dict,
    Discrete,
    Graph,
    MultiBinary,
    MultiDiscrete,
    OneOf,
    Sequence,
    Space,
    Text,
    Tuple,
)

__all__ = ["create_shared_memory", "read_from_shared_memory", "write_to_shared_memory"]

# A buffer is a `multiprocessing` shared array, or a tuple / dict of buffers for composite spaces.
SharedMemory = Any


def _no_implementation(function: str, space: Any) -> Exception:
    if isinstance(space, Space):
        return CustomSpaceError(
            f"No `{function}` implementation is registered for {type(space)}; register one with "
            f"`{function}.register`."
        )
    return TypeError(
        f"`{function}` needs a `gymnasium_core.spaces.Space`, got {type(space)}: {space}"
    )


@singledispatch
def create_shared_memory(space: Space[Any], n: int = 1, ctx: ModuleType | Any = mp) -> SharedMemory:
    """Allocate shared memory for ``n`` observations of ``space``.

    Args:
        space: The observation space of one sub-environment.
        n: The number of sub-environments.
        ctx: The ``multiprocessing`` module or context whose ``Array`` allocates the memory.

    Returns:
        A shared array, or a tuple / dictionary of them for composite spaces.

    Raises:
        CustomSpaceError: For a space type with no registered implementation.
        SharedMemoryUnsupported: For ``Graph`` and ``Sequence`` (no fixed size); a ``TypeError``
            and a ``ValueError``.
        TypeError: For non-spaces.

    Example:
        >>> from gymnasium_core.spaces import Box
        >>> memory = create_shared_memory(Box(0.0, 1.0, shape=(3,)), n=2)
        >>> len(memory)
        6
    """
    raise _no_implementation("create_shared_memory", space)


@create_shared_memory.register(Box)
@create_shared_memory.register(Discrete)
@create_shared_memory.register(MultiDiscrete)
@create_shared_memory.register(MultiBinary)
def _create_array_memory(space: Space[Any], n: int = 1, ctx: ModuleType | Any = mp) -> Any:
    assert space.dtype is not None and space.shape is not None
    count = n * math.prod(space.shape)
    code = space.dtype.char
    if code == "?":
        return ctx.Array(c_bool, count)
    if code in typecodes:
        return ctx.Array(code, count)
    # A dtype `array` cannot describe (float16, ...): raw bytes, viewed with the right dtype.
    return ctx.Array(c_uint8, count * space.dtype.itemsize)


@create_shared_memory.register(Tuple)
def _create_tuple_memory(space: Tuple, n: int = 1, ctx: ModuleType | Any = mp) -> tuple[Any, ...]:
    return tuple(create_shared_memory(sub, n=n, ctx=ctx) for sub in space.spaces)


@create_shared_memory.register(Dict)
def _create_dict_memory(space: Dict, n: int = 1, ctx: ModuleType | Any = mp) -> dict[str, Any]:
    return {key: create_shared_memory(sub, n=n, ctx=ctx) for key, sub in space.spaces.items()}


@create_shared_memory.register(Text)
def _create_text_memory(space: Text, n: int = 1, ctx: ModuleType | Any = mp) -> Any:
    return ctx.Array(np.dtype(np.int32).char, n * space.max_length)


@create_shared_memory.register(OneOf)
def _create_one_of_memory(space: OneOf, n: int = 1, ctx: ModuleType | Any = mp) -> tuple[Any, ...]:
    chosen = ctx.Array(np.dtype(np.int64).char, n)
    return (chosen, *(create_shared_memory(sub, n=n, ctx=ctx) for sub in space.spaces))


@create_shared_memory.register(Graph)
@create_shared_memory.register(Sequence)
def _create_unsized_memory(space: Space[Any], n: int = 1, ctx: ModuleType | Any = mp) -> Any:
    raise SharedMemoryUnsupported(
        f"{space} has no fixed size, so no shared memory can hold it; use "
        "`AsyncVectorEnv(..., shared_memory=False)`."
    )


def _view(memory: Any, dtype: Any) -> np.ndarray[Any, Any]:
    return np.frombuffer(memory.get_obj(), dtype=dtype)


@singledispatch
def read_from_shared_memory(space: Space[Any], shared_memory: SharedMemory, n: int = 1) -> Any:
    """View the shared memory as a batch of ``n`` observations of ``space``.

    The arrays returned share the memory: later writes show through them (copy them to keep a
    snapshot).

    Args:
        space: The observation space of one sub-environment.
        shared_memory: Memory made by :func:`create_shared_memory` for ``space`` and ``n``.
        n: The number of sub-environments.

    Returns:
        The batch: arrays of shape ``(n, *space.shape)``, tuples / dictionaries of them, a tuple
        of strings for ``Text`` and of ``(index, sample)`` pairs for ``OneOf``.

    Raises:
        CustomSpaceError: For a space type with no registered implementation.

    Example:
        >>> import numpy as np
        >>> from gymnasium_core.spaces import Box
        >>> space = Box(0.0, 1.0, shape=(2,))
        >>> memory = create_shared_memory(space, n=2)
        >>> write_to_shared_memory(space, 1, np.ones(2, dtype=np.float32), memory)
        >>> read_from_shared_memory(space, memory, n=2)
        array([[0., 0.],
               [1., 1.]], dtype=float32)
    """
    raise _no_implementation("read_from_shared_memory", space)


@read_from_shared_memory.register(Box)
@read_from_shared_memory.register(Discrete)
@read_from_shared_memory.register(MultiDiscrete)
@read_from_shared_memory.register(MultiBinary)
def _read_array(space: Space[Any], shared_memory: Any, n: int = 1) -> np.ndarray[Any, Any]:
    assert space.shape is not None
    return _view(shared_memory, space.dtype).reshape((n, *space.shape))


@read_from_shared_memory.register(Tuple)
def _read_tuple(space: Tuple, shared_memory: tuple[Any, ...], n: int = 1) -> tuple[Any, ...]:
    pairs = zip(space.spaces, shared_memory, strict=True)
    return tuple(read_from_shared_memory(sub, memory, n=n) for sub, memory in pairs)


@read_from_shared_memory.register(Dict)
def _read_dict(space: Dict, shared_memory: Mapping[str, Any], n: int = 1) -> dict[str, Any]:
    return {
        key: read_from_shared_memory(sub, shared_memory[key], n=n)
        for key, sub in space.spaces.items()
    }


@read_from_shared_memory.register(Text)
def _read_text(space: Text, shared_memory: Any, n: int = 1) -> tuple[str, ...]:
    codes = _view(shared_memory, np.int32).reshape((n, space.max_length))
    alphabet = space.character_list
    # Indices at or past the alphabet's length mark padding after the end of the string.
    return tuple("".join(alphabet[c] for c in row if c < len(alphabet)) for row in codes)


@read_from_shared_memory.register(OneOf)
def _read_one_of(space: OneOf, shared_memory: tuple[Any, ...], n: int = 1) -> tuple[Any, ...]:
    from gymnasium_core.vector.utils.space_utils import batch_space, iterate

    chosen = _view(shared_memory[0], np.int64)
    # Split each member's batch into its n samples with `iterate`: indexing the batch with the
    # sub-environment's number only works for array and Text members (Gymnasium indexes, so a
    # Tuple or Dict member gives the wrong sample or a KeyError there).
    members = [
        list(iterate(batch_space(sub, n), read_from_shared_memory(sub, memory, n=n)))
        for sub, memory in zip(space.spaces, shared_memory[1:], strict=True)
    ]
    return tuple((index, members[index][i]) for i, index in enumerate(chosen))


@singledispatch
def write_to_shared_memory(
    space: Space[Any], index: int, value: Any, shared_memory: SharedMemory
) -> None:
    """Write one sub-environment's observation into its slot of the shared memory.

    Args:
        space: The observation space of one sub-environment.
        index: The sub-environment's index, in ``[0, n)``.
        value: The observation, an element of ``space``.
        shared_memory: Memory made by :func:`create_shared_memory` for ``space``.

    Raises:
        CustomSpaceError: For a space type with no registered implementation.
    """
    raise _no_implementation("write_to_shared_memory", space)


@write_to_shared_memory.register(Box)
@write_to_shared_memory.register(Discrete)
@write_to_shared_memory.register(MultiDiscrete)
@write_to_shared_memory.register(MultiBinary)
def _write_array(space: Space[Any], index: int, value: Any, shared_memory: Any) -> None:
    assert space.shape is not None
    size = math.prod(space.shape)  # `np.prod` costs more than the rest of the write
    slot = _view(shared_memory, space.dtype)[index * size : (index + 1) * size]
    np.copyto(slot, np.asarray(value, dtype=space.dtype).reshape(-1))


@write_to_shared_memory.register(Tuple)
def _write_tuple(space: Tuple, index: int, value: tuple[Any, ...], shared_memory: Any) -> None:
    for sub, item, memory in zip(space.spaces, value, shared_memory, strict=True):
        write_to_shared_memory(sub, index, item, memory)


@write_to_shared_memory.register(Dict)
def _write_dict(space: Dict, index: int, value: Mapping[str, Any], shared_memory: Any) -> None:
    for key, sub in space.spaces.items():
        write_to_shared_memory(sub, index, value[key], shared_memory[key])


@write_to_shared_memory.register(Text)
def _write_text(space: Text, index: int, value: str, shared_memory: Any) -> None:
    from gymnasium_core.spaces.utils import flatten

    size = space.max_length
    slot = _view(shared_memory, np.int32)[index * size : (index + 1) * size]
    np.copyto(slot, np.asarray(flatten(space, value)))


@write_to_shared_memory.register(OneOf)
def _write_one_of(space: OneOf, index: int, value: tuple[int, Any], shared_memory: Any) -> None:
    which, sample = value
    np.copyto(_view(shared_memory[0], np.int64)[index : index + 1], which)
    write_to_shared_memory(space.spaces[which], index, sample, shared_memory[1 + which])
