"""Batching of spaces and of their samples for vector environments.

The functions are defined beside the spaces, in :mod:`gymnasium_core.spaces._batching`, and are
re-exported here as the same objects: registering an implementation for a custom space on
``gymnasium_core.vector.utils.space_utils.batch_space`` (or any of the others) registers it
everywhere.
"""

from __future__ import annotations

from gymnasium_core.spaces._batching import (
    batch_differing_spaces,
    batch_space,
    concatenate,
    create_empty_array,
    iterate,
)

__all__ = ["batch_differing_spaces", "batch_space", "concatenate", "create_empty_array", "iterate"]
