"""Box2D environments: LunarLander, BipedalWalker and CarRacing.

They need the ``box2d`` extra (``pip install "gymnasium-core[box2d]"``). The classes load on
first access, so importing this package does not import Box2D or pygame.

Layout: each environment lives in its own subpackage (``_lunar_lander``, ``_bipedal_walker``,
``_car_racing``): ``env`` holds the env class and gathers the other modules (``world`` builds
the Box2D bodies, ``render`` draws, plus the env's own pieces such as the walker's ``terrain``
or the car's ``car`` and ``road``), which take the world, bodies or data they need and never
import an env back. ``_shared`` holds what all three use (the Box2D import, action checks, the
pygame window, replay copies). The reference's modules (``lunar_lander``, ``bipedal_walker``,
``car_racing``, ``car_dynamics``) re-export the public names at their paths.
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
