"""Vector environments: many copies of one environment stepped as a batch.

:class:`SyncVectorEnv` steps its sub-environments one after another in this process;
:class:`AsyncVectorEnv` runs each in its own worker process. Both follow :class:`VectorEnv`'s
API, with the autoreset behaviour chosen by :class:`AutoresetMode`.
"""

from __future__ import annotations

from gymnasium_core.vector import utils
from gymnasium_core.vector.async_vector_env import AsyncVectorEnv
from gymnasium_core.vector.sync_vector_env import SyncVectorEnv
from gymnasium_core.vector.vector_env import (
    AutoresetMode,
    VectorActionWrapper,
    VectorEnv,
    VectorObservationWrapper,
    VectorRewardWrapper,
    VectorWrapper,
)

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
