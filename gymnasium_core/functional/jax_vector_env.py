"""``num_envs`` copies of a functional env on JAX, stepped in one jitted call (maybe sharded)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar, cast

import jax
import jax.numpy as jnp
import numpy as np
from jax.typing import ArrayLike

from gymnasium_core import logger
from gymnasium_core.error import ResetNeeded
from gymnasium_core.functional import _compile_cache, _jax_core, _params
from gymnasium_core.functional._checks import check_func_env, default_params, is_ours
from gymnasium_core.functional._validation import check_actions, parse_autoreset_mode
from gymnasium_core.functional.jax_env import random_key, to_jax
from gymnasium_core.vector.vector_env import AutoresetMode, VectorEnv

if TYPE_CHECKING:
    from jax.sharding import Mesh, Sharding
    from jax.tree_util import PyTreeDef
    from numpy.typing import NDArray

__all__ = ["FunctionalJaxVectorEnv"]

#: One JAX device, or several (a list of them, ``jax.devices()``).
Devices: TypeAlias = "jax.Device | Iterable[jax.Device]"

#: What the compiled programs are built for: ``(num_envs, max_episode_steps, autoreset_mode,
#: param axes leaves, param axes structure, batch sharding)``; hashable, the compile cache key.
_VectorOptions: TypeAlias = (
    "tuple[int, int, AutoresetMode, tuple[int | None, ...], PyTreeDef, Sharding | None]"
)

# The compiled programs. Any: observations, infos and params are pytrees of the func env's
# own structure, which the vector env does not know statically.
_ResetFn: TypeAlias = Callable[[jax.Array, Any], tuple[_jax_core.VectorCarry, Any, dict[str, Any]]]
_ResetMaskedFn: TypeAlias = Callable[
    [_jax_core.VectorCarry, jax.Array, Any], tuple[_jax_core.VectorCarry, Any, dict[str, Any]]
]
_StepFn: TypeAlias = Callable[
    [_jax_core.VectorCarry, jax.Array, Any],
    tuple[_jax_core.VectorCarry, Any, jax.Array, jax.Array, jax.Array, dict[str, Any]],
]

_ParamsT = TypeVar("_ParamsT")
_SpecT = TypeVar("_SpecT")


def _make_mesh(devices: Devices | None, mesh: Mesh | None, axis: str) -> tuple[Mesh | None, str]:
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

    return Mesh(np.asarray(_device_list(devices), dtype=object), (axis,)), axis


def _device_list(devices: Devices) -> list[jax.Device]:
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


def _without_placement(spec: _SpecT) -> _SpecT:
    """``spec`` without the ``devices`` / ``mesh`` kwargs (device handles do not pickle)."""
    kwargs = getattr(spec, "kwargs", None)
    if not isinstance(kwargs, dict) or not {"devices", "mesh"} & kwargs.keys():
        return spec
    import dataclasses

    kept = {k: v for k, v in kwargs.items() if k not in ("devices", "mesh")}
    # A spec with kwargs is an EnvSpec, a dataclass (the type checker cannot see that here).
    return dataclasses.replace(spec, kwargs=kept)  # type: ignore[type-var]


def _canonical_dtype(value: ArrayLike) -> np.dtype[Any]:
    """The dtype JAX gives ``value`` (an array's own, a Python number's default)."""
    dtype = value.dtype if hasattr(value, "dtype") else np.result_type(value)
    return jax.dtypes.canonicalize_dtype(dtype)


def _dispatch_leaf(leaf: ArrayLike, default: ArrayLike | None) -> jax.Array:
    """``leaf`` as the array the jitted step receives, typed as its ``default`` leaf traces.

    A leaf whose default is a Python number is a weakly typed scalar in the default params, so
    a scalar given for it (``0.5``, ``np.float32(0.5)``, a 0-d array) is dispatched weakly
    typed too; every other leaf gets the default's canonical dtype. A leaf of another kind than
    its default (a float where the default is an integer) keeps its own dtype: casting it would
    change its value.
    """
    own = _canonical_dtype(leaf)
    if default is None:
        return jnp.asarray(leaf, dtype=own)
    target = _canonical_dtype(default)
    if own.kind != target.kind:
        return jnp.asarray(leaf, dtype=own)
    python_number = type(default) in (int, float)
    if python_number and np.ndim(leaf) == 0:
        scalar = np.asarray(leaf)  # a real number: its kind is the default's, "f" or "i"
        as_python = float(scalar) if target.kind == "f" else int(scalar)
        return jnp.asarray(as_python)
    return jnp.asarray(leaf, dtype=target)


def _dispatch_params(params: _ParamsT | None, defaults: _ParamsT | None) -> _ParamsT | None:
    """Every leaf of ``params`` through :func:`_dispatch_leaf`, against the default params.

    The result has the structure of ``params``, with JAX arrays as leaves.
    """
    if params is None:
        return None
    leaves, treedef = jax.tree_util.tree_flatten(params)
    default_leaves = jax.tree_util.tree_leaves(defaults) if defaults is not None else []
    if len(default_leaves) != len(leaves):
        default_leaves = [None] * len(leaves)
    dispatched = [_dispatch_leaf(p, d) for p, d in zip(leaves, default_leaves, strict=True)]
    return cast(_ParamsT, jax.tree_util.tree_unflatten(treedef, dispatched))


def _vector_programs(f: Any, options: _VectorOptions) -> tuple[_ResetFn, _ResetMaskedFn, _StepFn]:
    """The jitted reset, masked reset and step of a batch of ``f`` under ``options``.

    ``options`` is ``(num_envs, max_episode_steps, autoreset_mode, axes_leaves, axes_treedef,
    batch_sharding)``, as built by :meth:`FunctionalJaxVectorEnv._build`.
    """
    n, limit, mode, axes_leaves, axes_def, sharding = options
    fns = _jax_core.BatchedFunctions(f, jax.tree_util.tree_unflatten(axes_def, axes_leaves))

    def reset_fn(rng: jax.Array, params: Any) -> Any:
        return _jax_core.constrain(_jax_core.vector_reset(fns, n, rng, params), n, sharding)

    def reset_masked_fn(carry: _jax_core.VectorCarry, mask: jax.Array, params: Any) -> Any:
        out = _jax_core.vector_reset_masked(fns, n, carry, mask, params)
        return _jax_core.constrain(out, n, sharding)

    def step_fn(carry: _jax_core.VectorCarry, actions: jax.Array, params: Any) -> Any:
        out = _jax_core.vector_step(fns, n, limit, mode, carry, actions, params)
        return _jax_core.constrain(out, n, sharding)

    return jax.jit(reset_fn), jax.jit(reset_masked_fn), jax.jit(step_fn)


def _fit_leaf(
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
            (:class:`~gymnasium_core.functional._jax_core.VectorCarry`).
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

        self.mesh, self.mesh_axis = _make_mesh(devices, mesh, mesh_axis)
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
        self.carry: _jax_core.VectorCarry | None = None
        self._build()

    # -- construction -------------------------------------------------------------------------

    def _set_params(self, params: Any) -> None:
        """Validate ``params`` against ``num_envs`` (before any compile) and place them."""
        self._param_axes = _params.batch_axes(params, self._defaults, self.num_envs)
        # Dispatched as device arrays: Python-number leaves would be copied to the device on
        # every call. Each leaf takes the type the default leaf traces with (see
        # `_dispatch_leaf`), so the jitted step sees the same input types for 0.5,
        # np.float32(0.5) or np.float64(0.5) and `set_params` never recompiles for that.
        dispatched = _dispatch_params(params, self._defaults)
        if self.mesh is not None and params is not None:
            from jax.sharding import NamedSharding, PartitionSpec

            batch = NamedSharding(self.mesh, PartitionSpec(self.mesh_axis))  # type: ignore[no-untyped-call]
            shared = NamedSharding(self.mesh, PartitionSpec())  # type: ignore[no-untyped-call]
            # Placed as arrays, never as Python scalars: in a multi-process run JAX checks a
            # placed value is equal on every process, and that check misreads scalars.
            dispatched = jax.tree_util.tree_map(
                lambda p, a: jax.device_put(p, shared if a is None else batch),
                dispatched,
                self._param_axes,
                is_leaf=lambda x: x is None,
            )
            params = dispatched
        self.params = params
        self._device_params = dispatched

    def _build(self) -> None:
        """Fetch (or create) the jitted reset, masked reset and step for this configuration."""
        self._batch_sharding = None
        if self.mesh is not None:
            from jax.sharding import NamedSharding, PartitionSpec

            self._batch_sharding = NamedSharding(self.mesh, PartitionSpec(self.mesh_axis))  # type: ignore[no-untyped-call]
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
        self._reset_fn, self._reset_masked_fn, self._step_fn = _compile_cache.cached(
            "vector", self.func_env, options, functools.partial(_vector_programs, options=options)
        )

    def __getstate__(self) -> dict[str, Any]:
        # Compiled functions, meshes and device handles do not pickle: the env is rebuilt
        # unsharded on load, and its spec says so (no `devices` / `mesh` kwargs).
        state = dict(self.__dict__)
        for name in ("_reset_fn", "_reset_masked_fn", "_step_fn", "_batch_sharding"):
            state.pop(name, None)
        state["mesh"] = None
        state["render_state"] = None
        state["spec"] = _without_placement(state.get("spec"))
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
        shared: list[object] = [self.mesh, self._batch_sharding]
        if self.mesh is not None:
            shared.extend(self.mesh.devices.flat)
        spec_kwargs = getattr(self.spec, "kwargs", None) or {}
        shared.append(spec_kwargs.get("mesh"))
        shared.extend(d for d in spec_kwargs.get("devices") or () if isinstance(d, jax.Device))
        for obj in shared:
            if obj is not None:
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
        updated = _params.params_with_options(
            self.params, options, owner=type(self).__name__, ignore=frozenset({"reset_mask"})
        )
        if updated is self.params:
            return
        old_leaves, treedef = jax.tree_util.tree_flatten(self.params)
        new_leaves, new_def = jax.tree_util.tree_flatten(updated)
        if self._defaults is None or new_def != treedef:  # type: ignore[operator]
            self.set_params(updated)  # a new structure: validated (and compiled) as given
            return
        axes = jax.tree_util.tree_leaves(self._param_axes, is_leaf=lambda x: x is None)
        defaults = jax.tree_util.tree_leaves(self._defaults)
        fitted = [
            _fit_leaf(old, new, axis, np.shape(default), self.num_envs, mask)
            for old, new, axis, default in zip(old_leaves, new_leaves, axes, defaults, strict=True)
        ]
        self.set_params(jax.tree_util.tree_unflatten(treedef, fitted))

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
            if params is not None and _params.is_batched(self._param_axes):
                params = _params.take(params, self._param_axes, i)
            args = () if params is None or not is_ours(self.func_env) else (params,)
            self.render_state, frame = self.func_env.render_image(single, self.render_state, *args)
            frames.append(frame)
        return tuple(frames) if self.render_all else frames[0]

    def close_extras(self, **kwargs: Any) -> None:
        """Release the render state."""
        if self.render_state is not None:
            self.func_env.render_close(self.render_state, *self._render_args)
            self.render_state = None
