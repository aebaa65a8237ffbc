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
replaying them (:class:`~gymnasium_core.envs.box2d._shared.ReplayCopyable`).
"""

from __future__ import annotations

import array
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core import error, spaces
from gymnasium_core.core import Env
from gymnasium_core.utils.ezpickle import EzPickle

from ._shared import (
    POSITION_ITERATIONS,
    VELOCITY_ITERATIONS,
    BodyContactListener,
    Box2D,
    EpisodeRecord,
    PygameWindow,
    ReplayCopyable,
    WindowOwner,
    capture_rng_state,
    circleShape,
    destroy_bodies,
    edgeShape,
    fixtureDef,
    frame_array,
    generator_from_state,
    import_pygame,
    polygonShape,
    rayCastCallback,
    revoluteJointDef,
    warn_no_render_mode,
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
]


# -- constants, bodies, contacts and lidar -----------------------------------------------------

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


# -- the track: terrain and clouds -------------------------------------------------------------
# The draws, the bodies and their creation order follow Gymnasium's BipedalWalker exactly.

_NUM_CLOUDS = TERRAIN_LENGTH // 20

# Terrain kinds of the generator; the hardcore obstacles are drawn as integers in [1, 4).
_GRASS, _STUMP, _STAIRS, _PIT, _NUM_KINDS = range(5)
OBSTACLE_COLORS = ((255, 255, 255), (153, 153, 153))  # fill, outline


EARTH_COLOR = (102, 153, 76)


@dataclass
class Terrain:
    """The generated track: its static bodies and the ground profile.

    Attributes:
        bodies: The static bodies in creation order (obstacles as met, then the ground edges);
            each carries its drawing colours as ``color1`` (fill) and ``color2`` (outline).
        xs: ``(TERRAIN_LENGTH,)`` x of each profile point, in metres.
        ys: ``(TERRAIN_LENGTH,)`` height of each profile point, in metres.
        polys: ``(quad, colour)`` of the filled earth under each ground segment.
    """

    bodies: list[Any] = field(default_factory=list)
    xs: list[float] = field(default_factory=list)
    ys: list[Any] = field(default_factory=list)
    polys: list[tuple[list[tuple[Any, Any]], tuple[int, int, int]]] = field(default_factory=list)


def new_fixture_defs() -> tuple[Any, Any]:
    """The obstacle and ground-edge fixture definitions (``fd_polygon``, ``fd_edge``).

    The builder rewrites their vertices for each body; Box2D copies them into each fixture.
    """
    fd_polygon = fixtureDef(
        shape=polygonShape(vertices=[(0, 0), (1, 0), (1, -1), (0, -1)]), friction=FRICTION
    )
    fd_edge = fixtureDef(
        shape=edgeShape(vertices=[(0, 0), (1, 1)]), friction=FRICTION, categoryBits=GROUND_CATEGORY
    )
    return fd_polygon, fd_edge


class TerrainBuilder:
    """Draws a track from ``rng`` and creates its static bodies in ``world``.

    The draws, the bodies and their creation order follow the reference exactly: the terrain
    decides the Box2D proxy order, and so the simulation's arithmetic.

    Args:
        world: The Box2D world.
        rng: The env's generator.
        hardcore: Add stumps, stairs and pits.
        fd_polygon: The fixture definition reused for every obstacle.
        fd_edge: The fixture definition reused for every ground edge.
    """

    def __init__(
        self, world: Any, rng: np.random.Generator, hardcore: bool, fd_polygon: Any, fd_edge: Any
    ) -> None:
        self.world, self.rng, self.hardcore = world, rng, hardcore
        self.terrain = Terrain()
        self.body_def = Box2D.b2BodyDef()
        self.box_fixture = fd_polygon
        self.edge_fixture = fd_edge

    def _static_body(self, fixture: Any, fill: Any, outline: Any) -> Any:
        body = self.world.CreateBody(self.body_def)
        body.CreateFixture(fixture)
        body.color1, body.color2 = fill, outline
        self.terrain.bodies.append(body)
        return body

    def _obstacle(self, poly: list[tuple[Any, Any]]) -> None:
        self.box_fixture.shape.vertices = poly
        self._static_body(self.box_fixture, *OBSTACLE_COLORS)

    def build(self) -> Terrain:
        """Generate the profile and obstacles, point by point, then the ground edges."""
        rng, step = self.rng, TERRAIN_STEP
        kind: Any = _GRASS
        fresh = False  # ``fresh``: the first point of a new stretch
        y: Any = TERRAIN_HEIGHT
        velocity: Any = 0.0
        countdown: Any = TERRAIN_STARTPAD
        base_y: Any = 0  # height where the current pit or staircase starts
        stair_steps: Any = 0
        stair_width: Any = 0
        stair_dir = 0
        for point in range(TERRAIN_LENGTH):
            x = point * step
            self.terrain.xs.append(x)
            if kind == _GRASS and not fresh:
                # A damped random walk pulled back towards the mean height.
                velocity = 0.8 * velocity + 0.01 * np.sign(TERRAIN_HEIGHT - y)
                if point > TERRAIN_STARTPAD:
                    velocity += rng.uniform(-1, 1) / SCALE
                y = y + velocity
            elif kind == _PIT and fresh:
                countdown = rng.integers(3, 5)
                wall = [(x, y), (x + step, y), (x + step, y - 4 * step), (x, y - 4 * step)]
                self._obstacle(wall)
                self._obstacle([(px + step * countdown, py) for px, py in wall])
                countdown += 2
                base_y = y
            elif kind == _PIT:
                y = base_y
                if countdown > 1:
                    y -= 4 * step
            elif kind == _STUMP and fresh:
                countdown = rng.integers(1, 3)
                side = countdown * step
                self._obstacle([(x, y), (x + side, y), (x + side, y + side), (x, y + side)])
            elif kind == _STAIRS and fresh:
                stair_dir = +1 if rng.random() > 0.5 else -1
                stair_width = rng.integers(4, 5)
                stair_steps = rng.integers(3, 5)
                base_y = y
                self._staircase(x, y, stair_steps, stair_width, stair_dir)
                countdown = stair_steps * stair_width
            elif kind == _STAIRS:
                done = stair_steps * stair_width - countdown - stair_dir
                y = base_y + (done / stair_width * stair_dir) * step
            fresh = False
            self.terrain.ys.append(y)
            countdown -= 1
            if countdown == 0:
                countdown = rng.integers(TERRAIN_GRASS // 2, TERRAIN_GRASS)
                kind = rng.integers(1, _NUM_KINDS) if kind == _GRASS and self.hardcore else _GRASS
                fresh = True
        self._ground()
        return self.terrain

    def _staircase(self, x: Any, y: Any, steps: Any, width: Any, direction: int) -> None:
        unit = TERRAIN_STEP
        for s in range(steps):
            left, right = x + (s * width) * unit, x + ((1 + s) * width) * unit
            top, bottom = y + (s * direction) * unit, y + (-1 + s * direction) * unit
            self._obstacle([(left, top), (right, top), (right, bottom), (left, bottom)])

    def _ground(self) -> None:
        """One edge body per segment of the profile, then the filled earth below it."""
        xs, ys, terrain = self.terrain.xs, self.terrain.ys, self.terrain
        for k in range(TERRAIN_LENGTH - 1):
            segment = [(xs[k], ys[k]), (xs[k + 1], ys[k + 1])]
            self.edge_fixture.shape.vertices = segment
            grass = (76, 204 if k % 2 else 255, 76)
            self._static_body(self.edge_fixture, grass, grass)
            terrain.polys.append(([*segment, (segment[1][0], 0), (segment[0][0], 0)], EARTH_COLOR))


def draw_clouds(rng: np.random.Generator) -> list[tuple[list[tuple[float, float]], float, float]]:
    """Cloud pentagons for the background (drawn even when nothing renders: they use ``rng``)."""
    clouds = []
    for _ in range(_NUM_CLOUDS):
        cx = rng.uniform(0, TERRAIN_LENGTH) * TERRAIN_STEP
        cy = VIEWPORT_H / SCALE * 3 / 4
        poly = []
        spread = 5 * TERRAIN_STEP
        for k in range(5):
            px = cx + 15 * TERRAIN_STEP * math.sin(3.14 * 2 * k / 5) + rng.uniform(0, spread)
            py = cy + 5 * TERRAIN_STEP * math.cos(3.14 * 2 * k / 5) + rng.uniform(0, spread)
            poly.append((px, py))
        clouds.append((poly, min(p[0] for p in poly), max(p[0] for p in poly)))
    return clouds


# -- the environment ---------------------------------------------------------------------------

_FINISH_X = (TERRAIN_LENGTH - TERRAIN_GRASS) * TERRAIN_STEP  # the episode ends past this x
_DT = 1.0 / FPS

# Observation bounds: joint speeds are scaled to their rated motor speed, and ground contact can
# shake them up to about 5x that.
_OBS_HIGH = [math.pi, 5.0, 5.0, 5.0, math.pi, 5.0, math.pi, 5.0, 5.0]
_OBS_HIGH += [math.pi, 5.0, math.pi, 5.0, 5.0] + [1.0] * 10
_OBS_LOW = [-v for v in _OBS_HIGH]
_OBS_LOW[8] = _OBS_LOW[13] = -0.0  # contact flags (the reference writes the bound as -0.0)
_OBS_LOW[14:] = [-1.0] * 10


#: Rays the walker's lidar casts ahead and down.
_LIDAR_RAYS = 10


def _fresh_lidar() -> list[Any]:
    """One unhit ray callback per lidar ray."""
    return [LidarCallback() for _ in range(_LIDAR_RAYS)]


def _motor_commands(action: Any) -> tuple[list[float], Any]:
    """Motor speeds and torque limits for ``action``, and the magnitudes the cost uses.

    Raises the exception types the reference raises for malformed actions; a NaN is refused
    up front (the reference feeds it to Box2D, which then fails an assertion and stays broken).
    """
    if isinstance(action, np.ndarray):
        if action.ndim == 0:
            raise IndexError(f"A BipedalWalker action needs 4 entries, got a 0-d array {action!r}.")
        values = action
    elif isinstance(action, (list, tuple)):
        values = np.asarray(action)
    else:
        raise TypeError(f"A BipedalWalker action is an array of 4 numbers, got {action!r}.")
    if values.ndim != 1:
        raise TypeError(f"A BipedalWalker action is 1-d, got shape {values.shape}.")
    if values.shape[0] < 4:
        raise IndexError(f"A BipedalWalker action needs 4 entries, got {values.shape[0]}.")
    if values.dtype.kind not in "biuf":
        raise TypeError(f"A BipedalWalker action holds numbers, got dtype {values.dtype}.")
    magnitudes = np.clip(np.abs(values), 0, 1)
    if np.isnan(magnitudes[:4]).any():
        raise AssertionError(f"A BipedalWalker action may not contain NaN: {action!r}.")
    directions = np.sign(values)
    # The same numpy scalar arithmetic as the reference (float32 actions give float32 products).
    commands = [
        float(SPEED_HIP * directions[0]),
        float(MOTORS_TORQUE * magnitudes[0]),
        float(SPEED_KNEE * directions[1]),
        float(MOTORS_TORQUE * magnitudes[1]),
        float(SPEED_HIP * directions[2]),
        float(MOTORS_TORQUE * magnitudes[2]),
        float(SPEED_KNEE * directions[3]),
        float(MOTORS_TORQUE * magnitudes[3]),
    ]
    return commands, magnitudes


_RESET_COMMANDS = [0.0] * 8  # the reference's reset takes one step with a zero action


# A replayable episode: the generator state at the reset and every step's 8 motor commands.
_Episode = EpisodeRecord["array.array[float]"]


class BipedalWalker(ReplayCopyable, WindowOwner, Env[np.ndarray, np.ndarray], EzPickle):
    """Walk a two-legged robot to the end of a randomly generated track.

    Observation: ``(24,)`` float32 (hull angle, angular speed, x/y speed; per leg: hip angle
    and speed, knee angle and speed, ground contact; ten lidar fractions). Action: ``(4,)``
    float32 in ``[-1, 1]`` (hip and knee motor of each leg). See ``docs/envs/bipedal_walker.md``.

    The Box2D objects are the reference's attributes, live: ``hull``, ``legs`` (upper 1, lower
    1, upper 2, lower 2; lower legs carry ``ground_contact``), ``joints`` (hip 1, knee 1, hip 2,
    knee 2), ``terrain`` (the static bodies, ground edges first), ``terrain_x`` /
    ``terrain_y`` (the ground profile), ``terrain_poly`` and ``cloud_poly`` (drawing data),
    ``drawlist`` and ``lidar`` (ten ray callbacks with ``p1``, ``p2`` and ``fraction``).

    Args:
        render_mode: ``None``, ``"human"`` or ``"rgb_array"`` (600x400 frames).
        hardcore: Add stumps, stairs and pits to the terrain (``BipedalWalkerHardcore-v3``).
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": FPS}

    def __init__(self, render_mode: str | None = None, hardcore: bool = False) -> None:
        EzPickle.__init__(self, render_mode, hardcore)
        self.render_mode = render_mode
        self.hardcore = hardcore
        self.action_space = spaces.Box(-1.0, 1.0, (4,), np.float32)
        self.observation_space = spaces.Box(
            np.array(_OBS_LOW, dtype=np.float32), np.array(_OBS_HIGH, dtype=np.float32)
        )
        self.world = Box2D.b2World()
        self.fd_polygon, self.fd_edge = new_fixture_defs()
        self.terrain: list[Any] = []
        self.terrain_x: list[float] = []
        self.terrain_y: list[Any] = []
        self.terrain_poly: list[tuple[list[tuple[Any, Any]], tuple[int, int, int]]] = []
        self.cloud_poly: list[tuple[list[tuple[float, float]], float, float]] = []
        self.hull: Any = None
        self.legs: list[Any] = []
        self.joints: list[Any] = []
        self.drawlist: list[Any] = []
        self.lidar = _fresh_lidar()
        self.game_over = False
        self.prev_shaping: Any = None
        self.scroll = 0.0
        self.lidar_render = 0
        self.surf: Any = None
        self._history: list[_Episode] = []
        self._window = PygameWindow((VIEWPORT_W, VIEWPORT_H))

    # -- episode ------------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Generate a new track and stand the walker at its start.

        Args:
            seed: Re-seeds :attr:`np_random` if given.
            options: Unused (accepted for the API).

        Returns:
            ``(observation, {})`` after one zero-torque step, as the reference.
        """
        super().reset(seed=seed)
        self._begin_episode()
        if self.render_mode == "human":
            self.render()
        obs, _, _, _, _ = self._step_commands(_RESET_COMMANDS, np.zeros(4, dtype=np.int64))
        return obs, {}

    def step(
        self, action: np.ndarray
    ) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        """Drive the four motors for one 1/50 s step.

        Args:
            action: ``(4,)`` motor commands; values outside ``[-1, 1]`` are clipped.

        Returns:
            ``(observation, reward, terminated, False, {})``; the time limit is the
            ``TimeLimit`` wrapper's job.

        Raises:
            AssertionError: Before the first ``reset``, or for an action containing NaN.
            IndexError: For an action with fewer than 4 entries.
            TypeError: For an action that is not a 1-d sequence of numbers.
        """
        assert self.hull is not None, "Call reset() before step()."
        commands, magnitudes = _motor_commands(action)
        return self._step_commands(commands, magnitudes)

    def _begin_episode(self) -> None:
        """Record the random state, clear the old bodies and build terrain, clouds and walker."""
        rng = self.np_random
        self._history.append(EpisodeRecord(capture_rng_state(rng), array.array("d")))
        self._destroy()
        # A new listener per episode, kept alive by the world as in the reference; it is set
        # before the walker exists, which makes no difference as callbacks fire in world.Step.
        listener = ContactDetector(self)
        self.world.contactListener_bug_workaround = listener
        self.world.contactListener = listener
        self.game_over = False
        self.prev_shaping = None
        self.scroll = 0.0
        self.lidar_render = 0
        terrain = TerrainBuilder(
            self.world, rng, self.hardcore, self.fd_polygon, self.fd_edge
        ).build()
        # The reference keeps its terrain reversed (ground edges first, last one first); that
        # is also the order bodies are destroyed and drawn in.
        terrain.bodies.reverse()
        self.terrain = terrain.bodies
        self.terrain_x, self.terrain_y, self.terrain_poly = terrain.xs, terrain.ys, terrain.polys
        self.cloud_poly = draw_clouds(rng)
        self.hull, self.legs, self.joints = build_walker(self.world, rng)
        self.drawlist = [*self.terrain, *self.legs, self.hull]
        self.lidar = _fresh_lidar()

    def _destroy(self) -> None:
        """Remove the previous episode's bodies in the reference's order (ground edges first)."""
        if not self.terrain:
            return
        self.world.contactListener = None
        # The order decides which Box2D proxy ids the next episode gets.
        destroy_bodies(self.world, self.terrain)
        self.terrain = []
        destroy_bodies(self.world, (self.hull, *self.legs))
        self.hull = None
        self.legs = []
        self.joints = []

    def _advance(self, commands: list[float]) -> None:
        """Set the motors, step the world and log the commands for replays."""
        for j, joint in enumerate(self.joints):
            joint.motorSpeed = commands[2 * j]
            joint.maxMotorTorque = commands[2 * j + 1]
        self.world.Step(_DT, VELOCITY_ITERATIONS, POSITION_ITERATIONS)
        self._history[-1].steps.extend(commands)

    def _sense(self) -> list[float]:
        """Cast the lidar and read the 24 observations (as Python floats)."""
        hull, joints, legs = self.hull, self.joints, self.legs
        origin = hull.position
        velocity = hull.linearVelocity
        px, py = origin[0], origin[1]
        for ray, (dx, dy) in zip(self.lidar, LIDAR_OFFSETS, strict=True):
            ray.fraction = 1.0
            ray.p1 = origin
            ray.p2 = (px + dx, py - dy)
            self.world.RayCast(ray, ray.p1, ray.p2)
        obs = [
            hull.angle,
            2.0 * hull.angularVelocity / FPS,
            0.3 * velocity.x * (VIEWPORT_W / SCALE) / FPS,  # about [-1, 1] when walking
            0.3 * velocity.y * (VIEWPORT_H / SCALE) / FPS,
            joints[0].angle,
            joints[0].speed / SPEED_HIP,
            joints[1].angle + 1.0,
            joints[1].speed / SPEED_KNEE,
            1.0 if legs[1].ground_contact else 0.0,
            joints[2].angle,
            joints[2].speed / SPEED_HIP,
            joints[3].angle + 1.0,
            joints[3].speed / SPEED_KNEE,
            1.0 if legs[3].ground_contact else 0.0,
        ]
        obs += [ray.fraction for ray in self.lidar]
        self.scroll = px - VIEWPORT_W / SCALE / 5
        return obs

    def _step_commands(
        self, commands: list[float], magnitudes: Any
    ) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        self._advance(commands)
        obs = self._sense()
        x = self.hull.position[0]
        # Progress (130 for the whole track) minus a penalty for a tilted hull.
        shaping = 130 * x / SCALE - 5.0 * abs(obs[0])
        previous, self.prev_shaping = self.prev_shaping, shaping
        reward: Any = 0 if previous is None else shaping - previous
        for magnitude in magnitudes:
            reward -= 0.00035 * MOTORS_TORQUE * magnitude  # torque cost, in the action's dtype
        has_failed = self.game_over or x < 0
        if has_failed:
            reward = -100
        terminated = has_failed or x > _FINISH_X
        if self.render_mode == "human":
            self.render()
        return np.array(obs, dtype=np.float32), reward, terminated, False, {}

    # -- copies ---------------------------------------------------------------------------------

    def _constructor_kwargs(self) -> dict[str, Any]:
        return {"render_mode": self.render_mode, "hardcore": self.hardcore}

    def _replay_record(self) -> tuple[list[_Episode], int]:
        """Every episode of the env's life, and the lidar drawing's sweep position.

        The world's state depends on every episode it has run (bodies destroyed at a reset
        leave Box2D's proxy bookkeeping in an order that later episodes inherit), so the record
        covers the env's whole life: 64 bytes of motor commands per step.
        """
        return self._history, self.lidar_render

    def _replay(self, record: tuple[list[_Episode], int]) -> None:
        """Replay every recorded reset and motor command in a fresh world."""
        history, lidar_render = record
        for episode in history:
            self._np_random = generator_from_state(episode.rng_state)
            self._begin_episode()
            commands = episode.steps
            for start in range(0, len(commands), 8):
                self._advance(list(commands[start : start + 8]))
        if self.hull is not None:
            obs = self._sense()
            x = self.hull.position[0]
            self.prev_shaping = 130 * x / SCALE - 5.0 * abs(obs[0])
        self.lidar_render = lidar_render

    # -- rendering ------------------------------------------------------------------------------

    def render(self) -> np.ndarray | None:
        """Draw the scene: a ``(400, 600, 3)`` uint8 frame, or ``None`` in ``"human"`` mode."""
        if self.render_mode is None:
            warn_no_render_mode(self.spec, "BipedalWalker-v3")
            return None
        self._window.ensure_clock()
        # One lidar ray per frame, sweeping out and back, so the lidar does not flicker.
        sweep = self.lidar_render = (self.lidar_render + 1) % 100
        count = len(self.lidar)
        ray = None
        if sweep < 2 * count:
            ray = self.lidar[sweep if sweep < count else count - sweep - 1]
        self.surf, origin = draw_walker_scene(
            self.scroll, self.cloud_poly, self.terrain_poly, ray, self.drawlist
        )
        if self.render_mode == "human":
            # Where the reference puts its whole-track surface in the window.
            offset = (origin - self.scroll * SCALE, 0)
            self._window.show(self.surf, FPS, offset, clear=False)
            return None
        return frame_array(self.surf)[:, -VIEWPORT_W:]

    def close(self) -> None:
        """Close the window, if one is open (safe to call more than once)."""
        self._window.close()


class BipedalWalkerHardcore:
    """Placeholder kept for the reference's import path; the hardcore track is a keyword.

    Raises:
        gymnasium_core.error.Error: Always; use
            ``gymnasium_core.make("BipedalWalker-v3", hardcore=True)`` or
            ``make("BipedalWalkerHardcore-v3")`` instead.
    """

    def __init__(self) -> None:
        raise error.Error(
            "BipedalWalkerHardcore cannot be instantiated directly. The hardcore terrain is an "
            'option of BipedalWalker: gymnasium_core.make("BipedalWalker-v3", hardcore=True) '
            'or gymnasium_core.make("BipedalWalkerHardcore-v3").'
        )


# -- a hand-written gait -----------------------------------------------------------------------


class BipedalWalkerHeuristics:
    """A hand-written gait that walks the normal track (a demo and a source of demonstrations).

    It cycles through three phases: lift one leg forward while standing on the other, put it
    down, then push off with the back leg and swap legs. PD terms keep the hull level and damp
    vertical bouncing. It has no notion of balance, so it falls now and then.

    Example:
        >>> import gymnasium_core as gym
        >>> env = gym.make("BipedalWalker-v3")
        >>> obs, _ = env.reset(seed=0)
        >>> gait = BipedalWalkerHeuristics()
        >>> obs, reward, terminated, truncated, _ = env.step(gait.step_heuristic(obs))
    """

    STAY_ON_ONE_LEG, PUT_OTHER_DOWN, PUSH_OFF = 1, 2, 3
    SPEED = 0.29  # faster than this and the walker tips forward
    SUPPORT_KNEE_ANGLE = +0.1
    # Class-level starting values, where the reference keeps them; each instance gets its own
    # copies in ``__init__`` (the reference's instances share ``a`` until their first step).
    state = STAY_ON_ONE_LEG
    moving_leg = 0
    supporting_leg = 1 - moving_leg
    supporting_knee_angle = SUPPORT_KNEE_ANGLE
    a = np.array([0.0, 0.0, 0.0, 0.0])

    def __init__(self) -> None:
        self.state = self.STAY_ON_ONE_LEG
        self.moving_leg = 0
        self.supporting_leg = 1
        self.supporting_knee_angle = self.SUPPORT_KNEE_ANGLE
        self.a = np.zeros(4)

    def step_heuristic(self, s: Any) -> np.ndarray:
        """The action for observation ``s``; advances the gait's phase.

        Args:
            s: A ``(24,)`` BipedalWalker observation.

        Returns:
            A ``(4,)`` float64 action in ``[-1, 1]``.
        """
        hip_target, knee_target = self._targets(s)
        hip_todo = [0.0, 0.0]
        knee_todo = [0.0, 0.0]
        for leg in (0, 1):
            base = 4 + 5 * leg  # hip angle, hip speed, knee angle, knee speed, contact
            if hip_target[leg]:
                hip_todo[leg] = 0.9 * (hip_target[leg] - s[base]) - 0.25 * s[base + 1]
            if knee_target[leg]:
                knee_todo[leg] = 4.0 * (knee_target[leg] - s[base + 2]) - 0.25 * s[base + 3]
        for leg in (0, 1):
            hip_todo[leg] -= 0.9 * (0 - s[0]) - 1.5 * s[1]  # keep the hull level
            knee_todo[leg] -= 15.0 * s[3]  # damp vertical oscillations
        raw = np.array([hip_todo[0], knee_todo[0], hip_todo[1], knee_todo[1]], dtype=np.float64)
        self.a = np.clip(0.5 * raw, -1.0, 1.0)
        return self.a

    def _targets(self, s: Any) -> tuple[list[float | None], list[float | None]]:
        """Joint angle targets of the current phase (``None``: leave the joint alone)."""
        hip: list[float | None] = [None, None]
        knee: list[float | None] = [None, None]
        moving, support = self.moving_leg, self.supporting_leg
        moving_base, support_base = 4 + 5 * moving, 4 + 5 * support
        # The phases fall through: a phase that ends hands over within the same call.
        phase = self.state
        if phase == self.STAY_ON_ONE_LEG:
            hip[moving], knee[moving] = 1.1, -0.6
            # Straighten the standing knee gradually, twice as fast when moving quickly.
            for _ in range(2 if s[2] > self.SPEED else 1):
                self.supporting_knee_angle += 0.03
            self.supporting_knee_angle = min(self.supporting_knee_angle, self.SUPPORT_KNEE_ANGLE)
            knee[support] = self.supporting_knee_angle
            if s[support_base] < 0.10:  # the standing leg is now behind the hull
                phase = self.PUT_OTHER_DOWN
        if phase == self.PUT_OTHER_DOWN:
            hip[moving], knee[moving] = +0.1, self.SUPPORT_KNEE_ANGLE
            knee[support] = self.supporting_knee_angle
            if s[moving_base + 4]:  # the swinging foot has landed
                phase = self.PUSH_OFF
                self.supporting_knee_angle = min(s[moving_base + 2], self.SUPPORT_KNEE_ANGLE)
        if phase == self.PUSH_OFF:
            knee[moving], knee[support] = self.supporting_knee_angle, +1.0
            if s[support_base + 2] > 0.88 or s[2] > 1.2 * self.SPEED:
                phase = self.STAY_ON_ONE_LEG
                self.moving_leg, self.supporting_leg = support, moving
        self.state = phase
        return hip, knee


# -- drawing with pygame -----------------------------------------------------------------------
# The frame equals the reference's pixel for pixel. The reference draws the whole track up to the
# walker on one surface as wide as the distance walked, in absolute pixel coordinates, and keeps
# its last ``VIEWPORT_W`` columns. Here the surface starts at most :data:`_MARGIN` pixels left of
# the view: everything is drawn moved left by a whole number of pixels, which leaves the fractional
# parts of every coordinate (and so every rasterised and anti-aliased pixel) unchanged. The margin
# is wider than any shape that is drawn, so no shape reaching into the view is clipped at the
# surface's left edge where the reference's would not be.

_SKY = (215, 215, 255)
_CLOUD = (255, 255, 255)
_LIDAR = (255, 0, 0)
_FLAG = (230, 51, 0)
# Pixels kept left of the view: more than the widest drawn shape (a cloud is ~500 px wide).
_MARGIN = 1200


def draw_walker_scene(
    scroll: float,
    cloud_poly: Sequence[tuple[Sequence[tuple[float, float]], float, float]],
    terrain_poly: Sequence[tuple[Sequence[tuple[float, float]], Any]],
    ray: Any,
    drawlist: Sequence[Any],
) -> tuple[Any, int]:
    """The scene as a pygame surface in screen orientation, its view in the last 600 columns.

    Args:
        scroll: The env's ``scroll`` (world x of the view's left edge, in metres).
        cloud_poly: The env's clouds: ``(polygon, x_min, x_max)`` in metres.
        terrain_poly: The earth quads under the ground, with their colours.
        ray: The lidar ray to draw this frame (with ``p1`` / ``p2`` once cast), or ``None``.
        drawlist: Bodies to draw in order, each with ``color1`` (fill) and ``color2`` (outline).

    Returns:
        The flipped surface (its rightmost ``VIEWPORT_W`` columns are the frame) and the x of
        its left edge on the reference's surface, in whole pixels.
    """
    pygame = import_pygame()
    from pygame import gfxdraw

    # The reference's surface is int(VIEWPORT_W + max(0, scroll) * SCALE) wide; ``origin`` is
    # where ours starts on it, a whole number of pixels.
    full_width = int(VIEWPORT_W + max(0.0, scroll) * SCALE)
    origin = max(0, full_width - VIEWPORT_W - _MARGIN)
    surf = pygame.Surface((full_width - origin, VIEWPORT_H))

    def moved(points: Sequence[Sequence[float]]) -> list[tuple[float, float]]:
        return [(p[0] - origin, p[1]) for p in points]

    left = scroll * SCALE
    pygame.draw.polygon(
        surf,
        _SKY,
        moved(
            [(left, 0), (left + VIEWPORT_W, 0), (left + VIEWPORT_W, VIEWPORT_H), (left, VIEWPORT_H)]
        ),
    )
    for poly, x1, x2 in cloud_poly:
        # Clouds drift at half the walker's speed (parallax).
        if x2 < scroll / 2 or x1 > scroll / 2 + VIEWPORT_W / SCALE:
            continue
        points = moved([(p[0] * SCALE + scroll * SCALE / 2, p[1] * SCALE) for p in poly])
        pygame.draw.polygon(surf, _CLOUD, points)
        gfxdraw.aapolygon(surf, points, _CLOUD)
    for poly, color in terrain_poly:
        if poly[1][0] < scroll or poly[0][0] > scroll + VIEWPORT_W / SCALE:
            continue
        points = moved([(p[0] * SCALE, p[1] * SCALE) for p in poly])
        pygame.draw.polygon(surf, color, points)
        gfxdraw.aapolygon(surf, points, color)
    if ray is not None and hasattr(ray, "p1") and hasattr(ray, "p2"):
        start, end = moved(
            [(ray.p1[0] * SCALE, ray.p1[1] * SCALE), (ray.p2[0] * SCALE, ray.p2[1] * SCALE)]
        )
        pygame.draw.line(surf, _LIDAR, start, end, 1)
    for body in drawlist:
        _draw_body(pygame, gfxdraw, surf, body, origin)
    _draw_flag(pygame, surf, origin)
    return pygame.transform.flip(surf, False, True), origin


def _draw_body(pygame: Any, gfxdraw: Any, surf: Any, body: Any, origin: int) -> None:
    """Each fixture of ``body``: polygons filled and outlined, edges as anti-aliased lines."""
    fill, outline = body.color1, body.color2
    transform = body.transform
    for fixture in body.fixtures:
        shape = fixture.shape
        if type(shape) is circleShape:  # the walker has none; kept for bodies added by users
            centre = transform * shape.pos * SCALE
            centre = (centre[0] - origin, centre[1])
            pygame.draw.circle(surf, fill, centre, shape.radius * SCALE)
            pygame.draw.circle(surf, outline, centre, shape.radius * SCALE)
            continue
        # Box2D's float32 vector arithmetic, as in the reference, then the whole-pixel move.
        path = [transform * v * SCALE for v in shape.vertices]
        points = [(p[0] - origin, p[1]) for p in path]
        if len(points) > 2:
            pygame.draw.polygon(surf, fill, points)
            gfxdraw.aapolygon(surf, points, fill)
            pygame.draw.polygon(surf, outline, [*points, points[0]], 1)
            gfxdraw.aapolygon(surf, [*points, points[0]], outline)
        else:
            pygame.draw.aaline(surf, fill, points[0], points[1])


def _draw_flag(pygame: Any, surf: Any, origin: int) -> None:
    x = TERRAIN_STEP * 3 * SCALE - origin
    bottom = TERRAIN_HEIGHT * SCALE
    top = bottom + 50
    pygame.draw.aaline(surf, (0, 0, 0), (x, bottom), (x, top))
    cloth = [(x, top), (x, top - 10), (x + 25, top - 5)]
    pygame.draw.polygon(surf, _FLAG, cloth)
    pygame.draw.lines(surf, (0, 0, 0), False, [*cloth, cloth[0]], 1)


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
