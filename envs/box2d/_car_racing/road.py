"""CarRacing's road: tiles as Box2D sensor bodies, their kerbs, and the contact rules on them.

Tiles are created in track order with the same Box2D calls as Gymnasium's CarRacing; the
contact listener pays for each tile the first time a wheel touches it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Protocol

import numpy as np

from .._shared import BodyContactListener
from .car import sign
from .track import BORDER, TRACK_WIDTH, TrackPoint, border_flags, edge

__all__ = ["BORDER_COLORS", "TILE_REWARD_TOTAL", "FrictionDetector", "Road", "build_road"]

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
