"""Third-party packages registered in gymnasium's registry only while a test needs them.

Importing ale-py, MiniGrid or Gymnasium-Robotics registers hundreds of ids in gymnasium's
registry, which our registry then shows. Tests elsewhere compare our registry with gymnasium's
own ids, so these ids stay there only inside :func:`packages_registered`.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from typing import Any

from gymnasium_core.registration._gymnasium_view import _home_package

PACKAGES = ("ale_py", "minigrid", "gymnasium_robotics")

# Every id these packages registered, kept to put back when a later test needs them again
# (a package registers on its first import only), and gymnasium's own specs they replaced
# (Gymnasium-Robotics registers the mujoco-py ids Reacher-v2, ... anew).
_known: dict[str, Any] = {}
_replaced: dict[str, Any] = {}


def _record(registry: dict[str, Any], before: dict[str, Any], names: tuple[str, ...]) -> None:
    for key, spec in registry.items():
        if before.get(key) is not spec or _home_package(spec.entry_point) in names:
            _known[key] = spec
            if key in before and before[key] is not spec:
                _replaced.setdefault(key, before[key])


@contextlib.contextmanager
def packages_registered(names: tuple[str, ...] = PACKAGES) -> Iterator[None]:
    """Import the packages, with all their ids in gymnasium's registry, and take them out after."""
    import gymnasium

    before = dict(gymnasium.registry)
    for name in names:
        importlib.import_module(name)
    _record(gymnasium.registry, before, names)
    gymnasium.registry.update(_known)
    try:
        yield
    finally:
        # Ids registered inside the block (a package first imported there) leave too.
        _record(gymnasium.registry, before, ())
        for key in _known:
            gymnasium.registry.pop(key, None)
        gymnasium.registry.update(_replaced)
