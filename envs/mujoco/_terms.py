"""The terms the MuJoCo locomotion tasks share: reward terms, health checks, observations.

The task arithmetic is written as small functions of MuJoCo arrays (``qpos``, ``qvel``,
``cfrc_ext``, ``xipos``, ...) and an array namespace ``xp`` (``numpy`` or ``jax.numpy``), from
which each task's definition (:mod:`._definition`) composes its terms. They take one
simulation or a batch alike (a leading axis on every array: the threaded vector env's stacked
data), and they trace under ``jax.jit`` for MJX. Each performs the same floating-point
operations, in the same order, as Gymnasium's environments, which is what keeps trajectories
bit-for-bit equal to the reference; where the reference returns a Python number for one
simulation, the term does too (a rule of the version, or a check of ``xp`` and ``ndim``).

The types say what each function takes: arrays (:data:`~._definition.Array`), an array
namespace (:class:`~gymnasium_core.functional.array_types.ArrayNamespace`), the simulation data
and the shell running the task (:class:`~._definition.SimData`,
:class:`~._definition.TaskShell`), so mypy checks every term against numpy and ``jax.numpy``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import numpy as np

from ._definition import (
    Array,
    ArrayNamespace,
    Flags,
    Rules,
    SimData,
    TaskShell,
    Value,
    checked_health,
)

__all__ = [
    "PLANAR_VELOCITY_LIMIT",
    "ObservationOptions",
    "PlanarLeggedParams",
    "Range",
    "SurvivalParams",
    "body_index",
    "clipped_contact_forces",
    "clipped_squared_cost",
    "contact_survival_reward",
    "control_cost",
    "distance",
    "entry",
    "flat_squared_sum_cost",
    "healthy_reward",
    "in_range",
    "mass_center_xy",
    "observation_size",
    "physics_timestep",
    "planar_legged_observation",
    "planar_legged_observation_size",
    "planar_legged_state_info",
    "planar_legged_step_info",
    "planar_position_info",
    "planar_velocity",
    "position_info",
    "root_x_info",
    "skipped_positions",
    "squared_sum_cost",
    "state_observation",
    "survival_reward",
    "survive_reward",
    "terminated",
]

Range = tuple[float, float]


class SurvivalParams(Protocol):
    """The params a survival bonus reads (any task's record with this field)."""

    @property
    def healthy_reward(self) -> float:
        """The bonus per healthy step."""


class PlanarLeggedParams(SurvivalParams, Protocol):
    """The params Hopper's and Walker2d's step info reads."""

    @property
    def forward_reward_weight(self) -> float:
        """Weight of the forward velocity."""

    @property
    def ctrl_cost_weight(self) -> float:
        """Weight of the control cost."""


class ObservationOptions(Protocol):
    """The options that say whether the root's position is observed."""

    @property
    def exclude_current_positions_from_observation(self) -> bool:
        """Leave the root's x (and y) out of the observation."""


# -- reward terms ---------------------------------------------------------------------------------


def squared_sum_cost(
    values: Array, weight: float, xp: ArrayNamespace = np, axis: int | None = None
) -> Array:
    """``weight * sum(values ** 2)``: the quadratic penalty behind control and contact costs.

    The result keeps the dtype numpy gives it: a float32 action makes a float32 cost, as in the
    reference, and the total reward then rounds the same way. ``axis=-1`` sums each row of a
    batch; a row sums in the same order as one action alone.
    """
    squares = xp.square(values)
    if xp is np:
        # ``ndarray.sum`` is this reduction behind a Python wrapper
        total: Array = weight * np.add.reduce(squares, axis=axis)
        return total
    return weight * squares.sum(axis=axis)


def control_cost(
    action: Array, weight: float, xp: ArrayNamespace = np, axis: int | None = None
) -> Array:
    """Quadratic penalty on the action (or on ``data.ctrl`` for the humanoids)."""
    return squared_sum_cost(action, weight, xp, axis)


def clipped_contact_forces(cfrc_ext: Array, force_range: Range, xp: ArrayNamespace = np) -> Array:
    """External contact wrenches of each body, clipped elementwise to ``force_range``."""
    low, high = force_range
    return xp.clip(cfrc_ext, low, high)


def clipped_squared_cost(
    values: Array, weight: float, bounds: Range, xp: ArrayNamespace = np, axis: int | None = None
) -> Array:
    """:func:`squared_sum_cost` clipped to ``bounds``: the humanoids' contact (impact) cost."""
    low, high = bounds
    return xp.clip(squared_sum_cost(values, weight, xp, axis), low, high)


def distance(vector: Array, xp: ArrayNamespace) -> Value:
    """The Euclidean length of ``vector`` (of each row, for a batch).

    One vector is measured as the reference measures it, ``np.linalg.norm``: the square root
    of ``vector.dot(vector)``, a BLAS ``ddot`` (which may round through fused multiply-adds).
    A batch on numpy takes ``np.vecdot`` of each row with itself, whose loop calls that same
    dot routine once per row, then the same square root: each row equals the one-vector norm
    bit for bit (``np.linalg.norm(..., axis=-1)`` and ``einsum`` multiply and add apart, and
    round otherwise). The rows are made contiguous first, as ``norm`` makes its vector.
    """
    if xp is np:
        if np.ndim(vector) == 1:
            return np.linalg.norm(vector)
        rows = np.asarray(vector)
        if rows.strides[-1] != rows.itemsize:
            rows = np.ascontiguousarray(rows)
        lengths: Array = np.sqrt(np.vecdot(rows, rows))
        return lengths
    return xp.linalg.norm(vector, axis=-1)


def body_index(task: TaskShell[Rules], body: int | str) -> int:
    """Index of ``body`` (a name, or an index) among the model's bodies.

    A shell that keeps the indices it was asked for (the native envs' ``_body_id``) answers
    from them; any other shell looks the body up in its model.
    """
    lookup = getattr(task, "_body_id", None)
    if lookup is None:
        return int(task.model.body(body).id)
    index: int = lookup(body)
    return index


def physics_timestep(task: TaskShell[Rules]) -> float:
    """The model's physics timestep (``model.opt.timestep``), in seconds.

    A shell that keeps a view of ``model.opt`` (the native envs' ``_physics_timestep``)
    reads it there; any other shell reads its model.
    """
    lookup = getattr(task, "_physics_timestep", None)
    if lookup is None:
        return float(task.model.opt.timestep)
    return float(lookup())


def planar_velocity(before: Array, after: Array, dt: float) -> Array:
    """Finite-difference velocity of a position over one environment step of ``dt`` seconds."""
    return (after - before) / dt


def mass_center_xy(body_mass: Array, xipos: Array, xp: ArrayNamespace = np) -> Array:
    """The x and y of the whole model's centre of mass, shape ``(2,)``.

    Args:
        body_mass: Body masses, shape ``(nbody,)``.
        xipos: World positions of the bodies' centres of mass, shape ``(nbody, 3)`` (or
            ``(num_envs, nbody, 3)``: one centre per row).
        xp: The array namespace.
    """
    # einsum, not a matmul (BLAS rounds otherwise): the reference's einsum. Over a batch the
    # same kernel runs with the same innermost loop, over the three coordinates of one body,
    # so each row's centre sums its bodies one at a time in body order, as one simulation's.
    weighted = xp.einsum("b,...bj->...j", body_mass, xipos)
    return (weighted / body_mass.sum())[..., 0:2]


def entry(values: Array, index: int) -> Array:
    """``values[..., index]``: a scalar for one simulation, a column for a batch.

    Indexing with ``...`` leaves a 0-d array where plain indexing gives a numpy scalar, the
    type the reference reports; ``[()]`` turns the one into the other and keeps a column.
    One simulation's values are indexed plainly (the same scalar, in one indexing).
    """
    if values.ndim == 1:
        return values[index]
    return values[..., index][()]


def position_info(xy: Array, xp: ArrayNamespace = np) -> dict[str, Any]:
    """The ``info`` entries of a position in the plane: x, y and the distance from the origin.

    ``xy`` has shape ``(2,)``, or ``(num_envs, 2)`` for a batch.
    """
    return {
        "x_position": entry(xy, 0),
        "y_position": entry(xy, 1),
        "distance_from_origin": distance(xy, xp),
    }


def planar_position_info(qpos: Array, init_qpos: Array) -> dict[str, Any]:
    """The v5 ``info`` position entries of Hopper and Walker2d: x and the height change."""
    return {"x_position": entry(qpos, 0), "z_distance_from_origin": qpos[..., 1] - init_qpos[1]}


# -- health and episode end -----------------------------------------------------------------------


def in_range(value: Array, bounds: Range, *, closed: bool = False) -> Array:
    """Whether ``value`` lies in ``bounds``: the open interval, or the closed one if asked."""
    low, high = bounds
    if closed:
        return (low <= value) & (value <= high)
    return (low < value) & (value < high)


def healthy_reward(is_healthy: Flags, weight: float, pay_when_unhealthy: bool) -> Value:
    """The per-step survival bonus.

    v4 pays it on every step while ``terminate_when_unhealthy`` is set, the terminal unhealthy
    step included (a reference quirk kept for v4); v5 pays it only while healthy.
    """
    return (is_healthy | pay_when_unhealthy) * weight


def survive_reward(task: TaskShell[Rules], is_healthy: Flags, params: SurvivalParams) -> Value:
    """The survival bonus of a state (or of each row of a batch) under ``task``'s rules.

    A version that pays it on the terminal step too does so while ``terminate_when_unhealthy``
    is set, and (for one state) as a Python float, as the reference's v4 classes do.
    """
    on_terminal_step = task.rules.pays_survive_on_terminal_step
    pay_when_unhealthy = on_terminal_step and task.options.terminate_when_unhealthy
    bonus = healthy_reward(is_healthy, params.healthy_reward, pay_when_unhealthy)
    if on_terminal_step and np.ndim(bonus) == 0:
        return float(bonus)
    return bonus


def flat_squared_sum_cost(values: Array, weight: float, xp: ArrayNamespace = np) -> Array:
    """:func:`squared_sum_cost` of each simulation's whole ``(rows, columns)`` array.

    ``values`` has shape ``(rows, columns)`` or ``(num_envs, rows, columns)``; each
    simulation's array is summed as one flat row, the order a sum over all its entries takes.
    """
    flat = values.reshape((*values.shape[:-2], -1))
    return squared_sum_cost(flat, weight, xp, axis=-1)


def terminated(is_healthy: Array, terminate_when_unhealthy: bool, xp: ArrayNamespace = np) -> Array:
    """The episode ends when the body is unhealthy, if the task is asked to end it then.

    Returns a boolean array (traceable under ``jax.numpy``); the native envs turn it into the
    Python ``bool`` the reference returns.
    """
    return xp.logical_not(is_healthy) & terminate_when_unhealthy


# -- observations ---------------------------------------------------------------------------------


def state_observation(
    qpos: Array,
    qvel: Array,
    num_skipped: int,
    extras: Sequence[Array] = (),
    velocity_limit: float | None = None,
    xp: ArrayNamespace = np,
) -> Array:
    """``qpos`` without its first ``num_skipped`` entries, then ``qvel``, then ``extras``.

    Args:
        qpos: Joint positions, shape ``(nq,)`` (or ``(num_envs, nq)``: one row per env).
        qvel: Joint velocities, shape ``(nv,)`` (or ``(num_envs, nv)``).
        num_skipped: Leading ``qpos`` entries left out (the root's x, or x and y).
        extras: Further flat arrays appended in order (contact forces, inertias, ...).
        velocity_limit: If given, velocities are clipped to ``[-limit, limit]``.
        xp: The array namespace.

    Returns:
        The observation, shape ``(nq - num_skipped + nv + sum of extra sizes,)``.
    """
    velocity = qvel if velocity_limit is None else xp.clip(qvel, -velocity_limit, velocity_limit)
    return xp.concatenate((qpos[..., num_skipped:], velocity, *extras), axis=-1)


# -- terms of the task definitions (see :mod:`._definition`) -----------------------------------


def survival_reward(terms: Mapping[str, Any]) -> Value:
    """Progress plus the survival bonus, less the control cost (the signed terms' sum).

    ``(forward + survive) + ctrl`` rounds as the reference's ``(forward + survive) - cost``.
    """
    total: Value = (terms["reward_forward"] + terms["reward_survive"]) + terms["reward_ctrl"]
    return total


def contact_survival_reward(terms: Mapping[str, Any]) -> Value:
    """:func:`survival_reward` less the contact cost, added to the control cost first.

    A version that charges no contacts leaves ``reward_contact`` out of its terms.
    """
    costs = terms["reward_ctrl"]
    if "reward_contact" in terms:
        costs = costs + terms["reward_contact"]
    total: Value = (terms["reward_forward"] + terms["reward_survive"]) + costs
    return total


def skipped_positions(options: ObservationOptions, num_root_positions: int) -> int:
    """Leading ``qpos`` entries the observation leaves out under ``options``."""
    excluded = options.exclude_current_positions_from_observation
    return num_root_positions if excluded else 0


def observation_size(task: TaskShell[Rules], num_root_positions: int, extra: int = 0) -> int:
    """``nq`` less the skipped root positions, plus ``nv`` and ``extra`` entries."""
    model = task.model
    skipped = skipped_positions(task.options, num_root_positions)
    return int(model.nq) - skipped + int(model.nv) + extra


#: Bound on the observed velocities of Hopper and Walker2d.
PLANAR_VELOCITY_LIMIT = 10.0


def planar_legged_observation_size(task: TaskShell[Rules]) -> int:
    """Hopper's and Walker2d's observation size: ``qpos`` less ``rootx``, then ``qvel``."""
    return observation_size(task, 1)


def planar_legged_observation(
    task: TaskShell[Rules], data: SimData, params: object, xp: ArrayNamespace
) -> Array:
    """``qpos`` (less ``rootx`` if asked) then ``qvel`` clipped to ``[-10, 10]``."""
    skipped = skipped_positions(task.options, 1)
    return state_observation(data.qpos, data.qvel, skipped, (), PLANAR_VELOCITY_LIMIT, xp)


def planar_legged_state_info(
    task: TaskShell[Rules], data: SimData, xp: ArrayNamespace
) -> dict[str, Any]:
    """Hopper's and Walker2d's info of a state: x and the height change."""
    return planar_position_info(data.qpos, task.init_qpos)


def root_x_info(task: TaskShell[Rules], data: SimData, xp: ArrayNamespace) -> dict[str, Any]:
    """The x of the root (``qpos[0]``): what the planar tasks' v4 info reports of a state."""
    return {"x_position": entry(data.qpos, 0)}


def planar_legged_step_info(
    task: TaskShell[Rules],
    before: SimData,
    action: Array,
    after: SimData,
    params: PlanarLeggedParams,
    xp: ArrayNamespace,
) -> dict[str, Any]:
    """The v5 step info of Hopper and Walker2d: progress of ``rootx``, bonus, control cost."""
    x_velocity = planar_velocity(entry(before.qpos, 0), entry(after.qpos, 0), task.dt)
    is_healthy = checked_health(task, after, params, xp)
    return {
        **planar_legged_state_info(task, after, xp),
        "x_velocity": x_velocity,
        "reward_forward": params.forward_reward_weight * x_velocity,
        "reward_ctrl": -control_cost(action, params.ctrl_cost_weight, xp, axis=-1),
        "reward_survive": survive_reward(task, is_healthy, params),
    }
