"""Showing rendered RGB frames in a window, for the ``"human"`` render mode of the adapters."""

from __future__ import annotations

from typing import Any

import numpy as np


class FrameWindow:
    """A pygame window that shows RGB frames at a fixed rate (pygame is imported on first use)."""

    def __init__(self, caption: str, fps: float | None) -> None:
        self.caption = caption
        self.fps = fps
        self._screen: Any = None
        self._clock: Any = None

    def show(self, frame: np.ndarray[Any, Any]) -> None:
        """Draw ``frame`` (``(height, width, 3)`` uint8) and wait for the frame rate."""
        try:
            import pygame
        except ImportError as e:
            from gymnasium_core.error import DependencyNotInstalled

            raise DependencyNotInstalled(
                'pygame is not installed; the "human" render mode needs it '
                '(`pip install "gymnasium-core[classic-control]"`).'
            ) from e
        frame = np.asarray(frame)
        height, width = frame.shape[:2]
        if self._screen is None:
            pygame.display.init()
            pygame.display.set_caption(self.caption)
            self._screen = pygame.display.set_mode((width, height))
            self._clock = pygame.time.Clock()
        surface = pygame.surfarray.make_surface(np.transpose(frame[..., :3], (1, 0, 2)))
        self._screen.blit(surface, (0, 0))
        pygame.event.pump()
        pygame.display.flip()
        if self.fps:
            self._clock.tick(self.fps)

    def close(self) -> None:
        """Close the window if one was opened."""
        if self._screen is not None:
            import pygame

            pygame.display.quit()
            pygame.quit()
            self._screen = None
