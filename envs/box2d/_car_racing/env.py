"""The CarRacing env class, documented with its public module ``car_racing``."""

from __future__ import annotations

import math
from typing import Any, Final, SupportsFloat, cast

import numpy as np

from gymnasium_core import spaces
from gymnasium_core.core import Env
from gymnasium_core.error import InvalidAction
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
    fixtureDef,
    frame_array,
    generator_from_state,
    polygonShape,
    warn_no_render_mode,
)
from .car import Car
from .render import (
    STATE_H,
    STATE_W,
    VIDEO_H,
    VIDEO_W,
    WINDOW_H,
    WINDOW_W,
    CarRacingView,
)
from .road import FrictionDetector, build_road
from .track import (
    CHECKPOINTS,
    PLAYFIELD,
    TrackPoint,
    close_loop,
    draw_checkpoints,
    trace_track,
)

__all__ = ["FPS", "CarRacing"]

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
