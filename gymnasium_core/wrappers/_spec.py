"""A helper for wrappers that record themselves in a field of the environment spec.

:class:`~gymnasium_core.wrappers.TimeLimit` and friends change a spec field instead of
listing themselves in ``additional_wrappers``.
"""

from __future__ import annotations

from copy import deepcopy
from typing import TYPE_CHECKING, Any

from gymnasium_core import logger

if TYPE_CHECKING:
    from gymnasium_core.core import Wrapper
    from gymnasium_core.registration import EnvSpec


def spec_with_fields(wrapper: Wrapper[Any, Any, Any, Any], **fields: Any) -> EnvSpec | None:
    """The inner spec, copied once and cached, with ``fields`` overwritten.

    ``make`` applies :class:`~gymnasium_core.wrappers.TimeLimit`,
    :class:`~gymnasium_core.wrappers.OrderEnforcing` and
    :class:`~gymnasium_core.wrappers.PassiveEnvChecker` from spec fields, so these wrappers
    record themselves there rather than as additional wrappers.

    Args:
        wrapper: The wrapper whose ``_cached_spec`` is used.
        **fields: ``EnvSpec`` attributes and their new values.

    Returns:
        The modified copy, or ``None`` when the inner env has no spec or it cannot be copied.
    """
    if wrapper._cached_spec is not None:
        return wrapper._cached_spec
    inner = wrapper.env.spec
    if inner is None:
        return None
    try:
        changed = deepcopy(inner)
        for name, value in fields.items():
            setattr(changed, name, value)
    except Exception as exc:  # a spec with an uncopyable kwarg: report it and give up
        logger.warn(f"{type(wrapper).__name__} could not copy the spec {inner} ({exc}).")
        return None
    wrapper._cached_spec = changed
    return changed
