"""Registered ids as pytest parameters, with the ones slow to compile in the slow tier."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

import gymnasium_core as gym

# MJX ids compile for 5-50 s each on CPU: all but the cheapest run in the slow tier.
_FAST_MJX_IDS = frozenset({"mjx/InvertedPendulum-v5"})


def is_slow_to_compile(env_id: str) -> bool:
    """Whether making and stepping ``env_id`` compiles for long enough to belong to `slow`."""
    return gym.spec(env_id).namespace == "mjx" and env_id not in _FAST_MJX_IDS


def our_ids() -> list[str]:
    """Every id registered here, sorted: ours, not the ones mirrored from gymnasium's registry."""
    return sorted(i for i, spec in gym.registry.items() if not _mirrored(spec))


def _mirrored(spec: Any) -> bool:
    from gymnasium_core.registration._gymnasium_view import GymnasiumEnvCreator

    return isinstance(spec.entry_point, GymnasiumEnvCreator)


def id_params(ids: Iterable[str] | None = None) -> list[Any]:
    """``ids`` (default: every id of ours, sorted), the slow-to-compile ones marked slow."""
    chosen = our_ids() if ids is None else list(ids)
    return [pytest.param(env_id, marks=_marks(env_id)) for env_id in chosen]


def _marks(env_id: str) -> list[Any]:
    if gym.spec(env_id).namespace != "mjx":
        return []
    # An MJX compile alone took 90 s at jax 0.5.0 on a busy 2-core machine.
    marks = [pytest.mark.timeout(900)]
    return [*marks, pytest.mark.slow] if is_slow_to_compile(env_id) else marks
