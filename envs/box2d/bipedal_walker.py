"""BipedalWalker: a two-legged robot learning to walk across rough (or hardcore) terrain.

The walker is a hull on two legs, each with a hip and a knee joint driven by a motor. An action
``a`` in ``[-1, 1]^4`` (hip 1, knee 1, hip 2, knee 2) sets each motor's direction from its sign
and its torque limit from its magnitude. The 24 observations are the hull's angle, angular
speed and velocity, each joint's angle and speed, a ground-contact flag per lower leg and ten
lidar distances ahead-and-below. The reward follows the forward progress (about 300 over the
whole track), penalises tilting the hull and spending torque, and is ``-100`` when the hull
touches the ground or the walker leaves the track to the left; either ends the episode, as does
reaching the far end. ``hardcore=True`` adds stumps, stairs and pits to the terrain.

Trajectories equal Gymnasium's ``BipedalWalker-v3`` exactly: the Box2D world is built and
stepped with the same calls and numbers, and ``np_random`` is drawn in the same order. Like the
reference, one Box2D world lives for the whole life of the env, and what earlier episodes did
to it (the order Box2D hands out its internal proxy ids) changes later episodes slightly; we
keep that on purpose so that long runs match the reference too.

Unlike the reference, pickling and deep copying keep the episode: the env records the random
state at every reset and the motor commands of every step, and a copy rebuilds its world by
replaying them (see :mod:`._shared`).
"""

import numpy as np

from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.utils.ezpickle import EzPickle

from ._bipedal_walker.env import BipedalWalker, BipedalWalkerHardcore
from ._bipedal_walker.gait import BipedalWalkerHeuristics
from ._bipedal_walker.world import (
    FPS,
    FRICTION,
    HULL_FD,
    HULL_POLY,
    INITIAL_RANDOM,
    LEG_DOWN,
    LEG_FD,
    LEG_H,
    LEG_W,
    LIDAR_RANGE,
    LOWER_FD,
    MOTORS_TORQUE,
    SCALE,
    SPEED_HIP,
    SPEED_KNEE,
    TERRAIN_GRASS,
    TERRAIN_HEIGHT,
    TERRAIN_LENGTH,
    TERRAIN_STARTPAD,
    TERRAIN_STEP,
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
    "FRICTION",
    "HULL_FD",
    "HULL_POLY",
    "INITIAL_RANDOM",
    "LEG_DOWN",
    "LEG_FD",
    "LEG_H",
    "LEG_W",
    "LIDAR_RANGE",
    "LOWER_FD",
    "MOTORS_TORQUE",
    "SCALE",
    "SPEED_HIP",
    "SPEED_KNEE",
    "TERRAIN_GRASS",
    "TERRAIN_HEIGHT",
    "TERRAIN_LENGTH",
    "TERRAIN_STARTPAD",
    "TERRAIN_STEP",
    "VIEWPORT_H",
    "VIEWPORT_W",
    "BipedalWalker",
    "BipedalWalkerHardcore",
    "BipedalWalkerHeuristics",
    "ContactDetector",
    "DependencyNotInstalled",
    "EzPickle",
    "circleShape",
    "contactListener",
    "edgeShape",
    "fixtureDef",
    "polygonShape",
    "revoluteJointDef",
]


def _demo() -> None:
    """Run the heuristic gait in a window and print its progress."""
    env = BipedalWalker(render_mode="human")
    gait = BipedalWalkerHeuristics()
    obs, _ = env.reset()
    total, steps, done = 0.0, 0, False
    while not done:
        obs, reward, terminated, truncated, _ = env.step(gait.step_heuristic(obs))
        total += float(reward)
        steps += 1
        done = terminated or truncated
        if steps % 20 == 0 or done:
            print(f"step {steps}: return {total:+.2f}, hull {np.round(obs[:4], 2)}")
    env.close()


if __name__ == "__main__":
    _demo()
