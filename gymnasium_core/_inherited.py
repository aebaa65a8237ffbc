"""Wrapper attributes that fall back to the wrapped environment's value until set."""

from __future__ import annotations

from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class Inherited(Generic[T]):
    """A wrapper attribute that reads the wrapped ``env``'s until the wrapper sets its own.

    The wrapper's own value is kept in the instance attribute ``_<name>`` (``_action_space``,
    ``_observation_space``, ``_metadata``, ...), the names Gymnasium uses, so a subclass that
    writes ``self._action_space`` directly, or resets it to ``None``, behaves as it does there.

    Used for spaces and metadata, which a wrapper may change without touching its environment.
    """

    def __init__(self, doc: str) -> None:
        """Describe the attribute with ``doc``."""
        self.__doc__ = doc
        self.name = ""
        self.slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.slot = f"_{name}"

    @overload
    def __get__(self, obj: None, objtype: type | None = None) -> Inherited[T]: ...

    @overload
    def __get__(self, obj: object, objtype: type | None = None) -> T: ...

    def __get__(self, obj: object | None, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        own = obj.__dict__.get(self.slot)
        return getattr(obj.env, self.name) if own is None else own  # type: ignore[attr-defined]

    def __set__(self, obj: object, value: T) -> None:
        obj.__dict__[self.slot] = value
