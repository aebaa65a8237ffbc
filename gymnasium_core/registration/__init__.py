"""The environment registry: register environments by id and build them with ``make``.

Everything :mod:`gymnasium.envs.registration` offers, under the same names, plus
:attr:`EnvSpec.jax_vector_entry_point`, :attr:`EnvSpec.vector_entry_point_opt_in` and
:attr:`VectorizeMode.JAX`. Ids are written
``[namespace/]Name[-vN]``. The built-in ids (:mod:`gymnasium_core.envs`, which only stores
entry point strings) and the ids of installed packages that declare an entry point in the
group ``gymnasium_core.envs`` are registered the first time :data:`registry` is read, e.g. by
:func:`make`, :func:`make_vec`, :func:`spec` or :func:`pprint_registry`; never at import.

The package's modules depend in one direction, each only on those before it:

* ``_spec``: the id grammar, :class:`EnvSpec` and :class:`WrapperSpec` (what
  :mod:`gymnasium_core.core` uses, and all it uses of the registry);
* ``_gymnasium_view``: the ids of gymnasium's own registry, seen from ours;
* this module: the :data:`registry` dict, namespaces, :func:`register`, finding specs, the ids
  installed packages declare (entry point group :data:`PLUGIN_GROUP`), :func:`make` and
  :func:`make_vec`.

The registry knows no environment family: each declares, when it registers an id, what
``make_vec`` may build for it (``vector_entry_point``, ``jax_vector_entry_point``).

Example:
    >>> import gymnasium_core as gym
    >>> gym.spec("CartPole-v1").max_episode_steps
    500
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import difflib
import importlib
import numbers
import re
import warnings
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import Enum
from importlib import metadata
from types import ModuleType
from typing import TYPE_CHECKING, Any

from gymnasium_core import error, logger
from gymnasium_core.registration._gymnasium_view import (
    GymnasiumEnvCreator,
    forget_mirror,
    is_mirrored,
    package_hint,
    sync_gymnasium_ids,
)
from gymnasium_core.registration._spec import (
    ENV_ID_RE,
    EnvCreator,
    EnvSpec,
    VectorEnvCreator,
    WrapperSpec,
    get_env_id,
    parse_env_id,
    set_builder,
    set_registry,
)

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_keys, dict_values

    from gymnasium_core.core import Env, Wrapper
    from gymnasium_core.vector import VectorEnv

__all__ = [
    "ENV_ID_RE",
    "PLUGIN_GROUP",
    "EnvCreator",
    "EnvSpec",
    "VectorEnvCreator",
    "VectorizeMode",
    "WrapperSpec",
    "current_namespace",
    "default_vectorize_mode",
    "find_highest_version",
    "find_spec",
    "get_env_id",
    "jax_vector_entry_point",
    "load_env_creator",
    "load_plugin_envs",
    "make",
    "make_vec",
    "namespace",
    "parse_env_id",
    "pprint_registry",
    "register",
    "register_envs",
    "registry",
    "spec",
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


# Run after the built-ins on the first read of the registry (the plugin loader, below).
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
            f"{bare_id!r} is not a registered environment id. Register it, or import the "
            "package that registers it; `gymnasium_core.pprint_registry()` lists the "
            "registered ids."
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
        raise error.Error(f"{env_id!r} is not a registered environment id.")
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


class VectorizeMode(Enum):
    """How :func:`make_vec` builds a vector environment."""

    ASYNC = "async"
    """One subprocess per copy (:class:`~gymnasium_core.vector.AsyncVectorEnv`)."""
    SYNC = "sync"
    """Copies stepped one after another (:class:`~gymnasium_core.vector.SyncVectorEnv`)."""
    VECTOR_ENTRY_POINT = "vector_entry_point"
    """The spec's native batched environment (``EnvSpec.vector_entry_point``)."""
    JAX = "jax"
    """The task's JAX vector environment (``EnvSpec.jax_vector_entry_point``; gymnasium_core)."""


def _resolve_creator(entry_point: Callable[..., Any] | str) -> Callable[..., Any]:
    return entry_point if callable(entry_point) else load_env_creator(entry_point)


def _check_metadata(metadata: object) -> None:
    if not isinstance(metadata, dict):
        raise error.InvalidMetadata(
            f"An environment's metadata must be a dict, got {type(metadata)}."
        )
    render_modes = metadata.get("render_modes")
    if render_modes is None:
        logger.warn(
            "The environment creator metadata doesn't include `render_modes`, contains: "
            f"{list(metadata)}"
        )
    elif not isinstance(render_modes, Iterable):
        logger.warn(
            f"The environment metadata `render_modes` should be iterable, got {type(render_modes)}"
        )


def _declared_render_modes(creator: Callable[..., Any]) -> list[str] | None:
    metadata = getattr(creator, "metadata", None)
    # A wrapper class exposes `metadata` as a property: nothing to read before it is built.
    if metadata is None or isinstance(metadata, property):
        return None
    _check_metadata(metadata)
    modes: list[str] | None = metadata.get("render_modes")
    return modes


def _render_plan(
    render_mode: str | None, render_modes: list[str] | None, kwargs: dict[str, Any]
) -> str | None:
    """Decide which render wrapper ``make`` adds, updating ``kwargs["render_mode"]`` in place.

    Returns:
        ``"human"`` for ``HumanRendering``, ``"collection"`` for ``RenderCollection``, else None.
    """
    if render_mode is None or render_modes is None or render_mode in render_modes:
        return None
    if render_mode == "human":
        # Prefer a single frame mode; the reference picks from a set, which is arbitrary.
        frame_mode = next((m for m in ("rgb_array", "rgb_array_list") if m in render_modes), None)
        if frame_mode is not None:
            logger.warn(
                "You are trying to use 'human' rendering for an environment that doesn't "
                "natively support it. The HumanRendering wrapper is being applied to your "
                "environment."
            )
            kwargs["render_mode"] = frame_mode
            return "human"
    if render_mode.endswith("_list") and render_mode.removesuffix("_list") in render_modes:
        kwargs["render_mode"] = render_mode.removesuffix("_list")
        return "collection"
    logger.warn(
        f"The environment is being initialised with render_mode={render_mode!r} that is not in "
        f"the possible render_modes ({render_modes})."
    )
    return None


def _build(
    env_spec: EnvSpec, creator: Callable[..., Any], kwargs: dict[str, Any], plan: str | None
) -> Any:
    try:
        return creator(**kwargs)
    except TypeError as exc:
        if plan == "human" and "unexpected keyword argument 'render_mode'" in str(exc):
            raise error.Error(
                f"render_mode='human' was asked of {env_spec.id}, which cannot render for humans "
                "itself; the HumanRendering wrapper needs an environment that takes a "
                "`render_mode` argument, and this one does not."
            ) from exc
        raise type(exc)(
            f"{exc} was raised from the environment creator for {env_spec.id} with kwargs "
            f"({kwargs})"
        ) from exc


def make(
    id: str | EnvSpec,
    max_episode_steps: int | None = None,
    disable_env_checker: bool | None = None,
    **kwargs: Any,
) -> Env[Any, Any]:
    """Build a registered environment with its default wrappers.

    Wrappers are applied in this order (innermost first): ``PassiveEnvChecker`` (unless
    disabled), ``OrderEnforcing`` (if ``spec.order_enforce``), ``TimeLimit`` (if a step limit
    is set), the spec's ``additional_wrappers``, then ``HumanRendering`` (``render_mode="human"``
    on an environment that only renders frames) or ``RenderCollection`` (a ``"<mode>_list"``
    render mode on an environment that renders ``"<mode>"``).

    Args:
        id: A registered id, ``"module:Id"`` (imports ``module`` first) or an :class:`EnvSpec`.
        max_episode_steps: Overrides the spec's step limit; ``-1`` adds no ``TimeLimit``.
        disable_env_checker: Overrides ``spec.disable_env_checker`` when not ``None``.
        **kwargs: Keyword arguments for the environment, on top of the spec's ``kwargs``.

    Returns:
        The wrapped environment.

    Raises:
        Error: If the id is malformed or has no entry point (and the more precise
            ``NamespaceNotFound``, ``NameNotFound``, ``VersionNotFound``, ``DeprecatedEnv``).
        TypeError: If the entry point does not return a :class:`gymnasium_core.Env`.

    Example:
        >>> import gymnasium_core as gym
        >>> car = gym.make("MountainCar-v0", max_episode_steps=50)
        >>> car.spec.max_episode_steps, car.unwrapped.spec.max_episode_steps
        (50, None)
        >>> car.close()
    """
    from gymnasium_core.core import Env

    if isinstance(id, EnvSpec):
        env_spec = id
    elif isinstance(id, str):
        env_spec = find_spec(id)
    else:
        raise TypeError(f"make() takes an id string or an EnvSpec, not {type(id)}.")

    if isinstance(env_spec.entry_point, GymnasiumEnvCreator):
        # An id another package registered in gymnasium's registry: gymnasium builds it with
        # its own wrappers, and the bridge presents it as an environment of both packages.
        built: Env[Any, Any] = env_spec.entry_point.make(
            env_spec, max_episode_steps, disable_env_checker, kwargs
        )
        return built
    env_kwargs = copy.deepcopy(env_spec.kwargs)
    env_kwargs.update(kwargs)
    if env_spec.entry_point is None:
        raise error.Error(f"{env_spec.id!r} has no entry_point to build it from.")
    creator = _resolve_creator(env_spec.entry_point)
    plan = _render_plan(env_kwargs.get("render_mode"), _declared_render_modes(creator), env_kwargs)

    env = _build(env_spec, creator, env_kwargs, plan)
    if not isinstance(env, Env):
        base = type(env).__base__
        if base is not None and f"{base.__module__}.{base.__qualname__}" == "gym.core.Env":
            raise TypeError(
                f"{env_spec.id} builds an environment of the `gym` package, which gymnasium_core "
                "cannot use: make its class inherit from `gymnasium_core.Env` instead."
            )
        raise TypeError(
            f"The environment must inherit from gymnasium_core.Env, got {type(env)}. "
            "(A gymnasium.Env can be converted with gymnasium_core.compat.)"
        )

    # The innermost env records how to build it bare: the given kwargs, none of make's wrappers.
    env.unwrapped.spec = dataclasses.replace(
        env_spec,
        max_episode_steps=None,
        order_enforce=False,
        disable_env_checker=True,
        kwargs=env_kwargs,
        additional_wrappers=(),
    )
    prior = _check_prior_wrappers(env, env_spec)
    env = _apply_default_wrappers(env, env_spec, max_episode_steps, disable_env_checker)
    env = _apply_additional_wrappers(env, env_spec.additional_wrappers[prior:])

    from gymnasium_core import wrappers

    if plan == "human":
        return wrappers.HumanRendering(env)
    if plan == "collection":
        return wrappers.RenderCollection(env)
    return env


def _check_prior_wrappers(env: Env[Any, Any], env_spec: EnvSpec) -> int:
    """Count wrappers the entry point applied itself, checking they match the spec's."""
    built = env.spec.additional_wrappers if env.spec is not None else ()
    expected = env_spec.additional_wrappers[: len(built)]
    if len(built) <= len(env_spec.additional_wrappers) and expected != built:
        for wanted, got in zip(expected, built, strict=True):
            if wanted != got:
                raise ValueError(
                    f"The environment's wrapper spec {got} is different from the saved "
                    f"`EnvSpec` additional wrapper {wanted}"
                )
    return len(built)


def _apply_default_wrappers(
    env: Env[Any, Any],
    env_spec: EnvSpec,
    max_episode_steps: int | None,
    disable_env_checker: bool | None,
) -> Env[Any, Any]:
    from gymnasium_core import wrappers

    skip_checker = (
        env_spec.disable_env_checker if disable_env_checker is None else disable_env_checker
    )
    if not skip_checker:
        env = wrappers.PassiveEnvChecker(env)
    if env_spec.order_enforce:
        env = wrappers.OrderEnforcing(env)
    steps = env_spec.max_episode_steps if max_episode_steps is None else max_episode_steps
    if steps is not None and steps != -1:
        env = wrappers.TimeLimit(env, steps)
    return env


def _apply_additional_wrappers(env: Env[Any, Any], specs: Iterable[Any]) -> Env[Any, Any]:
    for wrapper_spec in specs:
        if wrapper_spec.kwargs is None:
            raise ValueError(
                f"{wrapper_spec.name} wrapper does not inherit from "
                "`gymnasium_core.utils.RecordConstructorArgs`, therefore, the wrapper cannot be "
                "recreated."
            )
        wrapper_type = load_env_creator(wrapper_spec.entry_point)
        env = wrapper_type(env=env, **wrapper_spec.kwargs)
    return env


def _parse_mode(mode: VectorizeMode | str | None, env_spec: EnvSpec) -> VectorizeMode:
    if mode is None:
        return default_vectorize_mode(env_spec)
    try:
        return VectorizeMode(mode)
    except ValueError as exc:
        raise ValueError(
            f"Invalid vectorization mode: {mode!r}, valid modes: {[m.value for m in VectorizeMode]}"
        ) from exc


def default_vectorize_mode(env_spec: EnvSpec) -> VectorizeMode:
    """The mode :func:`make_vec` uses for ``env_spec`` when none is given.

    As in Gymnasium, a spec's ``vector_entry_point`` is the default; a spec that marks it
    ``vector_entry_point_opt_in`` (the built-in ids whose Gymnasium registration has no vector
    entry point) gets ``"sync"`` instead.

    Args:
        env_spec: The spec.

    Returns:
        :attr:`VectorizeMode.VECTOR_ENTRY_POINT` or :attr:`VectorizeMode.SYNC`.
    """
    if env_spec.vector_entry_point is not None and not env_spec.vector_entry_point_opt_in:
        return VectorizeMode.VECTOR_ENTRY_POINT
    return VectorizeMode.SYNC


def jax_vector_entry_point(env_spec: EnvSpec) -> Callable[..., Any] | str | None:
    """The entry point ``make_vec(..., vectorization_mode="jax")`` uses for ``env_spec``.

    It is ``env_spec.jax_vector_entry_point``, which the family declares when it registers
    the id (a functional JAX id names its own vector entry point there). The registry knows
    no family: an id registered without one has no JAX vector environment.
    """
    found: Callable[..., Any] | str | None = getattr(env_spec, "jax_vector_entry_point", None)
    return found


def make_vec(
    id: str | EnvSpec,
    num_envs: int = 1,
    vectorization_mode: VectorizeMode | str | None = None,
    vector_kwargs: dict[str, Any] | None = None,
    wrappers: Sequence[Callable[[Env[Any, Any]], Wrapper[Any, Any, Any, Any]]] | None = None,
    **kwargs: Any,
) -> VectorEnv[Any, Any, Any]:
    """Build a vector environment of ``num_envs`` copies of a registered environment.

    Args:
        id: A registered id (``"module:Id"`` allowed) or an :class:`EnvSpec`.
        num_envs: The number of copies.
        vectorization_mode: ``"sync"``, ``"async"``, ``"vector_entry_point"`` or ``"jax"``
            (or a :class:`VectorizeMode`). ``None`` picks ``"vector_entry_point"`` when the spec
            has one that is not ``vector_entry_point_opt_in``, else ``"sync"`` (see
            :func:`default_vectorize_mode`). ``"jax"`` builds the task's JAX vector environment (see
            :func:`jax_vector_entry_point`).
        vector_kwargs: Keyword arguments for ``SyncVectorEnv`` / ``AsyncVectorEnv``; only
            allowed in those two modes.
        wrappers: Callables applied to each copy, in order; only in ``sync`` / ``async`` modes.
        **kwargs: Keyword arguments for each environment (or for the batched entry point).

    Returns:
        The vector environment; its ``spec.kwargs`` records how it was built.

    Raises:
        Error: If the id is unknown, or the mode cannot be used for this spec and arguments.
        TypeError: If ``num_envs`` is not an integer (``True`` included).
        ValueError: If ``vectorization_mode`` is not a known mode, or ``num_envs`` is below 1.
    """
    if isinstance(id, EnvSpec):
        registered = id
    elif isinstance(id, str):
        registered = find_spec(id)
    else:
        raise error.Error(f"make_vec() takes an id string or an EnvSpec, not {type(id)}.")
    # Work on a copy: the kwargs below are taken out of the spec.
    env_spec = copy.deepcopy(registered)
    env_kwargs = env_spec.kwargs
    # Per-copy kwargs travel through `make(spec, **kwargs)`; a spec saved by an earlier
    # make_vec also carries its own vectorisation settings, which win over the arguments.
    env_spec.kwargs = {}
    num_envs = _checked_num_envs(env_kwargs.pop("num_envs", num_envs))
    mode = _parse_mode(env_kwargs.pop("vectorization_mode", vectorization_mode), env_spec)
    vector_kwargs = env_kwargs.pop("vector_kwargs", vector_kwargs) or {}
    wrappers = env_kwargs.pop("wrappers", wrappers) or []
    env_kwargs.update(kwargs)

    if mode in (VectorizeMode.SYNC, VectorizeMode.ASYNC):
        env = _make_copies(env_spec, mode, num_envs, vector_kwargs, wrappers, env_kwargs)
    else:
        env = _make_batched(env_spec, mode, num_envs, vector_kwargs, wrappers, env_kwargs)

    saved = copy.deepcopy(env_spec)
    saved.kwargs = env_kwargs.copy()
    if num_envs != 1:
        saved.kwargs["num_envs"] = num_envs
    saved.kwargs["vectorization_mode"] = mode.value
    if vector_kwargs:
        saved.kwargs["vector_kwargs"] = vector_kwargs
    if wrappers:
        saved.kwargs["wrappers"] = wrappers
    env.unwrapped.spec = saved
    _check_autoreset_metadata(env)
    return env


def _checked_num_envs(num_envs: Any) -> int:
    # `True` is an int to Python but no count; 0 or less would fail later with an IndexError.
    if isinstance(num_envs, bool) or not isinstance(num_envs, numbers.Integral):
        raise TypeError(f"num_envs must be an integer, got {num_envs!r}.")
    if num_envs < 1:
        # A ValueError, and the IndexError Gymnasium fails with here.
        from gymnasium_core.vector.vector_env import NoSubEnvironmentsError

        raise NoSubEnvironmentsError(f"num_envs must be at least 1, got {num_envs!r}.")
    return int(num_envs)


def _make_copies(
    env_spec: EnvSpec,
    mode: VectorizeMode,
    num_envs: int,
    vector_kwargs: dict[str, Any],
    wrappers: Sequence[Callable[[Env[Any, Any]], Wrapper[Any, Any, Any, Any]]],
    env_kwargs: dict[str, Any],
) -> VectorEnv[Any, Any, Any]:
    from gymnasium_core.vector import AsyncVectorEnv, SyncVectorEnv

    if env_spec.entry_point is None:
        raise error.Error(
            f"Cannot create vectorized environment for {env_spec.id} because it doesn't have "
            "an entry point defined."
        )

    def one_copy() -> Env[Any, Any]:
        env = make(env_spec, **env_kwargs.copy())
        for wrapper in wrappers:
            env = wrapper(env)
        return env

    vector_cls = SyncVectorEnv if mode is VectorizeMode.SYNC else AsyncVectorEnv
    built: VectorEnv[Any, Any, Any] = vector_cls([one_copy] * num_envs, **vector_kwargs)
    return built


def _make_batched(
    env_spec: EnvSpec,
    mode: VectorizeMode,
    num_envs: int,
    vector_kwargs: dict[str, Any],
    wrappers: Sequence[Any],
    env_kwargs: dict[str, Any],
) -> VectorEnv[Any, Any, Any]:
    if vector_kwargs:
        raise error.Error(
            "Custom vector environment can be passed arguments only through kwargs and "
            f"`vector_kwargs` is not empty ({vector_kwargs})"
        )
    if wrappers:
        raise error.Error(
            f"Cannot use `{mode.value}` vectorization mode with the wrappers argument ({wrappers})."
        )
    if env_spec.additional_wrappers:
        raise error.Error(
            f"Cannot use `{mode.value}` vectorization mode with the additional_wrappers "
            f"parameter in spec being not empty ({env_spec.additional_wrappers})."
        )
    if mode is VectorizeMode.JAX:
        batched_ref = jax_vector_entry_point(env_spec)
        missing = "a JAX vector entry point (`jax_vector_entry_point`)"
    else:
        batched_ref = env_spec.vector_entry_point
        missing = "a vector entry point defined"
    if batched_ref is None:
        raise error.Error(
            f"Cannot create vectorized environment for {env_spec.id} because it doesn't have "
            f"{missing}."
        )
    if env_spec.max_episode_steps is not None and "max_episode_steps" not in env_kwargs:
        env_kwargs["max_episode_steps"] = env_spec.max_episode_steps
    built: VectorEnv[Any, Any, Any] = _resolve_creator(batched_ref)(num_envs=num_envs, **env_kwargs)
    return built


def _check_autoreset_metadata(env: VectorEnv[Any, Any, Any]) -> None:
    from gymnasium_core.vector import AutoresetMode

    metadata = env.metadata
    if "autoreset_mode" not in metadata:
        logger.warn(f"The VectorEnv ({env}) is missing AutoresetMode metadata, metadata={metadata}")
    elif not isinstance(metadata["autoreset_mode"], AutoresetMode):
        logger.warn(
            f"The VectorEnv ({env}) metadata['autoreset_mode'] is not an instance of "
            f"AutoresetMode, {type(metadata['autoreset_mode'])}."
        )


set_builder(make)


current_namespace: str | None


def __getattr__(name: str) -> object:
    # `current_namespace` changes inside `namespace(...)`; read it live rather than a copy.
    if name == "current_namespace":
        return get_current_namespace()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), "current_namespace"})


def spec(env_id: str) -> EnvSpec:
    """The :class:`EnvSpec` registered under exactly ``env_id``.

    Args:
        env_id: The id, ``[namespace/]Name[-vN]``.

    Returns:
        The spec (the registry's own object: copy it before changing it).

    Raises:
        NamespaceNotFound: If the namespace is unknown.
        NameNotFound: If the name is unknown in its namespace.
        VersionNotFound: If the version does not exist.
        DeprecatedEnv: If the version is deprecated.
        Error: If the id is malformed or not registered.
    """
    return lookup_spec(env_id)


def _family(env_spec: EnvSpec) -> str | None:
    """The heading an id is listed under: its namespace, else a name taken from its module.

    An id without namespace whose entry point is not a string (a callable, or only a vector
    entry point) has no module to name it: Gymnasium lists those under ``None``, and so do we.
    """
    if env_spec.namespace is not None:
        return env_spec.namespace
    if not isinstance(env_spec.entry_point, str):
        return None
    # "gymnasium_core.envs.classic_control.cartpole:CartPoleEnv" -> "classic_control";
    # "my_package.envs:Env" -> "envs"; a single module name -> the environment name.
    parts = re.sub(r":\w+", "", env_spec.entry_point).split(".")
    if len(parts) >= 3:
        return parts[2]
    if len(parts) == 2:
        return parts[1]
    return env_spec.name


_OPT_IN_MARK = "*"


def _has_opt_in_vector_env(env_spec: EnvSpec) -> bool:
    # Specs of Gymnasium's own class (pprint_registry(gymnasium.registry)) lack the field.
    return env_spec.vector_entry_point is not None and bool(
        getattr(env_spec, "vector_entry_point_opt_in", False)
    )


def pprint_registry(
    print_registry: dict[str, EnvSpec] = registry,
    *,
    num_cols: int = 3,
    exclude_namespaces: list[str] | None = None,
    disable_print: bool = False,
) -> str | None:
    """Print the registered ids grouped under ``===== family =====`` headings, in columns.

    Ids without a namespace are grouped by the third part of their entry point's module
    (``classic_control``, ``toy_text``, ...), as Gymnasium does. Ids whose batched vector
    environment is there but not ``make_vec``'s default (``EnvSpec.vector_entry_point_opt_in``)
    carry a ``*``, explained in a last line; without such ids the text is Gymnasium's.

    Args:
        print_registry: The registry to show; :data:`registry` by default.
        num_cols: Ids per row.
        exclude_namespaces: Headings to leave out.
        disable_print: Return the text instead of printing it.

    Returns:
        The text when ``disable_print`` is true, otherwise ``None``.
    """
    groups: dict[str | None, list[str]] = defaultdict(list)
    width = 0
    for env_spec in print_registry.values():
        opt_in = _has_opt_in_vector_env(env_spec)
        groups[_family(env_spec)].append(env_spec.id + (_OPT_IN_MARK if opt_in else ""))
        width = max(width, len(env_spec.name))

    blocks = []
    marked = False
    for family, ids in groups.items():
        if exclude_namespaces is not None and family in exclude_namespaces:
            continue
        marked = marked or any(env_id.endswith(_OPT_IN_MARK) for env_id in ids)
        rows = [
            " ".join(env_id.ljust(width) for env_id in sorted(ids)[start : start + num_cols])
            for start in range(0, len(ids), num_cols)
        ]
        blocks.append(f"{'=' * 5} {family} {'=' * 5}\n" + "\n".join(r.rstrip(" ") for r in rows))
    if marked:
        blocks.append(
            "* a batched env that make_vec builds only when asked (SyncVectorEnv is the "
            'default): make_vec(id, num_envs, vectorization_mode="vector_entry_point")'
        )
    text = "\n".join(blocks)
    if disable_print:
        return text
    print(text)
    return None
