"""``Swimmer-v5``: :class:`SwimmerEnv` with the v5 defaults (the class of :mod:`.swimmer`)."""

from __future__ import annotations

from .swimmer import SwimmerEnv

__all__ = ["SwimmerEnv"]
