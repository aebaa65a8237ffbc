"""Settings shared by the whole test suite."""

from __future__ import annotations

import os

# Rendering runs headless everywhere: pygame draws to a dummy video driver and MuJoCo to EGL.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("MUJOCO_GL", "egl")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# JAX on CPU, without probing for accelerators.
os.environ.setdefault("JAX_PLATFORMS", "cpu")
