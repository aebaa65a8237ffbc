"""Every MuJoCo task on MJX: the MJX shell, and the native tasks' definitions bound to it.

:class:`MjxTask` runs a :class:`~gymnasium_core.envs.mujoco._definition.TaskDefinition` (the
one the native env is built from) on MJX. Its state is an ``mjx.Data`` (MuJoCo's data as a
JAX pytree); its observation, reward, termination and info are the definition's terms called
with ``xp = jax.numpy``. Only the physics differs from the native env: ``mjx.step`` instead
of ``mj_step``. It is v5's task: MJX has no v4 ids.

Configuration comes in the definition's two kinds: its ``options`` (static,
they fix shapes or loops) become attributes of the task, its ``params`` (numbers, a
``NamedTuple`` and so a pytree) the task's default params, which a vector env can batch. Both
are given as the native env's keyword arguments, with the same names and the same defaults:
the very objects of the definition.

``MjxHopper`` is :class:`MjxTask` running ``hopper_v5.HOPPER``, the definition the native
``HopperEnv`` is built from, and so on for each task (:func:`task_class` binds them); they hold
no code of their own. MJX computes in float32 (unless ``jax_enable_x64`` is set), so
trajectories follow the native float64 ones only to a tolerance (see
``docs/envs/mujoco_mjx.md``). Reset distributions equal the native ones, drawn from JAX keys
instead of a numpy generator.

The physics the shell runs on is here too: the model caches, MJX's private data fields, the
contact forces and the reset draws (:func:`noisy_state`, :func:`rejection_sample`, which the
native modules' JAX resets use). The compiled models live in per-file caches, not on the task,
so two equally configured tasks compare equal and the JAX adapters reuse one compiled program
for both. Building a task stays cheap: it compiles the native model (its spaces need it) but
neither imports MJX nor puts the model on the device; both happen when a program first needs
them (the first reset or step).

>>> from gymnasium_core.functional import FunctionalJaxEnv  # doctest: +SKIP
>>> env = FunctionalJaxEnv(MjxReacher(reward_control_weight=0.5))  # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import functools
import io
from typing import Any, ClassVar, NamedTuple

import jax
import jax.numpy as jnp
import mujoco
import numpy as np

from gymnasium_core.functional.func_env import FuncEnv
from gymnasium_core.spaces import Box

from .. import (
    ant_v5,
    half_cheetah_v5,
    hopper_v5,
    humanoid_v5,
    humanoidstandup_v5,
    inverted_double_pendulum_v5,
    inverted_pendulum_v5,
    pusher_v5,
    reacher_v5,
    swimmer_v5,
    walker2d_v5,
)
from .._definition import Rules, TaskDefinition, is_terminal
from ..mujoco_env import DEFAULT_SIZE, expand_model_path

__all__ = [
    "MJX_TASKS",
    "MjxAnt",
    "MjxFields",
    "MjxHalfCheetah",
    "MjxHopper",
    "MjxHumanoid",
    "MjxHumanoidStandup",
    "MjxInvertedDoublePendulum",
    "MjxInvertedPendulum",
    "MjxPusher",
    "MjxReacher",
    "MjxRenderState",
    "MjxSwimmer",
    "MjxTask",
    "MjxWalker2d",
    "contact_forces",
    "load_models",
    "mjx_model",
    "mjx_module",
    "native_model",
    "noisy_state",
    "private_field",
    "rejection_sample",
    "task_class",
]


# -- MJX physics: models, data fields, contact forces, reset draws -----------------------------

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


class MjxTask(FuncEnv[Any, jax.Array, jax.Array, jax.Array, jax.Array, MjxRenderState, Any]):
    """A MuJoCo task definition on MJX; :func:`task_class` binds one per task.

    Args:
        **kwargs: The native v5 env's keyword arguments: the definition's options and param
            overrides. ``width`` and ``height`` set the size of rendered frames.

    Raises:
        TypeError: For a keyword argument the task does not take.
        OSError: If the model file does not exist.
    """

    #: The task this class runs.
    definition: ClassVar[TaskDefinition[Any, Any]]

    options: Any
    rules: Rules
    xml_file: str
    frame_skip: int
    default_camera_config: dict[str, Any] | None
    width: int
    height: int

    def __init__(self, **kwargs: Any) -> None:
        definition = self.definition
        chosen = {
            "width": kwargs.pop("width", DEFAULT_SIZE),
            "height": kwargs.pop("height", DEFAULT_SIZE),
        }
        option_defaults = definition.options._field_defaults
        options = definition.options(
            **{name: kwargs.pop(name, default) for name, default in option_defaults.items()}
        )
        for name in kwargs:
            if name not in definition.params._fields:
                raise TypeError(f"__init__() got an unexpected keyword argument {name!r}")
        self._param_overrides = kwargs
        #: The rules the terms read: v5's, the only version MJX runs.
        self.rules = definition.rules["v5"]
        # the options are attributes too, under the native constructor's names
        super().__init__({**chosen, **options._asdict(), "options": options})
        self.xp = jnp
        model = self.model
        low, high = model.actuator_ctrlrange.astype(np.float32).T
        self.action_space = Box(low=low, high=high, dtype=np.float32)
        # float32: what MJX computes in unless jax_enable_x64 is set.
        size = definition.observation_size(self)
        self.observation_space = Box(-np.inf, np.inf, (size,), np.float32)
        self.dt = float(model.opt.timestep) * self.frame_skip
        self.init_qpos = np.array(model.qpos0)
        self.init_qvel = np.zeros(model.nv)
        self.metadata = {
            "render_modes": ["rgb_array"],
            "render_fps": int(np.round(1.0 / self.dt)),
            "jax": True,
        }

    # -- configuration ------------------------------------------------------------------------

    @property
    def model(self) -> mujoco.MjModel:
        """The native model as MJX runs it (shared, read-only)."""
        return native_model(self.xml_file)

    @property
    def mjx_model(self) -> Any:
        """The MJX model (shared), put on the device on first use."""
        return mjx_model(self.xml_file)

    def get_default_params(self, **kwargs: Any) -> Any:
        """The definition's defaults, with the constructor's and ``kwargs`` overrides."""
        return self.definition.params(**{**getattr(self, "_param_overrides", {}), **kwargs})

    def _params(self, params: Any) -> Any:
        return self.default_params if params is None else params

    # -- physics ------------------------------------------------------------------------------

    def make_state(self, qpos: Any, qvel: Any) -> Any:
        """A fresh ``mjx.Data`` at ``qpos`` / ``qvel`` with its derived quantities computed."""
        mjx = mjx_module()
        data = mjx.make_data(self.mjx_model).replace(qpos=qpos, qvel=qvel)
        return mjx.forward(self.mjx_model, data)

    def initial(self, rng: Any, params: Any = None) -> Any:
        """The definition's reset, drawn from a JAX key (default: noise on the model's state)."""
        p = self._params(params)
        definition = self.definition
        if definition.initial_state is not None:
            qpos, qvel = definition.initial_state(self, rng, p)
        else:
            qpos, qvel = noisy_state(
                rng, self.init_qpos, self.init_qvel, p.reset_noise_scale, definition.velocity_noise
            )
        return self.make_state(qpos, qvel)

    def transition(self, state: Any, action: Any, rng: Any, params: Any = None) -> Any:
        """Hold ``action`` as the controls for ``frame_skip`` MJX steps."""
        model, step = self.mjx_model, mjx_module().step
        data = state.replace(ctrl=jnp.asarray(action, dtype=state.ctrl.dtype))
        data = jax.lax.fori_loop(0, self.frame_skip, lambda _, d: step(model, d), data)
        return contact_forces(model, data) if self.definition.uses_contact_forces else data

    # -- the definition's terms -----------------------------------------------------------------

    def observation(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """The definition's observation of ``state``."""
        obs = self.definition.observation(self, MjxFields(state), self._params(params), jnp)
        return jnp.asarray(obs)

    def _step_info(self, state: Any, action: Any, next_state: Any, params: Any) -> dict[str, Any]:
        info: dict[str, Any] = self.definition.step_info(
            self, MjxFields(state), action, MjxFields(next_state), self._params(params), jnp
        )
        return info

    def reward(
        self, state: Any, action: Any, next_state: Any, rng: Any, params: Any = None
    ) -> jax.Array:
        """What the step's terms add up to (see the definition's ``reward``)."""
        total = self.definition.reward(self._step_info(state, action, next_state, params))
        return jnp.asarray(total)

    def terminal(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """Unhealthy, when the task ends episodes then (never for a task without a check)."""
        terminal = is_terminal(self.definition, self, MjxFields(state), self._params(params), jnp)
        return jnp.asarray(terminal)

    def state_info(self, state: Any, params: Any = None) -> dict[str, Any]:
        """The definition's info of a state (the native v5 reset info)."""
        info: dict[str, Any] = self.definition.state_info(self, MjxFields(state), jnp)
        return info

    def transition_info(
        self, state: Any, action: Any, next_state: Any, params: Any = None
    ) -> dict[str, Any]:
        """The native v5 step info, the signed reward terms included."""
        return self._step_info(state, action, next_state, params)

    # -- rendering ----------------------------------------------------------------------------

    def render_init(self, params: Any = None, **kwargs: Any) -> MjxRenderState:
        """A native copy of the model and data to draw with MuJoCo's offscreen renderer."""
        from ..mujoco_rendering import MujocoRenderer

        # Its own model: the renderer grows the offscreen buffer on the model it is given.
        model = mujoco.MjModel.from_xml_path(expand_model_path(self.xml_file))
        data = mujoco.MjData(model)
        renderer = MujocoRenderer(
            model,
            data,
            self.default_camera_config,
            width=kwargs.get("width", self.width),
            height=kwargs.get("height", self.height),
        )
        return MjxRenderState(model, data, renderer)

    def render_image(
        self, state: Any, render_state: MjxRenderState, params: Any = None
    ) -> tuple[MjxRenderState, np.ndarray[Any, Any]]:
        """Copy ``state`` into the native data, recompute its poses and draw an RGB frame."""
        model, data, renderer = render_state
        data.qpos[:] = np.asarray(state.qpos)
        data.qvel[:] = np.asarray(state.qvel)
        data.ctrl[:] = np.asarray(state.ctrl)
        data.time = float(state.time)
        mujoco.mj_forward(model, data)
        frame: np.ndarray[Any, Any] = renderer.render("rgb_array")
        return render_state, frame

    def render_close(self, render_state: MjxRenderState, params: Any = None) -> None:
        """Free the renderer's GL context."""
        render_state.renderer.close()


def task_class(definition: TaskDefinition[Any, Any], module: str = __name__) -> type[MjxTask]:
    """The :class:`MjxTask` of ``definition``, named ``Mjx<Task>``.

    Args:
        definition: The task.
        module: The module that binds the class under its name (where pickle finds it).
    """
    name = f"Mjx{definition.name}"
    cls = type(name, (MjxTask,), {"definition": definition, "__module__": module})
    cls.__doc__ = f"``{definition.name}-v5`` on MJX: the native task's definition over mjx.step."
    return cls


MjxAnt = task_class(ant_v5.ANT)
MjxHalfCheetah = task_class(half_cheetah_v5.HALF_CHEETAH)
MjxHopper = task_class(hopper_v5.HOPPER)
MjxHumanoid = task_class(humanoid_v5.HUMANOID)
MjxHumanoidStandup = task_class(humanoidstandup_v5.HUMANOID_STANDUP)
MjxInvertedDoublePendulum = task_class(inverted_double_pendulum_v5.INVERTED_DOUBLE_PENDULUM)
MjxInvertedPendulum = task_class(inverted_pendulum_v5.INVERTED_PENDULUM)
MjxPusher = task_class(pusher_v5.PUSHER)
MjxReacher = task_class(reacher_v5.REACHER)
MjxSwimmer = task_class(swimmer_v5.SWIMMER)
MjxWalker2d = task_class(walker2d_v5.WALKER2D)

#: Every MJX task, by the name of its native task.
MJX_TASKS: dict[str, type[MjxTask]] = {
    cls.definition.name: cls
    for cls in (
        MjxAnt,
        MjxHalfCheetah,
        MjxHopper,
        MjxHumanoid,
        MjxHumanoidStandup,
        MjxInvertedDoublePendulum,
        MjxInvertedPendulum,
        MjxPusher,
        MjxReacher,
        MjxSwimmer,
        MjxWalker2d,
    )
}
