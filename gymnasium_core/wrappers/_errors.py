"""Error types for situations where Gymnasium's wrappers fail an ``assert``.

Each is the built-in type that describes the problem and also an :class:`AssertionError`, so
code written against Gymnasium (which catches ``AssertionError`` there) still catches ours.
"""

from __future__ import annotations

__all__ = ["WrapperRuntimeError", "WrapperTypeError", "WrapperValueError"]


class WrapperTypeError(TypeError, AssertionError):
    """A value of the wrong type reached a wrapper (also an ``AssertionError``)."""


class WrapperValueError(ValueError, AssertionError):
    """A value a wrapper cannot use (also an ``AssertionError``)."""


class WrapperRuntimeError(RuntimeError, AssertionError):
    """A wrapper was used in the wrong state (also an ``AssertionError``)."""
