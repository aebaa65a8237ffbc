"""Box2D environments: LunarLander, BipedalWalker and CarRacing.

They need the ``box2d`` extra (``pip install "gymnasium-core[box2d]"``). The classes load on
first access, so importing this package does not import Box2D or pygame.

Layout: each environment is one module at the reference's path (``lunar_lander``,
``bipedal_walker``, ``car_racing``; CarRacing's car is ``car_dynamics``), holding its constants,
Box2D bodies, env class and pygame drawing. ``_shared`` holds what all three use (the Box2D
import, contact listening, action checks, the pygame window, replay copies).
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


#: Modules that are attributes of the package, as in Gymnasium (which imports them with it).
_SUBMODULES = frozenset({"bipedal_walker", "car_dynamics", "car_racing", "lunar_lander"})


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    # The lazy names are listed too, as Gymnasium's package lists them.
    return sorted({*globals(), *_WHERE, *_SUBMODULES})
