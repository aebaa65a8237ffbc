"""Rendering of MuJoCo environments: offscreen frames and a window to watch them.

The viewers draw with MuJoCo's own pipeline, as the reference's do: an OpenGL context
(``MUJOCO_GL``: ``egl``, ``osmesa`` or ``glfw``), a scene ``scn`` updated from the data, an
``MjrContext`` ``con`` that draws it into ``viewport``, and the pixels read back. So frames are
the reference's frames, pixel for pixel, and code that reaches into a viewer (``scn``,
``viewport``, ``cam``, ``vopt``, ``add_marker``, ``add_overlay``) keeps working.

Two differences, both additions: a viewport larger than the model's offscreen buffer grows
the buffer instead of reading past it, so a viewer can be resized after it was opened; and
``"human"`` mode shows the offscreen frame in a pygame window instead of a GLFW window, so
every mode works on a machine without a display (``SDL_VIDEODRIVER=dummy``). That window is
for watching only: it has no mouse or keyboard camera control.

``"depth_array"`` frames hold the raw depth buffer in ``[0, 1]`` (near to far), as the
reference returns them, not metric distances.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

import mujoco
import numpy as np
from numpy.typing import NDArray

from gymnasium_core.error import DependencyNotInstalled

__all__ = ["BaseRender", "MujocoRenderer", "OffScreenViewer", "WindowViewer"]

OFFSCREEN_MODES = ("rgb_array", "depth_array", "rgbd_tuple")
ALL_MODES = ("human", *OFFSCREEN_MODES)
# The OpenGL backends MUJOCO_GL may name, in the order they are tried when it is unset.
GL_BACKENDS = ("glfw", "egl", "osmesa")


def _open_gl_context(backend: str, width: int, height: int) -> Any:
    module = importlib.import_module(f"mujoco.{backend}")
    return module.GLContext(width, height)


class BaseRender:
    """What the offscreen and window viewers share: scene, camera, options, markers, overlays.

    Args:
        model: The compiled model.
        data: The simulation data to draw (read at every render).
        width: Viewport width in pixels.
        height: Viewport height in pixels.
        max_geom: Most geoms the scene ``scn`` holds.
        visual_options: ``mjtVisFlag`` values switched on or off in ``vopt``.
    """

    def __init__(
        self,
        model: mujoco.MjModel,
        data: mujoco.MjData,
        width: int,
        height: int,
        max_geom: int = 1000,
        visual_options: dict[int, bool] | None = None,
    ) -> None:
        """Build the scene and the MuJoCo render context (the GL context must exist)."""
        self.model = model
        self.data = data
        self._markers: list[dict[str, Any]] = []
        self._overlays: dict[int, list[str]] = {}
        self.viewport = mujoco.MjrRect(0, 0, width, height)
        self.scn = mujoco.MjvScene(model, max_geom)
        self.cam = mujoco.MjvCamera()
        self.vopt = mujoco.MjvOption()
        self.pert = mujoco.MjvPerturb()
        for flag, value in (visual_options or {}).items():
            self.vopt.flags[flag] = value
        self.make_context_current()
        self.con: mujoco.MjrContext | None = mujoco.MjrContext(
            model, mujoco.mjtFontScale.mjFONTSCALE_150
        )
        self._set_mujoco_buffer()

    def _set_mujoco_buffer(self) -> None:
        """Select the framebuffer ``con`` draws into."""
        raise NotImplementedError

    def make_context_current(self) -> None:
        """Make this viewer's OpenGL context the current one."""
        raise NotImplementedError

    def add_overlay(self, gridpos: int, text1: str, text2: str) -> None:
        """Write a line of text (two columns) at ``gridpos`` (an ``mjtGridPos``) of each frame."""
        lines = self._overlays.setdefault(gridpos, ["", ""])
        lines[0] += text1 + "\n"
        lines[1] += text2 + "\n"

    def add_marker(self, **marker_params: Any) -> None:
        """Draw one extra geom in the next frame.

        Keys: ``type`` (an ``mjtGeom``, a sphere by default), ``size``, ``pos``, ``mat``
        (3x3, flat or not), ``rgba``, and ``label``.
        """
        self._markers.append(marker_params)

    def _add_marker_to_scene(self, marker: dict[str, Any]) -> None:
        """Append ``marker`` to ``scn`` as a decorative geom.

        Raises:
            RuntimeError: If the scene already holds ``maxgeom`` geoms.
        """
        if self.scn.ngeom >= self.scn.maxgeom:
            raise RuntimeError(f"The scene is full: it holds at most {self.scn.maxgeom} geoms.")
        geom = self.scn.geoms[self.scn.ngeom]
        mujoco.mjv_initGeom(
            geom,
            int(marker.get("type", mujoco.mjtGeom.mjGEOM_SPHERE)),
            np.asarray(marker.get("size", (0.01, 0.01, 0.01)), dtype=np.float64),
            np.asarray(marker.get("pos", (0.0, 0.0, 0.0)), dtype=np.float64),
            np.asarray(marker.get("mat", np.eye(3)), dtype=np.float64).ravel(),
            np.asarray(marker.get("rgba", (1.0, 1.0, 1.0, 1.0)), dtype=np.float32),
        )
        if marker.get("label") is not None:
            geom.label = str(marker["label"])
        self.scn.ngeom += 1

    def _draw_scene(self) -> None:
        """Update ``scn`` from the data, add the markers, draw it and its overlays."""
        mujoco.mjv_updateScene(
            self.model,
            self.data,
            self.vopt,
            self.pert,
            self.cam,
            mujoco.mjtCatBit.mjCAT_ALL,
            self.scn,
        )
        for marker in self._markers:
            self._add_marker_to_scene(marker)
        mujoco.mjr_render(self.viewport, self.scn, self.con)
        for gridpos, (text1, text2) in self._overlays.items():
            mujoco.mjr_overlay(
                mujoco.mjtFontScale.mjFONTSCALE_150,
                gridpos,
                self.viewport,
                text1,
                text2,
                self.con,
            )

    def free(self) -> None:
        """Release the render context; calling it again does nothing."""
        if getattr(self, "con", None) is not None:
            assert self.con is not None
            self.con.free()
            self.con = None

    def close(self) -> None:
        """Release everything the viewer holds."""
        self.free()


class OffScreenViewer(BaseRender):
    """Draws frames of ``model`` / ``data`` into numpy arrays, in its own OpenGL context.

    Args:
        model: The compiled model.
        data: The simulation data to draw.
        width: Frame width in pixels.
        height: Frame height in pixels.
        max_geom: Most geoms the scene holds.
        visual_options: ``mjtVisFlag`` values switched on or off.

    Raises:
        RuntimeError: If ``MUJOCO_GL`` names no known backend, or none can be opened.
    """

    backend: str | None
    opengl_context: Any

    def __init__(
        self,
        model: mujoco.MjModel,
        data: mujoco.MjData,
        width: int,
        height: int,
        max_geom: int = 1000,
        visual_options: dict[int, bool] | None = None,
    ) -> None:
        """Open the OpenGL context, then the scene, and aim the free camera at the model."""
        # The render context sizes its framebuffer from these; frames larger than the model
        # asks for would otherwise be read past its end.
        model.vis.global_.offwidth = max(model.vis.global_.offwidth, width)
        model.vis.global_.offheight = max(model.vis.global_.offheight, height)
        self.opengl_context = None
        self._get_opengl_backend(width, height)
        super().__init__(model, data, width, height, max_geom, visual_options)
        self._init_camera()

    def _init_camera(self) -> None:
        """A free camera looking at the median geom position from the model's extent away."""
        self.cam.type = mujoco.mjtCamera.mjCAMERA_FREE
        self.cam.fixedcamid = -1
        for axis in range(3):
            self.cam.lookat[axis] = np.median(self.data.geom_xpos[:, axis])
        self.cam.distance = self.model.stat.extent

    def _get_opengl_backend(self, width: int, height: int) -> None:
        """Open the context ``MUJOCO_GL`` names, or the first of :data:`GL_BACKENDS` that opens."""
        self.backend = os.environ.get("MUJOCO_GL")
        if self.backend is not None:
            if self.backend not in GL_BACKENDS:
                raise RuntimeError(f"MUJOCO_GL must be one of {GL_BACKENDS}, got {self.backend!r}.")
            self.opengl_context = _open_gl_context(self.backend, width, height)
            return
        for backend in GL_BACKENDS:
            try:
                self.opengl_context = _open_gl_context(backend, width, height)
            except Exception:  # any failure means: try the next backend
                continue
            self.backend = backend
            return
        raise RuntimeError(
            "No OpenGL backend could be opened for MuJoCo rendering; set MUJOCO_GL to "
            "'egl' or 'osmesa' on a machine without a display."
        )

    def _set_mujoco_buffer(self) -> None:
        assert self.con is not None
        mujoco.mjr_setBuffer(mujoco.mjtFramebuffer.mjFB_OFFSCREEN, self.con)

    def make_context_current(self) -> None:
        """Make this viewer's OpenGL context current (each render does it too)."""
        if self.opengl_context is None:
            raise RuntimeError("The viewer is closed.")
        self.opengl_context.make_current()

    def _fit_buffer(self) -> None:
        """Grow the offscreen buffer when the viewport was made larger than it."""
        assert self.con is not None
        width, height = self.viewport.width, self.viewport.height
        if width > self.con.offWidth or height > self.con.offHeight:
            self.model.vis.global_.offwidth = max(self.con.offWidth, width)
            self.model.vis.global_.offheight = max(self.con.offHeight, height)
            mujoco.mjr_resizeOffscreen(
                self.model.vis.global_.offwidth, self.model.vis.global_.offheight, self.con
            )
            self._set_mujoco_buffer()

    def render(
        self,
        render_mode: str | None,
        camera_id: int | None = None,
        segmentation: bool = False,
    ) -> Any:
        """Draw one frame of the viewport's size.

        Args:
            render_mode: ``"rgb_array"`` -> ``(height, width, 3)`` uint8;
                ``"depth_array"`` -> ``(height, width)`` float32; ``"rgbd_tuple"`` -> both.
            camera_id: A model camera to use (``-1``: the free camera); ``None`` keeps the
                current one.
            segmentation: Return, in place of colours, each pixel's ``(objtype, objid)``
                (``-1`` for the background), shape ``(height, width, 2)`` int32.

        Raises:
            RuntimeError: If the viewer is closed, or the markers overflow the scene.
        """
        if camera_id is not None:
            free, fixed = mujoco.mjtCamera.mjCAMERA_FREE, mujoco.mjtCamera.mjCAMERA_FIXED
            self.cam.type = free if camera_id == -1 else fixed
            self.cam.fixedcamid = camera_id
        self.make_context_current()
        self._fit_buffer()
        flags = (mujoco.mjtRndFlag.mjRND_SEGMENT, mujoco.mjtRndFlag.mjRND_IDCOLOR)
        if segmentation:
            for flag in flags:
                self.scn.flags[flag] = 1
        try:
            self._draw_scene()
        finally:
            if segmentation:
                for flag in flags:
                    self.scn.flags[flag] = 0
        width, height = self.viewport.width, self.viewport.height
        rgb = np.zeros((height, width, 3), dtype=np.uint8)
        depth = np.zeros((height, width), dtype=np.float32)
        mujoco.mjr_readPixels(rgb, depth, self.viewport, self.con)
        self._markers.clear()
        # OpenGL reads rows bottom up
        rgb, depth = rgb[::-1], depth[::-1]
        if segmentation:
            rgb = self._segment(rgb)
        if render_mode == "rgb_array":
            return rgb
        if render_mode == "depth_array":
            return depth
        return rgb, depth

    def _segment(self, rgb: NDArray[np.uint8]) -> NDArray[np.int32]:
        """Turn id colours into ``(objtype, objid)`` per pixel (``-1``: nothing drawn there)."""
        # in int32: the reference sums in uint8, which overflows under NumPy 2
        channels = rgb.astype(np.int32)
        ids = channels[..., 0] + channels[..., 1] * (2**8) + channels[..., 2] * (2**16)
        ids[ids >= self.scn.ngeom + 1] = 0
        table = np.full((self.scn.ngeom + 1, 2), -1, dtype=np.int32)
        for index in range(self.scn.ngeom):
            geom = self.scn.geoms[index]
            if geom.segid != -1:
                table[geom.segid + 1] = (geom.objtype, geom.objid)
        segments: NDArray[np.int32] = table[ids]
        return segments

    def free(self) -> None:
        """Release the render context and the OpenGL context; calling it again does nothing."""
        context = getattr(self, "opengl_context", None)
        if context is not None and getattr(self, "con", None) is not None:
            context.make_current()
        super().free()
        if context is not None:
            context.free()
            self.opengl_context = None

    def __del__(self) -> None:
        """Free the contexts of a viewer that was never closed."""
        try:
            self.free()
        except Exception:  # at interpreter exit the GL library may be gone
            pass


def _import_pygame() -> Any:
    try:
        import pygame
    except ImportError as err:
        raise DependencyNotInstalled(
            'The "human" render mode of MuJoCo environments needs pygame: '
            'pip install "gymnasium-core[mujoco]"'
        ) from err
    return pygame


class WindowViewer(OffScreenViewer):
    """Shows each frame in a pygame window (``"human"`` mode).

    Args:
        model: The compiled model.
        data: The simulation data to draw.
        width: Window width in pixels (``None``: 480).
        height: Window height in pixels (``None``: 480).
        max_geom: Most geoms the scene holds.
        visual_options: ``mjtVisFlag`` values switched on or off.
    """

    def __init__(
        self,
        model: mujoco.MjModel,
        data: mujoco.MjData,
        width: int | None = None,
        height: int | None = None,
        max_geom: int = 1000,
        visual_options: dict[int, bool] | None = None,
    ) -> None:
        """Open the offscreen context and the window (only pygame's display is initialised)."""
        width = 480 if width is None else width
        height = 480 if height is None else height
        super().__init__(model, data, width, height, max_geom, visual_options)
        pygame = _import_pygame()
        pygame.display.init()
        pygame.display.set_caption("MuJoCo")
        self.window: Any = pygame.display.set_mode((width, height))
        self.width, self.height = width, height

    def render(self) -> None:  # type: ignore[override]
        """Draw a frame, show it in the window, then forget the overlays and markers."""
        frame = super().render("rgb_array")
        pygame = _import_pygame()
        pygame.event.pump()
        surface = pygame.surfarray.make_surface(np.transpose(frame, (1, 0, 2)))
        self.window.blit(surface, (0, 0))
        pygame.display.flip()
        self._overlays.clear()

    def free(self) -> None:
        """Close the window and release the contexts; calling it again does nothing."""
        super().free()
        if getattr(self, "window", None) is not None:
            self.window = None
            _import_pygame().display.quit()


class MujocoRenderer:
    """Holds one viewer per render mode, created on first use.

    Args:
        model: The compiled model.
        data: The simulation data to draw.
        default_cam_config: Attributes of ``mujoco.MjvCamera`` set on each new viewer's camera.
        width: Frame width in pixels.
        height: Frame height in pixels.
        max_geom: Most geoms a scene holds.
        camera_id: A model camera to render from.
        camera_name: A model camera, by name; exclusive with ``camera_id``.
        visual_options: ``mjtVisFlag`` values switched on or off.

    Raises:
        ValueError: If both ``camera_id`` and ``camera_name`` are given.
    """

    def __init__(
        self,
        model: mujoco.MjModel,
        data: mujoco.MjData,
        default_cam_config: dict[str, Any] | None = None,
        width: int | None = None,
        height: int | None = None,
        max_geom: int = 1000,
        camera_id: int | None = None,
        camera_name: str | None = None,
        visual_options: dict[int, bool] | None = None,
    ) -> None:
        """Remember the configuration; no GL context is opened until the first render."""
        if camera_id is not None and camera_name is not None:
            raise ValueError("Give `camera_id` or `camera_name`, not both.")
        self.model = model
        self.data = data
        self.default_cam_config = default_cam_config
        self.width = width
        self.height = height
        self.max_geom = max_geom
        self._vopt = dict(visual_options or {})
        self._viewers: dict[str | None, OffScreenViewer] = {}
        self._sizes: dict[str | None, tuple[int | None, int | None]] = {}
        self.viewer: OffScreenViewer | None = None
        if camera_id is not None:
            self.camera_id = camera_id
        elif camera_name is not None:
            self.camera_id = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_CAMERA, camera_name)
        else:
            # Without a choice the free camera is used, even if the model has a "track" camera,
            # so that the default camera configuration applies.
            self.camera_id = -1

    def render(self, render_mode: str | None) -> Any:
        """Draw a frame in ``render_mode``; ``"human"`` shows it and returns ``None``.

        Changing :attr:`width` / :attr:`height` between calls resizes the frames.

        Raises:
            AttributeError: For a mode that is not one of the four supported.
        """
        if render_mode != "human" and (self.width is None or self.height is None):
            raise AssertionError(
                f"width ({self.width}) and height ({self.height}) must be set to render "
                f"{render_mode!r} frames"
            )
        viewer = self._get_viewer(render_mode)
        if self._sizes.get(render_mode) != (self.width, self.height):
            self._sizes[render_mode] = (self.width, self.height)
            viewer.viewport.width = self.width or viewer.viewport.width
            viewer.viewport.height = self.height or viewer.viewport.height
        if isinstance(viewer, WindowViewer):
            viewer.render()
            return None
        return viewer.render(render_mode, camera_id=self.camera_id)

    def _get_viewer(self, render_mode: str | None) -> OffScreenViewer:
        """The viewer of ``render_mode``, opened with the camera configuration on first use."""
        viewer = self._viewers.get(render_mode)
        if viewer is None:
            if render_mode not in ALL_MODES:
                raise AttributeError(
                    f"Unexpected mode: {render_mode}, expected modes: human, rgb_array, "
                    "depth_array, or rgbd_tuple"
                )
            if render_mode == "human":
                viewer = WindowViewer(
                    self.model, self.data, self.width, self.height, self.max_geom, self._vopt
                )
            else:
                assert self.width is not None and self.height is not None
                viewer = OffScreenViewer(
                    self.model, self.data, self.width, self.height, self.max_geom, self._vopt
                )
            self._sizes[render_mode] = (self.width, self.height)
            self._viewers[render_mode] = viewer
            self.viewer = viewer
            self._set_cam_config()
        self.viewer = viewer
        return viewer

    def _set_cam_config(self) -> None:
        """Set :attr:`default_cam_config` on the current viewer's camera."""
        assert self.viewer is not None
        for key, value in (self.default_cam_config or {}).items():
            if isinstance(value, np.ndarray):
                getattr(self.viewer.cam, key)[:] = value
            else:
                setattr(self.viewer.cam, key, value)

    def close(self) -> None:
        """Close every viewer; calling it again does nothing."""
        for viewer in self._viewers.values():
            viewer.close()
        self._viewers.clear()
        self._sizes.clear()
        self.viewer = None

    def __getstate__(self) -> dict[str, Any]:
        """The configuration without the viewers (GL contexts do not pickle)."""
        state = self.__dict__.copy()
        state["_viewers"] = {}
        state["_sizes"] = {}
        state["viewer"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore the configuration; viewers reopen on the next render."""
        self.__dict__.update(state)
