"""CarRacing: drive a top-down car around a random track, seen through a 96x96 image.

A track of a few hundred tiles is generated from ``np_random`` at every reset (a noisy loop
through twelve checkpoints; generation is retried until the loop closes neatly). Driving over a
tile for the first time gives ``+1000 / number_of_tiles``; every frame costs ``-0.1``. The
episode ends when the lap is done (every tile, or ``lap_complete_percent`` of them and back on
the first) or when the car leaves the playfield (reward ``-100`` for that step).

Actions: with ``continuous=True`` a ``Box`` ``[steer, gas, brake]`` in ``[-1, 1] x [0, 1] x
[0, 1]``; otherwise ``Discrete(5)``: nothing, steer right, steer left, gas, brake.
Observations are ``uint8`` images ``(96, 96, 3)``: the car from above, the view turning with
it, and indicator bars at the bottom (speed, the four wheel spins, steering, yaw rate).

The world, the car, the track and the image equal Gymnasium's ``CarRacing-v3`` bit for bit for
the same seed and actions. Unlike Gymnasium, a pickled or deep-copied environment keeps its
episode: the copy rebuilds the Box2D world by replaying the episode's reset and actions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final, Protocol, SupportsFloat, cast

import numpy as np

from gymnasium_core import spaces
from gymnasium_core.core import Env
from gymnasium_core.error import InvalidAction
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
    destroy_bodies,
    discrete_index,
    fixtureDef,
    frame_array,
    generator_from_state,
    polygonShape,
    warn_no_render_mode,
)
from .car_dynamics import Car, screen_rotation, sign

__all__ = [
    "BORDER",
    "BORDER_COLORS",
    "BORDER_MIN_COUNT",
    "CHECKPOINTS",
    "FPS",
    "GRASS_DIM",
    "MAX_SHAPE_DIM",
    "PLAYFIELD",
    "SCALE",
    "STATE_H",
    "STATE_W",
    "TILE_REWARD_TOTAL",
    "TRACK_DETAIL_STEP",
    "TRACK_MAX_POINTS",
    "TRACK_RAD",
    "TRACK_TURN_RATE",
    "TRACK_WIDTH",
    "VIDEO_H",
    "VIDEO_W",
    "WINDOW_H",
    "WINDOW_W",
    "ZOOM",
    "ZOOM_FOLLOW",
    "CarRacing",
    "FrictionDetector",
]


# -- the track ---------------------------------------------------------------------------------
# The generator draws from ``np_random`` in the same order, and computes with the same float
# operations, as Gymnasium's CarRacing, so a seed gives the same track bit for bit.

SCALE: Final[float] = 6.0  # world units per track unit
TRACK_RAD: Final[float] = 900 / SCALE  # radius of the circle the track is bent from
PLAYFIELD: Final[float] = 2000 / SCALE  # leaving this square ends the episode
TRACK_DETAIL_STEP: Final[float] = 21 / SCALE
TRACK_TURN_RATE: Final[float] = 0.31
TRACK_WIDTH: Final[float] = 40 / SCALE
BORDER: Final[float] = 8 / SCALE
BORDER_MIN_COUNT: Final[int] = 4
CHECKPOINTS: Final[int] = 12
TRACK_MAX_POINTS: Final[int] = 2500  # give up a track that has not closed after this many

TrackPoint = tuple[float, float, float, float]  # (alpha, beta, x, y): polar angle, heading, pos


def draw_checkpoints(rng: np.random.Generator) -> list[tuple[float, float, float]]:
    """Twelve ``(angle, x, y)`` targets around the centre; the first and last are fixed."""
    points = []
    for index in range(CHECKPOINTS):
        # Both draws happen for every checkpoint, the fixed ones included.
        noise = rng.uniform(0, 2 * math.pi / CHECKPOINTS)
        angle = 2 * math.pi * index / CHECKPOINTS + noise
        radius = rng.uniform(TRACK_RAD / 3, TRACK_RAD)
        if index == 0:
            angle, radius = 0, 1.5 * TRACK_RAD
        elif index == CHECKPOINTS - 1:
            angle, radius = 2 * math.pi * index / CHECKPOINTS, 1.5 * TRACK_RAD
        points.append((angle, radius * math.cos(angle), radius * math.sin(angle)))
    return points


def aim(
    checkpoints: list[tuple[float, float, float]], target: int, alpha: float
) -> tuple[int, float, float, float]:
    """The first checkpoint at or after polar angle ``alpha`` (unwrapping ``alpha`` if needed)."""
    count = len(checkpoints)
    while True:
        while True:
            target_alpha, target_x, target_y = checkpoints[target % count]
            if alpha <= target_alpha:
                return target, alpha, target_x, target_y
            target += 1
            if target % count == 0:
                break
        alpha -= 2 * math.pi


def trace_track(checkpoints: list[tuple[float, float, float]]) -> list[TrackPoint]:
    """Steer a point around the checkpoints for several laps, one point per step."""
    x, y, heading = 1.5 * TRACK_RAD, 0.0, 0.0
    target, laps, crossed_below = 0, 0, False
    points: list[TrackPoint] = []
    for _ in range(TRACK_MAX_POINTS):
        polar = math.atan2(y, x)
        if crossed_below and polar > 0:
            laps += 1
            crossed_below = False
        if polar < 0:
            crossed_below = True
            polar += 2 * math.pi
        target, polar, target_x, target_y = aim(checkpoints, target, polar)

        dir_x, dir_y = math.cos(heading), math.sin(heading)
        # How far the target lies to the side of the current direction of travel.
        projection = dir_x * (target_x - x) + dir_y * (target_y - y)
        while heading - polar > 1.5 * math.pi:
            heading -= 2 * math.pi
        while heading - polar < -1.5 * math.pi:
            heading += 2 * math.pi
        previous_heading = heading
        projection *= SCALE
        if projection > 0.3:
            heading -= min(TRACK_TURN_RATE, abs(0.001 * projection))
        if projection < -0.3:
            heading += min(TRACK_TURN_RATE, abs(0.001 * projection))
        x += -dir_y * TRACK_DETAIL_STEP
        y += dir_x * TRACK_DETAIL_STEP
        points.append((polar, previous_heading * 0.5 + heading * 0.5, x, y))
        if laps > 4:
            break
    return points


def close_loop(points: list[TrackPoint], start_alpha: float) -> list[TrackPoint] | None:
    """Cut one lap out of the traced points, or ``None`` if it does not join up."""
    last = first = -1
    index = len(points)
    while True:
        index -= 1
        if index == 0:
            return None
        crosses_start = points[index][0] > start_alpha >= points[index - 1][0]
        if crosses_start and last == -1:
            last = index
        elif crosses_start:
            first = index
            break
    lap = points[first : last - 1]
    start_beta, start_x, start_y = lap[0][1], lap[0][2], lap[0][3]
    gap_x = math.cos(start_beta) * (start_x - lap[-1][2])
    gap_y = math.sin(start_beta) * (start_y - lap[-1][3])
    if math.sqrt(gap_x * gap_x + gap_y * gap_y) > TRACK_DETAIL_STEP:
        return None
    return lap


def border_flags(track: list[TrackPoint]) -> list[bool]:
    """Which tiles get a red-and-white kerb: those in or just after a long one-way turn."""
    flags = []
    for index in range(len(track)):
        is_sharp, turn_sum = True, 0.0
        for back in range(BORDER_MIN_COUNT):
            turn = track[index - back][1] - track[index - back - 1][1]
            is_sharp &= abs(turn) > TRACK_TURN_RATE * 0.2
            turn_sum += sign(turn)
        flags.append(is_sharp and abs(turn_sum) == BORDER_MIN_COUNT)
    # Spread each kerb backwards; this runs in place, so it chains across the wrap-around.
    for index in range(len(track)):
        for back in range(BORDER_MIN_COUNT):
            flags[index - back] |= flags[index]
    return flags


def edge(x: float, y: float, beta: float, offset: float) -> tuple[float, float]:
    """The point ``offset`` across the track from ``(x, y)``, whose heading is ``beta``."""
    return x + offset * math.cos(beta), y + offset * math.sin(beta)


# -- the road: tiles, kerbs and their contacts -------------------------------------------------
# Tiles are created in track order with the same Box2D calls as Gymnasium's CarRacing; the
# contact listener pays for each tile the first time a wheel touches it.

TILE_REWARD_TOTAL: Final[float] = 1000.0  # shared by all the tiles of a track
BORDER_COLORS: Final = ((255, 255, 255), (255, 0, 0))  # even, odd tiles


class RaceScore(Protocol):
    """What :class:`FrictionDetector` reads and updates: the track, the colours and the score."""

    road_color: np.ndarray
    track: list[Any]
    reward: float
    tile_visited_count: int
    new_lap: bool


class FrictionDetector(BodyContactListener):
    """Box2D contact listener: tracks which tiles each wheel stands on and pays for new ones.

    Args:
        env: The environment whose reward and tile count are updated.
        lap_complete_percent: Fraction of tiles after which touching tile 0 ends the lap.
    """

    def __init__(self, env: RaceScore, lap_complete_percent: float) -> None:
        super().__init__()
        self.env = env
        self.lap_complete_percent = lap_complete_percent

    def on_contact(self, body_a: Any, body_b: Any, touching: bool) -> None:
        """Repaint a touched tile; pay for a wheel's first touch and note a finished lap."""
        # Tiles and wheels are their own userData; a tile is told by its ``road_friction``, a
        # wheel by its ``tiles`` (the hull has no userData).
        first = body_a.userData
        second = body_b.userData
        if second is not None and "road_friction" in second.__dict__:
            tile, other = second, first
        elif first is not None and "road_friction" in first.__dict__:
            tile, other = first, second
        else:
            return
        env = self.env
        # Any touch (hull included) repaints the tile in the plain road colour, which removes
        # its stripe; Gymnasium does the same.
        tile.color[:] = env.road_color
        if other is None or "tiles" not in other.__dict__:
            return
        if not touching:
            other.tiles.discard(tile)
            return
        other.tiles.add(tile)
        if tile.road_visited:
            return
        tile.road_visited = True
        env.reward += TILE_REWARD_TOTAL / len(env.track)
        env.tile_visited_count += 1
        if tile.idx == 0 and env.tile_visited_count / len(env.track) > self.lap_complete_percent:
            env.new_lap = True


@dataclass
class Road:
    """The tiles of one track and what draws them.

    Attributes:
        tiles: One tile per track point, in track order.
        polys: ``(corners, colour)`` of every tile and kerb, in drawing order.
        corners: The same corners as an array, ``(len(polys), 4, 2)``.
    """

    tiles: list[Any]
    polys: list[tuple[list[tuple[float, float]], Any]]
    corners: np.ndarray


def build_road(
    world: Any, tile_fixture: Any, track: list[TrackPoint], road_color: np.ndarray
) -> Road:
    """Create a sensor tile between each pair of track points, with kerbs on sharp turns.

    Args:
        world: The Box2D world.
        tile_fixture: A fixture definition reused for every tile (its vertices are rewritten).
        track: The closed track.
        road_color: The road's RGB colour; tiles are shaded in a cycle of three.

    Returns:
        The road.
    """
    tiles: list[Any] = []
    polys: list[tuple[list[tuple[float, float]], Any]] = []
    for index, flag in enumerate(border_flags(track)):
        _, beta1, x1, y1 = track[index]
        _, beta2, x2, y2 = track[index - 1]
        quad = [
            edge(x1, y1, beta1, -TRACK_WIDTH),
            edge(x1, y1, beta1, TRACK_WIDTH),
            edge(x2, y2, beta2, TRACK_WIDTH),
            edge(x2, y2, beta2, -TRACK_WIDTH),
        ]
        tile_fixture.shape.vertices = quad
        # A tile is a sensor body carrying its state, as in the reference: ``color`` (a float
        # array shared with the drawing list; a contact resets it), ``road_visited``,
        # ``road_friction`` (grip relative to the car's friction limit) and ``idx``.
        tile = world.CreateStaticBody(fixtures=tile_fixture)
        tile.userData = tile
        tile.color = road_color + 0.01 * (index % 3) * 255
        tile.road_visited = False
        tile.road_friction = 1.0
        tile.idx = index
        tile.fixtures[0].sensor = True
        tiles.append(tile)
        polys.append((quad, tile.color))
        if flag:
            side = sign(beta2 - beta1)
            kerb = [
                edge(x1, y1, beta1, side * TRACK_WIDTH),
                edge(x1, y1, beta1, side * (TRACK_WIDTH + BORDER)),
                edge(x2, y2, beta2, side * (TRACK_WIDTH + BORDER)),
                edge(x2, y2, beta2, side * TRACK_WIDTH),
            ]
            polys.append((kerb, BORDER_COLORS[index % 2]))
    corners = np.array([corners for corners, _ in polys], dtype=np.float64)
    return Road(tiles, polys, corners)


# -- the environment ---------------------------------------------------------------------------

FPS: Final[int] = 50
TIME_STEP: Final[float] = 1.0 / FPS
FRAME_PENALTY: Final[float] = 0.1
OUT_OF_PLAYFIELD_REWARD: Final[int] = -100

DEFAULT_ROAD_COLOR: Final = (102, 102, 102)
DEFAULT_BG_COLOR: Final = (102, 204, 102)
DEFAULT_GRASS_COLOR: Final = (102, 230, 102)

# (steer, gas, brake) for each discrete action: nothing, right, left, gas, brake.
_DISCRETE_CONTROLS: Final = (
    (0.0, 0.0, 0.0),
    (-0.6, 0.0, 0.0),
    (0.6, 0.0, 0.0),
    (0.0, 0.2, 0.0),
    (0.0, 0.0, 0.8),
)


class CarRacing(ReplayCopyable, WindowOwner, Env[np.ndarray, Any], EzPickle):
    """A top-down racing car on a random track, observed through 96x96 RGB frames.

    Args:
        render_mode: ``None``, ``"human"`` (a 1000x800 window), ``"rgb_array"`` (600x400
            frames) or ``"state_pixels"`` (96x96 frames, like the observation).
        verbose: Print a line about each generated track and each retry.
        lap_complete_percent: Fraction of the tiles to visit before reaching tile 0 again
            completes the lap.
        domain_randomize: Draw random road, background and grass colours at each reset.
        continuous: ``Box`` actions ``[steer, gas, brake]`` if ``True``, else ``Discrete(5)``.
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "rgb_array", "state_pixels"],
        "render_fps": FPS,
    }

    def __init__(
        self,
        render_mode: str | None = None,
        verbose: bool = False,
        lap_complete_percent: float = 0.95,
        domain_randomize: bool = False,
        continuous: bool = True,
    ) -> None:
        EzPickle.__init__(
            self, render_mode, verbose, lap_complete_percent, domain_randomize, continuous
        )
        self.render_mode = render_mode
        self.verbose = verbose
        self.lap_complete_percent = lap_complete_percent
        self.domain_randomize = domain_randomize
        self.continuous = continuous
        self.road_color: np.ndarray = np.array(DEFAULT_ROAD_COLOR)
        self.bg_color: np.ndarray = np.array(DEFAULT_BG_COLOR)
        self.grass_color: np.ndarray = np.array(DEFAULT_GRASS_COLOR)
        if domain_randomize:
            self._draw_colors()

        self.contactListener_keepref = FrictionDetector(self, lap_complete_percent)
        self.world = Box2D.b2World((0, 0), contactListener=self.contactListener_keepref)
        # One fixture definition serves every tile: only its vertices change.
        self.fd_tile = fixtureDef(shape=polygonShape(vertices=[(0, 0), (1, 0), (1, -1), (0, -1)]))
        self.surf: Any = None  # the last full-size frame drawn
        # Kept for the reference's surface; frames are drawn off-screen without windows.
        self.invisible_state_window: Any = None
        self.invisible_video_window: Any = None
        self.road: list[Any] | None = None  # the tiles: sensor bodies, in track order
        self.road_poly: list[tuple[list[tuple[float, float]], Any]] = []
        self._road_corners = np.zeros((0, 4, 2))
        self.track: list[TrackPoint] = []
        self.car: Car | None = None
        self.reward = self.prev_reward = 0.0
        self.tile_visited_count, self.new_lap = 0, False
        self.start_alpha = 2 * math.pi * (-0.5) / CHECKPOINTS
        self.state: np.ndarray | None = None
        self.t = 0.0  # seconds since the reset
        # The current episode: generator state at its reset, its actions, (colours, randomize).
        self._episode: EpisodeRecord[list[Any]] | None = None
        self._is_replaying = False  # no window updates while a copy replays its episode
        self._skip_frame = False  # no observation frame for replayed steps but the last

        self._window = PygameWindow((WINDOW_W, WINDOW_H))
        self._view = CarRacingView()

        if continuous:
            # Not symmetric (gas and brake are in [0, 1]): the checker's advice does not apply.
            self.action_space: spaces.Space[Any] = spaces.Box(
                np.array([-1, 0, 0], dtype=np.float32), np.array([1, 1, 1], dtype=np.float32)
            )
        else:
            self.action_space = spaces.Discrete(5)
        self.observation_space: spaces.Space[np.ndarray] = spaces.Box(
            low=0, high=255, shape=(STATE_H, STATE_W, 3), dtype=np.uint8
        )

    # ----------------------------------------------------------------- episode
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Generate a new track and put the car at rest on its first tile.

        Args:
            seed: Seed for :attr:`np_random`.
            options: ``{"randomize": bool}`` chooses whether a ``domain_randomize`` env draws
                new colours (default ``True``); ignored otherwise.

        Returns:
            The first frame and an empty info dict.
        """
        super().reset(seed=seed)
        randomize = True
        if isinstance(options, dict) and "randomize" in options:
            randomize = options["randomize"]
        colors = (self.road_color.copy(), self.bg_color.copy(), self.grass_color.copy())
        self._episode = EpisodeRecord(capture_rng_state(self.np_random), [], (colors, randomize))
        self._start_episode(randomize)
        obs = self.step(None)[0]
        return obs, {}

    def _start_episode(self, randomize: Any) -> None:
        self._destroy()
        # A fresh listener per episode, kept alive by the world as in the reference.
        self.world.contactListener_bug_workaround = FrictionDetector(
            self, self.lap_complete_percent
        )
        self.world.contactListener = self.world.contactListener_bug_workaround
        self.reward = self.prev_reward = self.t = 0.0
        self.tile_visited_count, self.new_lap, self.road_poly = 0, False, []
        if self.domain_randomize and randomize:
            self._draw_colors()
        while not self._create_track():
            if self.verbose:
                print("CarRacing: the track did not close, generating another one")
        _, start_heading, start_x, start_y = self.track[0]
        self.car = Car(self.world, start_heading, start_x, start_y)
        if self.render_mode == "human" and not self._is_replaying:
            self.render()

    def _draw_colors(self) -> None:
        rng = self.np_random
        self.road_color = rng.uniform(0, 210, size=3)
        self.bg_color = rng.uniform(0, 210, size=3)
        # Grass is the background with one random channel brighter.
        self.grass_color = self.bg_color.copy()
        self.grass_color[rng.integers(3)] += 20

    def _destroy(self) -> None:
        # Same order of Box2D calls as Gymnasium (tiles, hull, wheels), so that the world,
        # which lives across episodes, evolves identically.
        if not self.road:
            return
        destroy_bodies(self.world, self.road)
        self.road = []
        if self.car is not None:
            self.car.destroy()

    def _create_track(self) -> bool:
        checkpoints = draw_checkpoints(self.np_random)
        self.start_alpha = 2 * math.pi * (-0.5) / CHECKPOINTS
        self.road = []
        track = close_loop(trace_track(checkpoints), self.start_alpha)
        if track is None:
            return False
        if self.verbose:
            print(f"CarRacing: generated a track of {len(track)} tiles")
        road = build_road(self.world, self.fd_tile, track, self.road_color)
        self.road, self.road_poly, self._road_corners = road.tiles, road.polys, road.corners
        self.track = track
        return True

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the controls, advance the world by 1/50 s and draw the new frame.

        Args:
            action: ``[steer, gas, brake]`` (continuous) or an int in ``0..4`` (discrete).

        Returns:
            ``(frame, reward, terminated, truncated, info)``; ``info["lap_finished"]`` is set
            when the episode ends.

        Raises:
            InvalidAction: A discrete action outside ``Discrete(5)``.
        """
        car = self.car
        if car is None:
            raise AssertionError("Call reset() before step().")
        if action is not None:
            steer, gas, brake = self._controls(action)
            car.steer(steer)
            car.gas(gas)
            car.brake(brake)
            if self._episode is not None:
                # A copy: the caller may reuse and modify its action array.
                self._episode.steps.append(np.array(action) if self.continuous else int(action))

        car.step(TIME_STEP)
        self.world.Step(TIME_STEP, VELOCITY_ITERATIONS, POSITION_ITERATIONS)
        self.t += TIME_STEP
        if not self._skip_frame:
            self.state = self._render_frame("state_pixels")

        step_reward: SupportsFloat = 0
        ended = False
        info: dict[str, Any] = {}
        if action is not None:  # the reset's own step has no action and no reward
            step_reward, ended, info = self._score(car)

        if self.render_mode == "human" and not self._is_replaying:
            self.render()
        return self.state, step_reward, ended, False, info  # type: ignore[return-value]

    def _score(self, car: Car) -> tuple[SupportsFloat, bool, dict[str, Any]]:
        """The step's reward, whether the episode ended and the info, after a real action."""
        self.reward -= FRAME_PENALTY
        car.fuel_spent = 0.0  # fuel is not charged: a faster lap is what pays
        gained = self.reward - self.prev_reward
        self.prev_reward = self.reward
        info: dict[str, Any] = {}
        if self.new_lap or self.tile_visited_count == len(self.track):
            info["lap_finished"] = True
        hull_x, hull_y = car.hull.position
        if max(abs(hull_x), abs(hull_y)) > PLAYFIELD:
            info["lap_finished"] = False
            return OUT_OF_PLAYFIELD_REWARD, True, info
        return gained, bool(info), info

    def _controls(self, action: Any) -> tuple[Any, Any, Any]:
        """``(steer, gas, brake)`` for the car from an action."""
        if self.continuous:
            values = np.asarray(action).astype(np.float64)
            if values.ndim != 1 or values.shape[0] < 3:
                raise IndexError(
                    f"A CarRacing action is [steer, gas, brake], got {action!r} of shape "
                    f"{values.shape}."
                )
            # The car's steering axis points the other way from the action's.
            return -values[0], values[1], values[2]
        space = cast(spaces.Discrete, self.action_space)
        return _DISCRETE_CONTROLS[discrete_index(action, space, InvalidAction, "CarRacing")]

    # --------------------------------------------------------------- rendering
    def render(self) -> np.ndarray | None:
        """Draw the scene for :attr:`render_mode`.

        Returns:
            An RGB ``uint8`` frame for ``"rgb_array"`` (400x600) and ``"state_pixels"``
            (96x96); ``None`` for ``"human"`` or without a render mode.
        """
        if self.render_mode is None:
            warn_no_render_mode(self.spec, "CarRacing-v3")
            return None
        return self._render_frame(self.render_mode)

    def _render_frame(self, mode: str) -> np.ndarray | None:
        if mode not in self.metadata["render_modes"]:
            raise AssertionError(
                f"Unsupported render mode {mode!r}; CarRacing renders "
                f"{self.metadata['render_modes']}."
            )
        if mode == "human":
            self._window.open()
        self._window.ensure_clock()
        if self.car is None:
            return None  # nothing to draw before the first reset
        surface = self._view.draw(
            self.car,
            t=self.t,
            reward=self.reward,
            bg_color=self.bg_color,
            grass_color=self.grass_color,
            road_corners=self._road_corners,
            road_poly=self.road_poly,
            with_skid_marks=mode != "state_pixels",
        )
        self.surf = surface
        if mode == "human":
            self._window.show(surface, self.metadata["render_fps"])
            return None
        import pygame

        size = (VIDEO_W, VIDEO_H) if mode == "rgb_array" else (STATE_W, STATE_H)
        return frame_array(pygame.transform.smoothscale(surface, size))

    def close(self) -> None:
        """Close the window, if one was opened; safe to call more than once."""
        self._window.close()
        self._view = CarRacingView()

    # ----------------------------------------------------- keyboard play
    def get_keys_to_action(self) -> dict[tuple[str, ...] | str, Any]:
        """Keyboard mapping for :func:`gymnasium_core.utils.play.play`: W/A/S/D.

        ``w`` is gas, ``s`` brakes, ``a`` / ``d`` steer left / right (combinable with ``w`` in
        the continuous version).
        """
        if not self.continuous:
            return {"": 0, "d": 1, "a": 2, "w": 3, "s": 4}
        mapping: dict[tuple[str, ...] | str, Any] = {}
        for steer_key, steer in (("", 0.0), ("a", -1.0), ("d", 1.0)):
            for pedal_key, gas, brake in (("", 0.0, 0.0), ("w", 1.0, 0.0), ("s", 0.0, 0.8)):
                mapping[steer_key + pedal_key] = np.array([steer, gas, brake], dtype=np.float32)
        return mapping

    # ------------------------------------------------------- pickle / copy
    def _constructor_kwargs(self) -> dict[str, Any]:
        return {
            "render_mode": self.render_mode,
            "verbose": self.verbose,
            "lap_complete_percent": self.lap_complete_percent,
            "domain_randomize": self.domain_randomize,
            "continuous": self.continuous,
        }

    def _replay_record(self) -> tuple[EpisodeRecord[list[Any]] | None, tuple[np.ndarray, ...]]:
        return self._episode, (self.road_color, self.bg_color, self.grass_color)

    def _replay(
        self, record: tuple[EpisodeRecord[list[Any]] | None, tuple[np.ndarray, ...]]
    ) -> None:
        """Replay the current episode, if any, then restore the colours."""
        episode, colors = record
        if episode is not None:
            self._replay_episode(episode)
        self.road_color, self.bg_color, self.grass_color = (np.copy(c) for c in colors)

    def _replay_episode(self, episode: EpisodeRecord[list[Any]]) -> None:
        self._np_random = generator_from_state(episode.rng_state)
        colors, randomize = episode.context
        self.road_color, self.bg_color, self.grass_color = (np.copy(c) for c in colors)
        self._episode = EpisodeRecord(episode.rng_state, [], episode.context)
        actions = episode.steps
        # The frame of the last step must be drawn during that step: it shows the score from
        # before the step's frame penalty. Earlier frames are not needed.
        self._is_replaying = True
        try:
            self._start_episode(randomize)
            self._skip_frame = bool(actions)
            self.step(None)
            for index, action in enumerate(actions):
                self._skip_frame = index < len(actions) - 1
                self.step(action)
        finally:
            self._is_replaying = False
            self._skip_frame = False


# -- drawing with pygame -----------------------------------------------------------------------
# The arithmetic that places shapes on screen repeats pygame's own rotations (see
# ``car_dynamics.screen_rotation``) so that frames equal Gymnasium's pixel for pixel.

STATE_W: Final[int] = 96
STATE_H: Final[int] = 96
VIDEO_W: Final[int] = 600
VIDEO_H: Final[int] = 400
WINDOW_W: Final[int] = 1000
WINDOW_H: Final[int] = 800
ZOOM: Final[float] = 2.7
ZOOM_FOLLOW: Final[bool] = True
GRASS_DIM: Final[float] = PLAYFIELD / 20.0
# Longest diagonal of anything drawn, in pixels at full zoom: shapes with no corner within this
# margin of the window are skipped.
MAX_SHAPE_DIM: Final[float] = (
    max(GRASS_DIM, TRACK_WIDTH, TRACK_DETAIL_STEP) * math.sqrt(2) * ZOOM * SCALE
)


def _grass_squares() -> np.ndarray:
    """The checkerboard of grass squares, ``(400, 4, 2)`` world corners."""
    squares = []
    for gx in range(-20, 20, 2):
        for gy in range(-20, 20, 2):
            left, bottom = GRASS_DIM * gx, GRASS_DIM * gy
            right, top = left + GRASS_DIM, bottom + GRASS_DIM
            squares.append([(right, bottom), (left, bottom), (left, top), (right, top)])
    return np.array(squares, dtype=np.float64)


_GRASS: Final = _grass_squares()
_FIELD: Final = np.array(
    [
        [
            (PLAYFIELD, PLAYFIELD),
            (PLAYFIELD, -PLAYFIELD),
            (-PLAYFIELD, -PLAYFIELD),
            (-PLAYFIELD, PLAYFIELD),
        ]
    ],
    dtype=np.float64,
)


class _CornerMap:
    """Rotate, zoom and shift arrays of world corners ``(..., 2)`` into pixel coordinates."""

    __slots__ = ("cos", "sin", "tx", "ty", "zoom")

    def __init__(
        self, rotation: tuple[float, float], zoom: float, translation: tuple[float, float]
    ) -> None:
        self.cos, self.sin = rotation
        self.zoom = zoom
        self.tx, self.ty = translation

    def __call__(self, corners: np.ndarray) -> np.ndarray:
        xs, ys = corners[..., 0], corners[..., 1]
        screen = np.empty_like(corners)
        screen[..., 0] = (self.cos * xs - self.sin * ys) * self.zoom + self.tx
        screen[..., 1] = (self.sin * xs + self.cos * ys) * self.zoom + self.ty
        return screen


def _visible(screen: np.ndarray) -> np.ndarray:
    """Indices of the shapes with a corner within ``MAX_SHAPE_DIM`` of the window."""
    xs, ys = screen[..., 0], screen[..., 1]
    inside = (-MAX_SHAPE_DIM <= xs) & (xs <= WINDOW_W + MAX_SHAPE_DIM)
    inside &= (-MAX_SHAPE_DIM <= ys) & (ys <= WINDOW_H + MAX_SHAPE_DIM)
    return np.flatnonzero(inside.any(axis=1))


class CarRacingView:
    """Draws a :class:`CarRacing` scene; keeps the rendered score text between frames."""

    def __init__(self) -> None:
        """Start with no cached score text."""
        self._text_cache: tuple[str, Any] | None = None
        self._last_frame: Any = None

    def draw(
        self,
        car: Car,
        *,
        t: float,
        reward: float,
        bg_color: Any,
        grass_color: Any,
        road_corners: np.ndarray,
        road_poly: list[tuple[Any, Any]],
        with_skid_marks: bool,
    ) -> Any:
        """The full-size window image: ground, track, car, then the dashboard and score.

        Args:
            car: The car (the camera follows its hull).
            t: Seconds since the reset (the camera zooms in during the first one).
            reward: The score shown at the bottom left.
            bg_color: RGB of the field.
            grass_color: RGB of the grass squares.
            road_corners: ``(len(road_poly), 4, 2)`` world corners of the tiles and kerbs.
            road_poly: ``(corners, colour)`` of each tile and kerb, in drawing order.
            with_skid_marks: Draw the car's skid marks.

        Returns:
            The ``WINDOW_W`` x ``WINDOW_H`` pygame surface, in screen orientation.
        """
        import pygame

        hull = car.hull
        angle = -hull.angle
        warm_up, warmed = max(1 - t, 0), min(t, 1)
        zoom = 0.1 * SCALE * warm_up + ZOOM * SCALE * warmed
        position = hull.position
        scroll = pygame.math.Vector2((-position[0] * zoom, -position[1] * zoom)).rotate_rad(angle)
        translation = (WINDOW_W / 2 + scroll[0], WINDOW_H / 4 + scroll[1])

        surface = pygame.Surface((WINDOW_W, WINDOW_H))
        to_screen = _CornerMap(screen_rotation(angle), zoom, translation)
        self._draw_ground(surface, to_screen, bg_color, grass_color, road_corners, road_poly)
        car.draw(surface, zoom, translation, angle, with_skid_marks)
        surface = pygame.transform.flip(surface, False, True)
        self._draw_dashboard(surface, car)
        self._draw_score(reward, surface)
        # Holding the frame until the next one keeps the allocator from handing the two large
        # canvases back to the system after every frame and faulting them in again (about 1 ms).
        self._last_frame = surface
        return surface

    def _draw_ground(
        self,
        surface: Any,
        to_screen: _CornerMap,
        bg_color: Any,
        grass_color: Any,
        road_corners: np.ndarray,
        road_poly: list[tuple[Any, Any]],
    ) -> None:
        from pygame import gfxdraw

        def fill(points: np.ndarray, color: Any) -> None:
            corners = points.tolist()
            gfxdraw.aapolygon(surface, corners, color)
            gfxdraw.filled_polygon(surface, corners, color)

        fill(to_screen(_FIELD)[0], bg_color)  # the background is never culled
        grass = to_screen(_GRASS)
        for index in _visible(grass):
            fill(grass[index], grass_color)
        if len(road_corners):
            road = to_screen(road_corners)
            for index in _visible(road):
                fill(road[index], [int(channel) for channel in road_poly[index][1]])

    def _draw_dashboard(self, surface: Any, car: Car) -> None:
        """The black strip at the bottom with the speed, wheel, steering and yaw bars."""
        import pygame.draw

        width, height = WINDOW_W, WINDOW_H
        unit_x, unit_y = width / 40.0, height / 40.0
        strip = [
            (width, height),
            (width, height - 5 * unit_y),
            (0, height - 5 * unit_y),
            (0, height),
        ]
        pygame.draw.polygon(surface, color=(0, 0, 0), points=strip)

        def bar_up(slot: int, value: float) -> list[tuple[float, float]]:
            top = height - (unit_y + unit_y * value)
            return [
                (slot * unit_x, top),
                ((slot + 1) * unit_x, top),
                ((slot + 1) * unit_x, height - unit_y),
                (slot * unit_x, height - unit_y),
            ]

        def bar_side(slot: int, value: float) -> list[tuple[float, float]]:
            return [
                (slot * unit_x, height - 4 * unit_y),
                ((slot + value) * unit_x, height - 4 * unit_y),
                ((slot + value) * unit_x, height - 2 * unit_y),
                (slot * unit_x, height - 2 * unit_y),
            ]

        velocity = car.hull.linearVelocity
        speed = math.sqrt(velocity[0] * velocity[0] + velocity[1] * velocity[1])
        wheels = car.wheels
        steering = wheels[0].joint.angle
        yaw_rate = car.hull.angularVelocity
        bars = [
            (speed, bar_up(5, 0.02 * speed), (255, 255, 255)),
            (wheels[0].omega, bar_up(7, 0.01 * wheels[0].omega), (0, 0, 255)),
            (wheels[1].omega, bar_up(8, 0.01 * wheels[1].omega), (0, 0, 255)),
            (wheels[2].omega, bar_up(9, 0.01 * wheels[2].omega), (51, 0, 255)),
            (wheels[3].omega, bar_up(10, 0.01 * wheels[3].omega), (51, 0, 255)),
            (steering, bar_side(20, -10.0 * steering), (0, 255, 0)),
            (yaw_rate, bar_side(30, -0.8 * yaw_rate), (255, 0, 0)),
        ]
        for value, points, color in bars:
            if abs(value) > 1e-4:  # a bar of zero length would still leave a line
                pygame.draw.polygon(surface, points=points, color=color)

    def _draw_score(self, reward: float, surface: Any) -> None:
        """The score at the bottom left; its text image is kept while the score is unchanged."""
        import pygame

        text = f"{reward:04.0f}"
        if self._text_cache is None or self._text_cache[0] != text:
            pygame.font.init()
            font = pygame.font.Font(pygame.font.get_default_font(), 42)
            self._text_cache = (text, font.render(text, True, (255, 255, 255), (0, 0, 0)))
        label = self._text_cache[1]
        box = label.get_rect()
        box.center = (60, WINDOW_H - WINDOW_H * 2.5 / 40.0)
        surface.blit(label, box)
