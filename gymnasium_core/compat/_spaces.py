"""Space conversion between ``gymnasium_core.spaces`` and ``gymnasium.spaces``.

Both packages define the same ten space types with the same constructor arguments and the same
sampling algorithms, so a space converts by rebuilding it from its public attributes in the other
package. The random generator of every (sub)space is copied, so the converted space draws exactly
the samples the original would have drawn next, and seeding either one later behaves the same.

Values convert too: only :class:`Graph` samples differ in type between the packages (each has its
own ``GraphInstance`` named tuple), so values are walked only when a space contains a graph.
"""

from __future__ import annotations

import copy
from types import ModuleType
from typing import Any

import numpy as np

from gymnasium_core.error import CustomSpaceError

__all__ = [
    "space_from_gymnasium",
    "space_to_gymnasium",
    "value_from_gymnasium",
    "value_to_gymnasium",
]


def _core_spaces() -> ModuleType:
    import gymnasium_core.spaces as core_spaces

    return core_spaces


def _gym_spaces() -> ModuleType:
    import gymnasium.spaces as gym_spaces

    return gym_spaces


def space_to_gymnasium(space: Any) -> Any:
    """Convert one of our spaces into the equal ``gymnasium.spaces`` space.

    Args:
        space: A space from :mod:`gymnasium_core.spaces` (composite spaces convert recursively).

    Returns:
        The ``gymnasium.spaces`` space with the same dtype, bounds, structure and random state.

    Raises:
        CustomSpaceError: If ``space`` (or a subspace) is not one of the built-in space types.
    """
    return _convert(space, _core_spaces(), _gym_spaces(), "gymnasium.spaces")


def space_from_gymnasium(space: Any) -> Any:
    """Convert a ``gymnasium.spaces`` space into the equal space of ours.

    Args:
        space: A space from ``gymnasium.spaces`` (composite spaces convert recursively).

    Returns:
        The :mod:`gymnasium_core.spaces` space with the same dtype, bounds, structure and random
        state.

    Raises:
        CustomSpaceError: If ``space`` (or a subspace) is not one of the built-in space types.
    """
    return _convert(space, _gym_spaces(), _core_spaces(), "gymnasium_core.spaces")


def _convert(space: Any, src: ModuleType, dst: ModuleType, dst_name: str) -> Any:
    """Rebuild ``space`` (a space of package ``src``) with the classes of package ``dst``."""
    kind = type(space)
    if kind is src.Box:
        out = dst.Box(low=space.low, high=space.high, shape=space.shape, dtype=space.dtype)
        # An integer box built with infinite bounds stores the dtype's limits in low/high and
        # remembers the infinity only in these flags (sampling depends on them), so copy them.
        out.bounded_below = np.array(space.bounded_below, copy=True)
        out.bounded_above = np.array(space.bounded_above, copy=True)
    elif kind is src.Discrete:
        out = dst.Discrete(space.n, start=space.start, dtype=space.dtype)
    elif kind is src.MultiDiscrete:
        out = dst.MultiDiscrete(space.nvec, dtype=space.dtype, start=space.start)
    elif kind is src.MultiBinary:
        out = dst.MultiBinary(space.n)
    elif kind is src.Text:
        # The character order drives sampling, so pass it as an ordered string.
        out = dst.Text(
            space.max_length,
            min_length=space.min_length,
            charset="".join(space.character_list),
        )
    elif kind is src.Tuple:
        out = dst.Tuple([_convert(sub, src, dst, dst_name) for sub in space.spaces])
    elif kind is src.Dict:
        out = dst.Dict(
            {key: _convert(sub, src, dst, dst_name) for key, sub in space.spaces.items()}
        )
    elif kind is src.Sequence:
        out = dst.Sequence(_convert(space.feature_space, src, dst, dst_name), stack=space.stack)
    elif kind is src.Graph:
        edge_space = space.edge_space
        out = dst.Graph(
            node_space=_convert(space.node_space, src, dst, dst_name),
            edge_space=None if edge_space is None else _convert(edge_space, src, dst, dst_name),
        )
    elif kind is src.OneOf:
        out = dst.OneOf([_convert(sub, src, dst, dst_name) for sub in space.spaces])
    else:
        raise CustomSpaceError(
            f"The space {space!r} (type {kind.__module__}.{kind.__qualname__}) has no "
            f"counterpart in {dst_name}: only the built-in space types Box, Discrete, "
            "MultiDiscrete, MultiBinary, Text, Tuple, Dict, Sequence, Graph and OneOf convert."
        )
    rng = getattr(space, "_np_random", None)
    if rng is not None:
        out._np_random = copy.deepcopy(rng)
    return out


def _has_graph(space: Any, spaces_module: ModuleType) -> bool:
    """Whether ``space`` holds a :class:`Graph` anywhere in its structure."""
    if isinstance(space, spaces_module.Graph):
        return True
    if isinstance(space, spaces_module.Tuple | spaces_module.OneOf):
        return any(_has_graph(sub, spaces_module) for sub in space.spaces)
    if isinstance(space, spaces_module.Dict):
        return any(_has_graph(sub, spaces_module) for sub in space.spaces.values())
    if isinstance(space, spaces_module.Sequence):
        return _has_graph(space.feature_space, spaces_module)
    return False


def value_to_gymnasium(space: Any, value: Any) -> Any:
    """Convert a value of one of our spaces into the value ``gymnasium``'s equal space holds.

    Values are shared, not copied, except inside spaces that contain a :class:`Graph`, whose
    ``GraphInstance`` is rebuilt as ``gymnasium.spaces.GraphInstance``.

    Args:
        space: Our space that ``value`` belongs to.
        value: The value (an observation or an action).

    Returns:
        The same value, in the types ``gymnasium.spaces`` expects.
    """
    core = _core_spaces()
    if not _has_graph(space, core):
        return value
    return _convert_value(space, value, core, _gym_spaces())


def value_from_gymnasium(space: Any, value: Any) -> Any:
    """Convert a value of a ``gymnasium.spaces`` space into the value our equal space holds.

    Args:
        space: The ``gymnasium.spaces`` space that ``value`` belongs to.
        value: The value (an observation or an action).

    Returns:
        The same value, in the types :mod:`gymnasium_core.spaces` expects.
    """
    gym = _gym_spaces()
    if not _has_graph(space, gym):
        return value
    return _convert_value(space, value, gym, _core_spaces())


def _convert_value(space: Any, value: Any, src: ModuleType, dst: ModuleType) -> Any:
    """Walk ``value`` along ``space`` (of package ``src``), rebuilding graph instances."""
    if isinstance(space, src.Graph):
        if isinstance(value, tuple) and len(value) == 3:
            return dst.GraphInstance(*value)
        return value
    if isinstance(space, src.Tuple) and isinstance(value, tuple | list):
        return tuple(
            _convert_value(sub, item, src, dst)
            for sub, item in zip(space.spaces, value, strict=True)
        )
    if isinstance(space, src.Dict) and isinstance(value, dict):
        return {
            key: _convert_value(space.spaces[key], item, src, dst) if key in space.spaces else item
            for key, item in value.items()
        }
    if isinstance(space, src.Sequence):
        if space.stack:
            return _convert_stacked_value(space.feature_space, value, src, dst)
        if isinstance(value, tuple | list):
            return tuple(_convert_value(space.feature_space, item, src, dst) for item in value)
        return value
    if isinstance(space, src.OneOf) and isinstance(value, tuple) and len(value) == 2:
        index = value[0]
        return (index, _convert_value(space.spaces[int(index)], value[1], src, dst))
    return value


def _convert_stacked_value(space: Any, value: Any, src: ModuleType, dst: ModuleType) -> Any:
    """Walk a stacked value of ``space`` (laid out as ``batch_space(space, n)`` lays it out).

    Arrays stay arrays; a graph, sequence or one-of batches as a tuple of single values; tuples
    and dicts batch per entry.
    """
    if isinstance(space, src.Tuple) and isinstance(value, tuple | list):
        return tuple(
            _convert_stacked_value(sub, item, src, dst)
            for sub, item in zip(space.spaces, value, strict=True)
        )
    if isinstance(space, src.Dict) and isinstance(value, dict):
        return {
            key: _convert_stacked_value(space.spaces[key], item, src, dst)
            if key in space.spaces
            else item
            for key, item in value.items()
        }
    if isinstance(space, src.Graph | src.Sequence | src.OneOf) and isinstance(value, tuple):
        return tuple(_convert_value(space, item, src, dst) for item in value)
    return value
