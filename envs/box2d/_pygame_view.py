"""Pygame plumbing shared by the Box2D environments: the window, frames and render-mode checks.

Pygame is imported only when something is drawn, so making an env without a render mode never
loads it. In ``"human"`` mode each env shows its frames through one :class:`PygameWindow`,
opened on first use and paced to the env's ``render_fps``; ``"rgb_array"`` frames come from
:func:`frame_array`. Under ``SDL_VIDEODRIVER=dummy`` the window works headless.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from gymnasium_core import logger
from gymnasium_core.error import DependencyNotInstalled

__all__ = ["PygameWindow", "WindowOwner", "frame_array", "import_pygame", "warn_no_render_mode"]


def import_pygame() -> Any:
    """The ``pygame`` module, with ``pygame.gfxdraw`` loaded.

    Returns:
        The module.

    Raises:
        DependencyNotInstalled: If pygame is not installed.
    """
    try:
        import pygame
        from pygame import gfxdraw  # noqa: F401  (loads the submodule)
    except ImportError as err:
        raise DependencyNotInstalled(
            'The Box2D environments render with pygame: pip install "gymnasium-core[box2d]"'
        ) from err
    return pygame


def warn_no_render_mode(env: Any, default_id: str) -> None:
    """Warn that ``render()`` was called on an env made without a render mode.

    Args:
        env: The environment (its ``spec.id`` names it in the message, if it has a spec).
        default_id: The id named when the env has no spec.
    """
    env_id = env.spec.id if env.spec is not None else default_id
    logger.warn(
        "render() does nothing without a render_mode; choose one when making the env, "
        f'e.g. gymnasium_core.make("{env_id}", render_mode="rgb_array").'
    )


def frame_array(surface: Any) -> NDArray[np.uint8]:
    """The pixels of a pygame surface as a ``(height, width, 3)`` uint8 array (a copy).

    Args:
        surface: The pygame surface.

    Returns:
        The RGB frame, rows first (a transposed view of a fresh array, as the reference's).
    """
    import pygame.surfarray

    return np.transpose(np.array(pygame.surfarray.pixels3d(surface)), (1, 0, 2))


class PygameWindow:
    """A pygame display window of a fixed size, opened on first use.

    Args:
        size: ``(width, height)`` in pixels.

    Attributes:
        screen: The display surface while the window is open, else ``None``.
        clock: The clock pacing :meth:`show`, while the window is open.
        was_closed: Whether :meth:`close` has closed an open window.
    """

    def __init__(self, size: tuple[int, int]) -> None:
        """Remember the size; nothing is opened yet."""
        self.size = size
        self.screen: Any = None
        self.clock: Any = None
        self.was_closed = False

    def open(self) -> None:
        """Open the window, if it is not open already (only pygame's display is initialised)."""
        if self.screen is not None:
            return
        pygame = import_pygame()
        pygame.display.init()
        self.screen = pygame.display.set_mode(self.size)
        self.ensure_clock()

    def ensure_clock(self) -> None:
        """Create :attr:`clock` if there is none yet (the reference does so on every render)."""
        if self.clock is None:
            self.clock = import_pygame().time.Clock()

    def show(
        self, surface: Any, fps: float, offset: tuple[float, float] = (0, 0), clear: bool = True
    ) -> None:
        """Put ``surface`` in the window (opening it if needed), at most ``fps`` times a second.

        Args:
            surface: A pygame surface.
            fps: The frame rate to keep to.
            offset: Where the surface's top-left corner goes in the window.
            clear: Fill the window with black first.
        """
        self.open()
        pygame = import_pygame()
        pygame.event.pump()
        self.clock.tick(fps)
        if clear:
            self.screen.fill(0)
        self.screen.blit(surface, offset)
        pygame.display.flip()

    def close(self) -> None:
        """Close the window and quit pygame, if the window is open; safe to call again."""
        if self.screen is None:
            return
        pygame = import_pygame()
        pygame.display.quit()
        pygame.quit()
        self.screen = None
        self.was_closed = True


class WindowOwner:
    """Mixin for an env that shows frames through ``self._window`` (a :class:`PygameWindow`).

    It exposes the reference's window attributes (``screen``, ``clock``, ``isopen``) read-only.
    """

    _window: PygameWindow

    @property
    def screen(self) -> Any:
        """The display surface in ``"human"`` mode once a frame was shown, else ``None``."""
        return self._window.screen

    @property
    def clock(self) -> Any:
        """The clock pacing the window, while it is open."""
        return self._window.clock

    @property
    def isopen(self) -> bool:
        """``False`` once :meth:`close` has closed the window, else ``True``."""
        return not self._window.was_closed
