"""Converting environment data between array libraries (numpy, JAX, torch).

:func:`array_conversion` walks numbers, arrays, mappings, tuples, lists and named tuples and
turns every array leaf into an array of the target module, on ``device`` if given. Each
library is used through its own API (``numpy.asarray``, ``jax.numpy.asarray`` /
``jax.device_put``, ``torch.as_tensor`` / ``torch.from_dlpack``); JAX and torch are imported
only when a conversion involves them. Strings and ``None`` pass through unchanged.

:class:`ArrayConversion` applies it around an environment: actions (and reset options) are
converted to the env's module, observations, infos and renders to the target module.
"""

from __future__ import annotations

import functools
import importlib
import numbers
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core.core import Env, Wrapper
from gymnasium_core.utils.record_constructor import RecordConstructorArgs

__all__ = ["ArrayConversion", "array_conversion", "module_name_to_namespace", "module_namespace"]

_COMPAT_PREFIX = "array_api_compat."
# Modules that are their own Array API namespace (array_api_compat returns them unchanged).
_OWN_NAMESPACES = ("jax.numpy",)
# An array of any supported library (numpy, JAX, torch, ...), as Gymnasium names it.
Array = Any
# Devices are library objects (a jax.Device, a torch.device) or strings such as "cpu".
Device = Any


def module_namespace(xp: ModuleType) -> ModuleType:
    """The Array API namespace of the array module ``xp``.

    With ``array-api-compat`` installed this is its namespace for ``xp`` (for numpy,
    ``array_api_compat.numpy``), as in Gymnasium; otherwise ``xp`` itself. Conversions accept
    either form.

    Raises:
        ValueError: If ``xp`` is not an array module (it has no ``asarray``).
    """
    if not callable(getattr(xp, "asarray", None)):
        raise ValueError(f"{xp} is not an array module: it has no `asarray`")
    if xp.__name__ in _OWN_NAMESPACES:
        # Already an Array API namespace; making a probe array would start JAX's runtime.
        return xp
    try:
        from array_api_compat import array_namespace
    except ImportError:
        return xp
    try:
        return array_namespace(xp.empty(0))
    except (AttributeError, TypeError):
        return xp


def _library_module(xp: ModuleType) -> ModuleType:
    """The library module behind an ``array_api_compat`` namespace (``xp`` itself otherwise)."""
    name = xp.__name__
    if name.startswith(_COMPAT_PREFIX):
        return importlib.import_module(name.removeprefix(_COMPAT_PREFIX))
    return xp


def module_name_to_namespace(name: str) -> ModuleType:
    """Import the array module called ``name`` (``"numpy"``, ``"jax.numpy"``, ``"torch"``)."""
    return module_namespace(importlib.import_module(name))


def _library(value: Any) -> str:
    """Which library an array belongs to: ``"numpy"``, ``"jax"``, ``"torch"`` or ``"other"``."""
    root = type(value).__module__.split(".")[0]
    if root in ("jax", "jaxlib"):
        return "jax"
    return root if root in ("numpy", "torch") else "other"


def _is_array(value: Any) -> bool:
    return hasattr(value, "__array__") or hasattr(value, "__dlpack__")


def _to_numpy(value: Any) -> Any:
    if _library(value) == "torch":
        return value.detach().cpu().numpy()
    return np.asarray(value)


def _convert_array(value: Any, xp: ModuleType, device: Device | None) -> Any:
    xp = _library_module(xp)
    name = xp.__name__
    source = _library(value)
    if name == "numpy":
        return _to_numpy(value)
    if name == "jax.numpy":
        import jax

        if source == "torch":
            value = _to_numpy(value)
        array = xp.asarray(value)
        return jax.device_put(array, device) if device is not None else array
    if name == "torch":
        if source == "jax":
            tensor = xp.from_dlpack(value)
        else:
            # Copied so the tensor owns its memory (numpy arrays may be read-only).
            tensor = xp.as_tensor(np.array(_to_numpy(value)))
        return tensor.to(device) if device is not None else tensor
    return xp.asarray(_to_numpy(value))


@functools.singledispatch
def array_conversion(value: Any, xp: ModuleType, device: Device | None = None) -> Any:
    """Convert the arrays in ``value`` to arrays of ``xp``, keeping the container structure.

    Register more types with ``@array_conversion.register(MyType)``.

    Args:
        value: A number, array, mapping, tuple, list, named tuple, ``None`` or string.
        xp: The target module: ``numpy``, ``jax.numpy`` or ``torch``.
        device: Where the new arrays live (ignored for numpy).

    Returns:
        ``value`` with its array leaves converted.

    Raises:
        TypeError: For a value of a type with no known conversion.
    """
    if _is_array(value):
        return _convert_array(value, xp, device)
    raise TypeError(f"array_conversion: no conversion of {type(value)} to {xp.__name__} is known")


@array_conversion.register(numbers.Number)
def _convert_number(value: numbers.Number, xp: ModuleType, device: Device | None = None) -> Any:
    if isinstance(value, np.generic) or not isinstance(value, (bool, int, float, complex)):
        return _convert_array(np.asarray(value), xp, device)
    # A Python number gets the target library's own default dtype, as Gymnasium's conversion
    # gives it: a float becomes a float32 torch tensor (torch's default dtype) and a weakly
    # typed JAX array, where going through numpy would make both float64.
    module = _library_module(xp)
    if module.__name__ == "torch":
        tensor = module.as_tensor(value)
        return tensor.to(device) if device is not None else tensor
    if module.__name__ == "jax.numpy":
        import jax

        array = module.asarray(value)
        return jax.device_put(array, device) if device is not None else array
    return _convert_array(np.asarray(value), xp, device)


@array_conversion.register(str)
@array_conversion.register(bytes)
@array_conversion.register(type(None))
def _keep(value: Any, xp: ModuleType, device: Device | None = None) -> Any:
    return value


@array_conversion.register(Mapping)
def _convert_mapping(value: Mapping[Any, Any], xp: ModuleType, device: Device | None = None) -> Any:
    return type(value)(**{key: array_conversion(item, xp, device) for key, item in value.items()})


@array_conversion.register(Iterable)
def _convert_iterable(value: Iterable[Any], xp: ModuleType, device: Device | None = None) -> Any:
    if _is_array(value):
        return _convert_array(value, xp, device)
    items = (array_conversion(item, xp, device) for item in value)
    if hasattr(value, "_make"):  # a named tuple
        return type(value)._make(items)
    return type(value)(items)  # type: ignore[call-arg]


class _Side:
    """One side of a conversion: an array module and, optionally, the device for its arrays.

    Pickles by module name, since module objects cannot be pickled.
    """

    __slots__ = ("device", "xp")

    def __init__(self, xp: ModuleType, device: Device | None) -> None:
        self.xp = module_namespace(xp)
        self.device = device

    def __call__(self, value: Any) -> Any:
        """``value`` with its arrays moved to this side."""
        return array_conversion(value, self.xp, self.device)

    def __reduce__(self) -> tuple[Any, ...]:
        return _side_from_name, (self.xp.__name__, self.device)


def _side_from_name(name: str, device: Device | None) -> _Side:
    return _Side(module_name_to_namespace(name), device)


def _pickle_saved_kwargs(saved: dict[str, Any]) -> dict[str, Any]:
    """Constructor arguments with modules replaced by their names, for pickling."""
    return {
        key: _ModuleName(value.__name__) if isinstance(value, ModuleType) else value
        for key, value in saved.items()
    }


def _unpickle_saved_kwargs(saved: dict[str, Any]) -> dict[str, Any]:
    """Inverse of :func:`_pickle_saved_kwargs`."""
    return {
        key: module_name_to_namespace(value) if isinstance(value, _ModuleName) else value
        for key, value in saved.items()
    }


class ArrayConversion(Wrapper[Any, Any, Any, Any], RecordConstructorArgs):
    """Lets an environment working in one array library be used from another.

    Actions and reset options are converted to ``env_xp`` (on ``env_device``); observations,
    infos and rendered frames to ``target_xp`` (on ``target_device``). Rewards become
    ``float`` and the flags ``bool``.

    Example:
        >>> import jax.numpy as jnp
        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import ArrayConversion
        >>> pendulum = ArrayConversion(
        ...     gym.make("phys2d/Pendulum-v0"), env_xp=jnp, target_xp=np
        ... )
        >>> obs, info = pendulum.reset(seed=1)
        >>> type(obs).__name__, obs.dtype.name, obs.shape
        ('ndarray', 'float32', (3,))
    """

    def __init__(
        self,
        env: Env[Any, Any],
        env_xp: ModuleType,
        target_xp: ModuleType,
        env_device: Device | None = None,
        target_device: Device | None = None,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment.
            env_xp: The array module ``env`` works with.
            target_xp: The array module the user works with.
            env_device: Device for the env's arrays.
            target_device: Device for the user's arrays.
        """
        arguments: dict[str, Any] = {
            "env_xp": env_xp,
            "target_xp": target_xp,
            "env_device": env_device,
            "target_device": target_device,
        }
        # Modules cannot be deep-copied, so the recorded arguments are kept as given.
        RecordConstructorArgs.__init__(self, _disable_deepcopy=True, **arguments)
        Wrapper.__init__(self, env)
        self._to_env = _Side(env_xp, env_device)
        self._to_user = _Side(target_xp, target_device)

    # Gymnasium's attribute names for the two sides, as views of them.
    @property
    def _env_xp(self) -> ModuleType:
        return self._to_env.xp

    @_env_xp.setter
    def _env_xp(self, xp: ModuleType) -> None:
        self._to_env = _Side(xp, self._to_env.device)

    @property
    def _target_xp(self) -> ModuleType:
        return self._to_user.xp

    @_target_xp.setter
    def _target_xp(self, xp: ModuleType) -> None:
        self._to_user = _Side(xp, self._to_user.device)

    @property
    def _env_device(self) -> Device | None:
        return self._to_env.device

    @_env_device.setter
    def _env_device(self, device: Device | None) -> None:
        self._to_env = _Side(self._to_env.xp, device)

    @property
    def _target_device(self) -> Device | None:
        return self._to_user.device

    @_target_device.setter
    def _target_device(self, device: Device | None) -> None:
        self._to_user = _Side(self._to_user.xp, device)

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """Convert the action, step the env and convert what it returns."""
        obs, reward, *flags, info = self.env.step(self._to_env(action))
        # Rewards and flags become Python scalars whatever library produced them.
        ended = (bool(flags[0]), bool(flags[1]))
        return self._to_user(obs), float(reward), *ended, self._to_user(info)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset the env (with converted options) and convert the observation and info."""
        converted = self._to_env(options) if options else options
        first = self.env.reset(seed=seed, options=converted)
        return self._to_user(first)  # type: ignore[no-any-return]

    def render(self) -> Any:
        """The env's render, converted."""
        return self._to_user(self.env.render())

    def __getstate__(self) -> dict[str, Any]:
        # The sides pickle themselves; the recorded modules are stored by name.
        state = dict(self.__dict__)
        state["_saved_kwargs"] = _pickle_saved_kwargs(self._saved_kwargs)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        restored = dict(state)
        restored["_saved_kwargs"] = _unpickle_saved_kwargs(state["_saved_kwargs"])
        self.__dict__.update(restored)


class _ModuleName(str):
    """A module stored by name in a pickled :class:`ArrayConversion`."""
