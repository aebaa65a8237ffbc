"""JAX's persistent compilation cache, as an opt-in for the JAX environments.

Within one process the JAX adapters share their compiled programs
(:mod:`~gymnasium_core.functional._compile_cache`). A new process compiles them again, which
for an MJX id costs seconds per program on CPU. JAX can keep compiled programs on disk and
load them in later processes; this module turns that on, for everything JAX compiles in the
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

import os
from pathlib import Path
from typing import Any

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
