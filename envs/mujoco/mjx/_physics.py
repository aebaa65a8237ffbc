"""MJX physics for the task shell: models, data fields, contact forces, reset draws.

The compiled models live in per-file caches, not on the task, so two equally configured tasks
compare equal and the JAX adapters reuse one compiled program for both. Building a task stays
cheap: it compiles the native model (its spaces need it) but neither imports MJX nor puts the
model on the device; both happen when a program first needs them (the first reset or step).
"""

from __future__ import annotations

import contextlib
import functools
import io
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import mujoco

from ..mujoco_env import expand_model_path

# MJX prints these two lines on import when the optional Warp backend is absent, which is
# the usual case; they say nothing about the JAX backend the MJX ids use.
_WARP_NOTICES = ("Failed to import warp:", "Failed to import mujoco_warp:")


@functools.cache
def mjx_module() -> Any:
    """``mujoco.mjx``, imported on first use without its notices about the missing Warp backend.

    Importing MJX takes seconds (it loads its collision code), so building a task leaves it to
    the first program that needs it. Only the Warp notices are held back: anything else MJX
    prints on import is printed as usual.
    """
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        from mujoco import mjx
    for line in printed.getvalue().splitlines():
        if not line.startswith(_WARP_NOTICES):
            print(line)
    return mjx


__all__ = [
    "MjxFields",
    "MjxRenderState",
    "contact_forces",
    "load_models",
    "mjx_model",
    "mjx_module",
    "native_model",
    "noisy_state",
    "private_field",
    "rejection_sample",
]

# MJX has no PGS solver; models asking for it (the humanoids) run Newton's method instead.
_SOLVER_FALLBACK = {mujoco.mjtSolver.mjSOL_PGS: mujoco.mjtSolver.mjSOL_NEWTON}


@functools.cache
def native_model(xml_file: str) -> mujoco.MjModel:
    """The native model of ``xml_file`` as MJX runs it, compiled once per file.

    Args:
        xml_file: A file name in the assets folder, or a path (see ``expand_model_path``).

    Returns:
        The model. Treat it as read-only: every task of that file shares it.

    Raises:
        OSError: If the file does not exist.
    """
    model = mujoco.MjModel.from_xml_path(expand_model_path(xml_file))
    solver = mujoco.mjtSolver(model.opt.solver)
    model.opt.solver = _SOLVER_FALLBACK.get(solver, solver)
    return model


@functools.cache
def mjx_model(xml_file: str) -> Any:
    """The MJX copy of :func:`native_model` (its arrays on the default device), made once.

    Its first use is usually inside a program being traced (the first reset); the copy is made
    eagerly even then, so the cache holds concrete arrays, never a trace's values.
    """
    with jax.ensure_compile_time_eval():
        return mjx_module().put_model(native_model(xml_file))


def load_models(xml_file: str) -> tuple[mujoco.MjModel, Any]:
    """``(native_model(xml_file), mjx_model(xml_file))``: both models of a file.

    Raises:
        OSError: If the file does not exist.
    """
    return native_model(xml_file), mjx_model(xml_file)


def private_field(data: Any, name: str) -> Any:
    """A field MJX keeps in its backend part ``data._impl`` (``cinert``, ``cfrc_ext``, ...).

    Reading those through ``data.<name>`` works but warns that the alias is deprecated.
    """
    return getattr(data._impl, name)


class MjxFields:
    """An ``mjx.Data`` read under MuJoCo's field names, so the task terms read it as ``MjData``.

    MJX keeps some fields in its backend part (see :func:`private_field`); they are read from
    there, every other field from the data itself.
    """

    __slots__ = ("data",)

    _PRIVATE = frozenset({"cinert", "cfrc_ext", "ten_velocity"})

    def __init__(self, data: Any) -> None:
        self.data = data

    def __getattr__(self, name: str) -> Any:
        if name in MjxFields._PRIVATE:
            return private_field(self.data, name)
        return getattr(self.data, name)


def contact_forces(model: Any, data: Any) -> Any:
    """``data`` with ``cfrc_ext`` filled in, as the native envs' ``mj_rnePostConstraint`` does.

    ``mjx.step`` leaves the contact wrenches unset (so does ``mj_step``); the native envs run
    the post-constraint pass after each environment step, so the MJX tasks that read them do too.
    """
    mjx_module()  # the package first, without its notices
    from mujoco.mjx._src import smooth  # MJX exposes the pass only through its sensors

    return smooth.rne_postconstraint(model, data)


def noisy_state(
    rng: jax.Array, qpos: Any, qvel: Any, scale: Any, velocity_noise: str
) -> tuple[jax.Array, jax.Array]:
    """``qpos`` plus ``U(-scale, scale)`` noise; ``qvel`` plus the same or ``scale * N(0, 1)``.

    Args:
        rng: A JAX key.
        qpos: Initial positions, shape ``(nq,)``.
        qvel: Initial velocities, shape ``(nv,)``.
        scale: The noise scale (a param, possibly traced).
        velocity_noise: ``"uniform"`` or ``"normal"``, as the native task draws it.
    """
    k_pos, k_vel = jax.random.split(rng)
    qpos = jnp.asarray(qpos)
    qvel = jnp.asarray(qvel)
    qpos = qpos + jax.random.uniform(k_pos, qpos.shape, minval=-scale, maxval=scale)
    if velocity_noise == "normal":
        return qpos, qvel + scale * jax.random.normal(k_vel, qvel.shape)
    return qpos, qvel + jax.random.uniform(k_vel, qvel.shape, minval=-scale, maxval=scale)


def rejection_sample(rng: jax.Array, draw: Any, accept: Any) -> Any:
    """Draw with ``draw(key)`` until ``accept(sample)`` holds, as a traceable loop."""

    def cond(carry: Any) -> Any:
        return ~accept(carry[1])

    def body(carry: Any) -> Any:
        key, _ = carry
        key, sub = jax.random.split(key)
        return key, draw(sub)

    key, sub = jax.random.split(rng)
    return jax.lax.while_loop(cond, body, (key, draw(sub)))[1]


class MjxRenderState(NamedTuple):
    """What rendering an MJX state needs: a native model and data and MuJoCo's renderer."""

    model: mujoco.MjModel
    data: mujoco.MjData
    renderer: Any  # a MujocoRenderer
