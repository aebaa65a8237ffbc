"""Helpers shared by environments and tools: pickling, seeding, constructor recording.

Like ``gymnasium.utils``, this package exports :func:`colorize`, :class:`EzPickle` and
:class:`RecordConstructorArgs`. Its other modules (:mod:`~gymnasium_core.utils.env_checker`,
:mod:`~gymnasium_core.utils.passive_env_checker`, :mod:`~gymnasium_core.utils.performance`,
:mod:`~gymnasium_core.utils.play`, ...) are reachable as attributes too, and load on first use.
"""

from __future__ import annotations

from typing import Any

from gymnasium_core.utils import seeding
from gymnasium_core.utils.colorize import colorize
from gymnasium_core.utils.ezpickle import EzPickle
from gymnasium_core.utils.record_constructor import RecordConstructorArgs

__all__ = ["EzPickle", "RecordConstructorArgs", "colorize", "seeding"]

# Submodules loaded on first attribute access (`gym.utils.passive_env_checker.<name>`), so that
# importing this package stays light (play and save_video need pygame / moviepy when used).
_LAZY_SUBMODULES = frozenset(
    {
        "env_checker",
        "env_match",
        "passive_env_checker",
        "performance",
        "play",
        "save_video",
        "step_api_compatibility",
    }
)


def __getattr__(name: str) -> Any:
    if name in _LAZY_SUBMODULES:
        import importlib

        return importlib.import_module(f"gymnasium_core.utils.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _LAZY_SUBMODULES)
