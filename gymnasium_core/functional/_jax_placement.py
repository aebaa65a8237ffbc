"""Where :class:`~gymnasium_core.functional.FunctionalJaxVectorEnv` puts its batch.

Reading ``devices`` / ``mesh`` into a mesh and its batch axis, placing params on it, and leaving
device handles out of what is pickled or deep-copied (they belong to this process).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import jax
import numpy as np

if TYPE_CHECKING:
    from jax.sharding import Mesh, NamedSharding

__all__ = [
    "Devices",
    "batch_sharding",
    "device_list",
    "make_mesh",
    "place_params",
    "placement_objects",
    "without_placement",
]

#: One JAX device, or several (a list of them, ``jax.devices()``).
Devices: TypeAlias = "jax.Device | Iterable[jax.Device]"

_SpecT = TypeVar("_SpecT")


def make_mesh(devices: Devices | None, mesh: Mesh | None, axis: str) -> tuple[Mesh | None, str]:
    """The mesh to shard over and its batch axis name, or ``(None, axis)`` when unsharded."""
    if mesh is not None and devices is not None:
        raise ValueError("Give `devices` or `mesh`, not both.")
    if mesh is not None:
        from jax.sharding import Mesh

        if not isinstance(mesh, Mesh):
            raise TypeError(f"`mesh` must be a jax.sharding.Mesh, got {type(mesh).__name__}.")
        name = axis if axis in mesh.axis_names else mesh.axis_names[0]
        return mesh, name
    if devices is None:
        return None, axis
    from jax.sharding import Mesh

    return Mesh(np.asarray(device_list(devices), dtype=object), (axis,)), axis


def device_list(devices: Devices) -> list[jax.Device]:
    """``devices`` as a non-empty list of :class:`jax.Device`; one device counts as a list."""
    if isinstance(devices, jax.Device):
        return [devices]
    if isinstance(devices, str):
        raise TypeError(
            f"`devices` must be JAX devices, got the string {devices!r}; pass "
            f"`jax.devices({devices!r})` (or a part of it) to use that platform's devices."
        )
    try:
        listed = list(devices)
    except TypeError:
        raise TypeError(
            f"`devices` must be a sequence of JAX devices, got {type(devices).__name__}."
        ) from None
    if not listed:
        raise ValueError("`devices` is empty: give at least one JAX device, or None.")
    strays = [d for d in listed if not isinstance(d, jax.Device)]
    if strays:
        raise TypeError(
            "`devices` must hold JAX devices (from `jax.devices()`), got "
            f"{type(strays[0]).__name__} {strays[0]!r}."
        )
    if len({id(d) for d in listed}) != len(listed):
        raise ValueError(f"`devices` names a device twice: {listed}.")
    return listed


def without_placement(spec: _SpecT) -> _SpecT:
    """``spec`` without the ``devices`` / ``mesh`` kwargs (device handles do not pickle)."""
    kwargs = getattr(spec, "kwargs", None)
    if not isinstance(kwargs, dict) or not {"devices", "mesh"} & kwargs.keys():
        return spec
    import dataclasses

    kept = {k: v for k, v in kwargs.items() if k not in ("devices", "mesh")}
    # A spec with kwargs is an EnvSpec, a dataclass (the type checker cannot see that here).
    return dataclasses.replace(spec, kwargs=kept)  # type: ignore[type-var]


def batch_sharding(mesh: Mesh, axis: str) -> NamedSharding:
    """The sharding that splits a batch's leading axis over ``mesh``'s ``axis``."""
    from jax.sharding import NamedSharding, PartitionSpec

    return NamedSharding(mesh, PartitionSpec(axis))  # type: ignore[no-untyped-call]


def place_params(params: Any, mesh: Mesh, axis: str, param_axes: Any) -> Any:
    """``params`` on ``mesh``: per-env leaves split along ``axis``, shared leaves replicated.

    ``param_axes`` has the structure of ``params``, with 0 for a per-env leaf and ``None`` for a
    shared one.
    """
    from jax.sharding import NamedSharding, PartitionSpec

    batch = batch_sharding(mesh, axis)
    shared = NamedSharding(mesh, PartitionSpec())  # type: ignore[no-untyped-call]
    # Placed as arrays, never as Python scalars: in a multi-process run JAX checks a
    # placed value is equal on every process, and that check misreads scalars.
    return jax.tree_util.tree_map(
        lambda p, a: jax.device_put(p, shared if a is None else batch),
        params,
        param_axes,
        is_leaf=lambda x: x is None,
    )


def placement_objects(mesh: Mesh | None, sharding: Any, spec: Any) -> list[object]:
    """The device handles an env holds (its mesh, sharding, devices, and its spec's).

    A deep copy shares them rather than copying them: they name this process's devices.
    """
    handles: list[object] = [mesh, sharding]
    if mesh is not None:
        handles.extend(mesh.devices.flat)
    spec_kwargs = getattr(spec, "kwargs", None) or {}
    handles.append(spec_kwargs.get("mesh"))
    handles.extend(d for d in spec_kwargs.get("devices") or () if isinstance(d, jax.Device))
    return [handle for handle in handles if handle is not None]
