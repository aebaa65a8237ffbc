"""The batched reset and step of a functional env on JAX, written once as pure functions.

:class:`~gymnasium_core.functional.FunctionalJaxVectorEnv` jits them and
:func:`~gymnasium_core.functional.rollout` scans them, so both have the same autoreset
semantics. Everything here has fixed shapes: finished sub-envs are reset by computing fresh
first states for a fixed number of slots (a few gathered sub-envs, or the whole batch) and
putting them in place by mask or by index, never by a data-dependent number of environments,
so a step compiles once per batch size and params structure, however many environments end
in it.

Randomness per step: the carried key is split once into the next carried key, a step key and
a reset key; each of the latter two is split once into ``num_envs`` keys (the reset keys only
on steps where some sub-env is reset, and only those sub-envs' keys when they are few: see
:func:`_reset_where`). Sub-env ``i`` thus draws from key ``i`` of each split, whatever the
sharding and however many sub-envs reset, so a sharded batch gives the same numbers as an
unsharded one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp

from gymnasium_core.functional import _params, _threefry
from gymnasium_core.vector.vector_env import AutoresetMode


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
        picked = _params.take(params, fns.param_axes, inside)
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


StepFn = Callable[..., Any]
