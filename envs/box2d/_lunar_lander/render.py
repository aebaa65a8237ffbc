"""Drawing LunarLander with pygame: sky, ground, exhaust particles, the lander and the flags."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._shared import circleShape, import_pygame
from .world import SCALE, VIEWPORT_H, VIEWPORT_W

__all__ = ["draw_lander_scene"]

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
