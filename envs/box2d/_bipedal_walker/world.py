"""BipedalWalker's world: its constants, the walker's bodies, contacts and lidar.

The walker is built with the same Box2D calls, numbers and generator draws as Gymnasium's
BipedalWalker. The public constants are re-exported by
:mod:`gymnasium_core.envs.box2d.bipedal_walker`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._shared import (
    BodyContactListener,
    fixtureDef,
    polygonShape,
    rayCastCallback,
    revoluteJointDef,
)

FPS = 50
SCALE = 30.0  # pixels per metre; the forces are tuned to it

MOTORS_TORQUE = 80
SPEED_HIP = 4
SPEED_KNEE = 6
LIDAR_RANGE = 160 / SCALE

INITIAL_RANDOM = 5

HULL_POLY = [(-30, +9), (+6, +9), (+34, +1), (+34, -8), (-30, -8)]
LEG_DOWN = -8 / SCALE
LEG_W, LEG_H = 8 / SCALE, 34 / SCALE

VIEWPORT_W = 600
VIEWPORT_H = 400

TERRAIN_STEP = 14 / SCALE
TERRAIN_LENGTH = 200  # terrain points
TERRAIN_HEIGHT = VIEWPORT_H / SCALE / 4
TERRAIN_GRASS = 10  # longest stretch of grass between obstacles, in terrain points
TERRAIN_STARTPAD = 20  # flat points before the first random bump
FRICTION = 2.5

# The walker's parts are in category 0x20 and collide only with the ground (category 1).
WALKER_CATEGORY = 0x0020
GROUND_CATEGORY = 0x0001

# Lidar ray directions: ten rays fanning 1.5 rad forward from straight down.
LIDAR_OFFSETS = [
    (math.sin(1.5 * i / 10.0) * LIDAR_RANGE, math.cos(1.5 * i / 10.0) * LIDAR_RANGE)
    for i in range(10)
]


HULL_FD = fixtureDef(
    shape=polygonShape(vertices=[(x / SCALE, y / SCALE) for x, y in HULL_POLY]),
    density=5.0,
    friction=0.1,
    categoryBits=WALKER_CATEGORY,
    maskBits=GROUND_CATEGORY,
    restitution=0.0,
)
LEG_FD = fixtureDef(
    shape=polygonShape(box=(LEG_W / 2, LEG_H / 2)),
    density=1.0,
    restitution=0.0,
    categoryBits=WALKER_CATEGORY,
    maskBits=GROUND_CATEGORY,
)
LOWER_FD = fixtureDef(
    shape=polygonShape(box=(0.8 * LEG_W / 2, LEG_H / 2)),
    density=1.0,
    restitution=0.0,
    categoryBits=WALKER_CATEGORY,
    maskBits=GROUND_CATEGORY,
)

HULL_COLORS = ((127, 51, 229), (76, 76, 127))  # fill, outline


def leg_colors(side: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """Fill and outline of the legs on ``side`` (-1: the first pair, +1: the second)."""
    shade = side * 25
    return (153 - shade, 76 - shade, 127 - shade), (102 - shade, 51 - shade, 76 - shade)


class ContactDetector(BodyContactListener):
    """Ends the episode when the hull touches ground; keeps the lower legs' ``ground_contact``.

    Args:
        env: The walker env whose ``hull``, ``legs`` and ``game_over`` the contacts update.
    """

    def __init__(self, env: Any) -> None:
        super().__init__()
        self.env = env

    def on_contact(self, body_a: Any, body_b: Any, touching: bool) -> None:
        """Flag the fall, and set the touching lower leg's ``ground_contact``."""
        env = self.env
        bodies = (body_a, body_b)
        if touching and env.hull in bodies:
            env.game_over = True
        legs = env.legs
        for leg in (legs[1], legs[3]):
            if leg in bodies:
                leg.ground_contact = touching


class LidarCallback(rayCastCallback):  # type: ignore[misc]
    """One lidar ray: keeps the closest ground hit (walker parts are not seen).

    Attributes:
        fraction: Where along the ray the closest hit lies (1.0: no hit).
        p1: The ray's start, set by the env before each cast.
        p2: The ray's end, moved to the hit point when something is hit.
    """

    p1: Any
    p2: Any

    def __init__(self) -> None:
        rayCastCallback.__init__(self)
        self.fraction = 1.0

    def ReportFixture(self, fixture: Any, point: Any, normal: Any, fraction: float) -> float:
        """Clip the ray at a ground hit; ignore anything else (returning -1)."""
        if (fixture.filterData.categoryBits & GROUND_CATEGORY) == 0:
            return -1
        self.p2, self.fraction = point, fraction
        return fraction  # later hits must be closer


def build_walker(world: Any, rng: np.random.Generator) -> tuple[Any, list[Any], list[Any]]:
    """Create the hull, give it its random push, then the legs and joints (reference order).

    Args:
        world: The Box2D world.
        rng: The env's generator (one draw: the push).

    Returns:
        ``(hull, legs, joints)``: legs are upper 1, lower 1, upper 2, lower 2 and the joints hip
        1, knee 1, hip 2, knee 2. Bodies carry their drawing colours (``color1``, ``color2``),
        lower legs a ``ground_contact`` flag.
    """
    x0 = TERRAIN_STEP * TERRAIN_STARTPAD / 2
    y0 = TERRAIN_HEIGHT + 2 * LEG_H
    hull = world.CreateDynamicBody(position=(x0, y0), fixtures=HULL_FD)
    hull.color1, hull.color2 = HULL_COLORS
    hull.ApplyForceToCenter((rng.uniform(-INITIAL_RANDOM, INITIAL_RANDOM), 0), True)
    legs: list[Any] = []
    joints: list[Any] = []
    for side in (-1, +1):
        colors = leg_colors(side)
        upper = world.CreateDynamicBody(
            position=(x0, y0 - LEG_H / 2 - LEG_DOWN), angle=side * 0.05, fixtures=LEG_FD
        )
        upper.color1, upper.color2 = colors
        hip = revoluteJointDef(
            bodyA=hull,
            bodyB=upper,
            localAnchorA=(0, LEG_DOWN),
            localAnchorB=(0, LEG_H / 2),
            enableMotor=True,
            enableLimit=True,
            maxMotorTorque=MOTORS_TORQUE,
            motorSpeed=side,
            lowerAngle=-0.8,
            upperAngle=1.1,
        )
        legs.append(upper)
        joints.append(world.CreateJoint(hip))
        lower = world.CreateDynamicBody(
            position=(x0, y0 - LEG_H * 3 / 2 - LEG_DOWN), angle=side * 0.05, fixtures=LOWER_FD
        )
        lower.color1, lower.color2 = colors
        lower.ground_contact = False
        knee = revoluteJointDef(
            bodyA=upper,
            bodyB=lower,
            localAnchorA=(0, -LEG_H / 2),
            localAnchorB=(0, LEG_H / 2),
            enableMotor=True,
            enableLimit=True,
            maxMotorTorque=MOTORS_TORQUE,
            motorSpeed=1,
            lowerAngle=-1.6,
            upperAngle=-0.1,
        )
        legs.append(lower)
        joints.append(world.CreateJoint(knee))
    return hull, legs, joints
