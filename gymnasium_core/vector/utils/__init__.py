"""Utilities for vector environments: batching spaces and samples, shared memory, workers."""

from __future__ import annotations

from gymnasium_core.vector.utils.misc import CloudpickleWrapper, clear_mpi_env_vars
from gymnasium_core.vector.utils.shared_memory import (
    create_shared_memory,
    read_from_shared_memory,
    write_to_shared_memory,
)
from gymnasium_core.vector.utils.space_utils import (
    batch_differing_spaces,
    batch_space,
    concatenate,
    create_empty_array,
    iterate,
)

__all__ = [
    "CloudpickleWrapper",
    "batch_differing_spaces",
    "batch_space",
    "clear_mpi_env_vars",
    "concatenate",
    "create_empty_array",
    "create_shared_memory",
    "iterate",
    "read_from_shared_memory",
    "write_to_shared_memory",
]
