"""Pickling through constructor arguments, for objects whose state cannot be pickled directly."""

from __future__ import annotations

from typing import Any


class EzPickle:
    """Mixin that pickles an object as the arguments it was constructed with.

    Objects holding native handles (a physics simulator, a window) cannot be pickled as they
    are. Calling ``EzPickle.__init__(self, *args, **kwargs)`` with the constructor's arguments
    makes pickling store only those; unpickling calls the constructor again with them.

    Example:
        ``copy.deepcopy`` goes through the same protocol as pickling:

        >>> import copy
        >>> class Counter(EzPickle):
        ...     def __init__(self, start=0):
        ...         EzPickle.__init__(self, start)
        ...         self.count = start
        >>> copy.deepcopy(Counter(3)).count
        3
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Remember ``args`` and ``kwargs`` to rebuild the object on unpickling."""
        self._ezpickle_args = args
        self._ezpickle_kwargs = kwargs

    def __getstate__(self) -> dict[str, Any]:
        """The constructor arguments; nothing else of the object is stored."""
        return {"_ezpickle_args": self._ezpickle_args, "_ezpickle_kwargs": self._ezpickle_kwargs}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Rebuild the object by calling its constructor with the stored arguments."""
        rebuilt = type(self)(*state["_ezpickle_args"], **state["_ezpickle_kwargs"])
        self.__dict__.update(rebuilt.__dict__)
