"""Compiled programs of the JAX adapters: shared within a process, kept on disk across them.

**Within a process.** ``jax.jit`` caches traces per Python function object. The adapters build
their jitted reset and step as closures over one functional env, so each new adapter (every
``make``, every ``deepcopy`` or unpickling, the env checker's extra copies) would trace and
compile again, which costs seconds per environment on CPU. :func:`cached` looks the
jitted functions up by :class:`EnvKey`: two functional envs of the same class whose instance
attributes compare equal (constants, options, spaces, default params, array namespace) share
one set of jitted functions, hence one trace and one XLA compile per input signature.

The functions close over a shallow snapshot of the env taken when they are first built, so
later attribute writes on the original env cannot change a program that is already cached
under the old configuration. (Arrays mutated in place are not detected: treat a functional
env's configuration as frozen once an adapter uses it.)

**Across processes.** A new process compiles the programs again, which for an MJX id costs
seconds per program on CPU. JAX can keep compiled programs on disk and load them in later
processes; :func:`enable_persistent_cache` turns that on, for everything JAX compiles in the
process (it is JAX's own, process-wide setting).

Two ways, both opt-in:

* call :func:`enable_persistent_cache` before making the environments, or
* set the environment variable ``GYMNASIUM_CORE_JAX_CACHE_DIR`` to a folder (or to ``1`` for
  the default folder, ``$XDG_CACHE_HOME/gymnasium_core/jax`` or ``~/.cache/gymnasium_core/jax``);
  it takes effect when the JAX adapters are first imported.

What the cache holds is XLA's compiled code. A later process still imports MuJoCo's MJX and
still traces its programs in Python before it finds them in the cache; for the smallest MJX
model those two are most of what is left. Measured on a loaded 2-core machine: make, reset and
first step of ``mjx/InvertedPendulum-v5`` took 156.9 s in a first process and 20.0 s in a
second (13%, MJX imported before the clock; with MJX's import counted, 95.9 s and 21.7 s, 23%);
``mjx/Hopper-v5``, import counted, 408.6 s and 28.4 s (7%).

Example:
    >>> from gymnasium_core.functional.persistent_cache import enable_persistent_cache
    >>> folder = enable_persistent_cache("/tmp/my-jax-cache")  # doctest: +SKIP
"""

from __future__ import annotations

import copy
import os
import threading
import types
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["ENV_VAR", "default_cache_dir", "enable_persistent_cache"]

#: The environment variable that turns the cache on when the JAX adapters are imported.
ENV_VAR = "GYMNASIUM_CORE_JAX_CACHE_DIR"

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"", "0", "false", "no", "off"}


def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/gymnasium_core/jax``, or ``~/.cache/gymnasium_core/jax``."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "gymnasium_core" / "jax"


def enable_persistent_cache(
    path: str | os.PathLike[str] | None = None, *, min_compile_time_secs: float = 0.0
) -> str:
    """Keep JAX's compiled programs on disk, so later processes load instead of compiling.

    Args:
        path: The cache folder (created if missing); :func:`default_cache_dir` if ``None``.
        min_compile_time_secs: Programs that compiled faster than this are not written.
            JAX's own default is 1 s, which would leave out most environment programs; ``0``
            keeps them all.

    Returns:
        The cache folder in use.

    Raises:
        ValueError: If ``min_compile_time_secs`` is negative.
    """
    if min_compile_time_secs < 0:
        raise ValueError(f"min_compile_time_secs must be >= 0, got {min_compile_time_secs}.")
    import jax

    folder = Path(path) if path is not None else default_cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    config: Any = jax.config  # JAX's config object is untyped
    config.update("jax_compilation_cache_dir", str(folder))
    config.update("jax_persistent_cache_min_compile_time_secs", float(min_compile_time_secs))
    return str(folder)


def enable_from_environment() -> str | None:
    """Turn the cache on if :data:`ENV_VAR` asks for it (called by the JAX adapters' import).

    Returns:
        The cache folder in use, or ``None`` when the variable is unset or off.
    """
    value = os.environ.get(ENV_VAR, "").strip()
    if value.lower() in _FALSE:
        return None
    return enable_persistent_cache(None if value.lower() in _TRUE else value)


# Within a process: the adapters' jitted programs, looked up by configuration.

#: How deep :func:`_same` follows nested containers and attributes.
_MAX_DEPTH = 12

#: How many distinct (env configuration, adapter options) entries are kept.
MAX_ENTRIES = 64

_ENTRIES: OrderedDict[Hashable, Any] = OrderedDict()
_LOCK = threading.Lock()


def _same(a: Any, b: Any, depth: int = 0) -> bool:
    """Structural equality that never raises.

    Arrays compare by value, containers item by item, objects of a class without its own
    ``__eq__`` attribute by attribute (e.g. a precomputed transition table), functions and
    modules by identity, anything else by ``==``. Nesting deeper than :data:`_MAX_DEPTH`
    counts as different, so a cycle ends.
    """
    if a is b:
        return True
    if type(a) is not type(b) or depth > _MAX_DEPTH:
        return False
    deeper = depth + 1
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k], deeper) for k in a)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y, deeper) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray) or hasattr(a, "__array_namespace__"):
        try:
            return bool(np.shape(a) == np.shape(b) and np.array_equal(a, b))
        except Exception:  # a tracer or an array that cannot be read back
            return False
    if callable(a) or isinstance(a, types.ModuleType):
        return False  # functions, classes and modules: only the very same object
    if getattr(type(a), "__eq__", None) is getattr(object, "__eq__", None):
        attrs_a, attrs_b = getattr(a, "__dict__", None), getattr(b, "__dict__", None)
        return attrs_a is not None and attrs_b is not None and _same(attrs_a, attrs_b, deeper)
    try:
        return bool(a == b)
    except Exception:  # comparing raised (e.g. an ambiguous truth value)
        return False


class EnvKey:
    """A hashable stand-in for a functional env, equal for equally configured envs.

    Two keys are equal when their envs are the same object, or of the same class with equal
    instance attributes. Objects without a ``__dict__`` are compared by identity.

    Attributes:
        env: A shallow snapshot of the functional env, taken when the key is made.
    """

    __slots__ = ("_hash", "env")

    def __init__(self, func_env: Any) -> None:
        """Snapshot ``func_env`` and hash its class and attribute names.

        Args:
            func_env: The functional env.
        """
        attrs = getattr(func_env, "__dict__", None)
        self.env = copy.copy(func_env) if attrs is not None else func_env
        names = tuple(sorted(attrs)) if attrs is not None else id(func_env)
        self._hash = hash((type(func_env), names))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EnvKey):
            return NotImplemented
        if self.env is other.env:
            return True
        if self._hash != other._hash or type(self.env) is not type(other.env):
            return False
        mine, theirs = getattr(self.env, "__dict__", None), getattr(other.env, "__dict__", None)
        if mine is None or theirs is None:
            return False
        return _same(mine, theirs)

    def __repr__(self) -> str:
        return f"EnvKey({type(self.env).__name__})"


def cached(kind: str, func_env: Any, options: Hashable, build: Callable[[Any], Any]) -> Any:
    """The programs of ``kind`` for ``func_env`` and ``options``, built on first request.

    Args:
        kind: Which adapter asks (``"single"``, ``"vector"``, ...).
        func_env: The functional env.
        options: The adapter's static options (hashable), e.g. batch size and autoreset mode.
        build: ``build(env)`` makes the programs from the env snapshot it must close over.

    Returns:
        Whatever ``build`` returned for the first equal request.
    """
    key = (kind, EnvKey(func_env), options)
    with _LOCK:
        if key in _ENTRIES:
            _ENTRIES.move_to_end(key)
            return _ENTRIES[key]
    built = build(key[1].env)
    with _LOCK:
        built = _ENTRIES.setdefault(key, built)
        _ENTRIES.move_to_end(key)
        while len(_ENTRIES) > MAX_ENTRIES:
            _ENTRIES.popitem(last=False)
    return built


def size() -> int:
    """The number of entries cached in this process."""
    return len(_ENTRIES)


def clear() -> None:
    """Forget every program cached in this process (each adapter made afterwards compiles anew).

    JAX's on-disk cache, if enabled, is left as it is.
    """
    with _LOCK:
        _ENTRIES.clear()
