"""Attributes of the stateful classic-control envs that are views of their one definition.

Gymnasium's classic-control envs keep their physics in plain attributes (``env.gravity``,
``env.length``) that code reads and writes between steps. Ours keep it in :attr:`params` (a
NamedTuple the functional path also uses). The descriptors here show each param under the
reference's name: reading gives the param, writing replaces it in ``params`` so the next step
uses it. Nothing is stored twice.

The reference sets these attributes on the instance in ``__init__``, so a value given in a
subclass body has no effect there; :func:`keep_views` keeps it so here too. (Acrobot's
constants are class constants in the reference; ``AcrobotEnv`` handles them itself.)
"""

from __future__ import annotations

from typing import Any

__all__ = ["FuncAttrView", "ParamView", "keep_views"]


class ParamView:
    """A read-write attribute for one field of ``obj.params``.

    Args:
        field: The params field (the attribute's own name when ``None``).
    """

    def __init__(self, field: str | None = None) -> None:
        self.field: str = field or ""

    def __set_name__(self, owner: type, name: str) -> None:
        if not self.field:
            self.field = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        return getattr(obj.params, self.field)

    def __set__(self, obj: Any, value: Any) -> None:
        obj._write_params(**{self.field: value})


class FuncAttrView:
    """A read-write attribute for one attribute of ``obj.func_env`` (static configuration).

    Used for what the functional env holds outside the params: CartPole's
    ``kinematics_integrator``, the screen size.

    Args:
        attr: The functional env's attribute.
    """

    def __init__(self, attr: str) -> None:
        self.attr = attr

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        return getattr(obj.func_env, self.attr)

    def __set__(self, obj: Any, value: Any) -> None:
        setattr(obj.func_env, self.attr, value)


def keep_views(cls: type) -> None:
    """Put the inherited view back where a subclass body shadows it with a plain value.

    Args:
        cls: The new subclass.
    """
    for name, value in list(vars(cls).items()):
        if name.startswith("__") or callable(value) or isinstance(value, property):
            continue
        for base in cls.__mro__[1:]:
            view = vars(base).get(name)
            if isinstance(view, ParamView | FuncAttrView):
                setattr(cls, name, view)
                break
