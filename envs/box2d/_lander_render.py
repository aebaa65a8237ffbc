"""Drawing LunarLander with pygame: sky, ground, exhaust particles, the lander and the flags."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._box2d import circleShape
from ._lander_world import SCALE, VIEWPORT_H, VIEWPORT_W
from ._pygame_view import import_pygame

if TYPE_CHECKING:
    from .lunar_lander import LunarLander

_BODY_FILL = (128, 102, 230)
_BODY_EDGE = (77, 77, 128)
_FLAG_COLOR = (204, 204, 0)


def draw_lander_scene(env: LunarLander) -> Any:
    """The scene as a ``VIEWPORT_W`` x ``VIEWPORT_H`` pygame surface in screen orientation.

    Args:
        env: The env to draw (reset, so its world exists).

    Returns:
        The surface (drawn with y up, then flipped).
    """
    pygame = import_pygame()
    from pygame import gfxdraw

    surf = pygame.Surface((VIEWPORT_W, VIEWPORT_H))
    surf.fill((255, 255, 255))
    for poly in env.sky_polys:
        points = [(px * SCALE, py * SCALE) for px, py in poly]
        pygame.draw.polygon(surf, (0, 0, 0), points)
        gfxdraw.aapolygon(surf, points, (0, 0, 0))

    for particle in env.particles:
        # Hot white-red when fresh, fading to grey as the particle ages.
        shade = (
            int(max(0.2, 0.15 + particle.ttl) * 255),
            int(max(0.2, 0.5 * particle.ttl) * 255),
            int(max(0.2, 0.5 * particle.ttl) * 255),
        )
        _draw_body(pygame, surf, particle, shade, shade)
    for body in env.drawlist:
        _draw_body(pygame, surf, body, _BODY_FILL, _BODY_EDGE)

    pole_bottom = env.helipad_y * SCALE
    pole_top = pole_bottom + 50
    for flag_x in (env.helipad_x1 * SCALE, env.helipad_x2 * SCALE):
        pygame.draw.line(surf, (255, 255, 255), (flag_x, pole_bottom), (flag_x, pole_top), 1)
        pennant = [(flag_x, pole_top), (flag_x, pole_top - 10), (flag_x + 25, pole_top - 5)]
        pygame.draw.polygon(surf, _FLAG_COLOR, pennant)
        gfxdraw.aapolygon(surf, pennant, _FLAG_COLOR)
    return pygame.transform.flip(surf, False, True)


def _draw_body(pygame: Any, surf: Any, body: Any, fill: Any, edge: Any) -> None:
    """Draw each fixture of ``body``: circles filled, polygons filled and outlined."""
    from pygame import gfxdraw

    transform = body.transform
    for fixture in body.fixtures:
        shape = fixture.shape
        if type(shape) is circleShape:
            centre = transform * shape.pos * SCALE
            pygame.draw.circle(surf, fill, (centre[0], centre[1]), shape.radius * SCALE)
            continue
        points = [tuple(transform * vertex * SCALE) for vertex in shape.vertices]
        pygame.draw.polygon(surf, fill, points)
        gfxdraw.aapolygon(surf, points, fill)
        pygame.draw.aalines(surf, edge, True, points)
