"""Fixtures for the classic-control tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import gymnasium_core

# An editable install made before envs/ had an __init__.py does not map gymnasium_core.envs;
# point the package at the repository root so the tests run against the working tree.
if importlib.util.find_spec("gymnasium_core.envs") is None:  # pragma: no cover
    gymnasium_core.__path__.append(str(Path(__file__).resolve().parents[3]))
