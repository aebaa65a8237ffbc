"""MuJoCo tasks on MJX (MuJoCo in JAX): the registered ``mjx/<Task>-v5`` ids.

Importing this package imports jax and ``mujoco.mjx``. Its modules:

* :mod:`.tasks`: :class:`~.tasks.MjxTask`, the shell that runs a native task's definition over
  ``mjx.step``, one bound class per task (``MjxHopper``, ...) and ``MJX_TASKS``, with the
  physics they run on (model caches, MJX's private fields, reset draws);
* :mod:`.envs`: the registry's single and vector JAX envs (``HopperMjxEnv``, ...).
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["MJX_TASKS", "MjxTask"]

_WHERE = {"MJX_TASKS": "tasks", "MjxTask": "tasks"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
