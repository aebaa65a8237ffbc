"""Rolling out a batch of functional envs with a policy inside one ``lax.scan``."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple

import jax

from gymnasium_core.functional import _compile_cache, _jax_core, _params, _threefry
from gymnasium_core.functional._checks import check_func_env, default_params
from gymnasium_core.functional._validation import parse_autoreset_mode
from gymnasium_core.functional.jax_env import to_jax
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

    The whole rollout is one jitted program (compiled once per functional env, policy, sizes
    and params structure); called inside a user's ``jit`` it inlines, so environment and agent
    stay in one compiled program.

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
    func_env, params = _resolve(env, params)
    _params.batch_axes(params, default_params(func_env), num_envs)
    trajectory: Trajectory = _rollout(
        _compile_cache.EnvKey(func_env),
        policy,
        key,
        params,
        num_steps=int(num_steps),
        num_envs=int(num_envs),
        max_episode_steps=int(max_episode_steps),
        autoreset_mode=parse_autoreset_mode(autoreset_mode),
    )
    return trajectory


@functools.partial(
    jax.jit,
    static_argnames=(
        "env_key",
        "policy",
        "num_steps",
        "num_envs",
        "max_episode_steps",
        "autoreset_mode",
    ),
)
def _rollout(
    env_key: _compile_cache.EnvKey,
    policy: Callable[[Any, jax.Array], Any],
    key: jax.Array,
    params: Any,
    *,
    num_steps: int,
    num_envs: int,
    max_episode_steps: int,
    autoreset_mode: AutoresetMode,
) -> Trajectory:
    # Keyed by configuration, not identity: equally configured envs share the compile.
    func_env = env_key.env
    axes = _params.batch_axes(params, default_params(func_env), num_envs)
    fns = _jax_core.BatchedFunctions(func_env, axes)
    reset_key, policy_key = _threefry.split(key)
    # The scan carries the state and the key its observations are drawn with, not the
    # observations: each step observes the state it starts from (what the policy needs), so a
    # step that resets sub-envs observes once, and ``next_observation`` (before the reset) is
    # dropped by XLA when the caller's ``jit`` does not use it.
    use, _ = _threefry.split(reset_key)
    carry, _, _ = _jax_core.vector_reset(fns, num_envs, reset_key, params)

    def body(
        loop: tuple[_jax_core.VectorCarry, jax.Array], step_key: jax.Array
    ) -> tuple[tuple[_jax_core.VectorCarry, jax.Array], Trajectory]:
        carry, obs_key = loop
        obs = fns.observation(carry.state, _threefry.split(obs_key, num_envs), params)
        action = policy(obs, step_key)
        out = _jax_core.state_step(
            fns, num_envs, max_episode_steps, autoreset_mode, carry, action, params
        )
        record = Trajectory(obs, action, out.reward, out.terminated, out.truncated, out.next_obs)
        return (out.carry, out.obs_key), record

    keys = _threefry.split(policy_key, num_steps)
    _, trajectory = jax.lax.scan(body, (carry, use), keys)
    return trajectory
