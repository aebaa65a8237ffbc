"""LunarLander: bring a two-legged lander down onto the pad between the flags.

The lander starts at the top of the screen with a random push and must touch down softly on
the pad at ``(0, 0)`` using a main engine below it and two small side engines.

* Observation ``(8,)`` float32: ``x``, ``y`` relative to the pad (in half-screen units),
  ``vx``, ``vy`` (scaled), angle, angular velocity (scaled by ``20 / FPS``), and one contact
  flag per leg (``legs[0]`` first).
* Action: ``Discrete(4)`` (nothing, left engine, main engine, right engine), or with
  ``continuous=True`` a ``Box(-1, 1, (2,))`` of main and lateral throttles.
* Reward: the change of a shaping term (distance, speed and tilt penalties, ten points per leg
  on the ground), minus 0.3 per frame of main engine and 0.03 per frame of side engine; a crash
  or leaving the screen gives -100, coming to rest gives +100, and the episode ends.

Same kwargs, seed and actions give Gymnasium 1.4's trajectories bit for bit: the Box2D world is
built and stepped with the same calls in the same order, and ``np_random`` is drawn from in
the same order. A Box2D world cannot be pickled, so a pickled or deep-copied env stores how it
got where it is (constructor arguments, the generator as it was at the last reset, the commands
applied since) and rebuilds the episode by replaying them; the copy carries on exactly as the
original would. See ``docs/envs/lunar_lander.md``.
"""

from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.utils.ezpickle import EzPickle
from gymnasium_core.utils.step_api_compatibility import step_api_compatibility

from ._lunar_lander.env import LunarLander, LunarLanderContinuous
from ._lunar_lander.pilot import demo_heuristic_lander, heuristic
from ._lunar_lander.world import (
    FPS,
    INITIAL_RANDOM,
    LANDER_POLY,
    LEG_AWAY,
    LEG_DOWN,
    LEG_H,
    LEG_SPRING_TORQUE,
    LEG_W,
    MAIN_ENGINE_POWER,
    MAIN_ENGINE_Y_LOCATION,
    SCALE,
    SIDE_ENGINE_AWAY,
    SIDE_ENGINE_HEIGHT,
    SIDE_ENGINE_POWER,
    VIEWPORT_H,
    VIEWPORT_W,
    ContactDetector,
)
from ._shared import (
    circleShape,
    contactListener,
    edgeShape,
    fixtureDef,
    polygonShape,
    revoluteJointDef,
)

__all__ = [
    "FPS",
    "INITIAL_RANDOM",
    "LANDER_POLY",
    "LEG_AWAY",
    "LEG_DOWN",
    "LEG_H",
    "LEG_SPRING_TORQUE",
    "LEG_W",
    "MAIN_ENGINE_POWER",
    "MAIN_ENGINE_Y_LOCATION",
    "SCALE",
    "SIDE_ENGINE_AWAY",
    "SIDE_ENGINE_HEIGHT",
    "SIDE_ENGINE_POWER",
    "VIEWPORT_H",
    "VIEWPORT_W",
    "ContactDetector",
    "DependencyNotInstalled",
    "EzPickle",
    "LunarLander",
    "LunarLanderContinuous",
    "circleShape",
    "contactListener",
    "demo_heuristic_lander",
    "edgeShape",
    "fixtureDef",
    "heuristic",
    "polygonShape",
    "revoluteJointDef",
    "step_api_compatibility",
]
