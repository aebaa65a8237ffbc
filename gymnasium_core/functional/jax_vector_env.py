"""``num_envs`` copies of a functional env on JAX, stepped in one jitted call (maybe sharded).

Also :class:`JaxVectorEnvShell`, the vector-env class behind a family's JAX ids (the
single-env one, :class:`~gymnasium_core.functional.jax_env.JaxEnvShell`, is beside its adapter).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias, TypeVar, cast

import jax
import jax.numpy as jnp
import numpy as np
from jax.typing import ArrayLike

from gymnasium_core import logger
from gymnasium_core.error import ResetNeeded
from gymnasium_core.functional import _threefry, persistent_cache
from gymnasium_core.functional.func_env import check_func_env, default_params, is_ours
from gymnasium_core.functional.jax_env import (
    _ShellHooks,
    random_key,
    split_adapter_kwargs,
    to_jax,
)
from gymnasium_core.functional.numpy_vector_env import (
    batch_axes,
    check_actions,
    is_batched,
    params_with_options,
    parse_autoreset_mode,
    take,
)
from gymnasium_core.utils import EzPickle
from gymnasium_core.vector.vector_env import AutoresetMode, VectorEnv

if TYPE_CHECKING:
    from jax.sharding import Mesh, NamedSharding, Sharding
    from jax.tree_util import PyTreeDef
    from numpy.typing import NDArray

__all__ = ["VECTOR_ADAPTER_KEYS", "FunctionalJaxVectorEnv", "JaxVectorEnvShell"]


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


_ParamsT = TypeVar("_ParamsT")


def canonical_dtype(value: ArrayLike) -> np.dtype[Any]:
    """The dtype JAX gives ``value`` (an array's own, a Python number's default)."""
    dtype = value.dtype if hasattr(value, "dtype") else np.result_type(value)
    return jax.dtypes.canonicalize_dtype(dtype)


def dispatch_leaf(leaf: ArrayLike, default: ArrayLike | None) -> jax.Array:
    """``leaf`` as the array the jitted step receives, typed as its ``default`` leaf traces.

    A leaf whose default is a Python number is a weakly typed scalar in the default params, so
    a scalar given for it (``0.5``, ``np.float32(0.5)``, a 0-d array) is dispatched weakly
    typed too; every other leaf gets the default's canonical dtype. A leaf of another kind than
    its default (a float where the default is an integer) keeps its own dtype: casting it would
    change its value.
    """
    own = canonical_dtype(leaf)
    if default is None:
        return jnp.asarray(leaf, dtype=own)
    target = canonical_dtype(default)
    if own.kind != target.kind:
        return jnp.asarray(leaf, dtype=own)
    python_number = type(default) in (int, float)
    if python_number and np.ndim(leaf) == 0:
        scalar = np.asarray(leaf)  # a real number: its kind is the default's, "f" or "i"
        as_python = float(scalar) if target.kind == "f" else int(scalar)
        return jnp.asarray(as_python)
    return jnp.asarray(leaf, dtype=target)


def dispatch_params(params: _ParamsT | None, defaults: _ParamsT | None) -> _ParamsT | None:
    """Every leaf of ``params`` through :func:`dispatch_leaf`, against the default params.

    The result has the structure of ``params``, with JAX arrays as leaves.
    """
    if params is None:
        return None
    leaves, treedef = jax.tree_util.tree_flatten(params)
    default_leaves = jax.tree_util.tree_leaves(defaults) if defaults is not None else []
    if len(default_leaves) != len(leaves):
        default_leaves = [None] * len(leaves)
    dispatched = [dispatch_leaf(p, d) for p, d in zip(leaves, default_leaves, strict=True)]
    return cast(_ParamsT, jax.tree_util.tree_unflatten(treedef, dispatched))


def fit_leaf(
    old: ArrayLike,
    new: ArrayLike,
    axis: int | None,
    base: tuple[int, ...],
    n: int,
    mask: NDArray[np.bool_] | None,
) -> ArrayLike:
    """The leaf a reset option sets: ``new`` for the sub-envs reset, in ``old``'s layout.

    ``old`` is per sub-env when ``axis`` is 0; ``base`` is the field's own shape. ``new`` is
    either of that shape (one value for every sub-env) or ``(n, *base)``. The result keeps
    ``old``'s layout (so nothing recompiles) unless the sub-envs come to differ on a shared
    field; a value of any other shape is passed on for :meth:`set_params` to reject.
    """
    if new is old:
        return old
    shape = np.shape(new)
    if shape != base and shape != (n, *base):
        return new
    if np.shape(old) == shape and np.array_equal(np.asarray(old), np.asarray(new)):
        return old
    if axis is None and mask is None:
        return new
    # Filled into an array: in a dtype that holds both, so an integer given for a float field
    # stays a float leaf (the compiled programs are kept).
    dtype = np.result_type(np.asarray(old).dtype, np.asarray(new).dtype)
    batch = (n, *base)
    if mask is None:
        return np.broadcast_to(np.asarray(new, dtype=dtype), batch)
    selected = mask.reshape((n,) + (1,) * len(base))
    old_batch, new_batch = np.broadcast_to(old, batch), np.broadcast_to(new, batch)
    return np.where(selected, new_batch, old_batch).astype(dtype)


def fit_params(
    params: Any,
    updated: Any,
    param_axes: Any,
    defaults: Any,
    n: int,
    mask: NDArray[np.bool_] | None,
) -> Any:
    """The params a reset option asks for, each leaf fitted by :func:`fit_leaf`.

    ``updated`` is ``params`` with the option's values put in; it is returned as given when it
    has another structure (then validated, and compiled, as new params) or there are no
    default params to read the fields' shapes from.
    """
    old_leaves, treedef = jax.tree_util.tree_flatten(params)
    new_leaves, new_def = jax.tree_util.tree_flatten(updated)
    if defaults is None or new_def != treedef:  # type: ignore[operator]
        return updated
    axes = jax.tree_util.tree_leaves(param_axes, is_leaf=lambda x: x is None)
    default_leaves = jax.tree_util.tree_leaves(defaults)
    fitted = [
        fit_leaf(old, new, axis, np.shape(default), n, mask)
        for old, new, axis, default in zip(
            old_leaves, new_leaves, axes, default_leaves, strict=True
        )
    ]
    return jax.tree_util.tree_unflatten(treedef, fitted)


class VectorCarry(NamedTuple):
    """What a batched functional env carries from step to step (a pytree)."""

    state: Any  # the batched state, leaves (num_envs, ...)
    steps: jax.Array  # (num_envs,) int32, steps in the current episode
    prev_done: jax.Array  # (num_envs,) bool, whether the previous step ended the episode
    rng: jax.Array  # the carried key


def _with_params(params: Any) -> tuple[Any, ...]:
    return () if params is None else (params,)


def select(mask: jax.Array, on_true: Any, on_false: Any) -> Any:
    """Per sub-env choice between two batched trees: ``on_true`` where ``mask``."""

    def pick(a: jax.Array, b: jax.Array) -> jax.Array:
        m = jnp.reshape(mask, mask.shape + (1,) * (jnp.ndim(a) - 1))
        return jnp.where(m, a, b)

    return jax.tree_util.tree_map(pick, on_true, on_false)


class BatchedFunctions:
    """The functional env's functions, vmapped over sub-envs with the given params axes.

    Args:
        func_env: A functional env computing with ``jax.numpy``.
        param_axes: The vmap axes of the params (``0`` per sub-env, ``None`` shared).
    """

    def __init__(self, func_env: Any, param_axes: Any) -> None:
        f = func_env

        def initial(rng: Any, params: Any) -> Any:
            return f.initial(rng, *_with_params(params))

        def transition(state: Any, action: Any, rng: Any, params: Any) -> Any:
            return f.transition(state, action, rng, *_with_params(params))

        def observation(state: Any, rng: Any, params: Any) -> Any:
            return f.observation(state, rng, *_with_params(params))

        def reward(state: Any, action: Any, next_state: Any, rng: Any, params: Any) -> Any:
            return f.reward(state, action, next_state, rng, *_with_params(params))

        def terminal(state: Any, rng: Any, params: Any) -> Any:
            return f.terminal(state, rng, *_with_params(params))

        def state_info(state: Any, params: Any) -> Any:
            return f.state_info(state, *_with_params(params))

        def transition_info(state: Any, action: Any, next_state: Any, params: Any) -> Any:
            return f.transition_info(state, action, next_state, *_with_params(params))

        p = param_axes
        self.param_axes = param_axes
        self.initial = jax.vmap(initial, in_axes=(0, p))
        self.transition = jax.vmap(transition, in_axes=(0, 0, 0, p))
        self.observation = jax.vmap(observation, in_axes=(0, 0, p))
        self.reward = jax.vmap(reward, in_axes=(0, 0, 0, 0, p))
        self.terminal = jax.vmap(terminal, in_axes=(0, 0, p))
        self.state_info = jax.vmap(state_info, in_axes=(0, p))
        self.transition_info = jax.vmap(transition_info, in_axes=(0, 0, 0, p))


def vector_reset(
    fns: BatchedFunctions, num_envs: int, rng: jax.Array, params: Any
) -> tuple[VectorCarry, Any, dict[str, Any]]:
    """First states of every sub-env.

    Returns:
        ``(carry, observations, info)``.
    """
    use, keep = _threefry.split(rng)
    keys = _threefry.split(use, num_envs)
    state = fns.initial(keys, params)
    obs = fns.observation(state, keys, params)
    info = fns.state_info(state, params)
    carry = VectorCarry(
        state=state,
        steps=jnp.zeros(num_envs, jnp.int32),
        prev_done=jnp.zeros(num_envs, jnp.bool_),
        rng=keep,
    )
    return carry, obs, info


def vector_reset_masked(
    fns: BatchedFunctions, num_envs: int, carry: VectorCarry, mask: jax.Array, params: Any
) -> tuple[VectorCarry, Any, dict[str, Any]]:
    """Fresh first states for the sub-envs ``mask`` selects; the others keep theirs.

    Returns:
        ``(carry, observations, info)`` of the whole batch.
    """
    use, keep = _threefry.split(carry.rng)
    keys = _threefry.split(use, num_envs)
    state = select(mask, fns.initial(keys, params), carry.state)
    obs = fns.observation(state, keys, params)
    info = fns.state_info(state, params)
    new = VectorCarry(
        state=state,
        steps=jnp.where(mask, 0, carry.steps),
        prev_done=jnp.where(mask, False, carry.prev_done),
        rng=keep,
    )
    return new, obs, info


class _Advanced(NamedTuple):
    """A batch stepped through ``transition`` (and next-step autoreset), before same-step reset."""

    state: Any  # batched state after the step
    steps: jax.Array  # (num_envs,) int32
    reward: jax.Array  # (num_envs,)
    terminated: jax.Array  # (num_envs,) bool
    truncated: jax.Array  # (num_envs,) bool
    info: dict[str, Any]
    rng: jax.Array  # the next carried key
    step_key: jax.Array  # split into the sub-envs' step keys
    reset_key: jax.Array  # split into the sub-envs' reset keys


def _advance(
    fns: BatchedFunctions,
    num_envs: int,
    max_episode_steps: int,
    mode: AutoresetMode,
    carry: VectorCarry,
    actions: Any,
    params: Any,
) -> _Advanced:
    """Transition, reward, flags and time limit; in ``NEXT_STEP`` mode, the due resets too."""
    rng, step_key, reset_key = _threefry.split(carry.rng, 3)
    keys = _threefry.split(step_key, num_envs)
    state = carry.state
    next_state = fns.transition(state, actions, keys, params)
    reward = fns.reward(state, actions, next_state, keys, params)
    terminated = jnp.asarray(fns.terminal(next_state, keys, params), jnp.bool_)
    info = fns.transition_info(state, actions, next_state, params)
    steps = carry.steps + 1
    if max_episode_steps > 0:
        truncated = steps >= max_episode_steps
    else:
        truncated = jnp.zeros(num_envs, jnp.bool_)
    if mode is AutoresetMode.NEXT_STEP:
        due = carry.prev_done
        next_state = _reset_where(fns, num_envs, due, reset_key, next_state, params)
        steps = jnp.where(due, 0, steps)
        reward = jnp.where(due, jnp.zeros_like(reward), reward)
        terminated = terminated & ~due
        truncated = truncated & ~due
    return _Advanced(
        next_state, steps, reward, terminated, truncated, info, rng, step_key, reset_key
    )


def vector_step(
    fns: BatchedFunctions,
    num_envs: int,
    max_episode_steps: int,
    mode: AutoresetMode,
    carry: VectorCarry,
    actions: Any,
    params: Any,
) -> tuple[VectorCarry, Any, jax.Array, jax.Array, jax.Array, dict[str, Any]]:
    """One step of every sub-env, with autoreset as ``mode`` says.

    Returns:
        ``(carry, observations, rewards, terminations, truncations, info)``.
    """
    adv = _advance(fns, num_envs, max_episode_steps, mode, carry, actions, params)
    keys = _threefry.split(adv.step_key, num_envs)
    next_state, steps, info = adv.state, adv.steps, adv.info
    terminated, truncated = adv.terminated, adv.truncated
    if mode is AutoresetMode.SAME_STEP:
        done = terminated | truncated
        final_obs = fns.observation(next_state, keys, params)
        next_state, obs = _reset_where(
            fns, num_envs, done, adv.reset_key, next_state, params, keys=keys, obs=final_obs
        )
        steps = jnp.where(done, 0, steps)
        info = {
            **info,
            "final_obs": final_obs,
            "_final_obs": done,
            "final_info": dict(info),
            "_final_info": done,
        }
    else:
        obs = fns.observation(next_state, keys, params)
    new = VectorCarry(next_state, steps, terminated | truncated, adv.rng)
    return new, obs, adv.reward, terminated, truncated, info


class StateStep(NamedTuple):
    """One step of a batch that leaves observations to the caller (see :func:`state_step`)."""

    carry: VectorCarry
    obs_key: jax.Array  # split into num_envs keys, the observations of carry.state use them
    reward: jax.Array  # (num_envs,)
    terminated: jax.Array  # (num_envs,) bool
    truncated: jax.Array  # (num_envs,) bool
    next_obs: Any  # (num_envs, *obs_shape), observations before any same-step reset


def state_step(
    fns: BatchedFunctions,
    num_envs: int,
    max_episode_steps: int,
    mode: AutoresetMode,
    carry: VectorCarry,
    actions: Any,
    params: Any,
) -> StateStep:
    """:func:`vector_step` for a scan that observes the carried state at the start of a step.

    Same states, rewards, flags and keys as :func:`vector_step`; the observation a step
    returns there equals ``fns.observation(new carry.state, split(obs_key, num_envs))`` here,
    computed by the caller when (and if) it needs it. A reset in same-step mode then never
    observes twice, and ``next_obs`` (the observation before that reset) costs nothing when
    the caller drops it inside its ``jit``.
    """
    adv = _advance(fns, num_envs, max_episode_steps, mode, carry, actions, params)
    keys = _threefry.split(adv.step_key, num_envs)
    next_state, steps = adv.state, adv.steps
    done = adv.terminated | adv.truncated
    next_obs = fns.observation(next_state, keys, params)
    if mode is AutoresetMode.SAME_STEP:
        next_state = _reset_where(fns, num_envs, done, adv.reset_key, next_state, params)
        steps = jnp.where(done, 0, steps)
    new = VectorCarry(next_state, steps, done, adv.rng)
    return StateStep(new, adv.step_key, adv.reward, adv.terminated, adv.truncated, next_obs)


#: A step that resets at most ``num_envs // COMPACT_RESET_DIVISOR`` sub-envs draws first states
#: for those sub-envs only (gathered, drawn, scattered back); one that resets more draws for the
#: whole batch and selects. Both give the same numbers: sub-env ``i`` uses key ``i`` of the
#: reset split either way.
COMPACT_RESET_DIVISOR = 8

#: Below this many sub-envs every reset draws for the whole batch (the gather costs more).
COMPACT_RESET_MIN_ENVS = 64


def compact_reset_capacity(num_envs: int) -> int:
    """How many sub-envs a step may reset on the compact path (``0``: never compact)."""
    if num_envs < COMPACT_RESET_MIN_ENVS:
        return 0
    return num_envs // COMPACT_RESET_DIVISOR


def _scatter(tree: Any, index: jax.Array, updates: Any) -> Any:
    """``tree`` with rows ``index`` replaced by ``updates``' rows (out-of-range rows dropped)."""
    return jax.tree_util.tree_map(
        lambda old, new: old.at[index].set(new, mode="drop"), tree, updates
    )


def _first_true(mask: jax.Array, size: int) -> jax.Array:
    """The indices where ``mask`` (1-d) is true, in order, padded to ``size`` with ``len(mask)``.

    ``jnp.nonzero(mask, size=size, fill_value=len(mask))``, with the positions counted by a
    log-depth associative scan, which XLA on CPU runs faster than the cumulative sum
    ``nonzero`` uses. Entries past ``size`` are left out.
    """
    n = mask.shape[0]
    position = jax.lax.associative_scan(jnp.add, mask.astype(jnp.int32)) - 1
    target = jnp.where(mask, position, size)
    order = jnp.arange(n, dtype=jnp.int32)
    return jnp.full(size, n, jnp.int32).at[target].set(order, mode="drop")


def _reset_where(
    fns: BatchedFunctions,
    num_envs: int,
    mask: jax.Array,
    reset_key: jax.Array,
    state: Any,
    params: Any,
    *,
    keys: jax.Array | None = None,
    obs: Any = None,
) -> Any:
    """``state`` with fresh first states where ``mask`` (and their observations if ``obs``).

    Sub-env ``i`` is reset from key ``i`` of ``split(reset_key, num_envs)``. A ``lax.switch``
    on the number of due sub-envs (computed on device, no host sync) picks the cheapest way
    with fixed shapes: nothing when none is due; when few are (at most
    :func:`compact_reset_capacity`), first states drawn for those sub-envs only, gathered by
    index and scattered back; otherwise first states drawn for the whole batch and selected
    per sub-env. The three give the same values (under ``vmap`` the ``switch`` becomes a
    select and all of them run).

    Returns:
        The new state, or ``(state, observations)`` when ``obs`` (the observations of
        ``state``) is given.
    """

    def reset_all(operand: Any) -> Any:
        old, old_obs = operand
        fresh = fns.initial(_threefry.split(reset_key, num_envs), params)
        new = select(mask, fresh, old)
        return new, (None if old_obs is None else fns.observation(new, keys, params))

    def reset_some(operand: Any) -> Any:
        old, old_obs = operand
        # Due sub-envs first, padded with the out-of-range index num_envs: its draws are
        # computed from clamped gathers and dropped by the scatter.
        index = _first_true(mask, capacity)
        inside = jnp.minimum(index, num_envs - 1)
        picked = take(params, fns.param_axes, inside)
        fresh = fns.initial(_threefry.split_at(reset_key, num_envs, index), picked)
        new = _scatter(old, index, fresh)
        if old_obs is None:
            return new, None
        obs_keys = None if keys is None else jnp.take(keys, inside, axis=0)
        fresh_obs = fns.observation(fresh, obs_keys, picked)
        return new, _scatter(old_obs, index, fresh_obs)

    def keep(operand: Any) -> Any:
        return operand

    capacity = compact_reset_capacity(num_envs)
    if capacity == 0:
        branches: tuple[Callable[[Any], Any], ...] = (keep, reset_all)
        which = jnp.any(mask).astype(jnp.int32)
    else:
        branches = (keep, reset_some, reset_all)
        count = jnp.sum(mask, dtype=jnp.int32)
        which = (count > 0).astype(jnp.int32) + (count > capacity).astype(jnp.int32)
    new_state, new_obs = jax.lax.switch(which, branches, (state, obs))
    return new_state if obs is None else (new_state, new_obs)


def constrain(tree: Any, num_envs: int, sharding: Any) -> Any:
    """Pin every leaf with a leading ``num_envs`` axis to ``sharding`` (no-op if ``None``)."""
    if sharding is None:
        return tree

    def pin(x: Any) -> Any:
        if jnp.ndim(x) >= 1 and jnp.shape(x)[0] == num_envs:
            return jax.lax.with_sharding_constraint(x, sharding)  # type: ignore[no-untyped-call]
        return x

    return jax.tree_util.tree_map(pin, tree)


#: What the compiled programs are built for: ``(num_envs, max_episode_steps, autoreset_mode,
#: param axes leaves, param axes structure, batch sharding)``; hashable, the compile cache key.
VectorOptions: TypeAlias = (
    "tuple[int, int, AutoresetMode, tuple[int | None, ...], PyTreeDef, Sharding | None]"
)

# The compiled programs. Any: observations, infos and params are pytrees of the func env's
# own structure, which the vector env does not know statically.
_ResetFn: TypeAlias = Callable[[jax.Array, Any], tuple[VectorCarry, Any, dict[str, Any]]]
_ResetMaskedFn: TypeAlias = Callable[
    [VectorCarry, jax.Array, Any], tuple[VectorCarry, Any, dict[str, Any]]
]
_StepFn: TypeAlias = Callable[
    [VectorCarry, jax.Array, Any],
    tuple[VectorCarry, Any, jax.Array, jax.Array, jax.Array, dict[str, Any]],
]


def vector_programs(f: Any, options: VectorOptions) -> tuple[_ResetFn, _ResetMaskedFn, _StepFn]:
    """The jitted reset, masked reset and step of a batch of ``f`` under ``options``.

    ``options`` is ``(num_envs, max_episode_steps, autoreset_mode, axes_leaves, axes_treedef,
    batch_sharding)``, as built by :meth:`FunctionalJaxVectorEnv._build`.
    """
    n, limit, mode, axes_leaves, axes_def, sharding = options
    fns = BatchedFunctions(f, jax.tree_util.tree_unflatten(axes_def, axes_leaves))

    def reset_fn(rng: jax.Array, params: Any) -> Any:
        return constrain(vector_reset(fns, n, rng, params), n, sharding)

    def reset_masked_fn(carry: VectorCarry, mask: jax.Array, params: Any) -> Any:
        out = vector_reset_masked(fns, n, carry, mask, params)
        return constrain(out, n, sharding)

    def step_fn(carry: VectorCarry, actions: jax.Array, params: Any) -> Any:
        out = vector_step(fns, n, limit, mode, carry, actions, params)
        return constrain(out, n, sharding)

    return jax.jit(reset_fn), jax.jit(reset_masked_fn), jax.jit(step_fn)


class FunctionalJaxVectorEnv(VectorEnv[Any, Any, Any]):
    """A batch of a functional env on JAX: ``reset`` and ``step`` are single jitted calls.

    Finished sub-envs are reset inside the jitted step with fixed-shape masks, so the step
    compiles once per ``num_envs`` and params structure. Autoreset follows ``autoreset_mode``:

    * ``NEXT_STEP`` (the default, as Gymnasium's): the step after an episode ends resets that
      sub-env and returns reward 0 and ``terminated = truncated = False`` for it;
    * ``SAME_STEP``: finished sub-envs are reset in the same step; ``info["final_obs"]`` holds
      the observations before the reset for the whole batch (dense, valid where
      ``info["_final_obs"]``), and ``info["final_info"]`` the step's info;
    * ``DISABLED``: nothing resets by itself; ``reset(options={"reset_mask": mask})`` resets the
      selected sub-envs.

    Params may be shared or per sub-env (leaves with a leading ``(num_envs,)`` axis), e.g. for
    domain randomisation. With ``devices`` or ``mesh`` the batch is split over devices. XLA
    compiles the partitioned program on its own, so results agree with the unsharded run to
    float rounding (a few float32 ulps per step on CPU), not bit for bit.

    Attributes:
        func_env: The functional env (moved to ``jax.numpy`` if it is one of ours).
        params: The params.
        carry: The batched state, step counts, done flags and key
            (:class:`~gymnasium_core.functional.jax_vector_env.VectorCarry`).
        rng: The key reset draws from.
    """

    def __init__(
        self,
        func_env: Any,
        num_envs: int,
        max_episode_steps: int = 0,
        metadata: dict[str, Any] | None = None,
        render_mode: str | None = None,
        spec: Any = None,
        *,
        params: Any = None,
        autoreset_mode: AutoresetMode | str | None = None,
        devices: Devices | None = None,
        mesh: Mesh | None = None,
        mesh_axis: str = "envs",
        render_all: bool = False,
    ) -> None:
        """Batch ``func_env``.

        Args:
            func_env: A functional env (ours is moved to ``jax.numpy``).
            num_envs: The number of sub-envs.
            max_episode_steps: Truncate episodes after this many steps (0: never).
            metadata: The env's metadata; ``autoreset_mode`` is set in it.
            render_mode: ``None`` or ``"rgb_array"``; another mode is warned about (and
                ``render`` raises in it), as Gymnasium builds its JAX vector env with any mode.
            spec: The :class:`~gymnasium_core.registration.EnvSpec` that made it, if any.
            params: Shared params, or params whose leaves have a leading ``(num_envs,)`` axis.
            autoreset_mode: The autoreset mode; ``metadata["autoreset_mode"]`` or
                ``NEXT_STEP`` if ``None``.
            devices: JAX devices to split the batch over (a sequence, or one device;
                ``num_envs`` must divide evenly).
            mesh: A :class:`jax.sharding.Mesh` to split the batch over (instead of
                ``devices``), along ``mesh_axis`` or its first axis.
            mesh_axis: The mesh axis name of the batch.
            render_all: ``render`` returns a frame per sub-env instead of sub-env 0's frame.

        Raises:
            TypeError: If ``func_env`` lacks a required function, ``num_envs`` is not an integer
                (``True`` is not a count), or ``devices`` / ``mesh`` are not JAX devices / a
                mesh.
            ValueError: For a ``num_envs`` below 1, a wrong params batch size, an unknown mode,
                no devices, a device named twice, or a batch that does not split evenly.
        """
        super().__init__()
        check_func_env(func_env)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int | np.integer):
            raise TypeError(f"num_envs must be an integer, got {num_envs!r}.")
        if num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, got {num_envs!r}.")
        from gymnasium_core.vector.utils import batch_space

        func_env = to_jax(func_env)
        self.func_env = func_env
        self.num_envs = int(num_envs)
        self.time_limit = int(max_episode_steps or 0)
        metadata = dict(metadata) if metadata is not None else {}
        if autoreset_mode is None:
            autoreset_mode = metadata.get("autoreset_mode", AutoresetMode.NEXT_STEP)
        self.autoreset_mode = parse_autoreset_mode(autoreset_mode)
        metadata["autoreset_mode"] = self.autoreset_mode
        metadata.setdefault("jax", True)
        self.metadata = metadata
        if render_mode not in (None, "rgb_array"):
            # Built anyway, as Gymnasium's JAX vector env is; `render` then raises.
            logger.warn(
                f"The JAX vector environment renders only 'rgb_array' frames; with "
                f"render_mode={render_mode!r} `render()` raises NotImplementedError."
            )
        self.render_mode = render_mode
        self.render_all = render_all
        self.spec = spec

        self.single_observation_space = func_env.observation_space
        self.single_action_space = func_env.action_space
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

        self.mesh, self.mesh_axis = make_mesh(devices, mesh, mesh_axis)
        if self.mesh is not None and self.num_envs % self.mesh.shape[self.mesh_axis]:
            raise ValueError(
                f"num_envs={self.num_envs} cannot be split evenly over "
                f"{self.mesh.shape[self.mesh_axis]} devices."
            )
        # A batch of actions that already is a JAX array of this shape and dtype skips the
        # checks in `step` (what a training loop feeds back step after step).
        space_dtype = getattr(self.single_action_space, "dtype", None)
        space_shape = getattr(self.single_action_space, "shape", None)
        self._action_shape: tuple[int, ...] | None = None
        self._action_dtype: np.dtype[Any] | None = None
        if space_shape is not None and space_dtype is not None:
            self._action_shape = (self.num_envs, *space_shape)
            self._action_dtype = jax.dtypes.canonicalize_dtype(np.dtype(space_dtype))
        self._defaults = default_params(func_env)
        self._set_params(self._defaults if params is None else params)

        self._render_args = () if self.params is None or not is_ours(func_env) else (self.params,)
        rendering = render_mode == "rgb_array"
        self.render_state = func_env.render_init(*self._render_args) if rendering else None
        self.rng = random_key()
        self.carry: VectorCarry | None = None
        self._build()

    # -- construction -------------------------------------------------------------------------

    def _set_params(self, params: Any) -> None:
        """Validate ``params`` against ``num_envs`` (before any compile) and place them."""
        self._param_axes = batch_axes(params, self._defaults, self.num_envs)
        # Dispatched as device arrays: Python-number leaves would be copied to the device on
        # every call. Each leaf takes the type the default leaf traces with (see
        # `dispatch_leaf`), so the jitted step sees the same input types for 0.5,
        # np.float32(0.5) or np.float64(0.5) and `set_params` never recompiles for that.
        dispatched = dispatch_params(params, self._defaults)
        if self.mesh is not None and params is not None:
            dispatched = place_params(dispatched, self.mesh, self.mesh_axis, self._param_axes)
            params = dispatched
        self.params = params
        self._device_params = dispatched

    def _build(self) -> None:
        """Fetch (or create) the jitted reset, masked reset and step for this configuration."""
        self._batch_sharding = None
        if self.mesh is not None:
            self._batch_sharding = batch_sharding(self.mesh, self.mesh_axis)
        axes_leaves, axes_def = jax.tree_util.tree_flatten(
            self._param_axes, is_leaf=lambda x: x is None
        )
        options = (
            self.num_envs,
            self.time_limit,
            self.autoreset_mode,
            tuple(axes_leaves),
            axes_def,
            self._batch_sharding,
        )
        self._reset_fn, self._reset_masked_fn, self._step_fn = persistent_cache.cached(
            "vector", self.func_env, options, functools.partial(vector_programs, options=options)
        )

    def __getstate__(self) -> dict[str, Any]:
        # Compiled functions, meshes and device handles do not pickle: the env is rebuilt
        # unsharded on load, and its spec says so (no `devices` / `mesh` kwargs).
        state = dict(self.__dict__)
        for name in ("_reset_fn", "_reset_masked_fn", "_step_fn", "_batch_sharding"):
            state.pop(name, None)
        state["mesh"] = None
        state["render_state"] = None
        state["spec"] = without_placement(state.get("spec"))
        if "_ezpickle_kwargs" in state:  # subclasses that are also EzPickles record them too
            state["_ezpickle_kwargs"] = {
                k: v for k, v in state["_ezpickle_kwargs"].items() if k not in ("devices", "mesh")
            }
        return state

    def __deepcopy__(self, memo: dict[int, object]) -> FunctionalJaxVectorEnv:
        """A copy on the same devices: the mesh, devices and compiled programs are shared."""
        import copy

        clone = type(self).__new__(type(self))
        memo[id(self)] = clone
        for obj in placement_objects(self.mesh, self._batch_sharding, self.spec):
            memo.setdefault(id(obj), obj)
        compiled = ("_reset_fn", "_reset_masked_fn", "_step_fn")
        for name, value in self.__dict__.items():
            if name in compiled:
                clone.__dict__[name] = value
            elif name == "render_state":
                clone.__dict__[name] = None
            else:
                clone.__dict__[name] = copy.deepcopy(value, memo)
        if clone.render_mode == "rgb_array":
            clone.render_state = clone.func_env.render_init(*clone._render_args)
        return clone

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._build()
        if self.render_mode == "rgb_array":
            self.render_state = self.func_env.render_init(*self._render_args)

    # -- API ----------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The batched state of the sub-envs (leaves ``(num_envs, ...)``)."""
        return None if self.carry is None else self.carry.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset every sub-env, or those ``options["reset_mask"]`` selects, maybe with new params.

        Every other key of ``options`` sets params of the sub-envs this call resets, as
        :meth:`FunctionalJaxEnv.reset <gymnasium_core.functional.FunctionalJaxEnv.reset>` does
        for one env: a key naming a params field replaces that field, ``{"params": p}``
        replaces the params as a whole. A value of the field's own shape is broadcast to those
        sub-envs; a value with a leading ``(num_envs,)`` axis gives each sub-env its own (with
        a mask, only the selected entries are used). Sub-envs a mask leaves out keep their
        values. The values are used from this reset on, also by later autoresets.

        A field that is already per sub-env stays per sub-env, and a shared field stays shared
        while all sub-envs agree on it, so the compiled programs are reused. A shared field
        that comes to differ between sub-envs (per-env values, or a new value under a mask)
        changes the params layout: that compiles once per layout (and the programs are kept).
        Keys that are not params fields, and ``options`` that is not a dict, are ignored with
        a warning, as by the single env.

        Args:
            seed: Sets :attr:`rng` to ``PRNGKey(seed)``.
            options: ``{"reset_mask": (num_envs,) bool array}`` resets only those sub-envs;
                other keys set params fields, ``"params"`` the whole params.

        Returns:
            ``(observations, info)``, batched JAX arrays.

        Raises:
            ValueError: For a malformed mask, or a params value whose shape is neither the
                field's nor ``(num_envs, *field_shape)``.
            ResetNeeded: For a masked reset before the first reset.

        Example:
            >>> import gymnasium_core as gym
            >>> mode = "vector_entry_point"
            >>> envs = gym.make_vec("phys2d/CartPole-v1", 4, vectorization_mode=mode)
            >>> _ = envs.reset(seed=0, options={"gravity": [9.0, 9.5, 10.0, 10.5]})
            >>> envs.params.gravity.tolist()
            [9.0, 9.5, 10.0, 10.5]
        """
        super().reset(seed=seed)
        if seed is not None:
            self.rng = jax.random.PRNGKey(seed)
        mask = options.get("reset_mask") if isinstance(options, dict) else None
        if mask is not None:
            if np.shape(mask) != (self.num_envs,) or np.asarray(mask).dtype != np.bool_:
                raise ValueError(
                    f"options['reset_mask'] must be a bool array of shape ({self.num_envs},)."
                )
            if self.carry is None:
                raise ResetNeeded("Reset every sub-env once before resetting with a mask.")
        if options is not None:
            self._params_from_options(options, None if mask is None else np.asarray(mask))
        if mask is not None:
            assert self.carry is not None
            carry = self.carry._replace(rng=self.rng)
            carry, obs, info = self._reset_masked_fn(carry, jnp.asarray(mask), self._device_params)
        else:
            carry, obs, info = self._reset_fn(self.rng, self._device_params)
        self.rng = carry.rng
        self.carry = carry
        return obs, info

    def _params_from_options(self, options: Any, mask: np.ndarray | None) -> None:
        """Set the params ``reset(options=...)`` asks for (see :meth:`reset`)."""
        if isinstance(options, dict):
            # A list of per-env values is one leaf, not a subtree.
            options = {
                k: np.asarray(v) if type(v) in (list, tuple) else v for k, v in options.items()
            }
        updated = params_with_options(
            self.params, options, owner=type(self).__name__, ignore=frozenset({"reset_mask"})
        )
        if updated is self.params:
            return
        self.set_params(
            fit_params(self.params, updated, self._param_axes, self._defaults, self.num_envs, mask)
        )

    def step(self, action: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step every sub-env, resetting finished ones as :attr:`autoreset_mode` says.

        Args:
            action: The batch of actions, ``(num_envs, *action_shape)``, of a dtype that fits the
                action space (named ``action`` as in Gymnasium's JAX vector env).

        Returns:
            ``(observations, rewards, terminations, truncations, info)`` as JAX arrays.

        Raises:
            ValueError: If the actions have the wrong shape.
            TypeError: If their dtype does not fit the action space.
        """
        if self.carry is None:
            raise ResetNeeded("Call `reset` before `step`.")
        actions = action
        if not (
            isinstance(actions, jax.Array)
            and actions.shape == self._action_shape
            and actions.dtype == self._action_dtype
        ):
            actions = check_actions(actions, self.single_action_space, self.num_envs, jnp)
        if self._batch_sharding is not None:
            actions = jax.device_put(actions, self._batch_sharding)
        carry, obs, reward, terminated, truncated, info = self._step_fn(
            self.carry, actions, self._device_params
        )
        self.carry = carry
        self.rng = carry.rng
        return obs, reward, terminated, truncated, info

    def set_params(self, params: Any) -> None:
        """Replace the params (e.g. new domain-randomisation values).

        Params of the same structure and leaf shapes reuse the compiled step, whatever the
        scalar types of their leaves (a Python float, ``np.float32`` or ``np.float64`` leaf is
        dispatched as ``float32`` alike); a new structure, a leaf shape that changes, or a leaf
        whose kind changes (an integer where a float was) recompiles.

        Raises:
            ValueError: If the params' batch size is not ``num_envs``.
        """
        old_axes = self._param_axes
        self._set_params(params)
        if old_axes != self._param_axes:
            self._build()

    def render(self) -> Any:
        """Sub-env 0's frame, or a tuple of every sub-env's frame with ``render_all``.

        Returns:
            The frame(s) in ``"rgb_array"`` mode; ``None`` without a render mode.

        Raises:
            NotImplementedError: For any other render mode (as Gymnasium's JAX vector env).
            ResetNeeded: Before the first ``reset``.
        """
        if self.render_mode is None:
            return None
        if self.render_mode != "rgb_array":
            raise NotImplementedError(
                f"The JAX vector environment cannot render in {self.render_mode!r} mode; make "
                "it with render_mode='rgb_array'."
            )
        if self.carry is None:
            raise ResetNeeded("Call `reset` before `render`.")
        indices = range(self.num_envs) if self.render_all else range(1)
        frames = []
        for i in indices:
            single = jax.tree_util.tree_map(lambda x, i=i: x[i], self.carry.state)
            params = self.params
            if params is not None and is_batched(self._param_axes):
                params = take(params, self._param_axes, i)
            args = () if params is None or not is_ours(self.func_env) else (params,)
            self.render_state, frame = self.func_env.render_image(single, self.render_state, *args)
            frames.append(frame)
        return tuple(frames) if self.render_all else frames[0]

    def close_extras(self, **kwargs: Any) -> None:
        """Release the render state."""
        if self.render_state is not None:
            self.func_env.render_close(self.render_state, *self._render_args)
            self.render_state = None


#: The keyword arguments of :class:`FunctionalJaxVectorEnv` a vector-env shell passes on.
VECTOR_ADAPTER_KEYS: frozenset[str] = frozenset(
    {"params", "autoreset_mode", "devices", "mesh", "mesh_axis", "render_all"}
)


class JaxVectorEnvShell(_ShellHooks, FunctionalJaxVectorEnv, EzPickle):
    """A batch of one task on JAX in one jitted call: set :attr:`func_env_cls` and metadata.

    Keyword arguments go to the functional env's constructor, except the adapter's options
    (:data:`VECTOR_ADAPTER_KEYS`: ``params``, ``autoreset_mode``, ``devices``, ``mesh``,
    ``mesh_axis``, ``render_all``). A family whose registration has a step limit of its own
    overrides ``__init__`` only to give ``max_episode_steps`` that default.
    """

    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "jax": True}

    def __init__(
        self,
        num_envs: int,
        render_mode: str | None = None,
        max_episode_steps: int | None = 0,
        **kwargs: Any,
    ) -> None:
        """Build the task from ``kwargs`` and batch it ``num_envs`` times.

        Args:
            num_envs: The number of sub-environments.
            render_mode: ``None`` or ``"rgb_array"``.
            max_episode_steps: Truncate episodes after this many steps (0 or ``None``: never).
            **kwargs: The functional env's constructor arguments, plus the adapter's options.
        """
        task_kwargs, adapter = split_adapter_kwargs(kwargs, VECTOR_ADAPTER_KEYS)
        func_env = self.make_func_env(**task_kwargs)
        super().__init__(
            func_env,
            num_envs,
            max_episode_steps=max_episode_steps or 0,
            metadata=self.shell_metadata(func_env),
            render_mode=render_mode,
            **adapter,
        )
        EzPickle.__init__(
            self,
            num_envs=num_envs,
            render_mode=render_mode,
            max_episode_steps=max_episode_steps,
            **kwargs,
        )

    def step(self, action: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step every sub-env, after :meth:`check_action` has seen the batch of actions.

        Args:
            action: The batch of actions, ``(num_envs, *action_shape)``.

        Returns:
            ``(observations, rewards, terminations, truncations, info)`` as JAX arrays.
        """
        self.check_action(action)
        return super().step(action)
