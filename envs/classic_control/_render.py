"""Pygame plumbing shared by the classic-control renderers.

The FuncEnvs draw a frame on an off-screen surface; :class:`Canvas` is their render state. In
``"human"`` mode it also owns a window, shows each frame there and keeps the frame rate.
Pygame is imported only when a canvas is created.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core.error import DependencyNotInstalled


def import_pygame() -> Any:
    """Import pygame, or explain how to install it."""
    try:
        import pygame
        from pygame import gfxdraw  # noqa: F401  (loads the submodule for callers)
    except ImportError as err:
        raise DependencyNotInstalled(
            "pygame is needed to render classic-control environments: "
            'pip install "gymnasium-core[classic-control]"'
        ) from err
    return pygame


@dataclass
class Canvas:
    """Render state of a classic-control env: an off-screen surface, maybe a window.

    Attributes:
        width: Frame width in pixels.
        height: Frame height in pixels.
        render_mode: ``"rgb_array"`` or ``"human"``.
        fps: Frames per second kept in ``"human"`` mode.
        surface: The pygame surface frames are drawn on.
        window: The display surface in ``"human"`` mode, else ``None``.
        clock: The pygame clock pacing ``"human"`` mode.
        extras: Per-env cached resources (images, fonts).
    """

    width: int
    height: int
    render_mode: str = "rgb_array"
    fps: int = 30
    surface: Any = None
    window: Any = None
    clock: Any = None
    extras: dict[str, Any] = field(default_factory=dict)

    def __getstate__(self) -> dict[str, Any]:
        # pygame objects do not pickle: a copy starts without them and recreates its surface
        # on the next frame (and no window: a copy never takes over the original's display).
        state = dict(self.__dict__)
        state.update(surface=None, window=None, clock=None, extras={})
        return state


def open_canvas(width: int, height: int, render_mode: str = "rgb_array", fps: int = 30) -> Canvas:
    """Create a canvas (and a window when ``render_mode == "human"``).

    Args:
        width: Frame width in pixels.
        height: Frame height in pixels.
        render_mode: ``"rgb_array"`` or ``"human"``.
        fps: Frame rate kept in ``"human"`` mode.

    Returns:
        The new canvas.
    """
    pygame = import_pygame()
    canvas = Canvas(width, height, render_mode, fps)
    if render_mode == "human":
        # Only the display: ``pygame.init()`` would also start audio (ALSA errors on servers).
        pygame.display.init()
        canvas.window = pygame.display.set_mode((width, height))
    canvas.clock = pygame.time.Clock()
    canvas.surface = pygame.Surface((width, height))
    return canvas


def present(canvas: Canvas, drawing: Any) -> np.ndarray[Any, Any]:
    """Put a finished drawing on the canvas, show it in human mode, and return the frame.

    Args:
        canvas: The render state.
        drawing: A pygame surface of the canvas size, drawn with y pointing up.

    Returns:
        The frame as an ``(height, width, 3)`` uint8 array.
    """
    pygame = import_pygame()
    if canvas.surface is None:
        canvas.surface = pygame.Surface((canvas.width, canvas.height))
    # Drawings use a y-up world frame; the screen's y axis points down.
    shown = pygame.transform.flip(drawing, False, True)
    canvas.surface.blit(shown, (0, 0))
    canvas.extras["surf"] = shown  # the last frame's surface, which the reference keeps too
    if canvas.window is not None:
        canvas.window.blit(canvas.surface, (0, 0))
        pygame.event.pump()
        if canvas.clock is None:
            canvas.clock = pygame.time.Clock()
        canvas.clock.tick(canvas.fps)
        pygame.display.flip()
    pixels = pygame.surfarray.array3d(canvas.surface)
    return np.ascontiguousarray(np.transpose(pixels, (1, 0, 2)))


def close_canvas(canvas: Canvas | None) -> None:
    """Close the window of ``canvas`` if it has one."""
    if canvas is not None and canvas.window is not None:
        pygame = import_pygame()
        pygame.display.quit()
        pygame.quit()
        canvas.window = None


def filled_polygon(
    surf: Any, points: Sequence[tuple[float, float]], color: tuple[int, ...]
) -> None:
    """Draw an anti-aliased, filled polygon."""
    from pygame import gfxdraw

    gfxdraw.aapolygon(surf, points, color)
    gfxdraw.filled_polygon(surf, points, color)


def filled_circle(surf: Any, x: float, y: float, radius: float, color: tuple[int, ...]) -> None:
    """Draw an anti-aliased, filled circle centred on ``(x, y)``."""
    from pygame import gfxdraw

    cx, cy, r = int(x), int(y), int(radius)
    gfxdraw.aacircle(surf, cx, cy, r, color)
    gfxdraw.filled_circle(surf, cx, cy, r, color)


def turned(points: Any, angle: SupportsFloat) -> list[tuple[float, float]]:
    """``points`` turned counter-clockwise by ``angle`` rad about the origin.

    pygame's own vector rotation is used, so coordinates (and the pixels drawn from them) are
    those of any pygame drawing that turns its shapes the same way.
    """
    pygame = import_pygame()
    out = []
    for point in points:
        v = pygame.math.Vector2(point).rotate_rad(float(angle))
        out.append((v[0], v[1]))
    return out
