"""Helpers shared by environments and tools: pickling, seeding, constructor recording.

Like ``gymnasium.utils``, this package exports :class:`EzPickle`, :class:`RecordConstructorArgs`
and the :mod:`seeding` module; the checkers live in :mod:`gymnasium_core.utils.env_checker` and
:mod:`gymnasium_core.utils.passive_env_checker`.
"""

from gymnasium_core.logger import colorize
from gymnasium_core.utils import seeding
from gymnasium_core.utils.ezpickle import EzPickle
from gymnasium_core.utils.record_constructor import RecordConstructorArgs

__all__ = ["EzPickle", "RecordConstructorArgs", "colorize", "seeding"]
