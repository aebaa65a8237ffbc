"""Rolling out a batch of functional envs with a policy inside one ``lax.scan``."""

from __future__ import annotations

import functools
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from gymnasium_core.functional import _threefry, persistent_cache
from gymnasium_core.functional.func_env import check_func_env, default_params
from gymnasium_core.functional.jax_env import to_jax
from gymnasium_core.functional.jax_vector_env import (
    BatchedFunctions,
    VectorCarry,
    state_step,
    vector_reset,
)
from gymnasium_core.functional.numpy_vector_env import batch_axes, parse_autoreset_mode
from gymnasium_core.vector.vector_env import AutoresetMode

__all__ = ["Trajectory", "rollout"]


class Trajectory(NamedTuple):
    """A batched trajectory; every field has leading axes ``(num_steps, num_envs)``.

    ``observation[t]`` is what the policy saw at step ``t``; ``next_observation[t]`` is the
    observation the step produced *before* any autoreset (the final observation of an episode
    that ended at ``t``), which is what bootstrapping needs. After an episode ends, the next
    ``observation`` is the first one of the new episode (same-step autoreset).
    """

    observation: Any  # (num_steps, num_envs, *obs_shape)
    action: Any  # (num_steps, num_envs, *action_shape)
    reward: jax.Array  # (num_steps, num_envs)
    terminated: jax.Array  # (num_steps, num_envs) bool
    truncated: jax.Array  # (num_steps, num_envs) bool
    next_observation: Any  # (num_steps, num_envs, *obs_shape)


def _resolve(env: Any, params: Any) -> tuple[Any, Any]:
    """The functional env behind ``env`` (itself or an adapter's) and the params to use."""
    func_env = getattr(env, "func_env", env)
    check_func_env(func_env)
    func_env = to_jax(func_env)
    if params is None:
        params = getattr(env, "params", None)
    if params is None:
        params = default_params(func_env)
    return func_env, params


class _Prepared(NamedTuple):
    """What a direct call needs of an env, worked out on its first call."""

    func_env: Any
    env_key: persistent_cache.EnvKey
    defaults: Any


# Per env object (an adapter or a functional env): its functional env, the key its compiled
# rollouts are cached under, and its default params. A direct call then costs a dictionary
# lookup here, and an identity check in jit's cache, instead of a check of the env and a
# structural comparison of its configuration.
_PREPARED: weakref.WeakKeyDictionary[Any, _Prepared] = weakref.WeakKeyDictionary()

# Params already validated and placed on the device, by (id, num_envs): the object is kept in
# the entry, so its id stays its own while the entry lives.
_PLACED: OrderedDict[tuple[int, int], tuple[Any, Any]] = OrderedDict()
_PLACED_MAX = 16


def _prepare(env: Any) -> _Prepared:
    try:
        return _PREPARED[env]
    except (KeyError, TypeError):
        pass
    func_env, _ = _resolve(env, None)
    prepared = _Prepared(func_env, persistent_cache.EnvKey(func_env), default_params(func_env))
    try:
        _PREPARED[env] = prepared
    except TypeError:  # an object that cannot be weakly referenced: prepared on each call
        pass
    return prepared


def _is_immutable_leaf(leaf: Any) -> bool:
    return isinstance(leaf, bool | int | float | complex) or (
        isinstance(leaf, jax.Array) and not isinstance(leaf, jax.core.Tracer)
    )


def _place(params: Any, defaults: Any, num_envs: int) -> Any:
    """``params`` checked against ``num_envs`` and with every leaf a device array.

    Python scalars handed to a jitted function are converted on every call, which for a
    physics params record of ten floats costs more than a short rollout itself; placing them
    once makes a direct call cost what a call inside the caller's ``jit`` costs. Each leaf is
    placed with ``jax.device_put``, which keeps a Python number's weak type, so the numbers
    computed are those of the Python scalars. Params of immutable leaves are placed once and
    reused while the same object is passed; params holding numpy arrays (which may be changed
    in place) or tracers are placed on each call.

    Raises:
        ValueError: If the params' batch size is not ``num_envs``.
    """
    if params is None:
        return None
    entry_key = (id(params), num_envs)
    entry = _PLACED.get(entry_key)
    if entry is not None and entry[0] is params:
        return entry[1]
    batch_axes(params, defaults, num_envs)
    leaves, treedef = jax.tree_util.tree_flatten(params)
    if any(isinstance(leaf, jax.core.Tracer) for leaf in leaves):
        return params  # inside the caller's jit: nothing to place
    # A numpy leaf is copied first: `jax.device_put` of a small host array may read it after
    # returning, so a caller that changes it in place right after the call would race the copy.
    placed_leaves = [
        jax.device_put(np.array(leaf, copy=True) if isinstance(leaf, np.ndarray) else leaf)
        for leaf in leaves
    ]
    placed = jax.tree_util.tree_unflatten(treedef, placed_leaves)
    if any(isinstance(leaf, jax.core.Tracer) for leaf in placed_leaves):
        return placed  # placed inside the caller's trace: valid for that trace only
    if all(_is_immutable_leaf(leaf) for leaf in leaves):
        _PLACED[entry_key] = (params, placed)
        while len(_PLACED) > _PLACED_MAX:
            _PLACED.popitem(last=False)
    return placed


def rollout(
    env: Any,
    policy: Callable[[Any, jax.Array], Any],
    key: jax.Array,
    num_steps: int,
    num_envs: int,
    params: Any = None,
    *,
    max_episode_steps: int = 0,
    autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
) -> Trajectory:
    """Reset ``num_envs`` sub-envs from ``key`` and run ``num_steps`` steps in one ``lax.scan``.

    The whole rollout is one jitted program (compiled once per functional env, policy, sizes,
    params structure and key kind); called inside a user's ``jit`` it inlines, so environment
    and agent stay in one compiled program. Called directly, it costs about what a call inside
    the caller's ``jit`` costs: the env and its params are prepared on the first call and reused
    while the same objects are passed. Raw keys (``jax.random.PRNGKey``) and typed Threefry keys
    (``jax.random.key``) give the same trajectory at the same speed.

    Example:
        >>> import jax, jax.numpy as jnp
        >>> def policy(obs, key):  # doctest: +SKIP
        ...     return jax.random.randint(key, (obs.shape[0],), 0, 2)
        >>> traj = rollout(env, policy, jax.random.PRNGKey(0), 100, 16)  # doctest: +SKIP
        >>> traj.reward.shape  # doctest: +SKIP
        (100, 16)

    Args:
        env: A functional env, or an adapter holding one (its ``params`` are the default).
        policy: ``policy(observations, key) -> actions`` on the batch: observations
            ``(num_envs, *obs_shape)``, actions ``(num_envs, *action_shape)``. Must be hashable
            (a function is) and traceable.
        key: The key the rollout draws everything from.
        num_steps: The number of steps.
        num_envs: The number of sub-envs.
        params: Shared or per-sub-env params (leading ``(num_envs,)`` axis).
        max_episode_steps: Truncate episodes after this many steps (0: never).
        autoreset_mode: ``SAME_STEP`` (default) or ``NEXT_STEP``; ``DISABLED`` runs on past
            the ends of episodes.

    Returns:
        The :class:`Trajectory`.

    Raises:
        ValueError: If the params' batch size is not ``num_envs`` (before compiling).
    """
    prepared = _prepare(env)
    if params is None:
        params = getattr(env, "params", None)
    if params is None:
        params = prepared.defaults
    num_envs = int(num_envs)
    trajectory: Trajectory = _rollout(
        prepared.env_key,
        policy,
        key,
        _place(params, prepared.defaults, num_envs),
        num_steps=int(num_steps),
        num_envs=num_envs,
        max_episode_steps=int(max_episode_steps),
        autoreset_mode=parse_autoreset_mode(autoreset_mode),
        isolate_params=params is not None and not _is_traced(),
    )
    return trajectory


def _is_traced() -> bool:
    """Whether this call is being staged into a caller's compiled program (``jit``, ``scan``)."""
    return isinstance(jnp.zeros((), jnp.int8), jax.core.Tracer)


@functools.partial(
    jax.jit,
    static_argnames=(
        "env_key",
        "policy",
        "num_steps",
        "num_envs",
        "max_episode_steps",
        "autoreset_mode",
        "isolate_params",
    ),
)
def _rollout(
    env_key: persistent_cache.EnvKey,
    policy: Callable[[Any, jax.Array], Any],
    key: jax.Array,
    params: Any,
    *,
    num_steps: int,
    num_envs: int,
    max_episode_steps: int,
    autoreset_mode: AutoresetMode,
    isolate_params: bool,
) -> Trajectory:
    # Keyed by configuration, not identity: equally configured envs share the compile.
    func_env = env_key.env
    axes = batch_axes(params, default_params(func_env), num_envs)
    fns = BatchedFunctions(func_env, axes)
    reset_key, policy_key = _threefry.split(key)
    # The scan carries the state and the key its observations are drawn with, not the
    # observations: each step observes the state it starts from (what the policy needs), so a
    # step that resets sub-envs observes once, and ``next_observation`` (before the reset) is
    # dropped by XLA when the caller's ``jit`` does not use it.
    use, _ = _threefry.split(reset_key)
    carry, _, _ = vector_reset(fns, num_envs, reset_key, params)

    def body(
        loop: tuple[VectorCarry, jax.Array], step_key: jax.Array
    ) -> tuple[tuple[VectorCarry, jax.Array], Trajectory]:
        carry, obs_key = loop
        # Called directly, the params are runtime inputs of this program: XLA's loop-invariant
        # code motion then widens the scan loop with them and, in doing so, keeps a policy's
        # constants out of the loop body as well (e.g. ``randint``'s span, so a second random
        # draw that the span makes unused is computed every step). A barrier makes the params
        # per-step values, which changes no number (they are not constants either way) and
        # lets the policy's constants fold. Inside the caller's ``jit`` the params may be
        # constants XLA folds, so they are left as they are there.
        params_here = params
        if isolate_params:
            params_here = jax.lax.optimization_barrier(params)  # type: ignore[no-untyped-call]
        obs = fns.observation(carry.state, _threefry.split(obs_key, num_envs), params_here)
        action = policy(obs, step_key)
        out = state_step(
            fns, num_envs, max_episode_steps, autoreset_mode, carry, action, params_here
        )
        record = Trajectory(obs, action, out.reward, out.terminated, out.truncated, out.next_obs)
        return (out.carry, out.obs_key), record

    keys = _threefry.split(policy_key, num_steps)
    _, trajectory = jax.lax.scan(body, (carry, use), keys)
    return trajectory
