"""Drawing CarRacing with pygame: grass, track, the car, its skid marks and the dashboard.

The arithmetic that places shapes on screen repeats pygame's own rotations (see
:func:`screen_rotation`) so that frames equal Gymnasium's pixel for pixel.
"""

from __future__ import annotations

import math
from typing import Any, Final

import numpy as np

from .car import SIZE, WHEEL_R, WHEEL_W, WHEEL_WHITE, Car, sign
from .track import PLAYFIELD, SCALE, TRACK_DETAIL_STEP, TRACK_WIDTH

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
        draw_car(car, surface, zoom, translation, angle, with_skid_marks)
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
