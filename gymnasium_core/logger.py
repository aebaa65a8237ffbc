"""Logging of messages and warnings for gymnasium_core.

Warnings go through :mod:`warnings` with :class:`GymnasiumCoreWarning` (a ``UserWarning``)
as the default category, so they can be filtered or turned into errors; informational
messages are printed when their level is at least :data:`min_level`.
"""

from __future__ import annotations

import sys
import warnings

DEBUG = 10
INFO = 20
WARN = 30
ERROR = 40
DISABLED = 50

min_level = WARN

# ANSI foreground colour codes by name (the background code is the same plus 10).
_COLOURS = {
    "gray": 30,
    "red": 31,
    "green": 32,
    "yellow": 33,
    "blue": 34,
    "magenta": 35,
    "cyan": 36,
    "white": 37,
    "crimson": 38,
}


class GymnasiumCoreWarning(UserWarning):
    """The default category of the warnings that gymnasium_core emits."""


def set_level(level: int) -> None:
    """Set the lowest level of message that is shown.

    Args:
        level: One of ``DEBUG``, ``INFO``, ``WARN``, ``ERROR`` or ``DISABLED``.
    """
    global min_level
    min_level = level


def colorize(string: str, color: str, bold: bool = False, highlight: bool = False) -> str:
    """Wrap ``string`` in ANSI escape codes for a terminal colour.

    Args:
        string: The text.
        color: One of ``gray``, ``red``, ``green``, ``yellow``, ``blue``, ``magenta``, ``cyan``,
            ``white`` or ``crimson``.
        bold: Whether to make the text bold.
        highlight: Whether to colour the background rather than the text.

    Returns:
        The text with the escape codes around it.
    """
    code = _COLOURS[color] + (10 if highlight else 0)
    attrs = [str(code)] + (["1"] if bold else [])
    return f"\x1b[{';'.join(attrs)}m{string}\x1b[0m"


def _emit(level: int, prefix: str, msg: str, *args: object) -> None:
    if min_level <= level:
        text = msg % args if args else msg
        print(f"{prefix}: {text}", file=sys.stderr)


def debug(msg: str, *args: object) -> None:
    """Print a debug message when the level allows it."""
    _emit(DEBUG, "DEBUG", msg, *args)


def info(msg: str, *args: object) -> None:
    """Print an informational message when the level allows it."""
    _emit(INFO, "INFO", msg, *args)


def error(msg: str, *args: object) -> None:
    """Print an error message when the level allows it."""
    _emit(ERROR, colorize("ERROR", "red"), msg, *args)


def warn(
    msg: str,
    *args: object,
    category: type[Warning] | None = None,
    stacklevel: int = 1,
) -> None:
    """Emit a warning through :mod:`warnings` when the level allows it.

    Args:
        msg: The message, %-formatted with ``args``.
        *args: Values for the message.
        category: The warning class; :class:`GymnasiumCoreWarning` by default.
        stacklevel: How many frames above the caller the warning points to.
    """
    if min_level <= WARN:
        text = msg % args if args else msg
        warnings.warn(
            colorize(f"WARN: {text}", "yellow"),
            category=category or GymnasiumCoreWarning,
            stacklevel=stacklevel + 1,
        )


def deprecation(msg: str, *args: object) -> None:
    """Emit a :class:`DeprecationWarning`."""
    warn(msg, *args, category=DeprecationWarning, stacklevel=2)


warning = warn
