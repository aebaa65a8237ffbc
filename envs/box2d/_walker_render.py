"""Drawing BipedalWalker with pygame: sky, clouds, terrain, lidar, the walker and the flag."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._pygame_view import import_pygame
from ._walker_world import SCALE, TERRAIN_HEIGHT, TERRAIN_STEP, VIEWPORT_H, VIEWPORT_W

if TYPE_CHECKING:
    from .bipedal_walker import BipedalWalker

__all__ = ["WalkerRenderer"]

_HULL_COLORS = ((127, 51, 229), (76, 76, 127))
_SKY = (215, 215, 255)
_EARTH = (102, 153, 76)


def _leg_colors(side: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    shade = side * 25
    return (153 - shade, 76 - shade, 127 - shade), (102 - shade, 51 - shade, 76 - shade)


class WalkerRenderer:
    """Pygame drawing of a :class:`BipedalWalker` on one reused surface."""

    def __init__(self) -> None:
        """Load pygame and make the drawing surface."""
        self.pygame = import_pygame()
        self.surface = self.pygame.Surface((VIEWPORT_W, VIEWPORT_H))

    def draw(self, env: BipedalWalker) -> Any:
        """Draw ``env`` with y up and return the frame flipped into screen orientation."""
        surf = self.surface
        surf.fill(_SKY)
        # Frames follow the walker: world x maps to pixels minus the scroll offset.
        shift = max(0.0, env.scroll) * SCALE
        if env.terrain is not None:
            self._background(env, shift)
        self._lidar(env, shift)
        if env.terrain is not None and env.walker is not None:
            for body, fill, outline in env.terrain.drawn:
                self._body(body, fill, outline, shift)
            for index, leg in enumerate(env.walker.legs):
                self._body(leg, *_leg_colors(-1 if index < 2 else +1), shift)
            self._body(env.walker.hull, *_HULL_COLORS, shift)
        self._flag(shift)
        return self.pygame.transform.flip(surf, False, True)

    def _background(self, env: BipedalWalker, shift: float) -> None:
        from pygame import gfxdraw

        terrain = env.terrain
        assert terrain is not None
        # Clouds drift at half the walker's speed (parallax).
        cloud_shift = shift - env.scroll * SCALE / 2
        for poly, x1, x2 in terrain.clouds:
            if x2 < env.scroll / 2 or x1 > env.scroll / 2 + VIEWPORT_W / SCALE:
                continue
            points = [(px * SCALE - cloud_shift, py * SCALE) for px, py in poly]
            self.pygame.draw.polygon(self.surface, (255, 255, 255), points)
            gfxdraw.aapolygon(self.surface, points, (255, 255, 255))
        for poly in terrain.earth:
            if poly[1][0] < env.scroll or poly[0][0] > env.scroll + VIEWPORT_W / SCALE:
                continue
            points = [(px * SCALE - shift, py * SCALE) for px, py in poly]
            self.pygame.draw.polygon(self.surface, _EARTH, points)
            gfxdraw.aapolygon(self.surface, points, _EARTH)

    def _lidar(self, env: BipedalWalker, shift: float) -> None:
        # One ray per frame, sweeping out and back, so the lidar does not flicker.
        env.lidar_render = (env.lidar_render + 1) % 100
        sweep = env.lidar_render
        if sweep >= 2 * len(env.lidar) or env.walker is None:
            return
        ray = env.lidar[sweep if sweep < len(env.lidar) else 2 * len(env.lidar) - sweep - 1]
        start = (ray.start[0] * SCALE - shift, ray.start[1] * SCALE)
        end = (ray.end[0] * SCALE - shift, ray.end[1] * SCALE)
        self.pygame.draw.line(self.surface, (255, 0, 0), start, end, 1)

    def _body(self, body: Any, fill: Any, outline: Any, shift: float) -> None:
        from pygame import gfxdraw

        pygame, surf = self.pygame, self.surface
        transform = body.transform
        for fixture in body.fixtures:
            points = [
                ((transform * v)[0] * SCALE - shift, (transform * v)[1] * SCALE)
                for v in fixture.shape.vertices
            ]
            if len(points) == 2:
                pygame.draw.aaline(surf, fill, points[0], points[1])
                continue
            pygame.draw.polygon(surf, fill, points)
            gfxdraw.aapolygon(surf, points, fill)
            pygame.draw.polygon(surf, outline, [*points, points[0]], 1)
            gfxdraw.aapolygon(surf, points, outline)

    def _flag(self, shift: float) -> None:
        pole_x = TERRAIN_STEP * 3 * SCALE - shift
        bottom = TERRAIN_HEIGHT * SCALE
        top = bottom + 50
        self.pygame.draw.aaline(self.surface, (0, 0, 0), (pole_x, bottom), (pole_x, top))
        cloth = [(pole_x, top), (pole_x, top - 10), (pole_x + 25, top - 5)]
        self.pygame.draw.polygon(self.surface, (230, 51, 0), cloth)
        self.pygame.draw.lines(self.surface, (0, 0, 0), True, cloth, 1)
