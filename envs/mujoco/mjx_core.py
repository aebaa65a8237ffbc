"""The shell every MJX task shares: models, spaces, the frame-skipped step, resets, rendering.

An MJX task is a :class:`~gymnasium_core.functional.FuncEnv` whose state is an ``mjx.Data``
(MuJoCo's data as a JAX pytree) and whose observation, reward and termination are the native
task's own functions called with ``xp = jax.numpy``. Only the physics differs from the native
env: ``mjx.step`` instead of ``mj_step``.

Configuration comes in two kinds, as STYLE.md asks:

* static options fix shapes or loops (``xml_file``, ``frame_skip``, which parts the observation
  holds, ``terminate_when_unhealthy``) and are instance attributes;
* numbers (reward weights, health ranges, reset noise) are the task's params, a ``NamedTuple``
  and so a pytree: a vector env can take one value per sub-environment.

Both are given as the native env's keyword arguments, with the same names and defaults.

The compiled models live in a per-file cache, not on the instance, so two equally configured
tasks compare equal and the JAX adapters reuse one compiled program for both.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import io
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple

import jax
import jax.numpy as jnp
import mujoco
import numpy as np

from gymnasium_core.functional.func_env import FuncEnv
from gymnasium_core.spaces import Box

from .mujoco_env import DEFAULT_SIZE, expand_model_path

# MJX prints these two lines on import when the optional Warp backend is absent, which is
# the usual case; they say nothing about the JAX backend the MJX ids use.
_WARP_NOTICES = ("Failed to import warp:", "Failed to import mujoco_warp:")


def _import_mjx() -> Any:
    """Import ``mujoco.mjx`` without its notices about the missing Warp backend.

    Only those lines are held back: anything else MJX prints on import is printed as usual.
    """
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        from mujoco import mjx
    for line in printed.getvalue().splitlines():
        if not line.startswith(_WARP_NOTICES):
            print(line)
    return mjx


mjx = _import_mjx()

__all__ = [
    "MjxRenderState",
    "MjxTask",
    "contact_forces",
    "load_models",
    "noisy_state",
    "private_field",
    "rejection_sample",
]

# MJX has no PGS solver; models asking for it (the humanoids) run Newton's method instead.
_SOLVER_FALLBACK = {mujoco.mjtSolver.mjSOL_PGS: mujoco.mjtSolver.mjSOL_NEWTON}


@functools.cache
def load_models(xml_file: str) -> tuple[mujoco.MjModel, Any]:
    """The native model of ``xml_file`` (as MJX runs it) and its MJX copy, compiled once.

    Args:
        xml_file: A file name in the assets folder, or a path (see ``expand_model_path``).

    Returns:
        ``(mj_model, mjx_model)``. Treat both as read-only: every task of that file shares them.

    Raises:
        OSError: If the file does not exist.
    """
    mj_model = mujoco.MjModel.from_xml_path(expand_model_path(xml_file))
    solver = mujoco.mjtSolver(mj_model.opt.solver)
    mj_model.opt.solver = _SOLVER_FALLBACK.get(solver, solver)
    return mj_model, mjx.put_model(mj_model)


def private_field(data: Any, name: str) -> Any:
    """A field MJX keeps in its backend part ``data._impl`` (``cinert``, ``cfrc_ext``, ...).

    Reading those through ``data.<name>`` works but warns that the alias is deprecated.
    """
    return getattr(data._impl, name)


def contact_forces(model: Any, data: Any) -> Any:
    """``data`` with ``cfrc_ext`` filled in, as the native envs' ``mj_rnePostConstraint`` does.

    ``mjx.step`` leaves the contact wrenches unset (so does ``mj_step``); the native envs run
    the post-constraint pass after each environment step, so the MJX tasks that read them do too.
    """
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


def native_defaults(native: type, names: Sequence[str]) -> dict[str, Any]:
    """The defaults of the parameters ``names`` of ``native.__init__``, by name.

    The native env's constructor is where a task's defaults are written; the MJX tasks read
    them from there instead of writing them again.

    Raises:
        TypeError: If ``native.__init__`` has no such parameter, or it has no default.
    """
    parameters = inspect.signature(native).parameters
    defaults = {}
    for name in names:
        parameter = parameters.get(name)
        if parameter is None or parameter.default is inspect.Parameter.empty:
            raise TypeError(f"{native.__name__}.__init__ has no default for {name!r}")
        defaults[name] = parameter.default
    return defaults


def adopt_native_defaults(params_cls: type[Any], native: type) -> None:
    """Give the ``NamedTuple`` ``params_cls`` the native constructor's defaults of its fields."""
    defaults = native_defaults(native, params_cls._fields)
    params_cls.__new__.__defaults__ = tuple(defaults.values())
    params_cls._field_defaults = defaults


class MjxTask(FuncEnv[Any, jax.Array, jax.Array, jax.Array, jax.Array, MjxRenderState, Any]):
    """A MuJoCo task on MJX; subclasses define the task functions and their params.

    Subclasses set :attr:`NATIVE` (the native v5 class), :attr:`PARAMS` (a ``NamedTuple`` of
    the numeric arguments, written without defaults), :attr:`OPTION_NAMES` (the static
    arguments) and :meth:`_observation_size`. Every default, of a param or an option, is the
    native constructor's: it is read from there when the subclass is defined.

    Args:
        **kwargs: The native v5 env's keyword arguments: static options and param overrides.
            ``width`` and ``height`` set the size of rendered frames.

    Raises:
        TypeError: For a keyword argument the task does not take.
    """

    #: The native v5 class: its constructor holds the task's defaults.
    NATIVE: ClassVar[type]
    PARAMS: ClassVar[type[Any]]
    #: The static options the task takes (names of the native constructor's parameters).
    OPTION_NAMES: ClassVar[tuple[str, ...]] = ()
    #: The static options with their defaults (the native ones; set for each subclass).
    OPTIONS: ClassVar[dict[str, Any]] = {}
    #: Whether the task reads ``cfrc_ext`` (computed after each step only then).
    USES_CONTACT_FORCES: ClassVar[bool] = False

    xml_file: str
    frame_skip: int
    default_camera_config: dict[str, Any] | None
    width: int
    height: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Take the options' and params' defaults from the native constructor."""
        super().__init_subclass__(**kwargs)
        native = cls.__dict__.get("NATIVE")
        if native is None:
            return
        cls.OPTIONS = native_defaults(native, cls.OPTION_NAMES)
        if "PARAMS" in cls.__dict__:
            adopt_native_defaults(cls.PARAMS, native)

    def __init__(self, **kwargs: Any) -> None:
        options = {"width": DEFAULT_SIZE, "height": DEFAULT_SIZE, **self.OPTIONS}
        chosen = {name: kwargs.pop(name, default) for name, default in options.items()}
        for name in kwargs:
            if name not in self.PARAMS._fields:
                raise TypeError(f"__init__() got an unexpected keyword argument {name!r}")
        self._param_overrides = kwargs
        super().__init__(chosen)
        self.xp = jnp
        mj_model = self.mj_model
        low, high = mj_model.actuator_ctrlrange.astype(np.float32).T
        self.action_space = Box(low=low, high=high, dtype=np.float32)
        # float32: what MJX computes in unless jax_enable_x64 is set.
        size = self._observation_size()
        self.observation_space = Box(-np.inf, np.inf, (size,), np.float32)
        self.dt = float(mj_model.opt.timestep) * self.frame_skip
        self.init_qpos = np.array(mj_model.qpos0)
        self.init_qvel = np.zeros(mj_model.nv)
        self.metadata = {
            "render_modes": ["rgb_array"],
            "render_fps": int(np.round(1.0 / self.dt)),
            "jax": True,
        }

    # -- configuration ------------------------------------------------------------------------

    @property
    def mj_model(self) -> mujoco.MjModel:
        """The native model (shared, read-only)."""
        return load_models(self.xml_file)[0]

    @property
    def mjx_model(self) -> Any:
        """The MJX model (shared)."""
        return load_models(self.xml_file)[1]

    def get_default_params(self, **kwargs: Any) -> Any:
        """The native defaults, with the constructor's and ``kwargs`` overrides."""
        return self.PARAMS(**{**getattr(self, "_param_overrides", {}), **kwargs})

    def _observation_size(self) -> int:
        raise NotImplementedError

    def _params(self, params: Any) -> Any:
        return self.default_params if params is None else params

    # -- physics ------------------------------------------------------------------------------

    def make_state(self, qpos: Any, qvel: Any) -> Any:
        """A fresh ``mjx.Data`` at ``qpos`` / ``qvel`` with its derived quantities computed."""
        data = mjx.make_data(self.mjx_model).replace(qpos=qpos, qvel=qvel)
        return mjx.forward(self.mjx_model, data)

    def transition(self, state: Any, action: Any, rng: Any, params: Any = None) -> Any:
        """Hold ``action`` as the controls for ``frame_skip`` MJX steps."""
        model = self.mjx_model
        data = state.replace(ctrl=jnp.asarray(action, dtype=state.ctrl.dtype))
        data = jax.lax.fori_loop(0, self.frame_skip, lambda _, d: mjx.step(model, d), data)
        return contact_forces(model, data) if self.USES_CONTACT_FORCES else data

    def terminal(self, state: Any, rng: Any, params: Any = None) -> jax.Array:
        """Tasks end only by the time limit unless a subclass says otherwise."""
        return jnp.asarray(False)

    # -- rendering ----------------------------------------------------------------------------

    def render_init(self, params: Any = None, **kwargs: Any) -> MjxRenderState:
        """A native copy of the model and data to draw with MuJoCo's offscreen renderer."""
        from .mujoco_rendering import MujocoRenderer

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
