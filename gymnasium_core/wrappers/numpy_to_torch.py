"""Using a numpy environment from torch code: :class:`NumpyToTorch` and the conversions.

torch is optional (not a dependency) and imported on first use: this module imports without
it, and the wrapper or a conversion raises
:class:`~gymnasium_core.error.DependencyNotInstalled` when torch is missing. The torch import
(:func:`import_torch`) and the ``Device`` alias are defined here once;
:mod:`~gymnasium_core.wrappers.jax_to_torch` uses them too.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np

from gymnasium_core.core import Env
from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers.array_conversion import ArrayConversion, array_conversion

__all__ = ["Device", "NumpyToTorch", "numpy_to_torch", "torch_to_numpy"]

if TYPE_CHECKING:
    # A torch.device or its name ("cpu", "cuda:0").
    Device: TypeAlias = Any


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


def device_alias() -> object:
    """``str | torch.device``: the value of the torch modules' ``Device`` (imports torch).

    Raises:
        DependencyNotInstalled: If torch is not installed.
    """
    return str | import_torch().device


def __getattr__(name: str) -> Any:
    # ``Device`` is ``str | torch.device``, as in the reference; torch is imported on first use.
    if name == "Device":
        return device_alias()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def torch_to_numpy(
    value: Any, *, xp: ModuleType | None = None, device: Device | None = None
) -> Any:
    """Convert the torch tensors in ``value`` (nested containers included) to numpy arrays.

    Args:
        value: A tensor, number or container of them.
        xp: The array namespace to convert to (numpy by default).
        device: Ignored (numpy arrays live on the host); kept for a uniform signature.
    """
    return array_conversion(value, xp=np if xp is None else xp, device=device)


def numpy_to_torch(
    value: Any, *, xp: ModuleType | None = None, device: Device | None = None
) -> Any:
    """Convert the numpy arrays in ``value`` (nested containers included) to torch tensors.

    Args:
        value: An array, number or container of them.
        xp: The array namespace to convert to (torch by default).
        device: The torch device of the new tensors.

    Raises:
        DependencyNotInstalled: If torch is not installed.
    """
    return array_conversion(value, xp=import_torch() if xp is None else xp, device=device)


class NumpyToTorch(ArrayConversion):
    """Wraps a numpy environment so that it takes and returns torch tensors (on ``device``).

    Example:
        Needs torch, so it is not run with the doctests:

        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import NumpyToTorch
        >>> car = NumpyToTorch(gym.make("MountainCar-v0"))  # doctest: +SKIP
        >>> obs, _ = car.reset(seed=2)  # doctest: +SKIP
        >>> type(obs).__module__, str(obs.dtype)  # doctest: +SKIP
        ('torch', 'torch.float32')
    """

    def __init__(self, env: Env[Any, Any], device: Device | None = None) -> None:
        """Wrap ``env``.

        Args:
            env: An environment working with numpy arrays.
            device: The torch device of the returned tensors.

        Raises:
            DependencyNotInstalled: If torch is not installed.
        """
        torch = import_torch()
        RecordConstructorArgs.__init__(self, device=device)
        super().__init__(env, np, torch, target_device=device)
        self.device = device
