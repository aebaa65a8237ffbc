"""Rendering of MuJoCo environments, built on MuJoCo's own ``mujoco.Renderer``.

Every mode draws offscreen through ``mujoco.Renderer`` (EGL, OSMesa or GLFW, chosen by MuJoCo
from ``MUJOCO_GL``). ``"human"`` mode shows that same frame in a pygame window instead of
opening a GLFW window as the reference does: pygame runs headless under
``SDL_VIDEODRIVER=dummy``, so every mode works on a machine without a display. The window is
for watching only; it has no mouse or keyboard camera control.

``"depth_array"`` frames hold the raw depth buffer in ``[0, 1]`` (near to far), as the
reference returns them, not metric distances.
"""

from __future__ import annotations

from typing import Any

import mujoco
import numpy as np
from numpy.typing import NDArray

from gymnasium_core.error import DependencyNotInstalled

__all__ = ["MujocoRenderer", "OffScreenViewer", "WindowViewer"]

OFFSCREEN_MODES = ("rgb_array", "depth_array", "rgbd_tuple")
ALL_MODES = ("human", *OFFSCREEN_MODES)


class OffScreenViewer:
    """Draws frames of ``model`` / ``data`` into numpy arrays.

    Args:
        model: The compiled model.
        data: The simulation data to draw (read at every render).
        width: Frame width in pixels.
        height: Frame height in pixels.
        max_geom: Most geoms the scene holds.
        visual_options: ``mjtVisFlag`` values switched on or off.
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
        """Open the GL context and aim the free camera at the middle of the geoms."""
        self.model = model
        self.data = data
        self.width = width
        self.height = height
        # mujoco.Renderer refuses frames larger than the model's offscreen buffer.
        model.vis.global_.offwidth = max(model.vis.global_.offwidth, width)
        model.vis.global_.offheight = max(model.vis.global_.offheight, height)
        self._renderer: mujoco.Renderer | None = mujoco.Renderer(model, height, width, max_geom)
        self.vopt = mujoco.MjvOption()
        for flag, value in (visual_options or {}).items():
            self.vopt.flags[flag] = value
        self.cam = mujoco.MjvCamera()
        self.cam.type = mujoco.mjtCamera.mjCAMERA_FREE
        self.cam.fixedcamid = -1
        # The free camera looks at the median geom position from the model's extent away.
        self.cam.lookat[:] = np.median(data.geom_xpos, axis=0)
        self.cam.distance = model.stat.extent
        self._markers: list[dict[str, Any]] = []

    def add_marker(self, **marker_params: Any) -> None:
        """Draw one extra geom in the next frame.

        Keys: ``type`` (``mjtGeom``), ``size``, ``pos``, ``mat`` (3x3), ``rgba``, ``label``.
        """
        self._markers.append(marker_params)

    def _add_markers(self, scene: mujoco.MjvScene) -> None:
        for marker in self._markers:
            if scene.ngeom >= scene.maxgeom:
                raise RuntimeError(f"Ran out of geoms. maxgeom: {scene.maxgeom}")
            geom = scene.geoms[scene.ngeom]
            mujoco.mjv_initGeom(
                geom,
                int(marker.get("type", mujoco.mjtGeom.mjGEOM_SPHERE)),
                np.asarray(marker.get("size", (0.05, 0.05, 0.05)), dtype=np.float64),
                np.asarray(marker.get("pos", (0.0, 0.0, 0.0)), dtype=np.float64),
                np.asarray(marker.get("mat", np.eye(3)), dtype=np.float64).ravel(),
                np.asarray(marker.get("rgba", (1.0, 0.0, 0.0, 1.0)), dtype=np.float32),
            )
            if "label" in marker:
                geom.label = str(marker["label"])
            scene.ngeom += 1
        self._markers.clear()

    def _draw(self, depth: bool) -> NDArray[Any]:
        renderer = self._renderer
        if renderer is None:
            raise RuntimeError("The viewer is closed.")
        renderer.update_scene(self.data, camera=self.cam, scene_option=self.vopt)
        self._add_markers(renderer.scene)
        if not depth:
            rgb: NDArray[np.uint8] = renderer.render()
            return rgb
        renderer.enable_depth_rendering()
        try:
            metres = renderer.render()
        finally:
            renderer.disable_depth_rendering()
        return self._depth_buffer(metres)

    def _depth_buffer(self, metres: NDArray[np.float32]) -> NDArray[np.float32]:
        """Map metric depth back to the ``[0, 1]`` buffer values the reference returns."""
        extent = self.model.stat.extent
        near = self.model.vis.map.znear * extent
        far = self.model.vis.map.zfar * extent
        with np.errstate(divide="ignore"):
            buffer = (1.0 / near - 1.0 / metres.astype(np.float64)) / (1.0 / near - 1.0 / far)
        clipped: NDArray[np.float32] = np.clip(buffer, 0.0, 1.0).astype(np.float32)
        return clipped

    def render(
        self, render_mode: str | None, camera_id: int | None = None
    ) -> NDArray[Any] | tuple[NDArray[Any], NDArray[Any]]:
        """Draw one frame.

        Args:
            render_mode: ``"rgb_array"`` -> ``(height, width, 3)`` uint8;
                ``"depth_array"`` -> ``(height, width)`` float32; ``"rgbd_tuple"`` -> both.
            camera_id: A model camera to use (``-1``: the free camera); ``None`` keeps the
                current one.
        """
        if camera_id is not None:
            self.cam.type = (
                mujoco.mjtCamera.mjCAMERA_FREE
                if camera_id == -1
                else mujoco.mjtCamera.mjCAMERA_FIXED
            )
            self.cam.fixedcamid = camera_id
        markers = list(self._markers)
        if render_mode == "rgb_array":
            return self._draw(depth=False)
        if render_mode == "depth_array":
            return self._draw(depth=True)
        rgb = self._draw(depth=False)
        self._markers[:] = markers
        return rgb, self._draw(depth=True)

    def make_context_current(self) -> None:
        """Nothing to do: ``mujoco.Renderer`` makes its context current for each frame."""

    def close(self) -> None:
        """Free the GL context; calling it again does nothing."""
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None


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
    """Shows the offscreen frame in a pygame window (``"human"`` mode).

    Args:
        model: The compiled model.
        data: The simulation data to draw.
        width: Window width in pixels.
        height: Window height in pixels.
        max_geom: Most geoms the scene holds.
        visual_options: ``mjtVisFlag`` values switched on or off.
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
        """Open the offscreen context and the window."""
        super().__init__(model, data, width, height, max_geom, visual_options)
        pygame = _import_pygame()
        pygame.init()
        pygame.display.init()
        pygame.display.set_caption("MuJoCo")
        self._window: Any = pygame.display.set_mode((width, height))

    def render(  # type: ignore[override]
        self, render_mode: str | None = "human", camera_id: int | None = None
    ) -> None:
        """Draw a frame and show it in the window."""
        frame = super().render("rgb_array", camera_id)
        pygame = _import_pygame()
        pygame.event.pump()
        surface = pygame.surfarray.make_surface(np.transpose(np.asarray(frame), (1, 0, 2)))
        self._window.blit(surface, (0, 0))
        pygame.display.flip()

    def close(self) -> None:
        """Close the window and free the GL context."""
        super().close()
        if self._window is not None:
            self._window = None
            pygame = _import_pygame()
            pygame.display.quit()


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
        self.viewer: OffScreenViewer | None = None
        if camera_id is not None:
            self.camera_id = camera_id
        elif camera_name is not None:
            self.camera_id = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_CAMERA, camera_name)
        else:
            # Without a choice the free camera is used, even if the model has a "track" camera.
            self.camera_id = -1

    def render(self, render_mode: str | None) -> Any:
        """Draw a frame in ``render_mode``; ``"human"`` shows it and returns ``None``.

        Raises:
            AttributeError: For a mode that is not one of the four supported.
        """
        if render_mode != "human" and (self.width is None or self.height is None):
            raise AssertionError(
                f"width ({self.width}) and height ({self.height}) must be set to render "
                f"{render_mode!r} frames"
            )
        viewer = self._get_viewer(render_mode)
        if render_mode == "human":
            viewer.render("human", camera_id=self.camera_id)
            return None
        return viewer.render(render_mode, camera_id=self.camera_id)

    def _get_viewer(self, render_mode: str | None) -> OffScreenViewer:
        viewer = self._viewers.get(render_mode)
        if viewer is None:
            if render_mode not in ALL_MODES:
                raise AttributeError(
                    f"Unexpected mode: {render_mode}, expected modes: human, rgb_array, "
                    "depth_array, or rgbd_tuple"
                )
            width = self.width if self.width is not None else 480
            height = self.height if self.height is not None else 480
            viewer_cls = WindowViewer if render_mode == "human" else OffScreenViewer
            viewer = viewer_cls(self.model, self.data, width, height, self.max_geom, self._vopt)
            self._apply_cam_config(viewer)
            self._viewers[render_mode] = viewer
        self.viewer = viewer
        return viewer

    def _apply_cam_config(self, viewer: OffScreenViewer) -> None:
        for key, value in (self.default_cam_config or {}).items():
            if isinstance(value, np.ndarray):
                getattr(viewer.cam, key)[:] = value
            else:
                setattr(viewer.cam, key, value)

    def close(self) -> None:
        """Close every viewer; calling it again does nothing."""
        for viewer in self._viewers.values():
            viewer.close()
        self._viewers.clear()
        self.viewer = None

    def __getstate__(self) -> dict[str, Any]:
        """The configuration without the viewers (GL contexts do not pickle)."""
        state = self.__dict__.copy()
        state["_viewers"] = {}
        state["viewer"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore the configuration; viewers reopen on the next render."""
        self.__dict__.update(state)
