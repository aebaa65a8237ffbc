"""Vector environments: many copies of one environment stepped as a batch.

:class:`SyncVectorEnv` steps its sub-environments one after another in this process;
:class:`AsyncVectorEnv` runs each in its own worker process. Both follow :class:`VectorEnv`'s
API, with the autoreset behaviour chosen by :class:`AutoresetMode`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gymnasium_core.vector import utils
from gymnasium_core.vector.sync_vector_env import SyncVectorEnv
from gymnasium_core.vector.vector_env import (
    AutoresetMode,
    VectorActionWrapper,
    VectorEnv,
    VectorObservationWrapper,
    VectorRewardWrapper,
    VectorWrapper,
)

if TYPE_CHECKING:
    from gymnasium_core.vector.async_vector_env import AsyncVectorEnv

__all__ = [
    "AsyncVectorEnv",
    "AutoresetMode",
    "SyncVectorEnv",
    "VectorActionWrapper",
    "VectorEnv",
    "VectorObservationWrapper",
    "VectorRewardWrapper",
    "VectorWrapper",
    "utils",
]


def __getattr__(name: str) -> Any:
    # AsyncVectorEnv brings in multiprocessing; it loads on first use to keep imports fast.
    if name == "AsyncVectorEnv":
        from gymnasium_core.vector.async_vector_env import AsyncVectorEnv

        return AsyncVectorEnv
    if name == "async_vector_env":
        # Reachable as an attribute, as in Gymnasium (which imports it with the package).
        import gymnasium_core.vector.async_vector_env as module

        return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    # The lazy names are listed too, as Gymnasium's package lists them.
    return sorted({*globals(), "AsyncVectorEnv", "async_vector_env"})
