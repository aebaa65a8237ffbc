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

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, SupportsFloat, cast

import numpy as np
from numpy.typing import NDArray

from gymnasium_core import error, logger, spaces
from gymnasium_core.core import Env
from gymnasium_core.utils.ezpickle import EzPickle
from gymnasium_core.utils.step_api_compatibility import step_api_compatibility

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
    discrete_index,
    edgeShape,
    fixtureDef,
    frame_array,
    generator_from_state,
    import_pygame,
    polygonShape,
    revoluteJointDef,
    warn_no_render_mode,
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
    "LunarLander",
    "LunarLanderContinuous",
    "demo_heuristic_lander",
    "heuristic",
]


# -- constants, terrain, bodies and exhaust particles ------------------------------------------

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


# -- the environment ---------------------------------------------------------------------------

# Observation scales, each computed with the reference's order of operations.
_HALF_W = VIEWPORT_W / SCALE / 2
_HALF_H = VIEWPORT_H / SCALE / 2
_SIDE_NOZZLE_X = 17  # the side engines push from 17 px sideways, not SIDE_ENGINE_HEIGHT (quirk)
_TIME_STEP = 1.0 / FPS

# Entries of the episode's log besides commands, so that a replay repeats them.
_RENDER = "render"  # a frame was drawn (particles age)
_WIND_ONLY = "wind"  # a rejected action after the wind had already blown


class LunarLander(ReplayCopyable, WindowOwner, Env[NDArray[np.float32], Any], EzPickle):
    """Land a rocket on the pad; discrete engines by default, throttles with ``continuous``.

    Args:
        render_mode: ``None``, ``"human"`` or ``"rgb_array"`` (600x400 frames).
        continuous: Use ``Box(-1, 1, (2,))`` throttles instead of ``Discrete(4)`` actions.
        gravity: Gravity along y, strictly between -12 and 0.
        enable_wind: Push the lander with wind and turbulence while no leg touches ground.
        wind_power: Largest wind force (0 to 20 recommended).
        turbulence_power: Largest turbulence torque (0 to 2 recommended).

    Raises:
        AssertionError: If ``gravity`` is not strictly between -12 and 0 (as the reference).
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": FPS}

    def __init__(
        self,
        render_mode: str | None = None,
        continuous: bool = False,
        gravity: float = -10.0,
        enable_wind: bool = False,
        wind_power: float = 15.0,
        turbulence_power: float = 1.5,
    ) -> None:
        EzPickle.__init__(
            self, render_mode, continuous, gravity, enable_wind, wind_power, turbulence_power
        )
        if not -12.0 < gravity < 0.0:
            raise AssertionError(
                f"LunarLander: gravity must lie strictly between -12 and 0, got {gravity}."
            )
        if wind_power < 0.0 or wind_power > 20.0:
            logger.warn(f"LunarLander: wind_power is best kept within [0, 20]; got {wind_power}.")
        if turbulence_power < 0.0 or turbulence_power > 2.0:
            logger.warn(
                f"LunarLander: turbulence_power is best kept within [0, 2]; got {turbulence_power}."
            )
        self._configure(render_mode, continuous, gravity, enable_wind, wind_power, turbulence_power)

    def _configure(
        self,
        render_mode: str | None,
        continuous: bool,
        gravity: float,
        enable_wind: bool,
        wind_power: float,
        turbulence_power: float,
    ) -> None:
        """Set the attributes and spaces; shared by the constructor and unpickling."""
        self.render_mode = render_mode
        self.continuous = continuous
        self.gravity = gravity
        self.enable_wind = enable_wind
        self.wind_power = wind_power
        self.turbulence_power = turbulence_power

        two_pi = 2 * math.pi
        # Positions within 2.5 half-screens, speeds within 10: far past where episodes end.
        low = [-2.5, -2.5, -10.0, -10.0, -two_pi, -10.0, -0.0, -0.0]
        high = [2.5, 2.5, 10.0, 10.0, two_pi, 10.0, 1.0, 1.0]
        self.observation_space = spaces.Box(
            np.array(low, dtype=np.float32), np.array(high, dtype=np.float32)
        )
        self.action_space: spaces.Space[Any] = (
            spaces.Box(-1, +1, (2,), dtype=np.float32) if continuous else spaces.Discrete(4)
        )

        self.world = Box2D.b2World(gravity=(0, gravity))
        self.moon: Any = None
        self.lander: Any = None
        self.legs: list[Any] = []
        self.particles: list[Any] = []
        self.drawlist: list[Any] = []
        self.sky_polys: list[list[tuple[float, float]]] = []
        self.game_over = False
        self.prev_shaping: np.float64 | None = None
        self.prev_reward: float | None = None
        self.wind_idx = 0
        self.torque_idx = 0
        self.helipad_x1 = self.helipad_x2 = self.helipad_y = 0.0
        # Replay record of the current episode: generator state at its start, log since.
        self._episode: EpisodeRecord[list[Any]] | None = None
        self._log: list[Any] = []
        self._window = PygameWindow((VIEWPORT_W, VIEWPORT_H))
        self.surf: Any = None

    # ------------------------------------------------------------------ episode
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Build a fresh terrain and lander and return the first observation.

        Args:
            seed: Re-seeds :attr:`np_random` when given.
            options: Unused (accepted for the API).

        Returns:
            ``(observation, {})``.
        """
        super().reset(seed=seed)
        self._log = []
        self._episode = EpisodeRecord(capture_rng_state(self.np_random), self._log)
        self._build_episode()
        if self.render_mode == "human":
            self.render()
        # The reference's reset ends with one idle step; its observation is the first one.
        idle: Any = np.zeros(2, dtype=np.int64) if self.continuous else 0
        first_obs = self.step(idle)[0]
        return first_obs, {}

    def step(
        self, action: Any
    ) -> tuple[NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply wind (if enabled), fire the engines the action asks for, and advance 1/50 s.

        Args:
            action: An int in ``[0, 4)``, or two throttles with ``continuous=True``
                (values outside ``[-1, 1]`` are clipped).

        Returns:
            ``(observation, reward, terminated, False, {})``.

        Raises:
            ResetNeeded: Before the first :meth:`reset`.
            AssertionError: For a discrete action outside ``Discrete(4)`` (as the reference).
        """
        if self.lander is None:
            raise error.ResetNeeded("LunarLander: call reset() before step().")
        self._blow_wind()
        try:
            command = self._command(action)
        except BaseException:
            # The wind has blown already, as in the reference; a replay must blow it too.
            self._log.append(_WIND_ONLY)
            raise
        self._log.append(command)
        result = self._advance(command)
        if self.render_mode == "human":
            self.render()
        return result

    def _command(self, action: Any) -> Command:
        """Translate an action into ``(main throttle, side throttle, side direction)``."""
        if self.continuous:
            return throttle_command(action)
        space = cast(spaces.Discrete, self.action_space)
        return DISCRETE_COMMANDS[discrete_index(action, space, AssertionError, "LunarLander")]

    def _blow_wind(self) -> None:
        """Push and twist the lander with the episode's wind, while it is airborne."""
        legs = self.legs
        if not self.enable_wind or legs[0].ground_contact or legs[1].ground_contact:
            return
        wind = wind_strength(self.wind_idx, self.wind_power)
        self.wind_idx += 1
        self.lander.ApplyForceToCenter((wind, 0.0), True)
        torque = wind_strength(self.torque_idx, self.turbulence_power)
        self.torque_idx += 1
        self.lander.ApplyTorque(torque, True)

    def _advance(
        self, command: Command
    ) -> tuple[NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Fire the engines, step the world and score the new state."""
        m_power, s_power, direction = command
        lander = self.lander
        angle = lander.angle
        sin_a, cos_a = math.sin(angle), math.cos(angle)
        # Two dispersion draws every step, fired or not: uniform(-1, 1) / SCALE each.
        r0, r1 = self.np_random.random(2).tolist()
        d0 = (-1.0 + 2.0 * r0) / SCALE
        d1 = (-1.0 + 2.0 * r1) / SCALE
        pos = lander.position
        px, py = pos.x, pos.y

        if m_power > 0.0:
            reach = MAIN_ENGINE_Y_LOCATION / SCALE + 2 * d0
            ox = sin_a * reach + -cos_a * d1
            oy = -cos_a * reach - sin_a * d1
            self._fire(ox, oy, (px + ox, py + oy), MAIN_ENGINE_POWER, m_power, 3.5)

        if s_power > 0.0:
            reach = 3 * d1 + direction * SIDE_ENGINE_AWAY / SCALE
            ox = sin_a * d0 + -cos_a * reach
            oy = -cos_a * d0 - sin_a * reach
            nozzle = (
                px + ox - sin_a * _SIDE_NOZZLE_X / SCALE,
                py + oy + cos_a * SIDE_ENGINE_HEIGHT / SCALE,
            )
            self._fire(ox, oy, nozzle, SIDE_ENGINE_POWER, s_power, 0.7)

        self.world.Step(_TIME_STEP, VELOCITY_ITERATIONS, POSITION_ITERATIONS)
        return self._observe_and_score(m_power, s_power)

    def _fire(
        self,
        ox: float,
        oy: float,
        nozzle: tuple[float, float],
        power: float,
        throttle: float,
        puff_density: float,
    ) -> None:
        """Kick the lander away from the exhaust direction ``(ox, oy)``, at the nozzle.

        With a render mode, a particle is blown out of the nozzle the other way first (the
        reference's order of Box2D calls); it is decoration and never touches the lander.
        """
        if self.render_mode is not None:  # particles are simulated only when they are drawn
            puff = spawn_particle(self.world, self.particles, puff_density, nozzle, throttle)
            puff.ApplyLinearImpulse((ox * power * throttle, oy * power * throttle), nozzle, True)
        kick = (-ox * power * throttle, -oy * power * throttle)
        self.lander.ApplyLinearImpulse(kick, nozzle, True)

    def _observe_and_score(
        self, m_power: float, s_power: float
    ) -> tuple[NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Observation, reward and termination of the state the world is in now."""
        lander = self.lander
        pos = lander.position
        vel = lander.linearVelocity
        x = (pos.x - _HALF_W) / _HALF_W
        y = (pos.y - (self.helipad_y + LEG_DOWN / SCALE)) / _HALF_H
        vx = vel.x * _HALF_W / FPS
        vy = vel.y * _HALF_H / FPS
        angle = lander.angle
        spin = 20.0 * lander.angularVelocity / FPS
        leg0 = 1.0 if self.legs[0].ground_contact else 0.0
        leg1 = 1.0 if self.legs[1].ground_contact else 0.0

        # Closer, slower and more level is better; ten points per leg touching the ground,
        # so losing contact after landing costs them back.
        shaping = (
            -100 * math.sqrt(x * x + y * y)
            - 100 * math.sqrt(vx * vx + vy * vy)
            - 100 * abs(angle)
            + 10 * leg0
            + 10 * leg1
        )
        progress = 0.0 if self.prev_shaping is None else shaping - float(self.prev_shaping)
        self.prev_shaping = np.float64(shaping)  # the reference's type (its sqrt is numpy's)
        # Fuel: -0.3 per full-power main-engine frame, -0.03 per side-engine frame.
        reward: SupportsFloat = np.float64(progress - m_power * 0.30 - s_power * 0.03)

        crashed = self.game_over or abs(x) >= 1.0
        at_rest = not lander.awake  # Box2D put it to sleep: nothing moves any more
        if at_rest:
            reward = 100
        elif crashed:
            reward = -100
        terminated = crashed or at_rest
        obs = np.array([x, y, vx, vy, angle, spin, leg0, leg1], dtype=np.float32)
        return obs, reward, terminated, False, {}

    # ------------------------------------------------------------------ world building
    def _build_episode(self) -> None:
        """Replace the world by a new one with terrain, lander and legs (draws from np_random)."""
        self._teardown()
        # A new world every episode: reusing one leaks state between episodes.
        self.world = Box2D.b2World(gravity=(0, self.gravity))
        # The world keeps the listener alive, under the reference's attribute name.
        self.world.contactListener_keepref = ContactDetector(self)
        self.world.contactListener = self.world.contactListener_keepref
        self.game_over = False
        self.prev_shaping = None
        terrain = build_terrain(self.world, self.np_random)
        self.moon, self.sky_polys = terrain.moon, terrain.sky_polys
        self.helipad_x1, self.helipad_x2 = terrain.helipad_x1, terrain.helipad_x2
        self.helipad_y = terrain.helipad_y
        start_x, start_y = VIEWPORT_W / SCALE / 2, VIEWPORT_H / SCALE
        self.lander = build_hull(self.world, self.np_random, start_x, start_y)
        if self.enable_wind:
            # Each episode starts its wind and turbulence at fresh random phases.
            self.wind_idx = int(self.np_random.integers(-9999, 9999))
            self.torque_idx = int(self.np_random.integers(-9999, 9999))
        self.legs = [build_leg(self.world, self.lander, side, start_x, start_y) for side in (-1, 1)]
        self.drawlist = [self.lander, *self.legs]

    def _teardown(self) -> None:
        """Destroy the bodies of the previous episode, if any."""
        if self.moon is None:
            return
        self.world.contactListener = None
        drop_particles(self.world, self.particles, everything=True)
        destroy_bodies(self.world, (self.moon, self.lander, *self.legs))
        self.moon = None
        self.lander = None

    # ------------------------------------------------------------------ copies
    def _constructor_kwargs(self) -> dict[str, Any]:
        return {
            "render_mode": self.render_mode,
            "continuous": self.continuous,
            "gravity": self.gravity,
            "enable_wind": self.enable_wind,
            "wind_power": self.wind_power,
            "turbulence_power": self.turbulence_power,
        }

    def _rebuild(self, kwargs: dict[str, Any]) -> None:
        # The arguments were checked (and warned about) when the original was made.
        EzPickle.__init__(self, **kwargs)
        self._configure(**kwargs)

    def _replay_record(self) -> EpisodeRecord[list[Any]] | None:
        return self._episode

    def _replay(self, record: EpisodeRecord[list[Any]]) -> None:
        """Rebuild the episode from its generator state and replay its log."""
        self._np_random = generator_from_state(record.rng_state)
        self._build_episode()
        for entry in record.steps:
            if entry == _RENDER:
                age_particles(self.world, self.particles)
            elif entry == _WIND_ONLY:
                self._blow_wind()
            else:
                self._blow_wind()
                self._advance(entry)
        self._log = list(record.steps)
        self._episode = EpisodeRecord(record.rng_state, self._log)

    # ------------------------------------------------------------------ rendering
    def render(self) -> NDArray[np.uint8] | None:
        """Draw the scene: a window in ``"human"`` mode, a ``(400, 600, 3)`` frame otherwise.

        Returns:
            The frame in ``"rgb_array"`` mode, else ``None``.
        """
        if self.render_mode is None:
            warn_no_render_mode(self.spec, "LunarLander-v3")
            return None
        if self.lander is None:
            raise error.ResetNeeded("LunarLander: call reset() before render().")
        self._window.ensure_clock()
        self._log.append(_RENDER)
        age_particles(self.world, self.particles)
        self.surf = draw_lander_scene(
            self.sky_polys,
            [*self.particles, *self.drawlist],
            (self.helipad_x1, self.helipad_x2),
            self.helipad_y,
        )
        if self.render_mode != "human":
            return frame_array(self.surf)
        self._window.show(self.surf, self.metadata["render_fps"])
        return None

    def close(self) -> None:
        """Close the window, if one is open (safe to call twice)."""
        self._window.close()


class LunarLanderContinuous:
    """Not an environment: make ``LunarLanderContinuous-v3`` or pass ``continuous=True``.

    Raises:
        gymnasium_core.error.Error: Always, on construction (as the reference).
    """

    def __init__(self) -> None:
        raise error.Error(
            "LunarLanderContinuous cannot be constructed directly. Use "
            'gymnasium_core.make("LunarLanderContinuous-v3") or '
            'gymnasium_core.make("LunarLander-v3", continuous=True) instead.'
        )


# -- a hand-written pilot and its demo ---------------------------------------------------------


def heuristic(env: Any, s: Any) -> Any:
    """A hand-written pilot: one action for observation ``s``, good enough to land.

    It steers the lander's tilt towards the pad and holds a height that shrinks with the
    horizontal distance; once a leg touches down it only brakes the fall. The arithmetic is
    done on the observation's own element types, so it picks the reference's actions.

    Args:
        env: The environment (possibly wrapped); its ``continuous`` flag picks the action type.
        s: The observation: ``x, y, vx, vy, angle, angular velocity, left leg, right leg``.

    Returns:
        An int in ``[0, 4)``, or a float array ``[main, lateral]`` in ``[-1, 1]`` for the
        continuous env.
    """
    x, y, vx, vy, angle, spin, leg0, leg1 = (s[i] for i in range(8))
    # Lean towards the pad, but never more than 0.4 rad (about 22 degrees).
    target_angle = x * 0.5 + vx * 1.0
    target_angle = min(max(target_angle, -0.4), 0.4)
    target_height = 0.55 * np.abs(x)  # lower when closer to the middle

    turn = (target_angle - angle) * 0.5 - spin * 1.0
    lift = (target_height - y) * 0.5 - vy * 0.5
    if leg0 or leg1:
        # On the ground: stop turning, only slow the fall.
        turn = 0
        lift = -vy * 0.5

    if env.unwrapped.continuous:
        return np.clip(np.array([lift * 20 - 1, -turn * 20]), -1, +1)
    if lift > np.abs(turn) and lift > 0.05:
        return 2
    if turn < -0.05:
        return 3
    if turn > 0.05:
        return 1
    return 0


def demo_heuristic_lander(env: Any, seed: int | None = None, render: bool = False) -> float:
    """Fly one episode with :func:`heuristic`, printing progress, and return its total reward.

    Args:
        env: A LunarLander environment (possibly wrapped).
        seed: Seed for the reset.
        render: Render every step, and close the env at the end.

    Returns:
        The sum of the episode's rewards.
    """
    total = 0.0
    obs, _ = env.reset(seed=seed)
    for steps in itertools.count():
        step = step_api_compatibility(env.step(heuristic(env, obs)), True)
        obs, reward, terminated, truncated = step[0], step[1], step[2], step[3]
        total += float(reward)
        if render and env.render() is False:
            break
        done = bool(terminated or truncated)
        if steps % 20 == 0 or done:
            print("obs " + " ".join(f"{value:+0.2f}" for value in obs))
            print(f"step {steps}: return so far {total:+0.2f}")
        if done:
            break
    if render:
        env.close()
    return total


# -- drawing with pygame -----------------------------------------------------------------------

_FLAG_COLOR = (204, 204, 0)


def draw_lander_scene(
    sky_polys: Sequence[Sequence[tuple[float, float]]],
    bodies: Sequence[Any],
    flag_xs: tuple[float, float],
    flag_y: float,
) -> Any:
    """The scene as a ``VIEWPORT_W`` x ``VIEWPORT_H`` pygame surface in screen orientation.

    Args:
        sky_polys: The black quads above the ground, in world units.
        bodies: The bodies to draw in order (particles, then the lander and its legs), each with
            ``color1`` (fill) and ``color2`` (outline).
        flag_xs: The x of the two flags, in world units.
        flag_y: The height of the pad the flags stand on.

    Returns:
        The surface (drawn with y up, then flipped).
    """
    pygame = import_pygame()
    from pygame import gfxdraw

    surf = pygame.Surface((VIEWPORT_W, VIEWPORT_H))
    surf.fill((255, 255, 255))
    for poly in sky_polys:
        points = [(px * SCALE, py * SCALE) for px, py in poly]
        pygame.draw.polygon(surf, (0, 0, 0), points)
        gfxdraw.aapolygon(surf, points, (0, 0, 0))
    for body in bodies:
        transform = body.transform
        for fixture in body.fixtures:
            shape = fixture.shape
            if type(shape) is circleShape:
                centre = transform * shape.pos * SCALE
                pygame.draw.circle(surf, body.color1, centre, shape.radius * SCALE)
                pygame.draw.circle(surf, body.color2, centre, shape.radius * SCALE)
            else:
                points = [transform * vertex * SCALE for vertex in shape.vertices]
                pygame.draw.polygon(surf, body.color1, points)
                gfxdraw.aapolygon(surf, points, body.color1)
                pygame.draw.aalines(surf, body.color2, True, points)
            # The reference draws the flags again after every fixture; their anti-aliased edges
            # build up with each pass, so the passes are part of the picture.
            _draw_flags(pygame, gfxdraw, surf, flag_xs, flag_y)
    return pygame.transform.flip(surf, False, True)


def _draw_flags(
    pygame: Any, gfxdraw: Any, surf: Any, flag_xs: tuple[float, float], flag_y: float
) -> None:
    pole_bottom = flag_y * SCALE
    pole_top = pole_bottom + 50
    for x in flag_xs:
        flag_x = x * SCALE
        pygame.draw.line(surf, (255, 255, 255), (flag_x, pole_bottom), (flag_x, pole_top), 1)
        pennant = [(flag_x, pole_top), (flag_x, pole_top - 10), (flag_x + 25, pole_top - 5)]
        pygame.draw.polygon(surf, _FLAG_COLOR, pennant)
        gfxdraw.aapolygon(surf, pennant, _FLAG_COLOR)
