"""Run in a fresh ``spawn`` process, as a distributed library's env runner would.

This module imports gymnasium only, never gymnasium_core, so the worker starts with nothing of
ours loaded, like a remote process that only receives an id.
"""

from __future__ import annotations

import sys


def make_and_step(env_id: str) -> tuple[bool, str]:
    """``gymnasium.make(env_id)``, reset and one step; whether it worked, and the error if not.

    Also reports whether gymnasium_core was loaded before the make (it never should be).
    """
    import gymnasium

    if "gymnasium_core" in sys.modules:
        return False, "gymnasium_core was imported before make"
    try:
        env = gymnasium.make(env_id)
        env.reset(seed=0)
        env.step(env.action_space.sample())
        env.close()
    except Exception as exc:  # reported to the parent, which asserts on it
        return False, f"{type(exc).__name__}: {exc}"
    return True, ""
