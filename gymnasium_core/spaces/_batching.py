"""Batching of spaces and of their samples, as vector environments batch them.

This module lives beside the spaces so that the spaces can batch without importing
:mod:`gymnasium_core.vector`; :mod:`gymnasium_core.vector.utils` re-exports its functions at
the reference's paths, as the same function objects.

* :func:`batch_space` turns a single space into the space of ``n`` stacked samples.
* :func:`batch_differing_spaces` does the same for ``n`` spaces of one type whose parameters differ.
* :func:`concatenate` stacks ``n`` samples into a batch (into a preallocated ``out``).
* :func:`iterate` walks through the samples of a batch.
* :func:`create_empty_array` preallocates the ``out`` that :func:`concatenate` fills.

Each is a :func:`functools.singledispatch` function, so a custom space type can register its own
implementation.

Fixed-shape spaces (``Box``, ``Discrete``, ``MultiDiscrete``, ``MultiBinary``) batch into
arrays with a leading axis; ``Tuple`` and ``Dict`` batch member-wise; spaces without a fixed shape
(``Text``, ``Graph``, ``Sequence``, ``OneOf`` and custom spaces) batch into a ``Tuple`` of ``n``
independent copies and their samples into a tuple.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from collections.abc import Sequence as PySequence
from copy import deepcopy
from functools import singledispatch
from typing import Any

import numpy as np

from gymnasium_core.error import CustomSpaceError
from gymnasium_core.spaces.box import Box
from gymnasium_core.spaces.dict import Dict
from gymnasium_core.spaces.discrete import Discrete
from gymnasium_core.spaces.graph import Graph, GraphInstance
from gymnasium_core.spaces.multi_binary import MultiBinary
from gymnasium_core.spaces.multi_discrete import MultiDiscrete
from gymnasium_core.spaces.oneof import OneOf
from gymnasium_core.spaces.sequence import Sequence
from gymnasium_core.spaces.space import Space
from gymnasium_core.spaces.text import Text
from gymnasium_core.spaces.tuple import Tuple

__all__ = ["batch_differing_spaces", "batch_space", "concatenate", "create_empty_array", "iterate"]

# A seed for a batched space is drawn below this bound (as the reference does, so that the
# copies of an unbatchable space sample the same values as the reference's).
_SEED_BOUND = int(1e8)


def _rng_copy(space: Space[Any]) -> np.random.Generator:
    """A copy of ``space``'s generator, so the batched space samples as the original would."""
    return deepcopy(space.np_random)


@singledispatch
def batch_space(space: Space[Any], n: int = 1) -> Space[Any]:
    """The space of ``n`` stacked samples of ``space``.

    Args:
        space: The space of one sample (e.g. one sub-environment's observation space).
        n: The number of samples in a batch.

    Returns:
        The batched space; its generator starts as a copy of ``space``'s.

    Raises:
        TypeError: If ``space`` is not a :class:`~gymnasium_core.spaces.Space`.

    Example:
        >>> from gymnasium_core.spaces import Box, Discrete
        >>> batch_space(Box(0.0, 1.0, shape=(2,)), n=3)
        Box(0.0, 1.0, (3, 2), float32)
        >>> batch_space(Discrete(4), n=3)
        MultiDiscrete([4 4 4])
    """
    raise TypeError(
        f"`batch_space` needs a `gymnasium_core.spaces.Space`, got {type(space)}: {space}"
    )


@batch_space.register(Box)
def _batch_box(space: Box, n: int = 1) -> Box:
    reps = (n,) + (1,) * space.low.ndim
    return Box(
        low=np.tile(space.low, reps),
        high=np.tile(space.high, reps),
        dtype=space.dtype,
        seed=_rng_copy(space),
    )


@batch_space.register(Discrete)
def _batch_discrete(space: Discrete, n: int = 1) -> MultiDiscrete:
    sizes, offsets = (np.full(n, value, dtype=space.dtype) for value in (space.n, space.start))
    return MultiDiscrete(sizes, dtype=space.dtype, seed=_rng_copy(space), start=offsets)


@batch_space.register(MultiDiscrete)
def _batch_multi_discrete(space: MultiDiscrete, n: int = 1) -> Box:
    reps = (n,) + (1,) * space.nvec.ndim
    low = np.tile(space.start, reps)
    return Box(
        low=low,
        high=low + np.tile(space.nvec, reps) - 1,
        dtype=space.dtype,
        seed=_rng_copy(space),
    )


@batch_space.register(MultiBinary)
def _batch_multi_binary(space: MultiBinary, n: int = 1) -> Box:
    return Box(
        low=0,
        high=1,
        shape=(n, *space.shape),
        dtype=space.dtype,
        seed=_rng_copy(space),
    )


@batch_space.register(Tuple)
def _batch_tuple(space: Tuple, n: int = 1) -> Tuple:
    return Tuple(tuple(batch_space(sub, n=n) for sub in space.spaces), seed=_rng_copy(space))


@batch_space.register(Dict)
def _batch_dict(space: Dict, n: int = 1) -> Dict:
    members = {key: batch_space(sub, n=n) for key, sub in space.items()}
    return Dict(members, seed=_rng_copy(space), sort_keys=space.sort_keys)


@batch_space.register(Graph)
@batch_space.register(Text)
@batch_space.register(Sequence)
@batch_space.register(OneOf)
@batch_space.register(Space)
def _batch_as_tuple(space: Space[Any], n: int = 1) -> Tuple:
    # Independent deep copies: sharing one generator between the copies (or with the original
    # space) would make their samples depend on each other.
    batched = Tuple(tuple(deepcopy(space) for _ in range(n)), seed=_rng_copy(space))
    seeds = _rng_copy(space).integers(0, _SEED_BOUND, n)
    batched.seed([int(seed) for seed in seeds])
    return batched


@singledispatch
def batch_differing_spaces(spaces: Any) -> Space[Any]:  # a sequence of spaces of one type
    """One batched space for spaces of one type whose parameters differ (bounds, ``n``, ...).

    Args:
        spaces: The spaces of each sub-environment, all of the same type (and, for array spaces,
            the same shape and dtype).

    Returns:
        The batched space, seeded with a copy of the first space's generator.

    Raises:
        ValueError: If ``spaces`` is empty or its shapes, dtypes or keys differ.
        TypeError: If the spaces are of different types or of a type with no implementation.

    Example:
        >>> from gymnasium_core.spaces import Discrete
        >>> batch_differing_spaces([Discrete(2), Discrete(5)])
        MultiDiscrete([2 5])
    """
    if len(spaces) == 0:
        raise ValueError("`batch_differing_spaces` needs at least one space.")
    first_type = type(spaces[0])
    if not all(isinstance(space, first_type) for space in spaces):
        raise TypeError(
            f"`batch_differing_spaces` needs spaces of one type, got {[type(s) for s in spaces]}."
        )
    if first_type not in batch_differing_spaces.registry:
        raise TypeError(
            f"No `batch_differing_spaces` implementation is registered for {first_type}."
        )
    return batch_differing_spaces.dispatch(first_type)(spaces)


def _require_equal(what: str, values: list[Any]) -> None:
    if any(value != values[0] for value in values[1:]):
        raise ValueError(f"`batch_differing_spaces` needs equal {what}, got {values}.")


def _stacked(spaces: PySequence[Any], attribute: str) -> np.ndarray[Any, Any]:
    """One attribute of every space, stacked along a new leading axis."""
    return np.stack([np.asarray(getattr(member, attribute)) for member in spaces])


@batch_differing_spaces.register(Box)
def _batch_differing_boxes(spaces: PySequence[Box]) -> Box:
    _require_equal("dtypes", [space.dtype for space in spaces])
    _require_equal("Box.low shapes", [space.low.shape for space in spaces])
    _require_equal("Box.high shapes", [space.high.shape for space in spaces])
    return Box(
        _stacked(spaces, "low"),
        _stacked(spaces, "high"),
        dtype=spaces[0].dtype,
        seed=_rng_copy(spaces[0]),
    )


@batch_differing_spaces.register(Discrete)
def _batch_differing_discretes(spaces: PySequence[Discrete]) -> MultiDiscrete:
    # The widest integer dtype holds every member's values.
    widest = max((np.dtype(space.dtype) for space in spaces), key=lambda dtype: dtype.itemsize)
    return MultiDiscrete(
        nvec=_stacked(spaces, "n"),
        dtype=widest,
        start=_stacked(spaces, "start"),
        seed=_rng_copy(spaces[0]),
    )


@batch_differing_spaces.register(MultiDiscrete)
def _batch_differing_multi_discretes(spaces: PySequence[MultiDiscrete]) -> Box:
    _require_equal("dtypes", [space.dtype for space in spaces])
    _require_equal("MultiDiscrete.nvec shapes", [space.nvec.shape for space in spaces])
    _require_equal("MultiDiscrete.start shapes", [space.start.shape for space in spaces])
    first_values = _stacked(spaces, "start")
    return Box(
        first_values,
        first_values + _stacked(spaces, "nvec") - 1,
        dtype=spaces[0].dtype,
        seed=_rng_copy(spaces[0]),
    )


@batch_differing_spaces.register(MultiBinary)
def _batch_differing_multi_binaries(spaces: PySequence[MultiBinary]) -> Box:
    _require_equal("MultiBinary shapes", [space.shape for space in spaces])
    return Box(
        low=0,
        high=1,
        shape=(len(spaces), *spaces[0].shape),
        dtype=spaces[0].dtype,
        seed=_rng_copy(spaces[0]),
    )


@batch_differing_spaces.register(Tuple)
def _batch_differing_tuples(spaces: PySequence[Tuple]) -> Tuple:
    columns = zip(*(space.spaces for space in spaces), strict=True)
    return Tuple(
        tuple(batch_differing_spaces(list(column)) for column in columns),
        seed=_rng_copy(spaces[0]),
    )


@batch_differing_spaces.register(Dict)
def _batch_differing_dicts(spaces: PySequence[Dict]) -> Dict:
    _require_equal("Dict keys", [list(space.keys()) for space in spaces])
    members = {key: batch_differing_spaces([space[key] for space in spaces]) for key in spaces[0]}
    return Dict(members, seed=_rng_copy(spaces[0]), sort_keys=spaces[0].sort_keys)


@batch_differing_spaces.register(Graph)
@batch_differing_spaces.register(Text)
@batch_differing_spaces.register(Sequence)
@batch_differing_spaces.register(OneOf)
def _batch_differing_as_tuple(spaces: PySequence[Space[Any]]) -> Tuple:
    return Tuple([deepcopy(space) for space in spaces], seed=_rng_copy(spaces[0]))


@singledispatch
def iterate(space: Space[Any], items: Any) -> Iterator[Any]:
    """Iterate over the single samples held in a batch.

    Args:
        space: The batched space (e.g. a vector environment's ``action_space``).
        items: A batch, an element of ``space``.

    Returns:
        An iterator over the ``n`` single samples.

    Raises:
        CustomSpaceError: If ``space`` is of a type with no registered implementation.
        TypeError: If ``space`` is not a space, or is ``Discrete`` (which holds one sample).

    Example:
        >>> import numpy as np
        >>> from gymnasium_core.spaces import Box
        >>> list(iterate(Box(0, 9, shape=(2, 2), dtype=np.int64), np.array([[1, 2], [3, 4]])))
        [array([1, 2]), array([3, 4])]
    """
    if isinstance(space, Space):
        raise CustomSpaceError(
            f"No `iterate` implementation is registered for {type(space)}; register one with "
            "`iterate.register`."
        )
    raise TypeError(f"`iterate` needs a `gymnasium_core.spaces.Space`, got {type(space)}: {space}")


@iterate.register(Discrete)
def _iterate_discrete(space: Discrete, items: Any) -> Iterator[Any]:
    raise TypeError("A `Discrete` space holds a single sample: it cannot be iterated over.")


@iterate.register(Box)
@iterate.register(MultiDiscrete)
@iterate.register(MultiBinary)
def _iterate_array(space: Space[Any], items: Any) -> Iterator[Any]:
    try:
        return iter(items)
    except TypeError as exc:
        raise TypeError(f"Cannot iterate over the batch {items!r}.") from exc


@iterate.register(Tuple)
def _iterate_tuple(space: Tuple, items: tuple[Any, ...]) -> Iterator[Any]:
    if all(type(sub) in iterate.registry for sub in space.spaces):
        # A batched Tuple: walk through its members together.
        columns = [iterate(sub, items[i]) for i, sub in enumerate(space.spaces)]
        return zip(*columns, strict=True)
    # A Tuple of copies of an unbatchable space: its elements are the samples themselves.
    try:
        return iter(items)
    except Exception as exc:
        missing = [type(sub) for sub in space.spaces if type(sub) not in iterate.registry]
        raise CustomSpaceError(
            f"Cannot iterate over {space}: {missing} have no registered `iterate` and "
            f"`iter(items)` failed with {exc}."
        ) from exc


@iterate.register(Dict)
def _iterate_dict(space: Dict, items: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    keys = list(space.spaces)
    columns = [iterate(space.spaces[key], items[key]) for key in keys]
    for row in zip(*columns, strict=True):
        yield dict(zip(keys, row, strict=True))


@singledispatch
def concatenate(space: Space[Any], items: Iterable[Any], out: Any) -> Any:
    """Stack single samples of ``space`` into one batch.

    Args:
        space: The space of one sample (e.g. ``single_observation_space``).
        items: The samples, one per sub-environment.
        out: Where to write the batch, as made by :func:`create_empty_array` (array spaces are
            written in place; unbatchable spaces ignore it).

    Returns:
        The batch: ``out`` itself for array spaces, new tuples / dictionaries around them.

    Raises:
        TypeError: If ``space`` is not a :class:`~gymnasium_core.spaces.Space`.

    Example:
        >>> import numpy as np
        >>> from gymnasium_core.spaces import Box
        >>> space = Box(0.0, 1.0, shape=(2,))
        >>> concatenate(space, [np.zeros(2), np.ones(2)], np.empty((2, 2), dtype=np.float32))
        array([[0., 0.],
               [1., 1.]], dtype=float32)
    """
    raise TypeError(
        f"`concatenate` needs a `gymnasium_core.spaces.Space`, got {type(space)}: {space}"
    )


@concatenate.register(Box)
@concatenate.register(Discrete)
@concatenate.register(MultiDiscrete)
@concatenate.register(MultiBinary)
def _concatenate_array(space: Space[Any], items: Iterable[Any], out: np.ndarray[Any, Any]) -> Any:
    # `np.stack` by hand: the same casting rule and shape check at half its overhead.
    return np.concatenate([np.asarray(item)[np.newaxis] for item in items], axis=0, out=out)


@concatenate.register(Tuple)
def _concatenate_tuple(space: Tuple, items: Iterable[Any], out: tuple[Any, ...]) -> tuple[Any, ...]:
    samples = list(items)
    return tuple(
        concatenate(sub, [sample[i] for sample in samples], out[i])
        for i, sub in enumerate(space.spaces)
    )


@concatenate.register(Dict)
def _concatenate_dict(space: Dict, items: Iterable[Any], out: Mapping[str, Any]) -> dict[str, Any]:
    samples = list(items)
    return {
        key: concatenate(sub, [sample[key] for sample in samples], out[key])
        for key, sub in space.items()
    }


@concatenate.register(Graph)
@concatenate.register(Text)
@concatenate.register(Sequence)
@concatenate.register(OneOf)
@concatenate.register(Space)
def _concatenate_as_tuple(space: Space[Any], items: Iterable[Any], out: Any) -> tuple[Any, ...]:
    return tuple(items)


ArrayFactory = Callable[..., Any]


@singledispatch
def create_empty_array(space: Space[Any], n: int = 1, fn: ArrayFactory = np.zeros) -> Any:
    """Preallocate a batch of ``n`` samples of ``space`` for :func:`concatenate` to fill.

    The values are placeholders (zeros with ``np.zeros``) and need not lie in the space.

    Args:
        space: The space of one sample.
        n: The number of samples in the batch.
        fn: The array constructor, called as ``fn(shape, dtype=dtype)`` (``np.zeros``,
            ``np.empty``, ...).

    Returns:
        A (possibly nested) array batch; a tuple of placeholders for unbatchable spaces and
        ``None`` for custom spaces.

    Raises:
        TypeError: If ``space`` is not a :class:`~gymnasium_core.spaces.Space`.

    Example:
        >>> from gymnasium_core.spaces import Box
        >>> create_empty_array(Box(0.0, 1.0, shape=(2,)), n=2)
        array([[0., 0.],
               [0., 0.]], dtype=float32)
    """
    raise TypeError(
        f"`create_empty_array` needs a `gymnasium_core.spaces.Space`, got {type(space)}: {space}"
    )


@create_empty_array.register(Box)
@create_empty_array.register(Discrete)
@create_empty_array.register(MultiDiscrete)
@create_empty_array.register(MultiBinary)
def _empty_array(space: Space[Any], n: int = 1, fn: ArrayFactory = np.zeros) -> Any:
    assert space.shape is not None
    return fn((n, *space.shape), dtype=space.dtype)


@create_empty_array.register(Tuple)
def _empty_tuple(space: Tuple, n: int = 1, fn: ArrayFactory = np.zeros) -> tuple[Any, ...]:
    return tuple(create_empty_array(sub, n=n, fn=fn) for sub in space.spaces)


@create_empty_array.register(Dict)
def _empty_dict(space: Dict, n: int = 1, fn: ArrayFactory = np.zeros) -> dict[str, Any]:
    return {key: create_empty_array(sub, n=n, fn=fn) for key, sub in space.items()}


@create_empty_array.register(Graph)
def _empty_graph(space: Graph, n: int = 1, fn: ArrayFactory = np.zeros) -> tuple[Any, ...]:
    edge_space = space.edge_space

    def placeholder() -> GraphInstance:
        if edge_space is None:
            return GraphInstance(create_empty_array(space.node_space, n=1, fn=fn), None, None)
        one_node, one_edge = (
            create_empty_array(sub, 1, fn) for sub in (space.node_space, edge_space)
        )
        return GraphInstance(one_node, one_edge, fn((1, 2), dtype=np.int64))

    return tuple(placeholder() for _ in range(n))


@create_empty_array.register(Text)
def _empty_text(space: Text, n: int = 1, fn: ArrayFactory = np.zeros) -> tuple[str, ...]:
    # The shortest valid string made of the first allowed character.
    return tuple(space.characters[0] * space.min_length for _ in range(n))


@create_empty_array.register(Sequence)
def _empty_sequence(space: Sequence, n: int = 1, fn: ArrayFactory = np.zeros) -> tuple[Any, ...]:
    if space.stack:
        return tuple(create_empty_array(space.feature_space, n=1, fn=fn) for _ in range(n))
    return tuple(() for _ in range(n))


@create_empty_array.register(OneOf)
def _empty_one_of(space: OneOf, n: int = 1, fn: ArrayFactory = np.zeros) -> tuple[Any, ...]:
    return tuple(() for _ in range(n))


@create_empty_array.register(Space)
def _empty_custom(space: Space[Any], n: int = 1, fn: ArrayFactory = np.zeros) -> None:
    return None
