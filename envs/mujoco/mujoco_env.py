"""`MujocoEnv`: the base class of every MuJoCo environment, and of users' own models.

A subclass names a model file, a frame skip and an observation space, and implements
:meth:`MujocoEnv.step` and :meth:`MujocoEnv.reset_model`. The base class compiles the model,
derives the action space from the actuators' control ranges, steps the physics and renders.

Unlike the reference, an environment pickles and deep-copies *with* its simulation state: the
compiled ``MjModel`` and ``MjData`` travel with it (MuJoCo's own pickling), together with the
random generator, so a copy continues exactly where the original stands.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from gymnasium_core import spaces
from gymnasium_core.core import Env
from gymnasium_core.error import DependencyNotInstalled

try:
    import mujoco
except ImportError as err:  # pragma: no cover - mujoco is installed with the extra
    raise DependencyNotInstalled(
        'MuJoCo environments need the mujoco package: pip install "gymnasium-core[mujoco]"'
    ) from err

if TYPE_CHECKING:
    from .mujoco_rendering import MujocoRenderer

__all__ = ["DEFAULT_SIZE", "MujocoEnv", "expand_model_path"]

DEFAULT_SIZE = 480
ASSETS_DIR = os.path.join(os.path.dirname(__file__), "assets")


def expand_model_path(model_path: str) -> str:
    """Resolve a model file name to a path that exists.

    Paths starting with ``/`` or ``.`` are used as given, ``~`` is expanded to the home folder,
    and any other name is looked up in this package's ``assets`` folder.

    Raises:
        OSError: If the resolved file does not exist.
    """
    if model_path.startswith(("/", ".")):
        resolved = model_path
    elif model_path.startswith("~"):
        resolved = os.path.expanduser(model_path)
    else:
        resolved = os.path.join(ASSETS_DIR, model_path)
    if not os.path.exists(resolved):
        raise OSError(f"File {resolved} does not exist")
    return resolved


def _action_dimension_error(expected: tuple[int, ...], found: tuple[int, ...]) -> ValueError:
    """The error for a control of shape ``found`` where the model takes ``expected``."""
    return ValueError(f"Action dimension mismatch. Expected {expected}, found {found}")


class _SimulationViews:
    """The wrappers of one ``MjModel`` / ``MjData`` pair that a step reads.

    Args:
        model: The compiled model.
        data: Its simulation data.
    """

    __slots__ = ("body_ids", "ctrl", "data", "model", "opt")

    def __init__(self, model: mujoco.MjModel, data: mujoco.MjData) -> None:
        self.model = model
        self.data = data
        # both see the memory of ``model`` and ``data``: later writes show through them
        self.opt = model.opt
        self.ctrl: NDArray[np.float64] = data.ctrl
        #: Body indices by name (or index) as asked: a compiled model's bodies do not change.
        self.body_ids: dict[int | str, int] = {}


class MujocoEnv(Env[NDArray[np.float64], NDArray[np.float32]]):
    """Base class of environments simulated by MuJoCo.

    Args:
        model_path: The MJCF file: absolute, relative (``./``), ``~``-prefixed, or a file name
            in ``gymnasium_core/envs/mujoco/assets``.
        frame_skip: Physics steps per environment step; ``dt = timestep * frame_skip``.
        observation_space: The observation space (``None`` leaves it to the subclass).
        render_mode: ``None``, ``"human"``, ``"rgb_array"``, ``"depth_array"`` or
            ``"rgbd_tuple"``.
        width: Frame width in pixels (the model's offscreen buffer grows to fit it).
        height: Frame height in pixels.
        camera_id: Id of a model camera to render from (``-1`` is the free camera).
        camera_name: Name of a model camera to render from; exclusive with ``camera_id``.
        default_camera_config: Attributes of ``mujoco.MjvCamera`` set on the render camera.
        max_geom: Most geoms a rendered scene holds.
        visual_options: ``mjtVisFlag`` values switched on or off when rendering.

    Raises:
        OSError: If the model file does not exist.
        ValueError: If both ``camera_id`` and ``camera_name`` are given.
    """

    # As in the reference, the base class lists no render modes: subclasses declare theirs.
    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(
        self,
        model_path: str,
        frame_skip: int,
        observation_space: spaces.Space[Any] | None,
        render_mode: str | None = None,
        width: int = DEFAULT_SIZE,
        height: int = DEFAULT_SIZE,
        camera_id: int | None = None,
        camera_name: str | None = None,
        default_camera_config: dict[str, Any] | None = None,
        max_geom: int = 1000,
        visual_options: dict[int, bool] | None = None,
    ) -> None:
        """Compile the model, set the spaces and prepare (but do not open) the renderer."""
        self.fullpath = expand_model_path(model_path)
        self.width = width
        self.height = height
        self.model, self.data = self._initialize_simulation()
        self.init_qpos: NDArray[np.float64] = self.data.qpos.ravel().copy()
        self.init_qvel: NDArray[np.float64] = self.data.qvel.ravel().copy()
        self.frame_skip = frame_skip

        if "render_fps" in self.metadata:
            expected_fps = int(np.round(1.0 / self.dt))
            if expected_fps != self.metadata["render_fps"]:
                raise AssertionError(
                    f"metadata['render_fps'] is {self.metadata['render_fps']} but 1 / dt "
                    f"rounds to {expected_fps}"
                )
        if observation_space is not None:
            self.observation_space = observation_space
        self._set_action_space()

        self.render_mode = render_mode
        self.camera_name = camera_name
        self.camera_id = camera_id

        from .mujoco_rendering import MujocoRenderer

        self.mujoco_renderer: MujocoRenderer | None = MujocoRenderer(
            self.model,
            self.data,
            default_camera_config,
            self.width,
            self.height,
            max_geom,
            camera_id,
            camera_name,
            visual_options,
        )

    # -- simulation ---------------------------------------------------------------------------

    def _set_action_space(self) -> spaces.Box:
        """One bounded action per actuator, from the model's control ranges (float32)."""
        low, high = self.model.actuator_ctrlrange.copy().astype(np.float32).T
        self.action_space = spaces.Box(low=low, high=high, dtype=np.float32)
        return self.action_space

    def _initialize_simulation(self) -> tuple[mujoco.MjModel, mujoco.MjData]:
        """Compile ``self.fullpath`` and allocate its data.

        The offscreen framebuffer is enlarged to the requested frame size when the model asks
        for less; a larger buffer declared by the model is kept.
        """
        model = mujoco.MjModel.from_xml_path(self.fullpath)
        model.vis.global_.offwidth = max(model.vis.global_.offwidth, self.width)
        model.vis.global_.offheight = max(model.vis.global_.offheight, self.height)
        return model, mujoco.MjData(model)

    def _reset_simulation(self) -> None:
        """Put ``data`` back to the model's default state (time 0, ``qpos0``, zero velocity)."""
        mujoco.mj_resetData(self.model, self.data)

    def _views(self) -> _SimulationViews:
        """The views of ``model`` and ``data`` a step reads, made once per model and data.

        Each ``model.opt`` or ``data.ctrl`` read builds a new wrapper object (about a
        microsecond on a step of tens); these views see the same memory, so a write through
        ``env.model.opt`` or ``env.data.ctrl`` shows in them. Assigning ``model`` or ``data``
        makes new ones.
        """
        views: _SimulationViews | None = self.__dict__.get("_simulation_views")
        model, data = self.model, self.data
        if views is None or views.model is not model or views.data is not data:
            views = _SimulationViews(model, data)
            self.__dict__["_simulation_views"] = views
        return views

    def _step_mujoco_simulation(self, ctrl: Any, n_frames: int) -> None:
        """Apply ``ctrl`` and advance the physics ``n_frames`` steps.

        ``mj_rnePostConstraint`` runs afterwards because MuJoCo computes the contact-force
        quantities (``cfrc_ext``, ``cacc``) only on request, and observations read them.
        """
        views = self._views()
        model, data = views.model, views.data
        views.ctrl[:] = ctrl
        mujoco.mj_step(model, data, n_frames)
        mujoco.mj_rnePostConstraint(model, data)

    def do_simulation(self, ctrl: Any, n_frames: int) -> None:
        """Advance the physics ``n_frames`` steps under control ``ctrl``.

        Raises:
            ValueError: If ``ctrl`` does not have one entry per actuator.
        """
        shape = ctrl.shape if isinstance(ctrl, np.ndarray) else np.shape(ctrl)
        if shape != (self.model.nu,):
            raise _action_dimension_error((self.model.nu,), shape)
        self._step_mujoco_simulation(ctrl, n_frames)

    def set_state(self, qpos: NDArray[np.float64], qvel: NDArray[np.float64]) -> None:
        """Write joint positions and velocities, then recompute the derived quantities.

        ``qpos`` and ``qvel`` are not the whole physics state (actuator activations, warm
        start and time are kept as they are); :mod:`.utils` reads and writes the full state.

        Raises:
            AssertionError: If the shapes are not ``(nq,)`` and ``(nv,)`` (the reference's
                exception type).
        """
        if np.shape(qpos) != (self.model.nq,) or np.shape(qvel) != (self.model.nv,):
            raise AssertionError(
                f"set_state expects qpos of shape {(self.model.nq,)} and qvel of shape "
                f"{(self.model.nv,)}, got {np.shape(qpos)} and {np.shape(qvel)}"
            )
        self.data.qpos[:] = qpos
        self.data.qvel[:] = qvel
        mujoco.mj_forward(self.model, self.data)

    @property
    def dt(self) -> float:
        """Simulated seconds per environment step."""
        views = self.__dict__.get("_simulation_views")
        if views is None or views.model is not self.model:
            views = self._views()
        return float(views.opt.timestep) * self.frame_skip

    def _physics_timestep(self) -> float:
        """The model's physics timestep (``model.opt.timestep``), in seconds."""
        timestep: float = self._views().opt.timestep
        return timestep

    def state_vector(self) -> NDArray[np.float64]:
        """``qpos`` followed by ``qvel`` as one flat array (not the full physics state)."""
        return np.concatenate([self.data.qpos.flat, self.data.qvel.flat])

    def get_body_com(self, body_name: str) -> NDArray[np.float64]:
        """World position of the frame of body ``body_name`` (a view into ``data.xpos``)."""
        position: NDArray[np.float64] = self.data.body(body_name).xpos
        return position

    def _body_id(self, body_name: int | str) -> int:
        """Index of body ``body_name`` (a name, or an index) in ``data.xpos``.

        Raises:
            KeyError: If the model has no such body (``IndexError`` for an index).
        """
        body_ids = self._views().body_ids
        index = body_ids.get(body_name)
        if index is None:
            index = body_ids[body_name] = int(self.model.body(body_name).id)
        return index

    # -- the Env API --------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float64], dict[str, Any]]:
        """Reset the physics, let the subclass randomise the state, and observe it."""
        super().reset(seed=seed)
        self._reset_simulation()
        observation = self.reset_model()
        info = self._get_reset_info()
        if self.render_mode == "human":
            self.render()
        return observation, info

    def step(
        self, action: NDArray[np.float32]
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Advance the task one step; subclasses implement it."""
        raise NotImplementedError

    def reset_model(self) -> NDArray[np.float64]:
        """Randomise ``qpos`` / ``qvel`` after a reset and return the first observation."""
        raise NotImplementedError

    def _get_reset_info(self) -> dict[str, Any]:
        """The ``info`` returned by :meth:`reset` (empty unless a subclass adds to it)."""
        return {}

    def render(self) -> Any:
        """Render the current state in :attr:`render_mode` (``None`` in ``"human"`` mode)."""
        if self.mujoco_renderer is None:
            return None
        return self.mujoco_renderer.render(self.render_mode)

    def close(self) -> None:
        """Release the rendering contexts; calling it again does nothing."""
        if self.mujoco_renderer is not None:
            self.mujoco_renderer.close()

    # -- pickling -----------------------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        """Every attribute, the compiled model and the simulation data included.

        ``MjModel`` and ``MjData`` pickle natively; the renderer drops its GL contexts and
        reopens them on the first render of the copy. The views of the simulation are left
        out: the copy makes its own, of its own model and data.
        """
        state = self.__dict__.copy()
        state.pop("_simulation_views", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore the attributes written by :meth:`__getstate__`."""
        self.__dict__.update(state)
