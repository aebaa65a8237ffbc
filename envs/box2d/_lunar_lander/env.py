"""The LunarLander env class, documented with its public module ``lunar_lander``."""

from __future__ import annotations

import math
from typing import Any, SupportsFloat, cast

import numpy as np
from numpy.typing import NDArray

from gymnasium_core import error, logger, spaces
from gymnasium_core.core import Env
from gymnasium_core.utils.ezpickle import EzPickle

from .._shared import (
    POSITION_ITERATIONS,
    VELOCITY_ITERATIONS,
    Box2D,
    EpisodeRecord,
    PygameWindow,
    ReplayCopyable,
    WindowOwner,
    capture_rng_state,
    destroy_bodies,
    discrete_index,
    frame_array,
    generator_from_state,
    warn_no_render_mode,
)
from .render import draw_lander_scene
from .world import (
    DISCRETE_COMMANDS,
    FPS,
    LEG_DOWN,
    MAIN_ENGINE_POWER,
    MAIN_ENGINE_Y_LOCATION,
    SCALE,
    SIDE_ENGINE_AWAY,
    SIDE_ENGINE_HEIGHT,
    SIDE_ENGINE_POWER,
    VIEWPORT_H,
    VIEWPORT_W,
    Command,
    ContactDetector,
    age_particles,
    build_hull,
    build_leg,
    build_terrain,
    drop_particles,
    spawn_particle,
    throttle_command,
    wind_strength,
)

__all__ = ["LunarLander", "LunarLanderContinuous"]

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
