"""Action checks shared by the Box2D environments."""

from __future__ import annotations

from typing import Any

from gymnasium_core import spaces

__all__ = ["discrete_index"]


def discrete_index(
    action: Any, space: spaces.Discrete, error_type: type[Exception], env_name: str
) -> int:
    """The index of a discrete ``action`` (``space`` starting at 0), or ``error_type`` if invalid.

    A plain ``int`` in range is accepted without going through ``space.contains``, which is the
    common case and much the cheaper.

    Args:
        action: The action given to ``step``.
        space: The env's ``Discrete`` action space (``start == 0``).
        error_type: The exception the reference raises for an invalid action.
        env_name: Named in the message.

    Returns:
        ``action`` as an int in ``[0, space.n)``.

    Raises:
        Exception: ``error_type``, when ``action`` is not in ``space``.
    """
    if action.__class__ is int and 0 <= action < space.n:
        return action
    if not space.contains(action):
        raise error_type(
            f"{env_name}: {action!r} ({type(action).__name__}) is not an action of {space}; "
            f"expected an int in 0..{int(space.n) - 1}."
        )
    return int(action)
