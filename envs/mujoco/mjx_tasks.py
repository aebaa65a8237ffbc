"""The MJX tasks at their earlier path: a re-export of :mod:`.mjx.tasks`."""

from __future__ import annotations

from .mjx.tasks import *  # noqa: F403  (every name of the module's __all__)
from .mjx.tasks import __all__ as __all__
