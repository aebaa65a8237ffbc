"""``num_envs`` copies of a functional env on JAX, stepped in one jitted call (maybe sharded)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp
import numpy as np

from gymnasium_core import logger
from gymnasium_core.error import ResetNeeded
from gymnasium_core.functional import _compile_cache, _jax_core, _params
from gymnasium_core.functional._checks import check_func_env, default_params, is_ours
from gymnasium_core.functional._jax_placement import (
    Devices,
    batch_sharding,
    make_mesh,
    place_params,
    placement_objects,
    without_placement,
)
from gymnasium_core.functional._jax_vector_params import dispatch_params, fit_params
from gymnasium_core.functional._jax_vector_programs import vector_programs
from gymnasium_core.functional._validation import check_actions, parse_autoreset_mode
from gymnasium_core.functional.jax_env import random_key, to_jax
from gymnasium_core.vector.vector_env import AutoresetMode, VectorEnv

if TYPE_CHECKING:
    from jax.sharding import Mesh

__all__ = ["FunctionalJaxVectorEnv"]


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
        self.carry: _jax_core.VectorCarry | None = None
        self._build()

    # -- construction -------------------------------------------------------------------------

    def _set_params(self, params: Any) -> None:
        """Validate ``params`` against ``num_envs`` (before any compile) and place them."""
        self._param_axes = _params.batch_axes(params, self._defaults, self.num_envs)
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
        self._reset_fn, self._reset_masked_fn, self._step_fn = _compile_cache.cached(
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
        updated = _params.params_with_options(
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
