"""The top-down car of CarRacing: a hull and four wheels on revolute joints.

Each wheel keeps its own spin (``omega``) and pushes the body with a friction force towards the
speed the spinning wheel would give it, bounded by the grip of the ground under it (road tiles
grip more than grass). The rear wheels are driven; the front wheels steer through joint motors.
The model follows Chris Campbell's top-down car tutorial (iforce2d.net) with wheel rotation.

Every number and the order of the Box2D calls equal Gymnasium's ``car_dynamics`` so that a
seeded episode gives the same trajectory bit for bit.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

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
    "Car",
    "Particle",
]


# Car geometry is given in "car units" and scaled by SIZE into world metres.
SIZE: Final[float] = 0.02
# The products below are evaluated left to right as in the reference so the floats agree.
ENGINE_POWER: Final[float] = 100000000 * SIZE * SIZE
WHEEL_MOMENT_OF_INERTIA: Final[float] = 4000 * SIZE * SIZE
# Grip scales like the mass, i.e. with the area (SIZE squared).
FRICTION_LIMIT: Final[float] = 1000000 * SIZE * SIZE
GRASS_GRIP: Final[float] = 0.6  # fraction of FRICTION_LIMIT off the road
# Gain that turns a speed mismatch into a force; it damps oscillations, the limit caps it.
SLIP_GAIN: Final[float] = 205000 * SIZE * SIZE
BRAKE_FORCE: Final[float] = 15  # spin removed per step at full brake, in rad/s
STEER_MOTOR_GAIN: Final[float] = 50.0
STEER_MOTOR_MAX_SPEED: Final[float] = 3.0
GAS_RAMP: Final[float] = 0.1  # the gas pedal rises at most this much per step
MAX_SKID_POINTS: Final[int] = 30
MAX_PARTICLES: Final[int] = 30

WHEEL_R: Final[int] = 27
WHEEL_W: Final[int] = 14
# Lists, as in the reference (the car copies them at construction; editing them changes later cars).
WHEELPOS: list[tuple[int, int]] = [(-55, +80), (+55, +80), (-55, -82), (+55, -82)]
HULL_POLY1: list[tuple[int, int]] = [(-60, +130), (+60, +130), (+60, +110), (-60, +110)]
HULL_POLY2: list[tuple[int, int]] = [(-15, +120), (+15, +120), (+20, +20), (-20, 20)]
HULL_POLY3: list[tuple[int, int]] = [
    (+25, +20),
    (+50, -10),
    (+50, -40),
    (+20, -90),
    (-20, -90),
    (-50, -40),
    (-50, -10),
    (-25, +20),
]
HULL_POLY4: list[tuple[int, int]] = [(-50, -120), (+50, -120), (+50, -90), (-50, -90)]
WHEEL_POLY: Final = tuple(
    (side_x * WHEEL_W, side_y * WHEEL_R) for side_x, side_y in ((-1, 1), (1, 1), (1, -1), (-1, -1))
)
WHEEL_COLOR: Final[tuple[int, int, int]] = (0, 0, 0)
WHEEL_WHITE: Final[tuple[int, int, int]] = (77, 77, 77)
MUD_COLOR: Final[tuple[int, int, int]] = (102, 102, 0)
HULL_COLOR: Final[tuple[float, float, float]] = (0.8, 0.0, 0.0)


@dataclass(slots=True)
class Particle:
    """A skid mark: a polyline of world points left by a sliding wheel.

    Attributes:
        color: RGB colour, black on the road and mud brown on grass.
        poly: The world points of the mark, at most ``MAX_SKID_POINTS`` of them.
        grass: Whether the mark was left on grass.
        ttl: Kept for compatibility; marks disappear when ``MAX_PARTICLES`` newer ones exist.
    """

    color: tuple[int, int, int]
    poly: list[tuple[float, float]]
    grass: bool
    ttl: int = 1


def sign(value: float) -> float:
    """``numpy.sign`` for one float, without numpy's overhead: -1.0, 0.0 or 1.0 (NaN for NaN).

    Args:
        value: A float.

    Returns:
        Its sign as a float. ``value * 0.0`` gives NaN for NaN as numpy does; a zero keeps its
        own sign (numpy's is always +0.0), which compares equal.
    """
    if value > 0:
        return 1.0
    if value < 0:
        return -1.0
    return value * 0.0


def _scaled(points: Sequence[tuple[int, int]]) -> list[tuple[float, float]]:
    return [(px * SIZE, py * SIZE) for px, py in points]


class Car:
    """The racing car in a Box2D world.

    Args:
        world: The Box2D world to create the bodies in.
        init_angle: Initial heading of the hull in radians.
        init_x: Initial x position of the hull.
        init_y: Initial y position of the hull.
    """

    def __init__(self, world: Box2D.b2World, init_angle: float, init_x: float, init_y: float):
        self.world = world
        hull_parts = (HULL_POLY1, HULL_POLY2, HULL_POLY3, HULL_POLY4)
        self.hull: Any = world.CreateDynamicBody(
            position=(init_x, init_y),
            angle=init_angle,
            fixtures=[
                fixtureDef(shape=polygonShape(vertices=_scaled(part)), density=1.0)
                for part in hull_parts
            ],
        )
        self.hull.color = HULL_COLOR
        self.fuel_spent = 0.0
        # The wheels are Box2D bodies carrying the car model's state as attributes, as in the
        # reference: ``wheel_rad``, ``color``, ``gas``, ``brake``, ``steer``, ``phase`` (rotation
        # about the axle, for drawing), ``omega`` (spin, rad/s), ``skid_start``,
        # ``skid_particle``, ``joint`` (to the hull) and ``tiles`` (the road tiles touched now).
        self.wheels: list[Any] = []
        for local_x, local_y in WHEELPOS:
            self.wheels.append(self._attach_wheel(init_angle, init_x, init_y, local_x, local_y))
        self.drawlist: list[Any] = [*self.wheels, self.hull]
        self.particles: deque[Particle] = deque(maxlen=MAX_PARTICLES)

    def _attach_wheel(self, angle: float, x: float, y: float, local_x: int, local_y: int) -> Any:
        # Wheels only touch category 1 (the ground tiles), never each other; the joint keeps
        # them from colliding with the hull.
        body = self.world.CreateDynamicBody(
            position=(x + local_x * SIZE, y + local_y * SIZE),
            angle=angle,
            fixtures=fixtureDef(
                shape=polygonShape(vertices=_scaled(WHEEL_POLY)),
                density=0.1,
                categoryBits=0x0020,
                maskBits=0x001,
                restitution=0.0,
            ),
        )
        body.wheel_rad = WHEEL_R * SIZE
        body.color = WHEEL_COLOR
        body.gas = 0.0
        body.brake = 0.0
        body.steer = 0.0
        body.phase = 0.0
        body.omega = 0.0
        body.skid_start = None
        body.skid_particle = None
        joint_def = revoluteJointDef(
            bodyA=self.hull,
            bodyB=body,
            localAnchorA=(local_x * SIZE, local_y * SIZE),
            localAnchorB=(0, 0),
            enableMotor=True,
            enableLimit=True,
            maxMotorTorque=180 * 900 * SIZE * SIZE,
            motorSpeed=0,
            lowerAngle=-0.4,
            upperAngle=+0.4,
        )
        body.joint = self.world.CreateJoint(joint_def)
        body.tiles = set()
        body.userData = body
        return body

    def gas(self, gas: float) -> None:
        """Press the accelerator of the rear-wheel drive.

        Args:
            gas: Throttle, clipped to [0, 1]; the pedal rises by at most 0.1 a step but drops
                at once.
        """
        throttle = min(max(gas, 0), 1)
        for wheel in self.wheels[2:4]:
            wheel.gas += min(throttle - wheel.gas, GAS_RAMP)

    def brake(self, b: float) -> None:
        """Press the brake on all four wheels.

        Args:
            b: Brake strength in [0, 1]; from 0.9 on the wheels lock (their spin is zeroed).
        """
        for wheel in self.wheels:
            wheel.brake = b

    def steer(self, s: float) -> None:
        """Set the steering target of the front wheels.

        Args:
            s: Target in [-1, 1]; the joint motors turn the wheels towards it over time.
        """
        for front_wheel in self.wheels[:2]:
            front_wheel.steer = s

    def step(self, dt: float) -> None:
        """Update the wheels' steering, spin and skid marks and apply their friction forces.

        Args:
            dt: Time step in seconds.
        """
        for wheel in self.wheels:
            self._update_wheel(wheel, dt)

    def _update_wheel(self, wheel: Any, dt: float) -> None:
        joint = wheel.joint
        steer_error = wheel.steer - joint.angle
        joint.motorSpeed = sign(steer_error) * min(
            STEER_MOTOR_GAIN * abs(steer_error), STEER_MOTOR_MAX_SPEED
        )

        on_grass = not wheel.tiles
        grip = FRICTION_LIMIT * GRASS_GRIP if on_grass else FRICTION_LIMIT

        body = wheel
        forward = body.GetWorldVector((0, 1))
        sideways = body.GetWorldVector((1, 0))
        velocity = body.linearVelocity
        forward_speed = forward[0] * velocity[0] + forward[1] * velocity[1]
        side_speed = sideways[0] * velocity[0] + sideways[1] * velocity[1]

        # Engine power W = I * omega * d(omega)/dt; the +5 keeps the division finite at rest.
        wheel.omega += (
            dt * ENGINE_POWER * wheel.gas / WHEEL_MOMENT_OF_INERTIA / (abs(wheel.omega) + 5.0)
        )
        self.fuel_spent += dt * ENGINE_POWER * wheel.gas
        self._apply_brake(wheel)
        wheel.phase += wheel.omega * dt

        # The friction force points along the mismatch between ground speed and wheel speed.
        force_forward = (-forward_speed + wheel.omega * wheel.wheel_rad) * SLIP_GAIN
        force_side = -side_speed * SLIP_GAIN
        force = math.sqrt(force_forward * force_forward + force_side * force_side)

        self._leave_skid_mark(wheel, force > 2.0 * grip, on_grass)

        if force > grip:
            force_forward = force_forward / force * grip
            force_side = force_side / force * grip

        wheel.omega -= dt * force_forward * wheel.wheel_rad / WHEEL_MOMENT_OF_INERTIA
        body.ApplyForceToCenter(
            (
                force_side * sideways[0] + force_forward * forward[0],
                force_side * sideways[1] + force_forward * forward[1],
            ),
            True,
        )

    @staticmethod
    def _apply_brake(wheel: Any) -> None:
        if wheel.brake >= 0.9:
            wheel.omega = 0
        elif wheel.brake > 0:
            # Braking never reverses the spin: at low speed it just stops the wheel.
            reduction = min(BRAKE_FORCE * wheel.brake, abs(wheel.omega))
            wheel.omega += -sign(wheel.omega) * reduction

    def _leave_skid_mark(self, wheel: Any, is_skidding: bool, on_grass: bool) -> None:
        if not is_skidding:
            wheel.skid_start = None
            wheel.skid_particle = None
            return
        mark = wheel.skid_particle
        if mark is not None and mark.grass == on_grass and len(mark.poly) < MAX_SKID_POINTS:
            position = wheel.position
            mark.poly.append((position[0], position[1]))
        elif wheel.skid_start is None:
            wheel.skid_start = True
        else:
            # The reference stores a live view of the wheel position as the start point, so
            # both ends of a new mark are the wheel's position now; we keep that on purpose.
            position = wheel.position
            start = (position[0], position[1])
            wheel.skid_particle = Particle(
                color=MUD_COLOR if on_grass else WHEEL_COLOR,
                poly=[start, start],
                grass=on_grass,
            )
            self.particles.append(wheel.skid_particle)
            wheel.skid_start = None

    def draw(
        self,
        surface: Any,
        zoom: float,
        translation: tuple[float, float],
        angle: float,
        draw_particles: bool = True,
    ) -> None:
        """Draw the skid marks, the hull and the wheels on a pygame surface.

        Args:
            surface: The pygame surface.
            zoom: Pixels per world unit.
            translation: Pixel offset added after rotating and zooming.
            angle: Rotation applied to world points, in radians.
            draw_particles: Whether to draw the skid marks.
        """
        draw_car(self, surface, zoom, translation, angle, draw_particles)

    def destroy(self) -> None:
        """Remove the hull and the wheels from the world (the hull first, as the joints go)."""
        self.world.DestroyBody(self.hull)
        self.hull = None
        for wheel in self.wheels:
            self.world.DestroyBody(wheel)
        self.wheels = []


# -- drawing the car with pygame ---------------------------------------------------------------


def screen_rotation(angle: float) -> tuple[float, float]:
    """The cosine and sine pygame uses to rotate a vector by ``angle`` radians.

    ``pygame.math.Vector2.rotate_rad`` snaps multiples of 90 degrees and reduces the angle first,
    so its results can differ in the last bit from ``math.cos``/``math.sin``; rotating the unit
    vector reproduces its numbers, and ``(c * x - s * y, s * x + c * y)`` then equals
    ``Vector2(x, y).rotate_rad(angle)`` exactly.

    Args:
        angle: Rotation in radians.

    Returns:
        ``(cos, sin)`` as pygame computes them.
    """
    from pygame.math import Vector2

    unit = Vector2(1.0, 0.0).rotate_rad(angle)
    return unit[0], unit[1]


class ScreenMap:
    """Rotate, zoom and shift world points into pixel coordinates."""

    __slots__ = ("cos", "sin", "tx", "ty", "zoom")

    def __init__(
        self, cos_a: float, sin_a: float, zoom: float, translation: tuple[float, float]
    ) -> None:
        self.cos, self.sin, self.zoom = cos_a, sin_a, zoom
        self.tx, self.ty = translation

    def __call__(self, points: Any) -> list[tuple[float, float]]:
        c, s, zoom, tx, ty = self.cos, self.sin, self.zoom, self.tx, self.ty
        return [((c * px - s * py) * zoom + tx, (s * px + c * py) * zoom + ty) for px, py in points]


def draw_car(
    car: Car, surface: Any, zoom: float, translation: Any, angle: float, draw_particles: bool
) -> None:
    """Draw ``car`` on ``surface`` as :meth:`Car.draw` describes: skid marks, hull, wheels."""
    import pygame.draw

    cos_a, sin_a = screen_rotation(angle)
    to_screen = ScreenMap(cos_a, sin_a, zoom, translation)
    if draw_particles:
        for mark in car.particles:
            pygame.draw.lines(
                surface, color=mark.color, points=to_screen(mark.poly), width=2, closed=False
            )
    for part in car.drawlist:
        is_wheel = part is not car.hull
        body = part
        color = [int(channel * 255) for channel in part.color]
        for fixture in body.fixtures:
            transform = fixture.body.transform
            corners = [transform * vertex for vertex in fixture.shape.vertices]
            pygame.draw.polygon(surface, color=color, points=to_screen(corners))
            if is_wheel:
                _draw_tread(surface, part, transform, to_screen)


def _draw_tread(surface: Any, wheel: Any, transform: Any, to_screen: ScreenMap) -> None:
    """Draw the light band on the visible half of a spinning wheel."""
    import pygame.draw

    sin1, sin2 = math.sin(wheel.phase), math.sin(wheel.phase + 1.2)
    if sin1 > 0 and sin2 > 0:
        return  # the band is on the hidden side
    cos1, cos2 = math.cos(wheel.phase), math.cos(wheel.phase + 1.2)
    if sin1 > 0:
        cos1 = sign(cos1)
    if sin2 > 0:
        cos2 = sign(cos2)
    half_w = WHEEL_W * SIZE
    band = [
        (-half_w, +WHEEL_R * cos1 * SIZE),
        (+half_w, +WHEEL_R * cos1 * SIZE),
        (+half_w, +WHEEL_R * cos2 * SIZE),
        (-half_w, +WHEEL_R * cos2 * SIZE),
    ]
    corners = [transform * vertex for vertex in band]
    pygame.draw.polygon(surface, color=WHEEL_WHITE, points=to_screen(corners))
