"""Box2D environments: LunarLander, BipedalWalker and CarRacing.

They need the ``box2d`` extra (``pip install "gymnasium-core[box2d]"``). The classes load on
first access, so importing this package does not import Box2D or pygame.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "BipedalWalker",
    "BipedalWalkerHardcore",
    "CarRacing",
    "LunarLander",
    "LunarLanderContinuous",
]

_WHERE = {
    "BipedalWalker": "bipedal_walker",
    "BipedalWalkerHardcore": "bipedal_walker",
    "CarRacing": "car_racing",
    "LunarLander": "lunar_lander",
    "LunarLanderContinuous": "lunar_lander",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
