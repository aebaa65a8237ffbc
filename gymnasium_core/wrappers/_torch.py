"""Importing torch on demand, with a clear error when it is missing."""

from __future__ import annotations

import importlib
from types import ModuleType

from gymnasium_core.error import DependencyNotInstalled


def import_torch() -> ModuleType:
    """Return the ``torch`` module.

    Raises:
        DependencyNotInstalled: If torch is not installed (it is optional).
    """
    try:
        return importlib.import_module("torch")
    except ImportError as exc:
        raise DependencyNotInstalled(
            "torch is needed for the torch conversions: pip install torch"
        ) from exc


def import_jax_numpy() -> ModuleType:
    """Return ``jax.numpy``.

    Raises:
        DependencyNotInstalled: If JAX is not installed (the ``jax`` extra).
    """
    try:
        return importlib.import_module("jax.numpy")
    except ImportError as exc:
        raise DependencyNotInstalled(
            'JAX is needed for the JAX conversions: pip install "gymnasium-core[jax]"'
        ) from exc


def device_alias() -> object:
    """``str | torch.device``: the value of the torch modules' ``Device`` (imports torch).

    Raises:
        DependencyNotInstalled: If torch is not installed.
    """
    return str | import_torch().device
