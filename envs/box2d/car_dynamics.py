"""The top-down car of CarRacing: a hull and four wheels on revolute joints.

Each wheel keeps its own spin (``omega``) and pushes the body with a friction force towards the
speed the spinning wheel would give it, bounded by the grip of the ground under it (road tiles
grip more than grass). The rear wheels are driven; the front wheels steer through joint motors.
The model follows Chris Campbell's top-down car tutorial (iforce2d.net) with wheel rotation.

Every number and the order of the Box2D calls equal Gymnasium's ``car_dynamics`` so that a
seeded episode gives the same trajectory bit for bit.
"""

from gymnasium_core.error import DependencyNotInstalled

from ._car_racing.car import (
    ENGINE_POWER,
    FRICTION_LIMIT,
    HULL_POLY1,
    HULL_POLY2,
    HULL_POLY3,
    HULL_POLY4,
    MUD_COLOR,
    SIZE,
    WHEEL_COLOR,
    WHEEL_MOMENT_OF_INERTIA,
    WHEEL_R,
    WHEEL_W,
    WHEEL_WHITE,
    WHEELPOS,
    Car,
    Particle,
)
from ._shared import Box2D, fixtureDef, polygonShape, revoluteJointDef

__all__ = [
    "ENGINE_POWER",
    "FRICTION_LIMIT",
    "HULL_POLY1",
    "HULL_POLY2",
    "HULL_POLY3",
    "HULL_POLY4",
    "MUD_COLOR",
    "SIZE",
    "WHEELPOS",
    "WHEEL_COLOR",
    "WHEEL_MOMENT_OF_INERTIA",
    "WHEEL_R",
    "WHEEL_W",
    "WHEEL_WHITE",
    "Box2D",
    "Car",
    "DependencyNotInstalled",
    "Particle",
    "fixtureDef",
    "polygonShape",
    "revoluteJointDef",
]
