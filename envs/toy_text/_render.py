"""Pygame drawing shared by the toy-text environments (imported only when rendering).

Every picture is drawn from shapes and text: no image assets. :class:`RenderTarget` owns
the surface (an off-screen one for ``rgb_array``, a window for ``human``) and turns it into
an ``(height, width, 3)`` uint8 frame.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core.error import DependencyNotInstalled

Color = tuple[int, int, int]


def import_pygame() -> Any:
    """Import pygame, or raise a clear error naming the extra to install."""
    try:
        import pygame
    except ImportError as e:  # pragma: no cover - pygame is a test dependency
        raise DependencyNotInstalled(
            "pygame is needed to render toy-text environments: "
            'pip install "gymnasium-core[toy-text]"'
        ) from e
    return pygame


class RenderTarget:
    """A pygame surface to draw a frame on, shown in a window in ``human`` mode.

    Attributes:
        mode: ``"human"`` or ``"rgb_array"``.
        size: ``(width, height)`` in pixels.
        surface: The pygame surface to draw on.
        clock: A pygame clock that paces the ``human`` window.
    """

    def __init__(self, mode: str, size: tuple[int, int], title: str) -> None:
        """Create the surface (and the window in ``human`` mode).

        Args:
            mode: ``"human"`` or ``"rgb_array"``.
            size: ``(width, height)`` in pixels.
            title: The window caption.
        """
        pygame = import_pygame()
        self.mode = mode
        self.size = size
        # Only the display is initialised (never pygame.init(), which also starts audio).
        if mode == "human":
            pygame.display.init()
            pygame.display.set_caption(title)
            self.surface = pygame.display.set_mode(size)
        else:
            self.surface = pygame.Surface(size)
        self.clock = pygame.time.Clock()

    @classmethod
    def on_surface(cls, surface: Any) -> RenderTarget:
        """An off-screen target drawing on an existing pygame ``surface``."""
        target = cls.__new__(cls)
        target.mode = "rgb_array"
        target.size = surface.get_size()
        target.surface = surface
        target.clock = None
        return target

    def font(self, size: int, bold: bool = False) -> Any:
        """A pygame font of the default typeface, cached for this target's lifetime.

        The cache is per target, never per process: a font made before another window's
        ``pygame.quit()`` is freed with it, and drawing with it would crash, even once fonts
        are initialised again.
        """
        key = (size, bold)
        fonts: dict[tuple[int, bool], Any] = self.__dict__.setdefault("_fonts", {})
        pygame = import_pygame()
        if not pygame.font.get_init():
            fonts.clear()
            pygame.font.init()
        if key not in fonts:
            font = pygame.font.Font(None, size)
            font.set_bold(bold)
            fonts[key] = font
        return fonts[key]

    def text(
        self,
        string: str,
        center: tuple[float, float],
        size: int,
        color: Color,
        bold: bool = False,
    ) -> None:
        """Draw ``string`` centred at ``center``."""
        image = self.font(size, bold).render(string, True, color)
        self.surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))

    def present(self, fps: int) -> np.ndarray[Any, Any] | None:
        """Show the frame (``human``) or return it as ``(height, width, 3)`` uint8."""
        pygame = import_pygame()
        if self.mode == "human":
            pygame.event.pump()
            pygame.display.update()
            self.clock.tick(fps)
            return None
        return np.transpose(np.array(pygame.surfarray.pixels3d(self.surface)), axes=(1, 0, 2))

    def close(self) -> None:
        """Close the window; off-screen surfaces need nothing."""
        if self.mode == "human":
            pygame = import_pygame()
            pygame.display.quit()
