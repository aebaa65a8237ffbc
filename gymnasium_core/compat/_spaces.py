"""Space conversion between ``gymnasium_core.spaces`` and ``gymnasium.spaces``.

Both packages define the same ten space types with the same constructor arguments and the same
sampling algorithms, so a space converts by rebuilding it from its public attributes in the other
package. The random generator of every (sub)space is copied, so the converted space draws exactly
the samples the original would have drawn next, and seeding either one later behaves the same.

Values convert too: only :class:`Graph` samples differ in type between the packages (each has its
own ``GraphInstance`` named tuple), so values are walked only when a space contains a graph.

A space type that only one package knows (a third-party ``gymnasium.spaces.Space`` subclass such
as MiniGrid's ``MissionSpace``, or a custom space of ours) crosses as it is: the space keeps its
class, its methods and its random generator, and is adopted into the other package's hierarchy
(see :func:`shared_space`), so both packages accept it wherever they accept a custom space.

The adapters go one step further and give both packages the same space objects:
:func:`shared_space` makes each built-in space an instance of both packages' class of that type
(``isinstance(space, gymnasium_core.spaces.Box)`` and ``isinstance(space,
gymnasium.spaces.Box)`` both hold), with our behaviour. A third-party wrapper that builds
``gymnasium.spaces.Dict({**env.observation_space.spaces, ...})`` and our ``FlattenObservation``
can then both use the spaces of one environment.

Versions: the bridge works with gymnasium 1.0 to 1.4. What differs between them:

* ``gymnasium.spaces.Discrete`` takes a ``dtype`` from 1.2.2 on; before, it is always int64. An
  int64 :class:`Discrete` converts as usual there; one of another dtype crosses as our space,
  also an instance of gymnasium's ``Discrete`` (see :func:`shared_space`), so it keeps its dtype.
* Sample streams: the spaces of gymnasium 1.4 draw what ours draw for the same seed. Before 1.4,
  gymnasium's :class:`Text` and :class:`Graph` draw other samples (every other type draws the
  same), so a converted ``Text`` or ``Graph`` keeps its random state but not its next samples.
"""

from __future__ import annotations

import copy
import functools
import inspect
from types import ModuleType
from typing import Any

import numpy as np

from gymnasium_core.error import CustomSpaceError

__all__ = [
    "shared_space",
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

    A space of a type gymnasium does not know crosses as it is (see :func:`shared_space`), and a
    space that already is a gymnasium space is returned unchanged.
    """
    if isinstance(space, _gym_spaces().Space):
        return space
    return _convert(space, _core_spaces(), _gym_spaces(), "gymnasium.spaces")


def space_from_gymnasium(space: Any) -> Any:
    """Convert a ``gymnasium.spaces`` space into the equal space of ours.

    Args:
        space: A space from ``gymnasium.spaces`` (composite spaces convert recursively).

    Returns:
        The :mod:`gymnasium_core.spaces` space with the same dtype, bounds, structure and random
        state. A space of a type we do not know (a third-party subclass) crosses as it is, adopted
        into our hierarchy (see :func:`shared_space`); one that already is ours is returned
        unchanged.
    """
    if isinstance(space, _core_spaces().Space):
        return space
    return _convert(space, _gym_spaces(), _core_spaces(), "gymnasium_core.spaces")


def shared_space(space: Any) -> Any:
    """The space as an instance of both packages' space classes, with the same behaviour.

    * A built-in space of either package becomes our space of that type (converted as in
      :func:`space_from_gymnasium`) whose class also derives from gymnasium's class of that type.
      It behaves as ours; gymnasium code sees a ``gymnasium.spaces`` space of the right type.
    * A space of a type only one package knows keeps its class, methods, attributes and random
      generator (shared with the original), and also derives from the other package's ``Space``.
    * A space that already is both is returned unchanged.

    Composite spaces are shared all the way down. The classes pickle and deep-copy.

    Args:
        space: A space of either package.

    Returns:
        A space that is an instance of ``gymnasium_core.spaces.Space`` and
        ``gymnasium.spaces.Space``, equal to ``space``.

    Example:
        >>> import gymnasium
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.compat import shared_space
        >>> box = shared_space(gymnasium.spaces.Box(0.0, 1.0, (2,)))
        >>> isinstance(box, gym.spaces.Box), isinstance(box, gymnasium.spaces.Box)
        (True, True)
    """
    core, gym = _core_spaces(), _gym_spaces()
    if isinstance(space, core.Space) and isinstance(space, gym.Space):
        return space
    if _built_in_type(space, gym) is not None:
        space = _convert(space, gym, core, "gymnasium_core.spaces")
    elif isinstance(space, gym.Space):
        return _adopted(space, core.Space)
    if _built_in_type(space, core) is None:
        return _adopted(space, gym.Space)
    _share_in_place(space, core, gym)
    return space


_BUILT_IN = (
    "Box",
    "Discrete",
    "MultiDiscrete",
    "MultiBinary",
    "Text",
    "Tuple",
    "Dict",
    "Sequence",
    "Graph",
    "OneOf",
)


def _built_in_type(space: Any, spaces_module: ModuleType) -> str | None:
    """The name of ``space``'s built-in type in ``spaces_module`` (exact type), or None."""
    kind = type(space)
    return next((name for name in _BUILT_IN if kind is getattr(spaces_module, name)), None)


class _SharedSpace:
    """Base of the classes :func:`shared_space` makes: they pickle by their two parents."""

    # No slots of its own, so an instance of one parent can take the shared class in place.
    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_new_shared, (type(self).__bases__[:2],), self.__dict__)


_shared_classes: dict[tuple[type, type], type] = {}


def _shared_class(first: type, second: type) -> type[Any]:
    """The class deriving from ``first`` then ``second`` (made once per pair)."""
    key = (first, second)
    found: type[Any] | None = _shared_classes.get(key)
    if found is None:
        found = type(first.__name__, (first, second, _SharedSpace), {})
        found.__qualname__ = first.__qualname__
        _shared_classes[key] = found
    return found


def _new_shared(parents: tuple[type, type]) -> Any:
    """An empty instance of the shared class of ``parents``; pickling fills its ``__dict__``."""
    shared = _shared_class(*parents)
    return object.__new__(shared)


def _adopted(space: Any, other_base: type) -> Any:
    """A shallow copy of ``space`` that is also an instance of ``other_base``."""
    shared = _shared_class(type(space), other_base)
    out = object.__new__(shared)
    out.__dict__.update(space.__dict__)
    return out


def _share_in_place(space: Any, core: ModuleType, gym: ModuleType) -> None:
    """Give ``space`` (ours, freshly converted) and its subspaces both packages' classes."""
    name = _built_in_type(space, core)
    if name is None:
        return
    for sub in _subspaces(space, core):
        _share_in_place(sub, core, gym)
    space.__class__ = _shared_class(type(space), getattr(gym, name))


def _subspaces(space: Any, core: ModuleType) -> list[Any]:
    if isinstance(space, core.Tuple | core.OneOf):
        return list(space.spaces)
    if isinstance(space, core.Dict):
        return list(space.spaces.values())
    if isinstance(space, core.Sequence):
        return [space.feature_space]
    if isinstance(space, core.Graph):
        return [s for s in (space.node_space, space.edge_space) if s is not None]
    return []


@functools.cache
def _takes_dtype(discrete_class: type) -> bool:
    """Whether a ``Discrete`` class takes ``dtype`` (ours does, gymnasium's from 1.2.2)."""
    return "dtype" in inspect.signature(discrete_class).parameters


def _convert(space: Any, src: ModuleType, dst: ModuleType, dst_name: str) -> Any:
    """Rebuild ``space`` (a space of package ``src``) with the classes of package ``dst``."""
    kind = type(space)
    if isinstance(space, dst.Space):
        return space  # already a space of dst (ours, shared or adopted)
    if _built_in_type(space, src) is None:
        # A type dst does not know crosses as it is, adopted into dst's hierarchy.
        return _adopted(space, dst.Space)
    if kind is src.Box:
        out = dst.Box(low=space.low, high=space.high, shape=space.shape, dtype=space.dtype)
        # An integer box built with infinite bounds stores the dtype's limits in low/high and
        # remembers the infinity only in these flags (sampling depends on them), so copy them.
        out.bounded_below = np.array(space.bounded_below, copy=True)
        out.bounded_above = np.array(space.bounded_above, copy=True)
    elif kind is src.Discrete:
        if _takes_dtype(dst.Discrete):
            out = dst.Discrete(space.n, start=space.start, dtype=space.dtype)
        elif space.dtype == np.int64:
            out = dst.Discrete(space.n, start=space.start)  # gymnasium < 1.2.2: always int64
        else:
            # A dtype gymnasium < 1.2.2 cannot hold: our space crosses, shared with its class.
            out = copy.copy(space)
            out.__class__ = _shared_class(kind, dst.Discrete)
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
    else:  # pragma: no cover - _built_in_type lists exactly the types above
        raise CustomSpaceError(f"The space {space!r} has no counterpart in {dst_name}.")
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
