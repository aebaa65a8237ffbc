"""The registry dictionary, registering into it and finding specs in it.

Lookups that miss raise the most precise error available (namespace, name, version or
deprecation) together with a "did you mean" hint computed with :mod:`difflib`.
"""

from __future__ import annotations

import contextlib
import difflib
import importlib
import warnings
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING, Any

from gymnasium_core import error, logger
from gymnasium_core.registration._gymnasium_view import (
    forget_mirror,
    is_mirrored,
    package_hint,
    sync_gymnasium_ids,
)
from gymnasium_core.registration._spec import (
    EnvSpec,
    WrapperSpec,
    get_env_id,
    parse_env_id,
    set_registry,
)

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_keys, dict_values

__all__ = [
    "find_highest_version",
    "find_spec",
    "get_current_namespace",
    "load_env_creator",
    "namespace",
    "register",
    "register_envs",
    "registry",
]

# The namespace that `register` puts ids into: the top of this stack. `namespace(ns)` pushes
# `ns`; loading the built-ins or a `__root__` plugin pushes `None` (no namespace).
_namespace_stack: list[str | None] = [None]


@contextlib.contextmanager
def _scoped_namespace(ns: str | None) -> Iterator[None]:
    _namespace_stack.append(ns)
    try:
        yield
    finally:
        _namespace_stack.pop()


def root_namespace() -> contextlib.AbstractContextManager[None]:
    """A context in which :func:`register` keeps ids in the namespace written in them.

    It undoes an enclosing :func:`namespace` (used for the built-ins and ``__root__`` plugins).
    """
    return _scoped_namespace(None)


# "started": the automatic loading (built-ins, then plugins) has begun; "builtins": the
# built-in ids have been (or are being) registered.
_load_state = {"started": False, "builtins": False}


def ensure_builtin_envs() -> None:
    """Register the built-in ids once, always in the root namespace.

    Whatever namespace is active when the registry is first read (a plugin being loaded, or
    user code inside :func:`namespace`), the built-in ids must not land in it.
    """
    if _load_state["builtins"]:
        return
    # Set first: registering reads the registry, which would come back here.
    _load_state["builtins"] = True
    try:
        with root_namespace():
            importlib.import_module("gymnasium_core.envs")
    except ModuleNotFoundError as exc:
        if exc.name != "gymnasium_core.envs":
            raise
        # An install that does not map the top-level `envs/` folder; keep user ids usable.
        warnings.warn(
            "gymnasium_core.envs cannot be imported, so the built-in ids are not registered; "
            "reinstall gymnasium_core so that its envs/ folder is installed.",
            RuntimeWarning,
            stacklevel=4,
        )


def mark_loading_started() -> bool:
    """Record that the automatic loading has begun; return whether it had begun already."""
    already = _load_state["started"]
    _load_state["started"] = True
    return already


# Run after the built-ins on the first read of the registry. The registration package, which
# depends on this module, adds its plugin loader here when it loads.
_after_builtins: list[Callable[[], object]] = []


def add_loader(loader: Callable[[], object]) -> None:
    """Run ``loader`` once, after the built-in ids, on the first read of the registry."""
    _after_builtins.append(loader)


def _load_registered_packages() -> None:
    """Register the built-in ids, then the plugins, once, on the first read of the registry."""
    # Marked first: loading registers (and so reads the registry) and plugins may call `make`.
    if mark_loading_started():
        return
    ensure_builtin_envs()
    for loader in _after_builtins:
        loader()


class _Registry(dict[str, EnvSpec]):
    """A dict of specs that registers the built-in and plugin ids before it is first read.

    Every read also brings up to date the ids mirrored from gymnasium's registry (see
    :mod:`gymnasium_core.registration._gymnasium_view`). Writes do neither, so
    :func:`register` works while the packages load.
    """

    def _refresh(self) -> None:
        _load_registered_packages()
        sync_gymnasium_ids(self)

    def __getitem__(self, key: str) -> EnvSpec:
        self._refresh()
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self._refresh()
        return super().__contains__(key)

    def __iter__(self) -> Iterator[str]:
        self._refresh()
        return super().__iter__()

    def __len__(self) -> int:
        self._refresh()
        return super().__len__()

    def __repr__(self) -> str:
        self._refresh()
        return super().__repr__()

    def get(self, key: str, default: Any = None) -> Any:
        self._refresh()
        return super().get(key, default)

    def keys(self) -> dict_keys[str, EnvSpec]:
        self._refresh()
        return super().keys()

    def values(self) -> dict_values[str, EnvSpec]:
        self._refresh()
        return super().values()

    def items(self) -> dict_items[str, EnvSpec]:
        self._refresh()
        return super().items()

    def copy(self) -> dict[str, EnvSpec]:
        self._refresh()
        return dict(super().items())


registry: dict[str, EnvSpec] = _Registry()
"""Every registered :class:`EnvSpec`, keyed by id.

A :class:`dict`. The built-in ids and those of installed plugins (entry point group
``gymnasium_core.envs``) are registered the first time it is read. Once ``gymnasium`` is
imported, it also shows the ids other packages (ale-py, MiniGrid, ...) registered in gymnasium's
registry; an id of ours wins over one of theirs.
"""
set_registry(registry)


def get_current_namespace() -> str | None:
    """The namespace :func:`register` currently forces on new ids (``None`` outside one)."""
    return _namespace_stack[-1]


@contextlib.contextmanager
def namespace(ns: str) -> Iterator[None]:
    """Register every id inside the ``with`` block under the namespace ``ns``.

    Args:
        ns: The namespace, e.g. the name of a plugin package.

    Example:
        >>> from gymnasium_core.registration import namespace, register, registry
        >>> with namespace("demo"):
        ...     register("Blank-v0", entry_point="my_package.envs:Blank")
        >>> "demo/Blank-v0" in registry
        True
        >>> del registry["demo/Blank-v0"]
    """
    with _scoped_namespace(ns):
        yield


def register_envs(env_module: ModuleType) -> None:
    """Do nothing; calling it marks an import that registers environments as used for linters.

    Args:
        env_module: The imported module.
    """
    del env_module


def load_env_creator(name: str) -> Callable[..., Any]:
    """Import ``"module.path:attribute"`` and return the attribute (usually a class).

    Args:
        name: The entry point string.

    Returns:
        The object named by the entry point.

    Raises:
        Error: If ``name`` is not of the form ``"module:attribute"``.
        ModuleNotFoundError: If the module cannot be imported.
        AttributeError: If the module has no such attribute.
    """
    module_name, sep, attribute = name.partition(":")
    if not sep or not module_name or not attribute or ":" in attribute:
        raise error.Error(f"An entry point is written 'module.path:Name', got {name!r}.")
    module = importlib.import_module(module_name)
    try:
        creator: Callable[..., Any] = getattr(module, attribute)
    except AttributeError as exc:
        raise AttributeError(f"Module {module_name!r} has no attribute {attribute!r}.") from exc
    return creator


def find_highest_version(ns: str | None, name: str) -> int | None:
    """The highest version registered for ``ns/name``.

    Args:
        ns: The namespace, or ``None``.
        name: The environment name.

    Returns:
        The highest version, or ``None`` when no versioned id of that name is registered.
    """
    versions = [v for v in _versions_of(ns, name) if v is not None]
    return max(versions, default=None)


def _versions_of(ns: str | None, name: str) -> list[int | None]:
    return [s.version for s in registry.values() if s.namespace == ns and s.name == name]


def _suggest(word: str, choices: set[str]) -> str | None:
    close = difflib.get_close_matches(word, sorted(choices), n=1)
    return close[0] if close else None


def _same_name_elsewhere(ns: str | None, name: str, version: int | None) -> str | None:
    """An id registered under ``name`` (or a close name) in another namespace, if any."""
    others = [s for s in registry.values() if s.namespace != ns]
    close = _suggest(name, {s.name for s in others})
    if close is None:
        return None
    candidates = sorted(
        (s for s in others if s.name == close),
        key=lambda s: (s.version != version, s.namespace is not None, -(s.version or 0)),
    )
    return candidates[0].id


def _check_namespace_exists(ns: str | None, name: str, version: int | None) -> None:
    if ns is None:
        return
    known = {s.namespace for s in registry.values() if s.namespace is not None}
    if ns in known:
        return
    hint = _suggest(ns, known)
    package = package_hint(ns, name)
    if package is not None:
        advice = package
    elif hint is not None:
        advice = f"Did you mean: `{hint}`?"
    else:
        # No namespace is close: point at the same environment elsewhere, as in
        # `Foo/CartPole-v1` -> `CartPole-v1`.
        advice = f"Have you installed the package for {ns}?"
        elsewhere = _same_name_elsewhere(ns, name, version)
        if elsewhere is not None:
            advice += f" Did you mean: `{elsewhere}`?"
    raise error.NamespaceNotFound(f"Namespace {ns} not found. {advice}")


def _check_name_exists(ns: str | None, name: str, version: int | None = None) -> None:
    _check_namespace_exists(ns, name, version)
    names = {s.name for s in registry.values() if s.namespace == ns}
    if name in names:
        return
    hint = _suggest(name, names)
    where = f" in namespace {ns}" if ns else ""
    advice = f" Did you mean: `{hint}`?" if hint else ""
    package = package_hint(ns, name)
    if package is not None:
        advice = f" {package}{advice}"
    raise error.NameNotFound(f"Environment `{name}` doesn't exist{where}.{advice}")


def _explain_unregistered(ns: str | None, name: str, version: int | None) -> None:
    """Raise the most precise error for an id that is not registered as written."""
    if get_env_id(ns, name, version) in registry:
        return
    _check_name_exists(ns, name, version)
    if version is None:
        return

    versions = _versions_of(ns, name)
    numbered = sorted(v for v in versions if v is not None)
    message = (
        f"Environment version `v{version}` for environment `{get_env_id(ns, name, None)}` "
        "doesn't exist."
    )
    if None in versions:
        message += f" It provides the default version `{get_env_id(ns, name, None)}`."
        if not numbered:
            raise error.DeprecatedEnv(message)
    if numbered and version > numbered[-1]:
        listed = ", ".join(f"`v{v}`" for v in numbered)
        message += f" It provides versioned environments: [ {listed} ]."
        raise error.VersionNotFound(message)
    if numbered and version < numbered[-1]:
        raise error.DeprecatedEnv(
            f"`{get_env_id(ns, name, version)}` is deprecated: only newer versions of "
            f"`{get_env_id(ns, name, None)}` are registered. Use "
            f"`{get_env_id(ns, name, numbered[-1])}` instead."
        )
    raise error.VersionNotFound(message)


def find_spec(env_id: str) -> EnvSpec:
    """Find the spec ``make`` should use for ``env_id``.

    ``"module:Id"`` imports ``module`` first (to let it register ``Id``). An id without a
    version resolves to its highest registered version (with a warning); an old version still
    registered gives a :class:`DeprecationWarning`.

    Args:
        env_id: The id, optionally prefixed by ``"module:"``.

    Returns:
        The registered spec.

    Raises:
        NamespaceNotFound: If the namespace is unknown.
        NameNotFound: If the name is unknown in its namespace.
        VersionNotFound: If the version does not exist.
        DeprecatedEnv: If the version is older than every registered one.
        Error: If the id is malformed.
    """
    module, sep, bare_id = env_id.rpartition(":") if ":" in env_id else ("", "", env_id)
    if sep:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            raise ModuleNotFoundError(
                f"{exc}. Importing {module!r} to register {bare_id!r} failed; check that the "
                "module exists and registers the environment."
            ) from exc

    space_ns, base_name, version = parse_env_id(bare_id)
    found = registry.get(bare_id)
    latest = find_highest_version(space_ns, base_name)
    if version is not None and latest is not None and latest > version:
        logger.deprecation(
            f"The environment {bare_id} is out of date. You should consider upgrading to "
            f"version `v{latest}`."
        )
    if version is None and latest is not None:
        version = latest
        latest_id = get_env_id(space_ns, base_name, latest)
        found = registry.get(latest_id)
        logger.warn(
            f"Using the latest versioned environment `{latest_id}` instead of the unversioned "
            f"environment `{bare_id}`."
        )
    if found is None:
        _explain_unregistered(space_ns, base_name, version)
        raise error.Error(
            f"No registered env with id: {bare_id}. Register it, or import the package that "
            "registers it; `gymnasium_core.pprint_registry()` lists the registered ids."
        )
    return found


def lookup_spec(env_id: str) -> EnvSpec:
    """The spec registered exactly under ``env_id`` (no version resolution, no import).

    Raises:
        NamespaceNotFound: If the namespace is unknown.
        NameNotFound: If the name is unknown.
        VersionNotFound: If the version does not exist.
        DeprecatedEnv: If the version is deprecated.
        Error: If the id is malformed or otherwise not registered.
    """
    found = registry.get(env_id)
    if found is None:
        _explain_unregistered(*parse_env_id(env_id))
        raise error.Error(f"No registered env with id: {env_id}")
    return found


def _check_can_register(new: EnvSpec) -> None:
    same_name = [
        s for s in registry.values() if s.namespace == new.namespace and s.name == new.name
    ]
    unversioned = next((s for s in same_name if s.version is None), None)
    versioned = [s for s in same_name if s.version is not None]
    if unversioned is not None and new.version is not None:
        raise error.RegistrationError(
            f"Can't register the versioned environment `{new.id}` when the unversioned "
            f"environment `{unversioned.id}` of the same name already exists."
        )
    if versioned and new.version is None:
        newest = max(versioned, key=lambda s: s.version or 0)
        raise error.RegistrationError(
            f"Can't register the unversioned environment `{new.id}` when the versioned "
            f"environment `{newest.id}` of the same name already exists. (`make` with an "
            "unversioned id picks the highest registered version.)"
        )


def register(
    id: str,
    entry_point: Callable[..., Any] | str | None = None,
    reward_threshold: float | None = None,
    nondeterministic: bool = False,
    max_episode_steps: int | None = None,
    order_enforce: bool = True,
    disable_env_checker: bool = False,
    additional_wrappers: tuple[WrapperSpec, ...] = (),
    vector_entry_point: Callable[..., Any] | str | None = None,
    kwargs: dict[str, Any] | None = None,
    jax_vector_entry_point: Callable[..., Any] | str | None = None,
    vector_entry_point_opt_in: bool = False,
) -> None:
    """Add an environment to the :data:`registry` so :func:`make` can build it by id.

    Args:
        id: The id, ``[namespace/]Name[-vN]``. Inside :func:`namespace` the namespace of the
            context replaces the one written here.
        entry_point: ``"module.path:Name"`` or a callable that builds the environment.
        reward_threshold: The return at which the task counts as solved.
        nondeterministic: Whether the same seed and actions may give different results.
        max_episode_steps: Steps before ``TimeLimit`` truncates an episode.
        order_enforce: Whether ``make`` adds the ``OrderEnforcing`` wrapper.
        disable_env_checker: Whether ``make`` leaves out the ``PassiveEnvChecker`` wrapper.
        additional_wrappers: Wrappers ``make`` applies after the default ones.
        vector_entry_point: Entry point of a native vector environment.
        kwargs: Keyword arguments for the entry point.
        jax_vector_entry_point: Entry point of a JAX vector environment for the same task
            (gymnasium_core only; used by ``make_vec(..., vectorization_mode="jax")``).
        vector_entry_point_opt_in: Keep ``make_vec``'s default at ``"sync"`` although
            ``vector_entry_point`` is given; the vector entry point is then built only with
            ``vectorization_mode="vector_entry_point"`` (gymnasium_core only).

    Raises:
        ValueError: If neither ``entry_point`` nor ``vector_entry_point`` is given.
        Error: If ``id`` is malformed.
        RegistrationError: If a versioned and an unversioned id of one name would coexist.
    """
    if entry_point is None and vector_entry_point is None:
        raise ValueError("register needs an `entry_point`, a `vector_entry_point`, or both.")
    space_ns, base_name, version = parse_env_id(id)
    kwargs = {} if kwargs is None else kwargs
    forced_ns = get_current_namespace()
    if forced_ns is not None:
        written_ns = kwargs.get("namespace")
        if written_ns is not None and written_ns != forced_ns:
            logger.warn(
                f"The namespace `{written_ns}` given to register is replaced by `{forced_ns}`: "
                "a plugin's namespace comes from its entry point name, not from register."
            )
        space_ns = forced_ns
    # The arguments mirror EnvSpec's init fields and are passed in field order.
    new = EnvSpec(
        get_env_id(space_ns, base_name, version),
        entry_point,
        reward_threshold,
        nondeterministic,
        max_episode_steps,
        order_enforce,
        disable_env_checker,
        kwargs,
        additional_wrappers,
        vector_entry_point,
        jax_vector_entry_point,
        vector_entry_point_opt_in,
    )
    _check_can_register(new)
    if is_mirrored(new.id):
        forget_mirror(new.id)  # an id of ours replaces the mirror of gymnasium's
    elif new.id in registry:
        logger.warn(f"Overriding environment {new.id} already in registry.")
    registry[new.id] = new
