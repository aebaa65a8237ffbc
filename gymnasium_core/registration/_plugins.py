"""Loading environments that installed packages declare through an entry point group.

A package makes its environments known to gymnasium_core by declaring, in its metadata, an
entry point in the group ``gymnasium_core.envs``::

    [project.entry-points."gymnasium_core.envs"]
    my_namespace = "my_package.registration:register_all"

The entry point's name is the namespace its ids are registered under (``__root__`` registers
them without a namespace). The target is called once with no arguments; a target naming a
module (no ``:attribute``) is simply imported. Loading happens the first time the registry is
read (by ``make``, ``make_vec``, ``spec``, ``pprint_registry`` or user code), never at
``import gymnasium_core``.
"""

from __future__ import annotations

from importlib import metadata

from gymnasium_core import logger
from gymnasium_core.registration._lookup import (
    add_loader,
    ensure_builtin_envs,
    mark_loading_started,
    namespace,
    root_namespace,
)

__all__ = ["PLUGIN_GROUP", "load_plugin_envs"]

PLUGIN_GROUP = "gymnasium_core.envs"
# Entry point names that register their ids without forcing a namespace.
_ROOT_NAMES = frozenset({"__root__", "__internal__"})


def load_plugin_envs(entry_point_group: str = PLUGIN_GROUP) -> list[str]:
    """Run the registration hook of every installed package in ``entry_point_group``.

    A hook that raises is reported with a warning and skipped, so one broken plugin does not
    stop the others (or the built-in environments) from being made.

    The built-in ids are registered first (in the root namespace) if they are not yet. Called
    with the default group before the registry was ever read, this is the registry's automatic
    loading, which then does not run a second time.

    Args:
        entry_point_group: The entry point group to read.

    Returns:
        The names of the entry points that loaded without error.
    """
    if entry_point_group == PLUGIN_GROUP:
        mark_loading_started()
    ensure_builtin_envs()
    loaded: list[str] = []
    for entry_point in metadata.entry_points(group=entry_point_group):
        scope = root_namespace() if entry_point.name in _ROOT_NAMES else namespace(entry_point.name)
        try:
            with scope:
                target = entry_point.load()
                if entry_point.attr is not None and callable(target):
                    target()
        except Exception as exc:
            logger.warn(
                f"The environment plugin {entry_point.name!r} ({entry_point.value}) failed to "
                f"load and was skipped: {type(exc).__name__}: {exc}"
            )
            continue
        loaded.append(entry_point.name)
    return loaded


add_loader(load_plugin_envs)
