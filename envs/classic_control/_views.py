"""Attributes of the stateful classic-control envs that are views of their one definition.

Gymnasium's classic-control envs keep their physics in plain attributes (``env.gravity``,
``env.LINK_LENGTH_1``) that code reads and writes between steps. Ours keep it in
:attr:`params` (a NamedTuple the functional path also uses). The descriptors here show each
param under the reference's name: reading gives the param, writing replaces it in
``params`` so the next step uses it. Nothing is stored twice.

A subclass may override a class-level constant the way a Gymnasium subclass would
(``class Longer(AcrobotEnv): LINK_LENGTH_1 = 2.0``): :func:`collect_class_overrides` turns
such a value into the default param of that subclass, and keeps the attribute a view. Where
the reference sets the attribute on the instance instead (CartPole's ``gravity``), a value in a
subclass body has no effect in the reference, nor here.
"""

from __future__ import annotations

from typing import Any

__all__ = ["FuncAttrView", "ParamView", "collect_class_overrides"]


class ParamView:
    """A read-write attribute for one field of ``obj.params``.

    Args:
        field: The params field (the attribute's own name when ``None``).
        class_level: Whether reading the attribute on the class gives the field's default (the
            reference has it as a class constant, like Acrobot's ``LINK_LENGTH_1``).
    """

    def __init__(self, field: str | None = None, *, class_level: bool = False) -> None:
        self.field: str = field or ""
        self.class_level = class_level
        self.name = field or ""
        self.class_value: Any = None

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        if not self.field:
            self.field = name
        if self.class_level:
            # The class constant is the params default (the owner names its params type).
            self.class_value = owner._params_type._field_defaults[self.field]  # type: ignore[attr-defined]

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self.class_value if self.class_level else self
        return getattr(obj.params, self.field)

    def __set__(self, obj: Any, value: Any) -> None:
        obj._write_params(**{self.field: value})


class FuncAttrView:
    """A read-write attribute for one attribute of ``obj.func_env`` (static configuration).

    Used for what the functional env holds outside the params: CartPole's
    ``kinematics_integrator``, Acrobot's ``book_or_nips``, the screen size.

    Args:
        attr: The functional env's attribute.
        class_value: What reading the attribute on the class gives (``None``: the descriptor).
    """

    def __init__(self, attr: str, class_value: Any = None) -> None:
        self.attr = attr
        self.class_value = class_value

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self if self.class_value is None else self.class_value
        return getattr(obj.func_env, self.attr)

    def __set__(self, obj: Any, value: Any) -> None:
        setattr(obj.func_env, self.attr, value)


def collect_class_overrides(cls: type) -> dict[str, Any]:
    """Turn plain class-level values that shadow a view into overrides of the view's default.

    Called for every subclass of a stateful env. A value such as ``LINK_LENGTH_1 = 2.0`` in a
    subclass body is replaced by a view of the same kind, and returned (with the overrides
    inherited from the bases) so the constructor can put it into the params.

    Args:
        cls: The new subclass.

    Returns:
        The overrides in force for ``cls``: ``{params field or func-env attribute: value}``,
        the func-env ones keyed ``"func_env." + attribute``.
    """
    inherited: dict[str, Any] = {}
    for base in reversed(cls.__mro__[1:]):
        inherited.update(vars(base).get("_class_overrides", {}))
    overrides = dict(inherited)
    for name, value in list(vars(cls).items()):
        if name.startswith("__") or isinstance(value, ParamView | FuncAttrView):
            continue
        view = _inherited_view(cls, name)
        if view is None or callable(value) or isinstance(value, property):
            continue
        if isinstance(view, ParamView) and not view.class_level:
            # The reference sets this attribute on the instance in ``__init__``, which hides a
            # class-level value: the view stays, and the value has no effect there either.
            replacement: ParamView | FuncAttrView = view
        elif isinstance(view, FuncAttrView) and view.class_value is None:
            replacement = view
        elif isinstance(view, ParamView):
            replacement = ParamView(view.field, class_level=True)
            replacement.name = name
            replacement.class_value = value
            overrides[view.field] = value
        else:
            replacement = FuncAttrView(view.attr, class_value=value)
            overrides["func_env." + view.attr] = value
        setattr(cls, name, replacement)
    return overrides


def _inherited_view(cls: type, name: str) -> ParamView | FuncAttrView | None:
    for base in cls.__mro__[1:]:
        value = vars(base).get(name)
        if isinstance(value, ParamView | FuncAttrView):
            return value
    return None
