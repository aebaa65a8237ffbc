"""Compare what two environments return: exactly, or within a stated tolerance.

:func:`assert_same` walks nested results (dicts, tuples, lists, arrays, scalars) and fails with
the path of the first difference. By default the comparison is exact: equal Python and numpy
types, equal dtypes and shapes, and arrays equal byte for byte. A :class:`Tolerance` relaxes
only floating values; integers, booleans, strings and types stay exact.

Example:
    >>> import numpy as np
    >>> assert_same({"x": np.float32(1.0)}, {"x": np.float32(1.0)})
    >>> close = Tolerance(atol=1e-6)
    >>> assert_same(np.array([1.0, 2.0]), np.array([1.0, 2.0 + 1e-9]), tolerance=close)
    >>> assert_same(1.0, np.float64(1.0))
    Traceback (most recent call last):
    ...
    AssertionError: value: the reference gives numpy.float64, ours gives builtins.float
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = [
    "DEFAULT_SPEC_FIELDS",
    "Tolerance",
    "assert_interface_equal",
    "assert_raises_like",
    "assert_reset_equal",
    "assert_same",
    "assert_spaces_equal",
    "assert_step_equal",
]


@dataclass(frozen=True)
class Tolerance:
    """How far floating values may differ: ``|ours - reference| <= atol + rtol * |reference|``.

    State the reason next to each tolerance you use (float32 arithmetic, another operation
    order, another physics backend); exact comparison is the default everywhere.

    Attributes:
        rtol: Relative tolerance.
        atol: Absolute tolerance.
    """

    rtol: float = 0.0
    atol: float = 0.0

    def __post_init__(self) -> None:
        if not (self.rtol >= 0 and self.atol >= 0):
            raise ValueError(
                f"tolerances must be non-negative, got rtol={self.rtol}, atol={self.atol}"
            )


def _type_name(value: Any) -> str:
    cls = type(value)
    return f"{cls.__module__.split('.')[0]}.{cls.__qualname__}"


def _assert_same_type(ours: Any, reference: Any, where: str) -> None:
    assert type(ours) is type(reference), (
        f"{where}: the reference gives {_type_name(reference)}, ours gives {_type_name(ours)}"
    )


def _is_array_like(value: Any) -> bool:
    """Arrays and numpy scalars, and foreign arrays (JAX) that convert through ``__array__``."""
    if isinstance(value, np.ndarray | np.generic):
        return True
    return hasattr(value, "__array__") and not isinstance(value, str | bytes | Mapping)


def _assert_arrays(ours: Any, reference: Any, tolerance: Tolerance | None, where: str) -> None:
    mine, theirs = np.asarray(ours), np.asarray(reference)
    assert mine.dtype == theirs.dtype, (
        f"{where}: dtype {mine.dtype}, the reference has {theirs.dtype}"
    )
    assert mine.shape == theirs.shape, (
        f"{where}: shape {mine.shape}, the reference has {theirs.shape}"
    )
    if tolerance is not None and mine.dtype.kind in "fc":
        close = np.isclose(mine, theirs, rtol=tolerance.rtol, atol=tolerance.atol, equal_nan=True)
        if not close.all():
            worst = float(np.nanmax(np.abs(mine - theirs), initial=0.0))
            raise AssertionError(
                f"{where}: {int((~close).sum())} of {close.size} values differ beyond {tolerance}"
                f" (largest difference {worst:g}):\nours      {mine!r}\nreference {theirs!r}"
            )
        return
    if mine.dtype.kind in "biufc":
        # Byte for byte: also tells -0.0 from 0.0 and keeps NaNs comparable.
        same = mine.tobytes() == theirs.tobytes()
    else:
        same = bool(np.array_equal(mine, theirs))
    assert same, f"{where}: arrays differ:\nours      {mine!r}\nreference {theirs!r}"


def _assert_scalars(ours: Any, reference: Any, tolerance: Tolerance | None, where: str) -> None:
    if isinstance(reference, float) and isinstance(ours, int | float):
        if math.isnan(reference) and math.isnan(ours):
            return
        if tolerance is not None:
            bound = tolerance.atol + tolerance.rtol * abs(reference)
            assert abs(ours - reference) <= bound, (
                f"{where}: {ours!r} differs from the reference's {reference!r} beyond {tolerance}"
            )
            return
    assert ours == reference, f"{where}: ours is {ours!r}, the reference's is {reference!r}"
    if isinstance(reference, float) and reference == 0 and isinstance(ours, float):
        # Exact means the same float: -0.0 is not 0.0 (1 / x and copysign tell them apart).
        assert math.copysign(1.0, ours) == math.copysign(1.0, reference), (
            f"{where}: ours is {ours!r}, the reference's is {reference!r}"
        )


def assert_same(
    ours: Any,
    reference: Any,
    *,
    tolerance: Tolerance | None = None,
    check_types: bool = True,
    where: str = "value",
) -> None:
    """Assert that ``ours`` equals ``reference``, recursing through dicts, tuples and lists.

    Args:
        ours: The value under test.
        reference: The expected value.
        tolerance: How far floating values may differ; ``None`` (the default) compares exactly,
            arrays byte for byte.
        check_types: Whether every leaf must also have the reference's type (``float`` is not
            ``numpy.float64``, ``bool`` is not ``numpy.bool_``) and containers the same class.
            Dtypes and shapes of arrays are always checked.
        where: A label for the value, used as the start of the path in failure messages.

    Raises:
        AssertionError: Naming the path of the first difference (``step 3: info['prob']``).
    """
    if check_types and not _is_array_like(reference):
        _assert_same_type(ours, reference, where)
    if isinstance(reference, Mapping):
        assert isinstance(ours, Mapping), f"{where}: ours is {_type_name(ours)}, not a mapping"
        assert list(ours) == list(reference), (
            f"{where}: keys {list(ours)}, the reference has {list(reference)}"
        )
        for key, value in reference.items():
            assert_same(
                ours[key],
                value,
                tolerance=tolerance,
                check_types=check_types,
                where=f"{where}[{key!r}]",
            )
    elif isinstance(reference, tuple | list):
        assert isinstance(ours, tuple | list), (
            f"{where}: ours is {_type_name(ours)}, not a sequence"
        )
        assert len(ours) == len(reference), (
            f"{where}: length {len(ours)}, the reference has {len(reference)}"
        )
        for index, (mine, theirs) in enumerate(zip(ours, reference, strict=True)):
            assert_same(
                mine,
                theirs,
                tolerance=tolerance,
                check_types=check_types,
                where=f"{where}[{index}]",
            )
    elif _is_array_like(reference) or _is_array_like(ours):
        if check_types:
            _assert_same_type(ours, reference, where)
        _assert_arrays(ours, reference, tolerance, where)
    else:
        _assert_scalars(ours, reference, tolerance, where)


def assert_step_equal(
    ours: Sequence[Any],
    reference: Sequence[Any],
    *,
    obs_tolerance: Tolerance | None = None,
    reward_tolerance: Tolerance | None = None,
    compare_info: bool = True,
    check_types: bool = True,
    where: str = "step",
) -> None:
    """Assert two ``step`` results ``(obs, reward, terminated, truncated, info)`` are the same.

    Observations (nested ones too) and the floats in ``info`` use ``obs_tolerance``, the reward
    ``reward_tolerance``; ``terminated`` and ``truncated`` are always exact.

    Args:
        ours: Our step result.
        reference: The reference's step result.
        obs_tolerance: Tolerance for observations and info values (``None``: exact).
        reward_tolerance: Tolerance for the reward (``None``: exact).
        compare_info: Whether the info dicts must be the same too.
        check_types: Whether values must have the reference's types (see :func:`assert_same`).
        where: A label for failure messages.
    """
    assert len(ours) == len(reference) == 5, (
        f"{where}: step results have {len(ours)} and {len(reference)} items, expected 5"
    )
    parts = zip(("obs", "reward", "terminated", "truncated", "info"), ours, reference, strict=True)
    tolerances = (obs_tolerance, reward_tolerance, None, None, obs_tolerance)
    for (name, mine, theirs), tolerance in zip(parts, tolerances, strict=True):
        if name == "info" and not compare_info:
            continue
        assert_same(
            mine, theirs, tolerance=tolerance, check_types=check_types, where=f"{where}: {name}"
        )


def assert_reset_equal(
    ours: Sequence[Any],
    reference: Sequence[Any],
    *,
    obs_tolerance: Tolerance | None = None,
    compare_info: bool = True,
    check_types: bool = True,
    where: str = "reset",
) -> None:
    """Assert two ``reset`` results ``(obs, info)`` are the same (see :func:`assert_step_equal`)."""
    assert len(ours) == len(reference) == 2, (
        f"{where}: reset results have {len(ours)} and {len(reference)} items, expected 2"
    )
    assert_same(
        ours[0],
        reference[0],
        tolerance=obs_tolerance,
        check_types=check_types,
        where=f"{where}: obs",
    )
    if compare_info:
        assert_same(
            ours[1],
            reference[1],
            tolerance=obs_tolerance,
            check_types=check_types,
            where=f"{where}: info",
        )


_SPACE_FIELDS = ("shape", "dtype", "low", "high", "n", "start", "nvec")


def assert_spaces_equal(ours: Any, reference: Any, *, where: str = "space") -> None:
    """Assert two spaces (of any package that follows Gymnasium's) describe the same set.

    Compares the class name, the printed form, and the fields ``shape``, ``dtype``, ``low``,
    ``high``, ``n``, ``start`` and ``nvec`` where the reference has them, recursing into the
    sub-spaces of ``Tuple`` and ``Dict`` spaces. Bounds are compared by value (with their
    dtype and shape), as the sets they bound: ``-0.0`` and ``0.0`` are the same bound.
    """
    assert type(ours).__name__ == type(reference).__name__, (
        f"{where}: ours is a {type(ours).__name__}, the reference's a {type(reference).__name__}"
    )
    for name in _SPACE_FIELDS:
        if hasattr(reference, name):
            assert hasattr(ours, name), f"{where}: has no {name}"
            mine, theirs = getattr(ours, name), getattr(reference, name)
            # Bounds are compared as the sets they bound: -0.0 and 0.0 bound the same set.
            by_value = Tolerance() if name in ("low", "high") else None
            assert_same(
                mine,
                theirs,
                tolerance=by_value,
                check_types=name != "dtype",
                where=f"{where}.{name}",
            )
    children = getattr(reference, "spaces", None)
    if isinstance(children, Mapping):
        assert list(ours.spaces) == list(children), f"{where}: keys differ"
        for key, child in children.items():
            assert_spaces_equal(ours.spaces[key], child, where=f"{where}[{key!r}]")
    elif isinstance(children, tuple):
        assert len(ours.spaces) == len(children), f"{where}: lengths differ"
        for index, child in enumerate(children):
            assert_spaces_equal(ours.spaces[index], child, where=f"{where}[{index}]")
    assert str(ours) == str(reference), f"{where}: ours is {ours}, the reference's is {reference}"


DEFAULT_SPEC_FIELDS: tuple[str, ...] = (
    "id",
    "namespace",
    "name",
    "version",
    "reward_threshold",
    "nondeterministic",
    "max_episode_steps",
    "order_enforce",
    "disable_env_checker",
    "kwargs",
)
"""The :class:`~gymnasium_core.registration.EnvSpec` fields :func:`assert_interface_equal`
compares by default: all but the entry points and the wrapper list, which name each package's
own classes."""


def assert_interface_equal(
    ours: Any,
    reference: Any,
    *,
    spec_fields: Sequence[str] = DEFAULT_SPEC_FIELDS,
    spaces: bool = True,
) -> None:
    """Assert two made environments show the same spaces, metadata and spec fields.

    Args:
        ours: Our environment (as ``make`` returns it).
        reference: The reference's environment, made with the same id and kwargs.
        spec_fields: The spec fields to compare.
        spaces: Whether to compare the observation and action spaces too
            (:func:`assert_spaces_equal`).
    """
    if spaces:
        assert_spaces_equal(
            ours.observation_space, reference.observation_space, where="observation_space"
        )
        assert_spaces_equal(ours.action_space, reference.action_space, where="action_space")
    mine, theirs = ours.unwrapped.metadata, reference.unwrapped.metadata
    assert mine == theirs, f"metadata: ours is {mine}, the reference's {theirs}"
    for field in spec_fields:
        mine, theirs = getattr(ours.spec, field), getattr(reference.spec, field)
        assert mine == theirs, f"spec.{field}: ours is {mine!r}, the reference's {theirs!r}"


def assert_raises_like(
    ours: Callable[[], object], reference: Callable[[], object], *, where: str = "call"
) -> Exception:
    """Assert that ``ours()`` raises the exception type ``reference()`` raises.

    Bad input must fail the way it fails with the reference, so code that catches the
    reference's exception keeps working: the reference's exception type is the oracle, and
    ours may be that type or a subclass of it (one of :mod:`gymnasium_core.error`, say).

    Args:
        ours: Calls our implementation with the bad input.
        reference: Calls the reference's implementation with the same input.
        where: A label for failure messages.

    Returns:
        Our exception, for further checks of its message.

    Raises:
        AssertionError: If the reference raises nothing (the input is not bad there), or ours
            raises nothing or an exception of another type.
    """
    try:
        reference()
    except Exception as exc:  # whatever the reference raises is what is expected
        expected = type(exc)
    else:
        raise AssertionError(f"{where}: the reference raises nothing, so nothing is expected")
    try:
        ours()
    except expected as exc:
        return exc
    except Exception as exc:
        raise AssertionError(
            f"{where}: the reference raises {expected.__name__}, ours {type(exc).__name__}: {exc}"
        ) from exc
    raise AssertionError(f"{where}: the reference raises {expected.__name__}, ours nothing")
