"""The numpy-batched vector env over any functional environment: N copies stepped in one call.

Also what the vector adapters (this one and the JAX ones) share:

* the params helpers: which leaves of a vector env's params are per environment
  (:func:`batch_axes`, :func:`is_batched`, :func:`take`) and the params a
  ``reset(options=...)`` asks for (:func:`params_with_options`, :func:`replace_fields`);
* the structure-preserving maps of the numpy adapters (:func:`tree_map`, :func:`tree_leaves`).
  The JAX adapters use ``jax.tree_util``; the numpy path must not import JAX, and its states
  and params are the few container kinds the team uses (``NamedTuple``, ``tuple``, ``list``,
  ``dict``, ``None``) around numpy arrays and scalars, so two small maps do;
* the input checks: the autoreset mode (:func:`parse_autoreset_mode`) and a batch of actions
  (:func:`check_actions`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar, cast

import numpy as np

from gymnasium_core import logger
from gymnasium_core.error import ResetNeeded
from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.functional.func_env import check_func_env, default_params, is_ours
from gymnasium_core.functional.numpy_env import render_modes_of
from gymnasium_core.functional.random import BatchedRng
from gymnasium_core.vector.vector_env import AutoresetMode, VectorEnv

if TYPE_CHECKING:
    import jax

__all__ = ["FunctionalNumpyVectorEnv"]


def tree_map(fn: Callable[..., Any], tree: Any, *rest: Any) -> Any:
    """Apply ``fn`` leaf by leaf to ``tree`` and the same-structured trees ``rest``."""
    if tree is None:
        return None
    if isinstance(tree, tuple):
        items = [tree_map(fn, *children) for children in zip(tree, *rest, strict=True)]
        return type(tree)(*items) if hasattr(tree, "_fields") else tuple(items)
    if isinstance(tree, list):
        return [tree_map(fn, *children) for children in zip(tree, *rest, strict=True)]
    if isinstance(tree, dict):
        return {k: tree_map(fn, v, *(r[k] for r in rest)) for k, v in tree.items()}
    return fn(tree, *rest)


def tree_leaves(tree: Any) -> list[Any]:
    """The leaves of ``tree`` in :func:`tree_map` order."""
    leaves: list[Any] = []
    tree_map(leaves.append, tree)
    return leaves


#: A params pytree: a task's NamedTuple, dataclass or dict of numbers and arrays.
ParamsT = TypeVar("ParamsT")

#: A tree of the params' structure whose leaves are ``0`` (per sub-env) or ``None`` (shared).
# Any: the tree takes the structure of whichever params record it describes.
ParamAxes: TypeAlias = Any


def _leaf_names(tree: object, prefix: str = "params") -> list[str]:
    """Readable names of the leaves of ``tree``, in :func:`tree_map` order."""
    if tree is None:
        return []
    if isinstance(tree, tuple) and hasattr(tree, "_fields"):
        pairs = list(zip(tree._fields, tree, strict=True))
        return [n for f, v in pairs for n in _leaf_names(v, f"{prefix}.{f}")]
    if isinstance(tree, tuple | list):
        return [n for i, v in enumerate(tree) for n in _leaf_names(v, f"{prefix}[{i}]")]
    if isinstance(tree, dict):
        return [n for k, v in tree.items() for n in _leaf_names(v, f"{prefix}[{k!r}]")]
    return [prefix]


def batch_axes(params: ParamsT | None, defaults: ParamsT | None, num_envs: int) -> ParamAxes:
    """Which leaves of ``params`` are per environment: a tree of ``0`` (batched) or ``None``.

    A leaf is per environment when it has one more dimension than the same leaf of the default
    params; that leading axis must then have length ``num_envs``. A leaf with the default's
    number of dimensions is shared by all environments. Without default params every leaf is
    shared.

    Args:
        params: The params given to a vector env.
        defaults: The functional env's default params (the unbatched layout).
        num_envs: The number of sub-environments.

    Returns:
        A tree with the structure of ``params``: ``0`` for batched leaves, ``None`` for shared.

    Raises:
        ValueError: If the structures differ, a leaf's leading axis is not ``num_envs`` long, or
            a leaf has neither the default's rank nor one more.
    """
    if params is None:
        return None
    if defaults is None:
        return tree_map(lambda _: None, params)
    given_leaves, default_leaves = tree_leaves(params), tree_leaves(defaults)
    if len(given_leaves) != len(default_leaves):
        raise ValueError(
            f"The params have {len(given_leaves)} leaves but the default params have "
            f"{len(default_leaves)}; build them from `get_default_params(...)`."
        )
    names = _leaf_names(params)
    axes: list[int | None] = []
    for name, given, default in zip(names, given_leaves, default_leaves, strict=True):
        shape, base = np.shape(given), np.shape(default)
        if len(shape) == len(base):
            axes.append(None)
        elif len(shape) == len(base) + 1 and shape[1:] == base:
            if shape[0] != num_envs:
                raise ValueError(
                    f"{name} is batched with {shape[0]} values but the vector env has "
                    f"num_envs={num_envs}; give one value per sub-environment or a single value."
                )
            axes.append(0)
        else:
            raise ValueError(
                f"{name} has shape {shape}; expected {base} (shared) or {(num_envs, *base)} "
                "(one per sub-environment)."
            )
    it = iter(axes)
    return tree_map(lambda _: next(it), params)


def is_batched(axes: ParamAxes) -> bool:
    """Whether any leaf of an axes tree from :func:`batch_axes` is per environment."""
    return any(a == 0 for a in tree_leaves(axes)) if axes is not None else False


def take(
    params: ParamsT,
    axes: ParamAxes,
    index: int | np.integer[Any] | np.ndarray[Any, Any] | jax.Array,
) -> ParamsT:
    """The params of the sub-environments ``index`` (a position or a mask) selects.

    Shared leaves pass through.
    """
    if params is None or not is_batched(axes):
        return params
    return cast(ParamsT, tree_map(lambda p, a: p if a is None else p[index], params, axes))


def field_names(params: object) -> tuple[str, ...]:
    """The field names of a params record (``NamedTuple``, dataclass or ``dict``), else ``()``."""
    import dataclasses

    if isinstance(params, tuple) and hasattr(params, "_fields"):
        return tuple(params._fields)
    if dataclasses.is_dataclass(params) and not isinstance(params, type):
        return tuple(f.name for f in dataclasses.fields(params))
    if isinstance(params, dict):
        return tuple(params)
    return ()


def _like(old: Any, new: Any) -> Any:
    """``new`` in the kind of leaf ``old`` is, so a jitted call keeps its input signature.

    A Python ``float`` leaf replaced by an ``np.float32`` (or the other way round) would be a
    new abstract input to JAX, hence a new compile. Values of another shape are kept as given.
    """
    if np.ndim(new) != 0 or isinstance(new, str):
        if hasattr(old, "dtype") and np.shape(new) == np.shape(old):
            return np.asarray(new, dtype=old.dtype)
        return new
    if isinstance(old, bool):
        return bool(new)
    if isinstance(old, int):
        return int(new) if float(new).is_integer() else new
    if isinstance(old, float):
        return float(new)
    if hasattr(old, "dtype") and np.ndim(old) == 0:
        return np.asarray(new, dtype=old.dtype)
    return new


def replace_fields(params: ParamsT, updates: Mapping[str, object]) -> ParamsT:
    """A copy of ``params`` with the fields in ``updates`` replaced (each in its old leaf kind).

    Raises:
        KeyError: If a key of ``updates`` is not a field of ``params``.
    """
    import dataclasses

    names = field_names(params)
    unknown = sorted(set(updates) - set(names))
    if unknown:
        raise KeyError(f"{type(params).__name__} has no field(s) {unknown}; its fields: {names}")
    values = {
        k: _like(getattr(params, k, None) if not isinstance(params, dict) else params[k], v)
        for k, v in updates.items()
    }
    if isinstance(params, dict):
        return cast(ParamsT, {**params, **values})
    if isinstance(params, tuple):
        return cast(ParamsT, params._replace(**values))  # type: ignore[attr-defined]
    replace = getattr(params, "replace", None)  # flax.struct dataclasses
    if callable(replace):
        return cast(ParamsT, replace(**values))
    return dataclasses.replace(params, **values)  # type: ignore[type-var]


def params_with_options(
    params: ParamsT, options: object, *, owner: str, ignore: frozenset[str] = frozenset()
) -> ParamsT:
    """The params a ``reset(options=...)`` asks for.

    ``options["params"]`` replaces the params as a whole; every other key that names a field
    of the params replaces that field. The result is what the next episodes run with. Keys
    in ``ignore`` belong to the caller (``reset_mask``); any other key is warned about and
    ignored, as is ``options`` that is not a mapping (Gymnasium's JAX envs ignore ``options``
    altogether, so such calls keep working).

    Args:
        params: The current params.
        options: The ``options`` given to ``reset`` (``None`` leaves the params as they are).
        owner: Named in warnings (the environment's class name).
        ignore: Keys the caller handles itself.

    Returns:
        The params to use from this reset on.
    """
    from gymnasium_core import logger

    if options is None:
        return params
    if not isinstance(options, Mapping):
        logger.warn(
            f"{owner}.reset: `options` should be a dict of params fields, got "
            f"{type(options).__name__}; it is ignored."
        )
        return params
    updates = {k: v for k, v in options.items() if k not in ignore}
    if "params" in updates:
        # The caller's whole new params: of the task's params type, as documented.
        params = cast(ParamsT, updates.pop("params"))
    names = field_names(params)
    unknown = sorted(str(k) for k in updates if k not in names)
    if unknown:
        logger.warn(
            f"{owner}.reset: options {unknown} are not params fields and are ignored "
            f"(the fields: {list(names)})."
        )
    known = {k: v for k, v in updates.items() if k in names}
    return replace_fields(params, known) if known else params


def _scatter(tree: Any, mask: np.ndarray[Any, Any], new: Any) -> Any:
    """``tree`` with the rows ``mask`` selects replaced by the rows of ``new``."""

    def put(old: Any, fresh: Any) -> Any:
        out = np.array(old, copy=True)
        out[mask] = fresh
        return out

    return tree_map(put, tree, new)


def parse_autoreset_mode(mode: AutoresetMode | str) -> AutoresetMode:
    """An :class:`AutoresetMode` from itself or its value (``"NextStep"``, ...).

    Raises:
        ValueError: For anything else.
    """
    if isinstance(mode, AutoresetMode):
        return mode
    for member in AutoresetMode:
        if mode in (member.value, member.name):
            return member
    raise ValueError(
        f"Unknown autoreset mode {mode!r}; expected one of "
        f"{', '.join(repr(m.value) for m in AutoresetMode)}."
    )


def _dtype_kinds(space_dtype: np.dtype[Any]) -> str:
    """The numpy dtype kinds accepted for actions of a space of ``space_dtype``."""
    if space_dtype.kind in "iu":
        return "iub"
    if space_dtype.kind == "b":
        return "iub"
    return "iuf"


def check_actions(actions: Any, single_space: Any, num_envs: int, xp: Namespace[Any]) -> Any:
    """Check a batch of actions against the single action space; return it as an ``xp`` array.

    Spaces with a fixed shape and dtype (Box, Discrete, MultiDiscrete, MultiBinary) are checked
    for shape ``(num_envs, *space.shape)`` and a compatible dtype kind; other spaces are
    passed through unchecked.

    Args:
        actions: The batch given to ``step``.
        single_space: The action space of one sub-env.
        num_envs: The number of sub-envs.
        xp: ``numpy`` (no conversion) or ``jax.numpy`` (converted to the space's dtype, so the
            compiled step sees one dtype whatever the caller passed).

    Returns:
        The actions, converted for ``xp`` where the space allows.

    Raises:
        ValueError: If the shape is wrong.
        TypeError: If the dtype does not fit the space (e.g. floats for a discrete space).
    """
    shape = getattr(single_space, "shape", None)
    dtype = getattr(single_space, "dtype", None)
    if shape is None or dtype is None:
        return actions
    expected = (num_envs, *shape)
    given_shape = np.shape(actions)
    if given_shape != expected:
        raise ValueError(
            f"Expected a batch of actions of shape {expected} (one action of {single_space} "
            f"per sub-environment), got shape {given_shape}."
        )
    given_dtype = getattr(actions, "dtype", None)
    if given_dtype is None:
        actions = np.asarray(actions)
        given_dtype = actions.dtype
    space_dtype = np.dtype(dtype)
    if np.dtype(given_dtype).kind not in _dtype_kinds(space_dtype):
        raise TypeError(
            f"Actions of dtype {given_dtype} do not fit the action space {single_space} "
            f"(dtype {space_dtype})."
        )
    if xp is np:
        return actions
    import jax

    # Without x64, JAX computes int64/float64 as 32-bit: ask for that directly.
    return xp.asarray(actions, dtype=jax.dtypes.canonicalize_dtype(space_dtype))


class FunctionalNumpyVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` copies of a functional env, stepped together with numpy broadcasting.

    The functional env computes with ``numpy``: every state field carries a leading
    ``(num_envs,)`` axis and the functions broadcast over it. Random draws get a
    :class:`~gymnasium_core.functional.random.BatchedRng` over :attr:`np_random`, so one draw
    covers all the environments that need it (at reset, only those being reset).

    Autoreset follows :class:`~gymnasium_core.vector.AutoresetMode` as the sync vector env does:

    * ``NEXT_STEP``: the step after an episode ends resets that sub-env (reward 0, not done);
    * ``SAME_STEP``: a finished sub-env is reset in the same step; its last observation is in
      ``info["final_obs"]`` (an object array, ``None`` elsewhere) and its step info in
      ``info["final_info"]``, with the masks ``info["_final_obs"]`` / ``info["_final_info"]``;
    * ``DISABLED``: nothing resets by itself; ``reset(options={"reset_mask": mask})`` resets the
      selected sub-envs.

    Attributes:
        func_env: The functional environment (numpy namespace).
        params: The params; leaves with a leading ``(num_envs,)`` axis are per sub-env.
        state: The batched state.
    """

    def __init__(
        self,
        func_env: Any,
        num_envs: int,
        *,
        params: Any = None,
        max_episode_steps: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        render_mode: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> None:
        """Batch ``func_env``.

        Args:
            func_env: A functional environment whose functions broadcast over a batch axis.
            num_envs: The number of sub-environments.
            params: Shared params, or params whose leaves have a leading ``(num_envs,)`` axis
                (one value per sub-env, e.g. for domain randomisation); defaults if ``None``.
            max_episode_steps: Truncate episodes after this many steps (``None`` or 0: never).
            autoreset_mode: An :class:`~gymnasium_core.vector.AutoresetMode` or its value.
            render_mode: ``None``, ``"rgb_array"`` (one frame per sub-env) or
                ``"rgb_array_list"`` (every sub-env's frames since the last :meth:`render`, as
                ``make_vec(..., vectorization_mode="sync")`` gives with that mode). Another mode
                is warned about and rendered as ``"rgb_array"``, as Gymnasium's vector
                environments do.
            metadata: The env's metadata; ``autoreset_mode`` is set in it.

        Raises:
            TypeError: If ``func_env`` lacks a required function, or ``num_envs`` is not an
                integer (``True`` is not a count).
            ValueError: For a ``num_envs`` below 1, a wrong params batch size or autoreset mode.
        """
        check_func_env(func_env)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int | np.integer):
            raise TypeError(f"num_envs must be an integer, got {num_envs!r}.")
        if num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, got {num_envs!r}.")
        from gymnasium_core.vector.utils import batch_space

        self.func_env = func_env
        self.num_envs = int(num_envs)
        self.params = default_params(func_env) if params is None else params
        self._param_axes = batch_axes(self.params, default_params(func_env), num_envs)
        self._has_batched_params = is_batched(self._param_axes)
        self._pargs: tuple[Any, ...] = () if self.params is None else (self.params,)
        self.autoreset_mode = parse_autoreset_mode(autoreset_mode)
        self.max_episode_steps = max_episode_steps or 0

        metadata = dict(metadata or getattr(func_env, "metadata", None) or {})
        metadata["autoreset_mode"] = self.autoreset_mode
        metadata.setdefault("render_modes", [m for m in render_modes_of(func_env) if m != "human"])
        self.metadata = metadata
        if render_mode not in (None, "rgb_array", "rgb_array_list"):
            logger.warn(
                f"The vector environment is built with render_mode={render_mode!r}, which it "
                "does not offer; it renders 'rgb_array' frames (offered: None, 'rgb_array', "
                "'rgb_array_list')."
            )
        self.render_mode = render_mode
        # In "rgb_array_list" mode: each sub-env's frames since the last `render()`.
        self._frame_lists: list[list[np.ndarray[Any, Any]]] | None = (
            [[] for _ in range(self.num_envs)] if render_mode == "rgb_array_list" else None
        )

        self.single_observation_space = func_env.observation_space
        self.single_action_space = func_env.action_space
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

        self.state: Any = None
        self._steps = np.zeros(self.num_envs, dtype=np.int32)
        self._prev_done = np.zeros(self.num_envs, dtype=np.bool_)
        self._render_states: list[Any] | None = None
        self._rng_cache: BatchedRng | None = None

    # -- helpers ------------------------------------------------------------------------------

    def _initial(self, mask: np.ndarray[Any, Any] | None) -> Any:
        """Draw first states for all sub-envs, or for those ``mask`` selects.

        ``mask`` is a ``(num_envs,)`` bool mask or an array of sub-env indices (ascending).
        """
        if mask is None:
            count = self.num_envs
        else:
            count = int(mask.sum()) if mask.dtype == np.bool_ else len(mask)
        rng = BatchedRng(self.np_random, (count,))
        params = self.params
        if mask is not None and self._has_batched_params:
            params = take(params, self._param_axes, mask)
        return self.func_env.initial(rng, *(() if params is None else (params,)))

    def _reset_rows(self, state: Any, mask: np.ndarray[Any, Any]) -> Any:
        """``state`` with the sub-envs ``mask`` selects replaced by fresh first states."""
        return _scatter(state, mask, self._initial(mask))

    # -- API ----------------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset every sub-env, or those ``options["reset_mask"]`` selects.

        Args:
            seed: Re-seeds :attr:`np_random` if given.
            options: ``{"reset_mask": (num_envs,) bool array}`` resets only those sub-envs.

        Returns:
            ``(observations, info)``, batched.
        """
        super().reset(seed=seed)
        # Options that are not a dict are ignored, as Gymnasium's vector envs ignore them.
        mask = options.get("reset_mask") if isinstance(options, dict) else None
        if mask is not None:
            mask = np.asarray(mask)
            if mask.shape != (self.num_envs,) or mask.dtype != np.bool_:
                raise ValueError(
                    f"options['reset_mask'] must be a bool array of shape ({self.num_envs},), "
                    f"got dtype {mask.dtype} and shape {mask.shape}."
                )
            if self.state is None:
                raise ResetNeeded("Reset every sub-env once before resetting with a mask.")
            self.state = self._reset_rows(self.state, mask)
            self._steps[mask] = 0
            self._prev_done[mask] = False
        else:
            self.state = self._initial(None)
            self._steps[:] = 0
            self._prev_done[:] = False
        rng = BatchedRng(self.np_random, (self.num_envs,))
        obs = self.func_env.observation(self.state, rng, *self._pargs)
        if self._frame_lists is not None:
            # As RenderCollection does at reset: the reset sub-envs start a new list.
            for i in range(self.num_envs) if mask is None else np.flatnonzero(mask):
                self._frame_lists[i].clear()
            self._collect_frames()
        return obs, self.func_env.state_info(self.state, *self._pargs)

    def _step_rng(self) -> BatchedRng:
        """The batch-wide generator view for a step, rebuilt only when ``np_random`` changes."""
        gen = self.np_random
        rng = self._rng_cache
        if rng is None or rng.generator is not gen:
            rng = self._rng_cache = BatchedRng(gen, (self.num_envs,))
        return rng

    def _as_batch(self, value: Any, dtype: Any) -> np.ndarray[Any, Any]:
        """``value`` as a ``(num_envs,)`` array of ``dtype`` (no copy when it already is one)."""
        if value.__class__ is np.ndarray and value.dtype == dtype:
            if value.shape == (self.num_envs,):
                return value
        out = np.asarray(value, dtype=dtype)
        if out.shape != (self.num_envs,):
            out = np.broadcast_to(out, (self.num_envs,)).copy()
        return out

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step every sub-env with its action, resetting finished ones as the mode says.

        Args:
            actions: A batch of actions, leading axis ``num_envs``.

        Returns:
            ``(observations, rewards, terminations, truncations, info)``; rewards, terminations
            and truncations have shape ``(num_envs,)``.
        """
        if self.state is None:
            raise ResetNeeded("Call `reset` before `step`.")
        actions = check_actions(actions, self.single_action_space, self.num_envs, np)
        f, pargs, state = self.func_env, self._pargs, self.state
        rng = self._step_rng()
        next_state = f.transition(state, actions, rng, *pargs)
        reward = f.reward(state, actions, next_state, rng, *pargs)
        terminated = self._as_batch(f.terminal(next_state, rng, *pargs), np.bool_)
        reward = self._as_batch(reward, np.result_type(reward, np.float32))
        info = f.transition_info(state, actions, next_state, *pargs)
        steps = self._steps
        steps += 1
        limit = self.max_episode_steps
        truncated = steps >= limit if limit else np.zeros(self.num_envs, dtype=np.bool_)

        mode = self.autoreset_mode
        if mode is AutoresetMode.NEXT_STEP:
            prev = self._prev_done
            if prev.any():
                # The sub-envs that ended last step restart now: reward 0, neither flag set.
                # New arrays rather than writes, as the FuncEnv may hand out arrays it keeps.
                rows = np.flatnonzero(prev)  # integer rows: one scan of the mask, not one per field
                next_state = self._reset_rows(next_state, rows)
                steps[rows] = 0
                keep = ~prev
                reward = np.where(keep, reward, reward.dtype.type(0))
                terminated = terminated & keep
                truncated &= keep
            obs = f.observation(next_state, rng, *pargs)
        elif mode is AutoresetMode.SAME_STEP:
            obs = f.observation(next_state, rng, *pargs)
            done = terminated | truncated
            if done.any():
                info = self._final_info(info, obs, done)
                rows = np.flatnonzero(done)
                next_state = self._reset_rows(next_state, rows)
                steps[rows] = 0
                obs = f.observation(next_state, rng, *pargs)
        else:
            obs = f.observation(next_state, rng, *pargs)
        self._prev_done = terminated | truncated
        self.state = next_state
        if self._frame_lists is not None:
            self._collect_frames()
        return obs, reward, terminated, truncated, info

    def _final_info(
        self, info: dict[str, Any], obs: Any, done: np.ndarray[Any, Any]
    ) -> dict[str, Any]:
        """``info`` plus the final observations and infos of the sub-envs that just ended."""
        final_obs = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(done):
            final_obs[i] = tree_map(lambda x, i=i: np.asarray(x)[i], obs)
        return {
            **info,
            "final_obs": final_obs,
            "_final_obs": done.copy(),
            "final_info": dict(info),
            "_final_info": done.copy(),
        }

    def render(self) -> tuple[Any, ...] | None:
        """The sub-envs' frames; ``None`` without a render mode or before the first reset.

        Returns:
            In ``"rgb_array"`` mode one ``(height, width, 3)`` frame per sub-env; in
            ``"rgb_array_list"`` mode one list per sub-env of the frames drawn after each
            reset and step since the previous call (the lists are then emptied).
        """
        if self._frame_lists is not None:
            frame_lists = tuple(list(frames) for frames in self._frame_lists)
            for frames in self._frame_lists:
                frames.clear()
            return frame_lists
        if self.render_mode is None or self.state is None:
            return None
        return tuple(self._draw_frames())

    def _collect_frames(self) -> None:
        assert self._frame_lists is not None
        for frames, frame in zip(self._frame_lists, self._draw_frames(), strict=True):
            # A copy: a FuncEnv may draw every frame into the same buffer.
            frames.append(np.array(frame, copy=True))

    def _draw_frames(self) -> list[np.ndarray[Any, Any]]:
        """One RGB frame per sub-env of the current state."""
        f = self.func_env
        render_args = self._pargs if is_ours(f) else ()
        if self._render_states is None:
            self._render_states = [f.render_init(*render_args) for _ in range(self.num_envs)]
        frames = []
        for i in range(self.num_envs):
            single = tree_map(lambda x, i=i: np.asarray(x)[i], self.state)
            self._render_states[i], frame = f.render_image(
                single, self._render_states[i], *render_args
            )
            frames.append(np.asarray(frame))
        return frames

    def close_extras(self, **kwargs: Any) -> None:
        """Release the render states."""
        if self._render_states is not None:
            f = self.func_env
            render_args = self._pargs if is_ours(f) else ()
            for render_state in self._render_states:
                f.render_close(render_state, *render_args)
            self._render_states = None
