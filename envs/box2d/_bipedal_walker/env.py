"""The BipedalWalker env class, documented with its public module ``bipedal_walker``."""

from __future__ import annotations

import array
import math
from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core import error, spaces
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
    frame_array,
    generator_from_state,
    warn_no_render_mode,
)
from .render import draw_walker_scene
from .terrain import TerrainBuilder, draw_clouds, new_fixture_defs
from .world import (
    FPS,
    LIDAR_OFFSETS,
    MOTORS_TORQUE,
    SCALE,
    SPEED_HIP,
    SPEED_KNEE,
    TERRAIN_GRASS,
    TERRAIN_LENGTH,
    TERRAIN_STEP,
    VIEWPORT_H,
    VIEWPORT_W,
    ContactDetector,
    LidarCallback,
    build_walker,
)

__all__ = ["BipedalWalker", "BipedalWalkerHardcore"]

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
