"""BipedalWalker's world: its constants, the walker's bodies, contacts and lidar.

The walker is built with the same Box2D calls, numbers and generator draws as Gymnasium's
BipedalWalker. The public constants are re-exported by
:mod:`gymnasium_core.envs.box2d.bipedal_walker`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._box2d import (
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


def _hull_fixture() -> Any:
    return fixtureDef(
        shape=polygonShape(vertices=[(x / SCALE, y / SCALE) for x, y in HULL_POLY]),
        density=5.0,
        friction=0.1,
        categoryBits=WALKER_CATEGORY,
        maskBits=GROUND_CATEGORY,
        restitution=0.0,
    )


def _leg_fixture(width: float) -> Any:
    return fixtureDef(
        shape=polygonShape(box=(width / 2, LEG_H / 2)),
        density=1.0,
        restitution=0.0,
        categoryBits=WALKER_CATEGORY,
        maskBits=GROUND_CATEGORY,
    )


class WalkerContacts(BodyContactListener):
    """Notes the hull touching the ground (the fall) and lower legs landing or lifting off."""

    def __init__(self, walker: Walker) -> None:
        """Track the contacts of ``walker``."""
        super().__init__()
        self.walker = walker
        self.hull_touched = False

    def on_contact(self, body_a: Any, body_b: Any, touching: bool) -> None:
        """Update the fall flag and the lower legs' contact flags."""
        bodies = (body_a, body_b)
        walker = self.walker
        if touching and walker.hull in bodies:
            self.hull_touched = True
        for index in (0, 1):
            if walker.lower_legs[index] in bodies:
                walker.contacts[index] = touching


class LidarRay(rayCastCallback):  # type: ignore[misc]
    """Keeps the closest ground hit along a ray (walker parts are not seen)."""

    def __init__(self) -> None:
        rayCastCallback.__init__(self)
        self.fraction = 1.0
        self.start: Any = (0.0, 0.0)  # ray start and end (the hit point once it hits)
        self.end: Any = (0.0, 0.0)

    def ReportFixture(self, fixture: Any, point: Any, normal: Any, fraction: float) -> float:
        """Clip the ray at a ground hit; ignore anything else (returning -1)."""
        if (fixture.filterData.categoryBits & GROUND_CATEGORY) == 0:
            return -1
        self.end, self.fraction = point, fraction
        return fraction  # later hits must be closer


@dataclass
class Walker:
    """The walker's bodies and joints, and the contact flags of its lower legs."""

    hull: Any
    legs: list[Any]  # upper 1, lower 1, upper 2, lower 2
    joints: list[Any]  # hip 1, knee 1, hip 2, knee 2
    contacts: list[bool] = field(default_factory=lambda: [False, False])

    @property
    def lower_legs(self) -> tuple[Any, Any]:
        """The two lower legs, whose ground contacts are observed."""
        return self.legs[1], self.legs[3]


def build_walker(world: Any, rng: np.random.Generator) -> Walker:
    """Create the hull, give it its random push, then the legs and joints (reference order)."""
    x0 = TERRAIN_STEP * TERRAIN_STARTPAD / 2
    y0 = TERRAIN_HEIGHT + 2 * LEG_H
    hull = world.CreateDynamicBody(position=(x0, y0), fixtures=_hull_fixture())
    hull.ApplyForceToCenter((rng.uniform(-INITIAL_RANDOM, INITIAL_RANDOM), 0), True)
    legs: list[Any] = []
    joints: list[Any] = []
    for side in (-1, +1):
        upper = world.CreateDynamicBody(
            position=(x0, y0 - LEG_H / 2 - LEG_DOWN),
            angle=side * 0.05,
            fixtures=_leg_fixture(LEG_W),
        )
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
            position=(x0, y0 - LEG_H * 3 / 2 - LEG_DOWN),
            angle=side * 0.05,
            fixtures=_leg_fixture(0.8 * LEG_W),
        )
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
    return Walker(hull, legs, joints)
