"""BipedalWalker's track: the terrain generator (grass, and the hardcore obstacles) and clouds.

The draws, the bodies and their creation order follow Gymnasium's BipedalWalker exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._shared import Box2D, edgeShape, fixtureDef, polygonShape
from .world import (
    FRICTION,
    GROUND_CATEGORY,
    SCALE,
    TERRAIN_GRASS,
    TERRAIN_HEIGHT,
    TERRAIN_LENGTH,
    TERRAIN_STARTPAD,
    TERRAIN_STEP,
    VIEWPORT_H,
)

_NUM_CLOUDS = TERRAIN_LENGTH // 20

# Terrain kinds of the generator; the hardcore obstacles are drawn as integers in [1, 4).
_GRASS, _STUMP, _STAIRS, _PIT, _NUM_KINDS = range(5)
OBSTACLE_COLORS = ((255, 255, 255), (153, 153, 153))  # fill, outline

__all__ = ["EARTH_COLOR", "Terrain", "TerrainBuilder", "draw_clouds", "new_fixture_defs"]


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
