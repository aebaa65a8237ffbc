r"""Terminal colours for messages, at Gymnasium's path ``gymnasium.utils.colorize``.

Example:
    >>> from gymnasium_core.utils.colorize import colorize
    >>> colorize("done", "green", bold=True)
    '\x1b[32;1mdone\x1b[0m'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gymnasium_core.logger import _COLOURS, colorize

__all__ = ["color2num", "colorize"]

#: The ANSI foreground code of each colour name :func:`colorize` accepts (not to be modified).
color2num: Final[Mapping[str, int]] = _COLOURS
