"""CarRacing: drive a top-down car around a random track, seen through a 96x96 image.

A track of a few hundred tiles is generated from ``np_random`` at every reset (a noisy loop
through twelve checkpoints; generation is retried until the loop closes neatly). Driving over a
tile for the first time gives ``+1000 / number_of_tiles``; every frame costs ``-0.1``. The
episode ends when the lap is done (every tile, or ``lap_complete_percent`` of them and back on
the first) or when the car leaves the playfield (reward ``-100`` for that step).

Actions: with ``continuous=True`` a ``Box`` ``[steer, gas, brake]`` in ``[-1, 1] x [0, 1] x
[0, 1]``; otherwise ``Discrete(5)``: nothing, steer right, steer left, gas, brake.
Observations are ``uint8`` images ``(96, 96, 3)``: the car from above, the view turning with
it, and indicator bars at the bottom (speed, the four wheel spins, steering, yaw rate).

The world, the car, the track and the image equal Gymnasium's ``CarRacing-v3`` bit for bit for
the same seed and actions. Unlike Gymnasium, a pickled or deep-copied environment keeps its
episode: the copy rebuilds the Box2D world by replaying the episode's reset and actions.
"""

from gymnasium_core.error import DependencyNotInstalled, InvalidAction
from gymnasium_core.utils.ezpickle import EzPickle

from ._car_racing.car import Car
from ._car_racing.env import FPS, CarRacing
from ._car_racing.render import (
    GRASS_DIM,
    MAX_SHAPE_DIM,
    STATE_H,
    STATE_W,
    VIDEO_H,
    VIDEO_W,
    WINDOW_H,
    WINDOW_W,
    ZOOM,
    ZOOM_FOLLOW,
)
from ._car_racing.road import BORDER_COLORS, TILE_REWARD_TOTAL, FrictionDetector
from ._car_racing.track import (
    BORDER,
    BORDER_MIN_COUNT,
    CHECKPOINTS,
    PLAYFIELD,
    SCALE,
    TRACK_DETAIL_STEP,
    TRACK_MAX_POINTS,
    TRACK_RAD,
    TRACK_TURN_RATE,
    TRACK_WIDTH,
)
from ._shared import (
    POSITION_ITERATIONS,
    VELOCITY_ITERATIONS,
    contactListener,
    fixtureDef,
    polygonShape,
)

__all__ = [
    "BORDER",
    "BORDER_COLORS",
    "BORDER_MIN_COUNT",
    "CHECKPOINTS",
    "FPS",
    "GRASS_DIM",
    "MAX_SHAPE_DIM",
    "PLAYFIELD",
    "POSITION_ITERATIONS",
    "SCALE",
    "STATE_H",
    "STATE_W",
    "TILE_REWARD_TOTAL",
    "TRACK_DETAIL_STEP",
    "TRACK_MAX_POINTS",
    "TRACK_RAD",
    "TRACK_TURN_RATE",
    "TRACK_WIDTH",
    "VELOCITY_ITERATIONS",
    "VIDEO_H",
    "VIDEO_W",
    "WINDOW_H",
    "WINDOW_W",
    "ZOOM",
    "ZOOM_FOLLOW",
    "Car",
    "CarRacing",
    "DependencyNotInstalled",
    "EzPickle",
    "FrictionDetector",
    "InvalidAction",
    "contactListener",
    "fixtureDef",
    "polygonShape",
]
