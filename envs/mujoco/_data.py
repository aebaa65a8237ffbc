"""What the task terms read: one simulation's data, a batch of them, or a copy from before a step.

A task's terms (:mod:`._definition`) read MuJoCo's field names (``qpos``, ``xpos``,
``cfrc_ext``, ...) from a *data* object. The native single env hands them its ``MjData``; the
threaded vector env hands them a :class:`StackedData`, whose fields are those of all its
simulations stacked along a leading axis; MJX hands them its ``mjx.Data``. Before the physics
step, the native shells keep a :class:`Snapshot` of just the fields the step's terms read
from the state before it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["Snapshot", "StackedData"]


class StackedData:
    """A read-only view of several ``MjData`` as one batch: field ``f`` is their ``f`` stacked.

    Each field is stacked (copied) on first access and kept, so read it after the physics step
    it describes.

    Args:
        datas: The simulations, one per row.
        fields: Fields already stacked, by name (arrays with one row per simulation), read as
            they are instead of being stacked again.
    """

    def __init__(
        self, datas: Sequence[Any], fields: Mapping[str, NDArray[Any]] | None = None
    ) -> None:
        self._datas = datas
        if fields:
            self.__dict__.update(fields)

    def __getattr__(self, name: str) -> NDArray[Any]:
        if name.startswith("_"):
            raise AttributeError(name)
        # np.array of a list of equal-shaped arrays stacks them (a copy), faster than np.stack
        stacked = np.array([getattr(data, name) for data in self._datas])
        setattr(self, name, stacked)
        return stacked

    def __len__(self) -> int:
        return len(self._datas)


class Snapshot:
    """Copies of some fields of a data object (one simulation's or a stacked batch's).

    Args:
        data: The data to copy from.
        fields: The field names to copy.
    """

    def __init__(self, data: Any, fields: Sequence[str]) -> None:
        # a stacked field is already a fresh copy
        copy = not isinstance(data, StackedData)
        for name in fields:
            value = getattr(data, name)
            setattr(self, name, np.array(value) if copy else value)

    def __getattr__(self, name: str) -> NDArray[Any]:
        # Called only for a field that was not copied: name the fix, not just the field.
        raise AttributeError(
            f"{name!r} was not kept from before the step; a term that reads it from the "
            "previous state must list it in its definition's before_fields"
        )
