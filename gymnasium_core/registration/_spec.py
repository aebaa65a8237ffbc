"""Environment ids and the records that describe how to build an environment.

Holds the id grammar (``[namespace/]Name[-vN]``), :class:`WrapperSpec` and :class:`EnvSpec`.
Nothing here looks at the registry itself; see :mod:`gymnasium_core.registration`.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from gymnasium_core import error

if TYPE_CHECKING:
    from gymnasium_core.core import Env
    from gymnasium_core.vector import VectorEnv

__all__ = [
    "ENV_ID_RE",
    "EnvCreator",
    "EnvSpec",
    "VectorEnvCreator",
    "WrapperSpec",
    "get_env_id",
    "parse_env_id",
]

# An optional namespace (letters, digits, ``_``, ``:``, ``-``) followed by ``/``; a name that
# may also hold dots; an optional ``-v<digits>`` suffix. The name is matched lazily so that the
# version suffix is split off whenever it is present.
ENV_ID_RE = re.compile(r"^(?:(?P<namespace>[\w:-]+)/)?(?P<name>[\w:.-]+?)(?:-v(?P<version>\d+))?$")


class EnvCreator(Protocol):
    """A callable that builds an environment from keyword arguments."""

    def __call__(self, **kwargs: Any) -> Env[Any, Any]: ...


class VectorEnvCreator(Protocol):
    """A callable that builds a vector environment from keyword arguments."""

    def __call__(self, **kwargs: Any) -> VectorEnv[Any, Any, Any]: ...


def parse_env_id(env_id: str) -> tuple[str | None, str, int | None]:
    """Split an id of the form ``[namespace/]Name[-vN]`` into its three parts.

    Args:
        env_id: The id, for example ``"phys2d/CartPole-v1"``.

    Returns:
        ``(namespace, name, version)``; the namespace and version are ``None`` when absent.

    Raises:
        Error: If ``env_id`` does not follow the id grammar.

    Example:
        >>> parse_env_id("phys2d/CartPole-v1")
        ('phys2d', 'CartPole', 1)
        >>> parse_env_id("MyEnv")
        (None, 'MyEnv', None)
    """
    found = ENV_ID_RE.fullmatch(env_id) if isinstance(env_id, str) else None
    if found is None:
        raise error.Error(
            f"Malformed environment ID: {env_id!r}. An id is written "
            "[namespace/]Name[-vN], where the namespace and the version are optional "
            "(for example 'CartPole-v1' or 'phys2d/Pendulum-v0')."
        )
    namespace, name, version = found.group("namespace", "name", "version")
    return namespace, name, None if version is None else int(version)


def get_env_id(ns: str | None, name: str, version: int | None) -> str:
    """Join a namespace, a name and a version into an id; the inverse of :func:`parse_env_id`.

    Args:
        ns: The namespace, or ``None``.
        name: The environment name.
        version: The version number, or ``None``.

    Returns:
        The id, e.g. ``get_env_id("phys2d", "CartPole", 1) == "phys2d/CartPole-v1"``.
    """
    env_id = name if ns is None else f"{ns}/{name}"
    return env_id if version is None else f"{env_id}-v{version}"


@dataclass
class WrapperSpec:
    """How to rebuild one wrapper of an environment stack.

    Attributes:
        name: The wrapper's class name.
        entry_point: Where to import it from, ``"module.path:ClassName"``.
        kwargs: The keyword arguments it was built with, or ``None`` when the wrapper does not
            record them (it does not inherit
            :class:`~gymnasium_core.utils.RecordConstructorArgs`) and so cannot be rebuilt.
    """

    name: str
    entry_point: str
    kwargs: dict[str, Any] | None


@dataclass
class EnvSpec:
    """Everything :func:`gymnasium_core.make` needs to build an environment.

    Attributes:
        id: The id the environment is registered under, ``[namespace/]Name[-vN]``.
        entry_point: ``"module.path:Name"`` of the environment class or factory, or the callable.
        reward_threshold: The episode return at which the task counts as solved.
        nondeterministic: Whether the same seed and actions may give different observations.
        max_episode_steps: Steps before truncation (a ``TimeLimit`` wrapper); ``None`` for none.
        order_enforce: Whether ``make`` adds ``OrderEnforcing`` (``reset`` before ``step``).
        disable_env_checker: Whether ``make`` leaves out the ``PassiveEnvChecker`` wrapper.
        kwargs: Keyword arguments given to the entry point.
        namespace: Parsed from :attr:`id` (not an init argument).
        name: Parsed from :attr:`id` (not an init argument).
        version: Parsed from :attr:`id` (not an init argument).
        additional_wrappers: Wrappers ``make`` applies on top of the default ones, in order.
        vector_entry_point: The entry point of a native vector environment, used by
            ``make_vec(..., vectorization_mode="vector_entry_point")``.
        jax_vector_entry_point: The entry point of a JAX vector environment for this task, used
            by ``make_vec(..., vectorization_mode="jax")`` (gymnasium_core only).
        vector_entry_point_opt_in: When true, ``make_vec`` without a ``vectorization_mode``
            builds a ``SyncVectorEnv`` even though :attr:`vector_entry_point` is set, which is
            then used only when asked for (``vectorization_mode="vector_entry_point"``).
            Gymnasium has no such field: with its default (``False``) a registered vector entry
            point is the default mode, as in Gymnasium (gymnasium_core only).
    """

    # The field order is part of the API: it fixes positional construction and the JSON layout.
    id: str
    entry_point: EnvCreator | Callable[..., Any] | str | None = None
    reward_threshold: float | None = None
    nondeterministic: bool = False
    max_episode_steps: int | None = None
    order_enforce: bool = True
    disable_env_checker: bool = False
    kwargs: dict[str, Any] = field(default_factory=dict)
    # Parsed from `id` in __post_init__, never passed in.
    namespace: str | None = field(init=False)
    name: str = field(init=False)
    version: int | None = field(init=False)
    additional_wrappers: tuple[WrapperSpec, ...] = ()
    vector_entry_point: VectorEnvCreator | Callable[..., Any] | str | None = None
    jax_vector_entry_point: VectorEnvCreator | Callable[..., Any] | str | None = None
    vector_entry_point_opt_in: bool = False

    def __post_init__(self) -> None:
        """Derive :attr:`namespace`, :attr:`name` and :attr:`version` from :attr:`id`."""
        parts = parse_env_id(self.id)
        self.namespace, self.name, self.version = parts

    def make(self, **kwargs: Any) -> Env[Any, Any]:
        """Build the environment described by this spec; same as ``make(self, **kwargs)``."""
        if _builder is None:  # pragma: no cover - the registration package loads the builder
            raise error.Error("gymnasium_core.registration is not loaded; import it to make.")
        return _builder(self, **kwargs)

    def to_json(self) -> str:
        """Serialise the spec to a JSON string (the parsed id parts are left out).

        The fields Gymnasium's ``EnvSpec`` lacks are written only when they differ from their
        defaults, or from the registered spec of the same id and entry point, which
        :meth:`from_json` restores them from. So the text of a spec made from the registry (or
        not using them) is read by ``gymnasium.envs.registration.EnvSpec.from_json`` too.

        Returns:
            The JSON text; :meth:`from_json` turns it back into an equal spec.

        Raises:
            ValueError: If a field or a wrapper field holds a callable, which JSON cannot hold.
        """
        fields = dataclasses.asdict(self)
        for derived in ("namespace", "name", "version"):
            del fields[derived]
        registered = _registered_extras(self.id, self.entry_point)
        for extra, default in _EXTRA_FIELD_DEFAULTS.items():
            if fields[extra] == registered.get(extra, default):
                del fields[extra]
        _refuse_callables(self.id, fields)
        for wrapper in fields["additional_wrappers"]:
            _refuse_callables(wrapper["name"], wrapper)
        return json.dumps(fields)

    @staticmethod
    def from_json(json_env_spec: str) -> EnvSpec:
        """Rebuild a spec from the text :meth:`to_json` wrote.

        Only plain JSON is read: nothing is evaluated or unpickled.

        Args:
            json_env_spec: The JSON text.

        Fields of ours that the text leaves out (as Gymnasium writes it) are taken from the
        registered spec of the same id and entry point, else their defaults.

        Returns:
            The spec.

        Raises:
            ValueError: If the text does not describe a spec (unknown or missing fields).
        """
        fields = json.loads(json_env_spec)
        if not isinstance(fields, dict):
            raise ValueError(f"Expected a JSON object describing an EnvSpec, got {fields!r}")
        wrappers: list[WrapperSpec] = []
        for wrapper_fields in fields.pop("additional_wrappers", []):
            try:
                wrappers.append(WrapperSpec(**wrapper_fields))
            except TypeError as exc:
                raise ValueError(f"Cannot read a WrapperSpec from {wrapper_fields!r}") from exc
        if isinstance(fields.get("id"), str):
            registered = _registered_extras(fields["id"], fields.get("entry_point"))
            for extra, value in registered.items():
                fields.setdefault(extra, value)
        try:
            env_spec = EnvSpec(**fields)
        except (TypeError, error.Error) as exc:
            raise ValueError(f"Cannot read an EnvSpec from {fields!r}") from exc
        env_spec.additional_wrappers = tuple(wrappers)
        return env_spec

    def pprint(
        self,
        disable_print: bool = False,
        include_entry_points: bool = False,
        print_all: bool = False,
    ) -> str | None:
        """Print (or return) the spec one field per line, leaving out default values.

        Args:
            disable_print: Return the text instead of printing it.
            include_entry_points: Also show the entry point and the wrappers' entry points.
            print_all: Show every field, including those left at their default.

        Returns:
            The text when ``disable_print`` is true, otherwise ``None``.
        """
        lines = [f"id={self.id}"]
        if print_all or include_entry_points:
            lines.append(f"entry_point={self.entry_point}")
        shown: list[tuple[str, object, bool]] = [
            ("reward_threshold", self.reward_threshold, self.reward_threshold is not None),
            ("nondeterministic", self.nondeterministic, self.nondeterministic is not False),
            ("max_episode_steps", self.max_episode_steps, self.max_episode_steps is not None),
            ("order_enforce", self.order_enforce, self.order_enforce is not True),
            ("disable_env_checker", self.disable_env_checker, self.disable_env_checker),
        ]
        lines.extend(f"{key}={value}" for key, value, changed in shown if print_all or changed)
        if print_all or self.additional_wrappers:
            lines.append(self._wrappers_text(include_entry_points))
        text = "\n".join(lines)
        if disable_print:
            return text
        print(text)
        return None

    def _wrappers_text(self, include_entry_points: bool) -> str:
        if not self.additional_wrappers:
            return "additional_wrappers=[]"
        rows = []
        for wrapper in self.additional_wrappers:
            where = f", entry_point={wrapper.entry_point}" if include_entry_points else ""
            rows.append(f"\n\tname={wrapper.name}{where}, kwargs={wrapper.kwargs}")
        return f"additional_wrappers=[{','.join(rows)}\n]"


# What `EnvSpec.make` calls: `make`, set by the module that defines it when it loads. The
# registry's modules depend in one direction (spec -> lookup -> make), so this module never
# imports the make module; the registration package loads both.
_builder: Callable[..., Env[Any, Any]] | None = None


def set_builder(builder: Callable[..., Env[Any, Any]]) -> None:
    """Install the function :meth:`EnvSpec.make` calls (the registry's ``make``)."""
    global _builder
    _builder = builder


# The registry, set by the lookup module when it loads (as `_builder` is by the make module).
_registry: Mapping[str, EnvSpec] = {}


def set_registry(registry: Mapping[str, EnvSpec]) -> None:
    """Install the registry that :meth:`EnvSpec.to_json` / :meth:`EnvSpec.from_json` consult."""
    global _registry
    _registry = registry


def _registered_extras(env_id: str, entry_point: Any) -> dict[str, Any]:
    """Our extra fields as registered for ``env_id`` with this ``entry_point`` (else empty)."""
    registered = _registry.get(env_id)
    if registered is None or registered.entry_point != entry_point:
        return {}
    return {extra: getattr(registered, extra) for extra in _EXTRA_FIELD_DEFAULTS}


# Fields of ours that Gymnasium's EnvSpec does not have, with their defaults.
_EXTRA_FIELD_DEFAULTS: dict[str, Any] = {
    "jax_vector_entry_point": None,
    "vector_entry_point_opt_in": False,
}


def _refuse_callables(owner: str, fields: dict[str, Any]) -> None:
    for key, value in fields.items():
        if callable(value):
            raise ValueError(
                f"{owner}: the {key!r} field holds the callable {value!r}; a spec with a "
                "callable cannot be written as JSON. Register a 'module:Name' string instead."
            )
