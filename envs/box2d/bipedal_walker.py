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
replaying them (see :meth:`BipedalWalker.__getstate__`).
"""

from __future__ import annotations

import array
import math
from dataclasses import dataclass, field
from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core import error, logger, spaces
from gymnasium_core.core import Env

try:
    import Box2D
    from Box2D.b2 import (
        contactListener,
        edgeShape,
        fixtureDef,
        polygonShape,
        rayCastCallback,
        revoluteJointDef,
    )
except ImportError as err:
    raise error.DependencyNotInstalled(
        "Box2D is needed for BipedalWalker: "
        'pip install swig, then pip install "gymnasium-core[box2d]"'
    ) from err

__all__ = ["BipedalWalker", "BipedalWalkerHardcore", "BipedalWalkerHeuristics"]

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

_NUM_CLOUDS = TERRAIN_LENGTH // 20
_FINISH_X = (TERRAIN_LENGTH - TERRAIN_GRASS) * TERRAIN_STEP  # the episode ends past this x

# Terrain kinds of the generator; the hardcore obstacles are drawn as integers in [1, 4).
_GRASS, _STUMP, _STAIRS, _PIT, _NUM_KINDS = range(5)

_DT = 1.0 / FPS
_VELOCITY_ITERATIONS = 180  # Box2D solver iterations per step, as the reference
_POSITION_ITERATIONS = 60

# The walker's parts are in category 0x20 and collide only with the ground (category 1).
_WALKER_CATEGORY = 0x0020
_GROUND_CATEGORY = 0x0001

_OBSTACLE_COLORS = ((255, 255, 255), (153, 153, 153))
_HULL_COLORS = ((127, 51, 229), (76, 76, 127))
_SKY = (215, 215, 255)
_EARTH = (102, 153, 76)

# Observation bounds: joint speeds are scaled to their rated motor speed, and ground contact can
# shake them up to about 5x that.
_OBS_HIGH = [math.pi, 5.0, 5.0, 5.0, math.pi, 5.0, math.pi, 5.0, 5.0]
_OBS_HIGH += [math.pi, 5.0, math.pi, 5.0, 5.0] + [1.0] * 10
_OBS_LOW = [-v for v in _OBS_HIGH]
_OBS_LOW[8] = _OBS_LOW[13] = 0.0  # contact flags
_OBS_LOW[14:] = [-1.0] * 10

# Lidar ray directions: ten rays fanning 1.5 rad forward from straight down.
_LIDAR_OFFSETS = [
    (math.sin(1.5 * i / 10.0) * LIDAR_RANGE, math.cos(1.5 * i / 10.0) * LIDAR_RANGE)
    for i in range(10)
]


def _hull_fixture() -> Any:
    return fixtureDef(
        shape=polygonShape(vertices=[(x / SCALE, y / SCALE) for x, y in HULL_POLY]),
        density=5.0,
        friction=0.1,
        categoryBits=_WALKER_CATEGORY,
        maskBits=_GROUND_CATEGORY,
        restitution=0.0,
    )


def _leg_fixture(width: float) -> Any:
    return fixtureDef(
        shape=polygonShape(box=(width / 2, LEG_H / 2)),
        density=1.0,
        restitution=0.0,
        categoryBits=_WALKER_CATEGORY,
        maskBits=_GROUND_CATEGORY,
    )


class _ContactWatch(contactListener):  # type: ignore[misc]
    """Box2D contact callbacks: a hull touching the ground, lower legs touching or leaving it."""

    def __init__(self, walker: _Walker) -> None:
        contactListener.__init__(self)
        self.walker = walker
        self.hull_touched = False

    def BeginContact(self, contact: Any) -> None:
        """Note a hull contact (the fall) and lower legs landing."""
        bodies = (contact.fixtureA.body, contact.fixtureB.body)
        walker = self.walker
        if walker.hull in bodies:
            self.hull_touched = True
        for index in (0, 1):
            if walker.lower_legs[index] in bodies:
                walker.contacts[index] = True

    def EndContact(self, contact: Any) -> None:
        """Note lower legs leaving the ground."""
        bodies = (contact.fixtureA.body, contact.fixtureB.body)
        walker = self.walker
        for index in (0, 1):
            if walker.lower_legs[index] in bodies:
                walker.contacts[index] = False


class _LidarRay(rayCastCallback):  # type: ignore[misc]
    """Keeps the closest ground hit along a ray (walker parts are not seen)."""

    def __init__(self) -> None:
        rayCastCallback.__init__(self)
        self.fraction = 1.0
        self.start: Any = (0.0, 0.0)  # ray start and end (the hit point once it hits)
        self.end: Any = (0.0, 0.0)

    def ReportFixture(self, fixture: Any, point: Any, normal: Any, fraction: float) -> float:
        """Clip the ray at a ground hit; ignore anything else (returning -1)."""
        if (fixture.filterData.categoryBits & _GROUND_CATEGORY) == 0:
            return -1
        self.end, self.fraction = point, fraction
        return fraction  # later hits must be closer


@dataclass
class _Terrain:
    """The generated track: its static bodies, the ground profile and the drawing data."""

    bodies: list[Any] = field(default_factory=list)  # creation order, obstacles first
    xs: list[float] = field(default_factory=list)  # (TERRAIN_LENGTH,) metres
    ys: list[Any] = field(default_factory=list)  # (TERRAIN_LENGTH,) metres
    drawn: list[tuple[Any, tuple[int, int, int], tuple[int, int, int]]] = field(
        default_factory=list
    )  # (body, fill, outline)
    earth: list[list[tuple[float, float]]] = field(default_factory=list)  # filled ground polys
    clouds: list[tuple[list[tuple[float, float]], float, float]] = field(default_factory=list)


@dataclass
class _Walker:
    """The walker's bodies and joints, and the contact flags of its lower legs."""

    hull: Any
    legs: list[Any]  # upper 1, lower 1, upper 2, lower 2
    joints: list[Any]  # hip 1, knee 1, hip 2, knee 2
    contacts: list[bool] = field(default_factory=lambda: [False, False])

    @property
    def lower_legs(self) -> tuple[Any, Any]:
        """The two lower legs, whose ground contacts are observed."""
        return self.legs[1], self.legs[3]


class _TerrainBuilder:
    """Draws a track from ``rng`` and creates its static bodies in ``world``.

    The draws, the bodies and their creation order follow the reference exactly: the terrain
    decides the Box2D proxy order, and so the simulation's arithmetic.
    """

    def __init__(self, world: Any, rng: np.random.Generator, hardcore: bool) -> None:
        self.world, self.rng, self.hardcore = world, rng, hardcore
        self.terrain = _Terrain()
        # One static body definition and one fixture definition per shape kind, whose vertices
        # are rewritten for each body: Box2D copies them, and it saves building ~200 per track.
        self.body_def = Box2D.b2BodyDef()
        self.box_fixture = fixtureDef(shape=polygonShape(box=(1, 1)), friction=FRICTION)
        self.edge_fixture = fixtureDef(
            shape=edgeShape(vertices=[(0, 0), (1, 1)]),
            friction=FRICTION,
            categoryBits=_GROUND_CATEGORY,
        )

    def _static_body(self, fixture: Any) -> Any:
        body = self.world.CreateBody(self.body_def)
        body.CreateFixture(fixture)
        self.terrain.bodies.append(body)
        return body

    def _obstacle(self, poly: list[tuple[Any, Any]]) -> None:
        self.box_fixture.shape.vertices = poly
        body = self._static_body(self.box_fixture)
        self.terrain.drawn.append((body, *_OBSTACLE_COLORS))

    def build(self) -> _Terrain:
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
            body = self._static_body(self.edge_fixture)
            grass = (76, 204 if k % 2 else 255, 76)
            terrain.drawn.append((body, grass, grass))
            terrain.earth.append([*segment, (segment[1][0], 0), (segment[0][0], 0)])


def _draw_clouds(rng: np.random.Generator) -> list[tuple[list[tuple[float, float]], float, float]]:
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


def _build_walker(world: Any, rng: np.random.Generator) -> _Walker:
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
    return _Walker(hull, legs, joints)


def _leg_colors(side: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    shade = side * 25
    return (153 - shade, 76 - shade, 127 - shade), (102 - shade, 51 - shade, 76 - shade)


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


@dataclass
class _Episode:
    """What a copy needs to replay one episode: the random state at reset and every command."""

    rng_state: dict[str, Any]
    commands: array.array[float] = field(default_factory=lambda: array.array("d"))


class BipedalWalker(Env[np.ndarray, np.ndarray]):
    """Walk a two-legged robot to the end of a randomly generated track.

    Observation: ``(24,)`` float32 (hull angle, angular speed, x/y speed; per leg: hip angle
    and speed, knee angle and speed, ground contact; ten lidar fractions). Action: ``(4,)``
    float32 in ``[-1, 1]`` (hip and knee motor of each leg). See ``docs/envs/bipedal_walker.md``.

    Args:
        render_mode: ``None``, ``"human"`` or ``"rgb_array"`` (600x400 frames).
        hardcore: Add stumps, stairs and pits to the terrain (``BipedalWalkerHardcore-v3``).
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": FPS}

    def __init__(self, render_mode: str | None = None, hardcore: bool = False) -> None:
        self.render_mode = render_mode
        self.hardcore = hardcore
        self.action_space = spaces.Box(-1.0, 1.0, (4,), np.float32)
        self.observation_space = spaces.Box(
            np.array(_OBS_LOW, dtype=np.float32), np.array(_OBS_HIGH, dtype=np.float32)
        )
        self.world = Box2D.b2World()
        self.terrain: _Terrain | None = None
        self.walker: _Walker | None = None
        self.lidar = [_LidarRay() for _ in range(10)]
        self.game_over = False
        self.prev_shaping: float | None = None
        self.scroll = 0.0
        self.lidar_render = 0
        self._history: list[_Episode] = []
        self._renderer: _Renderer | None = None

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
        assert self.walker is not None, "Call reset() before step()."
        commands, magnitudes = _motor_commands(action)
        return self._step_commands(commands, magnitudes)

    def _begin_episode(self) -> None:
        """Record the random state, clear the old bodies and build terrain, clouds and walker."""
        rng = self.np_random
        self._history.append(_Episode(dict(rng.bit_generator.state)))
        self._destroy()
        self.world.contactListener = None
        self.terrain = _TerrainBuilder(self.world, rng, self.hardcore).build()
        self.terrain.clouds = _draw_clouds(rng)
        self.walker = _build_walker(self.world, rng)
        # A new listener per episode; it is set before the walker exists in the reference too,
        # which makes no difference as callbacks only fire inside world.Step.
        self._contacts = _ContactWatch(self.walker)
        self.world.contactListener = self._contacts
        self.game_over = False
        self.prev_shaping = None
        self.scroll = 0.0
        self.lidar_render = 0
        self.lidar = [_LidarRay() for _ in range(10)]

    def _destroy(self) -> None:
        """Remove the previous episode's bodies in the reference's order (ground edges last)."""
        if self.terrain is None or self.walker is None:
            return
        self.world.contactListener = None
        # The reference keeps its terrain list reversed (edges first) and destroys in that order;
        # the order decides which Box2D proxy ids the next episode gets.
        for body in reversed(self.terrain.bodies):
            self.world.DestroyBody(body)
        self.world.DestroyBody(self.walker.hull)
        for leg in self.walker.legs:
            self.world.DestroyBody(leg)
        self.terrain = None
        self.walker = None

    def _advance(self, commands: list[float]) -> None:
        """Set the motors, step the world and log the commands for replays."""
        walker = self.walker
        assert walker is not None
        for j, joint in enumerate(walker.joints):
            joint.motorSpeed = commands[2 * j]
            joint.maxMotorTorque = commands[2 * j + 1]
        self.world.Step(_DT, _VELOCITY_ITERATIONS, _POSITION_ITERATIONS)
        self._history[-1].commands.extend(commands)
        if self._contacts.hull_touched:
            self.game_over = True

    def _sense(self) -> list[float]:
        """Cast the lidar and read the 24 observations (as Python floats)."""
        walker = self.walker
        assert walker is not None
        hull, joints = walker.hull, walker.joints
        origin = hull.position
        velocity = hull.linearVelocity
        px, py = origin[0], origin[1]
        for ray, (dx, dy) in zip(self.lidar, _LIDAR_OFFSETS, strict=True):
            ray.fraction = 1.0
            ray.start = origin
            ray.end = (px + dx, py - dy)
            self.world.RayCast(ray, ray.start, ray.end)
        contact_1, contact_2 = walker.contacts
        obs = [
            hull.angle,
            2.0 * hull.angularVelocity / FPS,
            0.3 * velocity.x * (VIEWPORT_W / SCALE) / FPS,  # about [-1, 1] when walking
            0.3 * velocity.y * (VIEWPORT_H / SCALE) / FPS,
            joints[0].angle,
            joints[0].speed / SPEED_HIP,
            joints[1].angle + 1.0,
            joints[1].speed / SPEED_KNEE,
            1.0 if contact_1 else 0.0,
            joints[2].angle,
            joints[2].speed / SPEED_HIP,
            joints[3].angle + 1.0,
            joints[3].speed / SPEED_KNEE,
            1.0 if contact_2 else 0.0,
        ]
        obs += [ray.fraction for ray in self.lidar]
        self.scroll = px - VIEWPORT_W / SCALE / 5
        return obs

    def _step_commands(
        self, commands: list[float], magnitudes: Any
    ) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        self._advance(commands)
        obs = self._sense()
        x = self.walker.hull.position[0]  # type: ignore[union-attr]
        # Progress (130 for the whole track) minus a penalty for a tilted hull.
        shaping = 130 * x / SCALE - 5.0 * abs(obs[0])
        reward: Any = 0 if self.prev_shaping is None else shaping - self.prev_shaping
        self.prev_shaping = shaping
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

    def __getstate__(self) -> dict[str, Any]:
        """The constructor arguments, the random state and the world's recorded history.

        Box2D objects do not pickle. The world's state depends on every episode it has run
        (bodies destroyed at a reset leave Box2D's proxy bookkeeping in an order that later
        episodes inherit), so the record covers the env's whole life: the random state at each
        reset and 64 bytes of motor commands per step. Rebuilding replays it.
        """
        return {
            "render_mode": self.render_mode,
            "hardcore": self.hardcore,
            "spec": self.spec,
            "history": self._history,
            "rng_state": None if self._np_random is None else self._np_random.bit_generator.state,
            "rng_seed": self._np_random_seed,
            "lidar_render": self.lidar_render,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Rebuild the env by replaying the recorded resets and motor commands."""
        self.__init__(state["render_mode"], state["hardcore"])  # type: ignore[misc]
        self.spec = state["spec"]
        for episode in state["history"]:
            self._np_random = np.random.Generator(np.random.PCG64())
            self._np_random.bit_generator.state = episode.rng_state
            self._begin_episode()
            commands = episode.commands
            for start in range(0, len(commands), 8):
                self._advance(list(commands[start : start + 8]))
        if self.walker is not None:
            obs = self._sense()
            x = self.walker.hull.position[0]
            self.prev_shaping = 130 * x / SCALE - 5.0 * abs(obs[0])
        if state["rng_state"] is not None:
            self._np_random = np.random.Generator(np.random.PCG64())
            self._np_random.bit_generator.state = state["rng_state"]
        self._np_random_seed = state["rng_seed"]
        self.lidar_render = state["lidar_render"]

    # -- rendering ------------------------------------------------------------------------------

    def render(self) -> np.ndarray | None:
        """Draw the scene: a ``(400, 600, 3)`` uint8 frame, or ``None`` in ``"human"`` mode."""
        if self.render_mode is None:
            env_id = self.spec.id if self.spec is not None else "BipedalWalker-v3"
            logger.warn(
                "render() does nothing without a render mode; pass one when making the env, "
                f'e.g. gymnasium_core.make("{env_id}", render_mode="rgb_array").'
            )
            return None
        if self._renderer is None:
            self._renderer = _Renderer(self.render_mode)
        return self._renderer.draw(self)

    def close(self) -> None:
        """Close the window, if one is open (safe to call more than once)."""
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None


class _Renderer:
    """Pygame drawing of a :class:`BipedalWalker`; owns the window in ``"human"`` mode."""

    def __init__(self, render_mode: str) -> None:
        try:
            import pygame
        except ImportError as err:
            raise error.DependencyNotInstalled(
                'pygame is needed to render BipedalWalker: pip install "gymnasium-core[box2d]"'
            ) from err
        self.pygame = pygame
        self.render_mode = render_mode
        self.window: Any = None
        self.clock: Any = None
        if render_mode == "human":
            pygame.init()
            pygame.display.init()
            self.window = pygame.display.set_mode((VIEWPORT_W, VIEWPORT_H))
            self.clock = pygame.time.Clock()
        self.surface = pygame.Surface((VIEWPORT_W, VIEWPORT_H))

    def draw(self, env: BipedalWalker) -> np.ndarray | None:
        """Draw ``env`` (y up, then flipped) and show or return the frame."""
        pygame = self.pygame
        surf = self.surface
        surf.fill(_SKY)
        # Frames follow the walker: world x maps to pixels minus the scroll offset.
        shift = max(0.0, env.scroll) * SCALE
        if env.terrain is not None:
            self._background(env, shift)
        self._lidar(env, shift)
        if env.terrain is not None and env.walker is not None:
            for body, fill, outline in env.terrain.drawn:
                self._body(body, fill, outline, shift)
            for index, leg in enumerate(env.walker.legs):
                self._body(leg, *_leg_colors(-1 if index < 2 else +1), shift)
            self._body(env.walker.hull, *_HULL_COLORS, shift)
        self._flag(shift)
        frame = pygame.transform.flip(surf, False, True)
        if self.window is not None:
            self.window.blit(frame, (0, 0))
            pygame.event.pump()
            self.clock.tick(FPS)
            pygame.display.flip()
            return None
        return np.ascontiguousarray(np.transpose(pygame.surfarray.pixels3d(frame), (1, 0, 2)))

    def _background(self, env: BipedalWalker, shift: float) -> None:
        from pygame import gfxdraw

        terrain = env.terrain
        assert terrain is not None
        # Clouds drift at half the walker's speed (parallax).
        cloud_shift = shift - env.scroll * SCALE / 2
        for poly, x1, x2 in terrain.clouds:
            if x2 < env.scroll / 2 or x1 > env.scroll / 2 + VIEWPORT_W / SCALE:
                continue
            points = [(px * SCALE - cloud_shift, py * SCALE) for px, py in poly]
            self.pygame.draw.polygon(self.surface, (255, 255, 255), points)
            gfxdraw.aapolygon(self.surface, points, (255, 255, 255))
        for poly in terrain.earth:
            if poly[1][0] < env.scroll or poly[0][0] > env.scroll + VIEWPORT_W / SCALE:
                continue
            points = [(px * SCALE - shift, py * SCALE) for px, py in poly]
            self.pygame.draw.polygon(self.surface, _EARTH, points)
            gfxdraw.aapolygon(self.surface, points, _EARTH)

    def _lidar(self, env: BipedalWalker, shift: float) -> None:
        # One ray per frame, sweeping out and back, so the lidar does not flicker.
        env.lidar_render = (env.lidar_render + 1) % 100
        sweep = env.lidar_render
        if sweep >= 2 * len(env.lidar) or env.walker is None:
            return
        ray = env.lidar[sweep if sweep < len(env.lidar) else 2 * len(env.lidar) - sweep - 1]
        start = (ray.start[0] * SCALE - shift, ray.start[1] * SCALE)
        end = (ray.end[0] * SCALE - shift, ray.end[1] * SCALE)
        self.pygame.draw.line(self.surface, (255, 0, 0), start, end, 1)

    def _body(self, body: Any, fill: Any, outline: Any, shift: float) -> None:
        from pygame import gfxdraw

        pygame, surf = self.pygame, self.surface
        transform = body.transform
        for fixture in body.fixtures:
            points = [
                ((transform * v)[0] * SCALE - shift, (transform * v)[1] * SCALE)
                for v in fixture.shape.vertices
            ]
            if len(points) == 2:
                pygame.draw.aaline(surf, fill, points[0], points[1])
                continue
            pygame.draw.polygon(surf, fill, points)
            gfxdraw.aapolygon(surf, points, fill)
            pygame.draw.polygon(surf, outline, [*points, points[0]], 1)
            gfxdraw.aapolygon(surf, points, outline)

    def _flag(self, shift: float) -> None:
        pole_x = TERRAIN_STEP * 3 * SCALE - shift
        bottom = TERRAIN_HEIGHT * SCALE
        top = bottom + 50
        self.pygame.draw.aaline(self.surface, (0, 0, 0), (pole_x, bottom), (pole_x, top))
        cloth = [(pole_x, top), (pole_x, top - 10), (pole_x + 25, top - 5)]
        self.pygame.draw.polygon(self.surface, (230, 51, 0), cloth)
        self.pygame.draw.lines(self.surface, (0, 0, 0), True, cloth, 1)

    def close(self) -> None:
        if self.window is not None:
            self.pygame.display.quit()
            self.pygame.quit()
            self.window = None


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

    def __init__(self) -> None:
        self.state: int = self.STAY_ON_ONE_LEG
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
