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


def id_params(ids: Iterable[str] | None = None) -> list[Any]:
    """``ids`` (default: every registered id, sorted), the slow-to-compile ones marked slow."""
    chosen = sorted(gym.registry) if ids is None else list(ids)
    return [pytest.param(env_id, marks=_marks(env_id)) for env_id in chosen]


def _marks(env_id: str) -> list[Any]:
    if gym.spec(env_id).namespace != "mjx":
        return []
    # An MJX compile alone took 90 s at jax 0.5.0 on a busy 2-core machine.
    marks = [pytest.mark.timeout(900)]
    return [*marks, pytest.mark.slow] if is_slow_to_compile(env_id) else marks
