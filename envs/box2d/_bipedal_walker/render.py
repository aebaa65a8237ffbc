"""Drawing BipedalWalker with pygame: sky, clouds, earth, lidar, bodies and the start flag.

The frame equals the reference's pixel for pixel. The reference draws the whole track up to the
walker on one surface as wide as the distance walked, in absolute pixel coordinates, and keeps
its last ``VIEWPORT_W`` columns. Here the surface starts at most :data:`_MARGIN` pixels left of
the view: everything is drawn moved left by a whole number of pixels, which leaves the fractional
parts of every coordinate (and so every rasterised and anti-aliased pixel) unchanged. The margin
is wider than any shape that is drawn, so no shape reaching into the view is clipped at the
surface's left edge where the reference's would not be.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._shared import circleShape, import_pygame
from .world import SCALE, TERRAIN_HEIGHT, TERRAIN_STEP, VIEWPORT_H, VIEWPORT_W

__all__ = ["draw_walker_scene"]

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
