"""Settings for running this package's docstring examples (``pytest --doctest-modules``).

Rendering examples run headless, and pygame's greeting is silenced: printed on its first
import, it would become part of whichever example first draws a frame.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
