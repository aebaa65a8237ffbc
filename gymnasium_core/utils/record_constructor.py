"""Remembering the arguments a wrapper was built with, so an env spec can rebuild it."""

from __future__ import annotations

from typing import Any


class RecordConstructorArgs:
    """Mixin that stores constructor keyword arguments in ``_saved_kwargs``.

    A wrapper that inherits it calls ``RecordConstructorArgs.__init__(self, **kwargs)`` first in
    its own ``__init__``; the spec of the wrapped environment then lists the wrapper with those
    arguments, so :func:`gymnasium_core.make` can rebuild the whole stack from the spec.
    """

    def __init__(self, *, _disable_deepcopy: bool = False, **kwargs: Any) -> None:
        """Store ``kwargs`` (deep-copied unless ``_disable_deepcopy``) unless already stored.

        Args:
            _disable_deepcopy: Keep references to the values instead of copies.
            **kwargs: The constructor's arguments.
        """
        if not hasattr(self, "_saved_kwargs"):
            if not _disable_deepcopy:
                from copy import deepcopy

                kwargs = deepcopy(kwargs)
            self._saved_kwargs: dict[str, Any] = kwargs
