"""Using a JAX environment from torch code: :class:`JaxToTorch` and the conversion functions.

JAX and torch are imported on first use: this module imports without them, and the wrapper
or a conversion raises :class:`~gymnasium_core.error.DependencyNotInstalled` when one is
missing (torch is optional and not a dependency).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeAlias

from gymnasium_core.core import Env
from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers.array_conversion import ArrayConversion, array_conversion
from gymnasium_core.wrappers.numpy_to_torch import device_alias, import_torch

__all__ = ["Device", "JaxToTorch", "jax_to_torch", "torch_to_jax"]

if TYPE_CHECKING:
    # A torch.device or its name ("cpu", "cuda:0").
    Device: TypeAlias = Any


def _import_jax_numpy() -> ModuleType:
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


def __getattr__(name: str) -> Any:
    # ``Device`` is ``str | torch.device``, as in the reference; torch is imported on first use.
    if name == "Device":
        return device_alias()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def torch_to_jax(value: Any, *, xp: ModuleType | None = None, device: Device | None = None) -> Any:
    """Convert the torch tensors in ``value`` (nested containers included) to JAX arrays.

    Args:
        value: A tensor, number or container of them.
        xp: The array namespace to convert to (jax.numpy by default).
        device: The JAX device of the new arrays.

    Raises:
        DependencyNotInstalled: If JAX is not installed.
    """
    return array_conversion(value, xp=_import_jax_numpy() if xp is None else xp, device=device)


def jax_to_torch(value: Any, *, xp: ModuleType | None = None, device: Device | None = None) -> Any:
    """Convert the JAX arrays in ``value`` (nested containers included) to torch tensors.

    Args:
        value: An array, number or container of them.
        xp: The array namespace to convert to (torch by default).
        device: The torch device of the new tensors.

    Raises:
        DependencyNotInstalled: If torch is not installed.
    """
    return array_conversion(value, xp=import_torch() if xp is None else xp, device=device)


class JaxToTorch(ArrayConversion):
    """Wraps a JAX environment so that it takes and returns torch tensors (on ``device``).

    Example:
        Needs torch, so it is not run with the doctests:

        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import JaxToTorch
        >>> pendulum = JaxToTorch(gym.make("phys2d/Pendulum-v0"))  # doctest: +SKIP
        >>> obs, _ = pendulum.reset(seed=4)  # doctest: +SKIP
        >>> type(obs).__module__, tuple(obs.shape)  # doctest: +SKIP
        ('torch', (3,))
    """

    def __init__(self, env: Env[Any, Any], device: Device | None = None) -> None:
        """Wrap ``env``.

        Args:
            env: An environment working with JAX arrays.
            device: The torch device of the returned tensors.

        Raises:
            DependencyNotInstalled: If JAX or torch is not installed.
        """
        jnp = _import_jax_numpy()
        torch = import_torch()
        RecordConstructorArgs.__init__(self, device=device)
        super().__init__(env, jnp, torch, target_device=device)
        self.device = device
