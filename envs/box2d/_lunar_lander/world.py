"""LunarLander's world: its constants, the terrain, the lander's bodies and exhaust particles.

Each builder makes the same Box2D calls with the same numbers, and draws from the generator in
the same order, as Gymnasium's LunarLander, so that a seeded episode is reproduced bit for bit.
The public constants are re-exported by :mod:`gymnasium_core.envs.box2d.lunar_lander`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from .._shared import (
    BodyContactListener,
    circleShape,
    edgeShape,
    fixtureDef,
    polygonShape,
    revoluteJointDef,
)

__all__ = [
    "DISCRETE_COMMANDS",
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
    "Command",
    "ContactDetector",
    "LanderTerrain",
    "age_particles",
    "build_hull",
    "build_leg",
    "build_terrain",
    "clip_unit",
    "drop_particles",
    "spawn_particle",
    "throttle_command",
    "wind_strength",
]

# Physical and screen constants (the reference's numbers; world units are pixels / SCALE).
FPS: int = 50
SCALE: float = 30.0  # pixels per world unit; engine powers are tuned to it
MAIN_ENGINE_POWER: float = 13.0
SIDE_ENGINE_POWER: float = 0.6
INITIAL_RANDOM: float = 1000.0  # bound of the random force pushing the lander at reset
LANDER_POLY: list[tuple[int, int]] = [(-14, 17), (-17, 0), (-17, -10), (17, -10), (17, 0), (14, 17)]
LEG_AWAY: int = 20
LEG_DOWN: int = 18
LEG_W: int = 2
LEG_H: int = 8
LEG_SPRING_TORQUE: int = 40
SIDE_ENGINE_HEIGHT: int = 14
SIDE_ENGINE_AWAY: int = 12
MAIN_ENGINE_Y_LOCATION: int = 4  # how far below the centre the main engine pushes
VIEWPORT_W: int = 600
VIEWPORT_H: int = 400

TERRAIN_CHUNKS = 11
WORLD_W = VIEWPORT_W / SCALE
WORLD_H = VIEWPORT_H / SCALE

BODY_COLORS = ((128, 102, 230), (77, 77, 128))  # fill and outline of the lander and its legs

# Collision filtering: hull, legs and particles each touch the ground only.
_GROUND_BITS = 0x1
_HULL_BITS = 0x10
_LEG_BITS = 0x20
_PARTICLE_BITS = 0x100
_PARTICLE_RADIUS = 2 / SCALE
_PARTICLE_DECAY = 0.15  # life lost by every particle at each rendered frame


class LanderBodies(Protocol):
    """What :class:`ContactDetector` reads and writes: the lander's bodies and its crash flag."""

    lander: Any
    legs: list[Any]
    game_over: bool


class ContactDetector(BodyContactListener):
    """Marks the episode lost when the hull touches ground, and keeps each leg's ``ground_contact``.

    Args:
        env: The lander env whose ``lander``, ``legs`` and ``game_over`` the contacts update.
    """

    def __init__(self, env: LanderBodies) -> None:
        super().__init__()
        self.env = env

    def on_contact(self, body_a: Any, body_b: Any, touching: bool) -> None:
        """Flag a crash when the hull lands, and set the touching leg's ``ground_contact``."""
        env = self.env
        bodies = (body_a, body_b)
        if touching and env.lander in bodies:
            env.game_over = True
        for leg in env.legs:
            if leg in bodies:
                leg.ground_contact = touching


@dataclass
class LanderTerrain:
    """The ground of one episode.

    Attributes:
        moon: The static body holding the ground edges.
        sky_polys: One quad per ground segment, from the ground up to the top of the screen.
        helipad_x1: Left flag's x, in world units.
        helipad_x2: Right flag's x.
        helipad_y: Height of the pad.
    """

    moon: Any
    sky_polys: list[list[tuple[float, float]]]
    helipad_x1: float
    helipad_x2: float
    helipad_y: float


def build_terrain(world: Any, rng: np.random.Generator) -> LanderTerrain:
    """Random hills with a flat pad in the middle, as edges of one static body.

    Args:
        world: The Box2D world.
        rng: The env's generator (one draw of ``TERRAIN_CHUNKS + 1`` heights).

    Returns:
        The terrain.
    """
    chunks = TERRAIN_CHUNKS
    height = rng.uniform(0, WORLD_H / 2, size=(chunks + 1,))
    chunk_x = [WORLD_W / (chunks - 1) * i for i in range(chunks)]
    helipad_y = WORLD_H / 4
    height[chunks // 2 - 2 : chunks // 2 + 3] = helipad_y
    # Three-point smoothing; the first chunk wraps round to the last height.
    smooth_y = [0.33 * (height[i - 1] + height[i + 0] + height[i + 1]) for i in range(chunks)]

    moon = world.CreateStaticBody(shapes=edgeShape(vertices=[(0, 0), (WORLD_W, 0)]))
    moon.color1 = moon.color2 = (0.0, 0.0, 0.0)
    sky_polys = []
    # One definition reused for every segment: Box2D copies the shape into each fixture.
    segment = edgeShape()
    ground = fixtureDef(shape=segment, density=0, friction=0.1)
    for i in range(chunks - 1):
        left = (chunk_x[i], smooth_y[i])
        right = (chunk_x[i + 1], smooth_y[i + 1])
        segment.vertices = [left, right]
        moon.CreateFixture(ground)
        sky_polys.append([left, right, (right[0], WORLD_H), (left[0], WORLD_H)])
    return LanderTerrain(
        moon, sky_polys, chunk_x[chunks // 2 - 1], chunk_x[chunks // 2 + 1], helipad_y
    )


def build_hull(world: Any, rng: np.random.Generator, start_x: float, start_y: float) -> Any:
    """The lander's body at ``(start_x, start_y)``, pushed by a random force (two draws).

    Args:
        world: The Box2D world.
        rng: The env's generator.
        start_x: Initial x.
        start_y: Initial y.

    Returns:
        The hull body.
    """
    hull = fixtureDef(
        shape=polygonShape(vertices=[(px / SCALE, py / SCALE) for px, py in LANDER_POLY]),
        density=5.0,
        friction=0.1,
        categoryBits=_HULL_BITS,
        maskBits=_GROUND_BITS,
        restitution=0.0,
    )
    body = world.CreateDynamicBody(position=(start_x, start_y), angle=0.0, fixtures=hull)
    body.color1, body.color2 = BODY_COLORS
    push_x = rng.uniform(-INITIAL_RANDOM, INITIAL_RANDOM)
    push_y = rng.uniform(-INITIAL_RANDOM, INITIAL_RANDOM)
    body.ApplyForceToCenter((push_x, push_y), True)
    return body


def build_leg(world: Any, lander: Any, side: int, start_x: float, start_y: float) -> Any:
    """One leg on a sprung revolute joint; ``side`` -1 builds ``legs[0]``, on the +x side.

    Args:
        world: The Box2D world.
        lander: The hull the leg hangs from.
        side: -1 or +1.
        start_x: The hull's initial x.
        start_y: The hull's initial y.

    Returns:
        The leg body, with ``ground_contact`` and ``joint`` attributes.
    """
    leg = world.CreateDynamicBody(
        position=(start_x - side * LEG_AWAY / SCALE, start_y),
        angle=(side * 0.05),
        fixtures=fixtureDef(
            shape=polygonShape(box=(LEG_W / SCALE, LEG_H / SCALE)),
            density=1.0,
            restitution=0.0,
            categoryBits=_LEG_BITS,
            maskBits=_GROUND_BITS,
        ),
    )
    leg.ground_contact = False
    leg.color1, leg.color2 = BODY_COLORS
    joint = revoluteJointDef(
        bodyA=lander,
        bodyB=leg,
        localAnchorA=(0, 0),
        localAnchorB=(side * LEG_AWAY / SCALE, LEG_DOWN / SCALE),
        enableMotor=True,
        enableLimit=True,
        maxMotorTorque=LEG_SPRING_TORQUE,
        motorSpeed=+0.3 * side,  # a gentle spring, so legs do not kick the lander up
    )
    # Each leg swings within half a radian, splayed outwards.
    if side < 0:
        joint.lowerAngle, joint.upperAngle = +0.9 - 0.5, +0.9
    else:
        joint.lowerAngle, joint.upperAngle = -0.9, -0.9 + 0.5
    leg.joint = world.CreateJoint(joint)
    return leg


def wind_strength(idx: int, power: float) -> float:
    """The wind (or turbulence) at phase ``idx``: ``tanh(sin(2 k t) + sin(pi k t))`` scaled.

    With ``k = 0.01`` the two sines never line up again, so the pattern never repeats.

    Args:
        idx: The phase counter.
        power: The largest strength.

    Returns:
        The force (or torque) to apply.
    """
    return math.tanh(math.sin(0.02 * idx) + math.sin(math.pi * 0.01 * idx)) * power


def spawn_particle(
    world: Any, particles: list[Any], density: float, where: tuple[float, float], ttl: float
) -> Any:
    """A small bouncy exhaust ball at ``where`` that lives ``ttl`` (aged by rendering).

    Args:
        world: The Box2D world.
        particles: The live particles, oldest first; the new one is appended.
        density: The ball's density.
        where: Its position.
        ttl: Its life.

    Returns:
        The particle's body.
    """
    ball = fixtureDef(
        shape=circleShape(radius=_PARTICLE_RADIUS, pos=(0, 0)),
        density=density,
        friction=0.1,
        categoryBits=_PARTICLE_BITS,
        maskBits=_GROUND_BITS,
        restitution=0.3,
    )
    particle = world.CreateDynamicBody(position=where, angle=0.0, fixtures=ball)
    particle.ttl = ttl
    particles.append(particle)
    drop_particles(world, particles, everything=False)
    return particle


def drop_particles(world: Any, particles: list[Any], everything: bool) -> None:
    """Destroy expired particles from the oldest on (or all of them).

    Args:
        world: The Box2D world.
        particles: The live particles, oldest first; destroyed ones are removed.
        everything: Destroy them all, expired or not.
    """
    while particles and (everything or particles[0].ttl < 0):
        world.DestroyBody(particles.pop(0))


def age_particles(world: Any, particles: list[Any]) -> None:
    """Shorten every particle's life by one frame's worth, recolour it, drop the expired ones.

    Args:
        world: The Box2D world.
        particles: The live particles, oldest first.
    """
    for particle in particles:
        particle.ttl -= _PARTICLE_DECAY
        # Hot white-red when fresh, fading to grey as the particle ages.
        shade = (
            int(max(0.2, 0.15 + particle.ttl) * 255),
            int(max(0.2, 0.5 * particle.ttl) * 255),
            int(max(0.2, 0.5 * particle.ttl) * 255),
        )
        particle.color1 = particle.color2 = shade
    drop_particles(world, particles, everything=False)


# -- engine commands -----------------------------------------------------------------------------

# An engine command: (main throttle, side throttle, side direction).
Command = tuple[float, float, float]

# The discrete actions: nothing, left engine, main engine, right engine.
DISCRETE_COMMANDS: tuple[Command, ...] = (
    (0.0, 0.0, 0),
    (0.0, 1.0, -1),
    (1.0, 0.0, 0),
    (0.0, 1.0, 1),
)


def throttle_command(action: Any) -> Command:
    """The engine command for a continuous action ``[main, lateral]``.

    Both values are clipped to ``[-1, 1]``. The main engine is off at or below 0 and runs from
    50% to 100% power above; the side engines are off within ``[-0.5, 0.5]`` and run from 50% to
    100% beyond, on the side of the sign.

    Args:
        action: Two numbers (an array, list or tuple).

    Returns:
        ``(main throttle, side throttle, side direction)``.

    Raises:
        IndexError: For a scalar (the reference indexes the action, which fails the same way).
        ValueError: For an array that is not 1-d.
    """
    if action.__class__ is np.ndarray and action.shape == (2,):
        main, lateral = action.tolist()
    else:
        values = np.asarray(action, dtype=np.float64)
        if values.ndim == 0:
            raise IndexError("LunarLander: a continuous action holds two values, got a scalar.")
        if values.ndim != 1:
            raise ValueError(
                "LunarLander: a continuous action is a 1-d array [main, lateral], got "
                f"shape {values.shape}."
            )
        main, lateral = float(values[0]), float(values[1])
    main, lateral = clip_unit(main), clip_unit(lateral)
    m_power = (main + 1.0) * 0.5 if main > 0.0 else 0.0
    if abs(lateral) > 0.5:
        return m_power, abs(lateral), 1.0 if lateral > 0.0 else -1.0
    return m_power, 0.0, 0.0


def clip_unit(value: float) -> float:
    """``value`` clipped to ``[-1, 1]``; NaN stays NaN (as ``np.clip``).

    Args:
        value: A float.

    Returns:
        The clipped float.
    """
    if value > 1.0:
        return 1.0
    if value < -1.0:
        return -1.0
    return value
