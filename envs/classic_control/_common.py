"""What the classic-control tasks share: backend-aware helpers and the pygame drawing.

Each FuncEnv computes with ``self.xp``: :data:`~gymnasium_core.functional.backends.scalar`
(Python floats, for the stateful env), numpy (batched, one leading ``(num_envs,)`` axis on
every state field) or ``jax.numpy``. The few places where the backends differ in how values
are packed and unpacked are gathered here, so the environment modules stay backend-free.

The FuncEnvs draw a frame on an off-screen surface; :class:`Canvas` is their render state. In
``"human"`` mode it also owns a window, shows each frame there and keeps the frame rate.
Pygame is imported only when a canvas is created.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, SupportsFloat, TypeAlias

import numpy as np

from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.functional import backends, random
from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.functional.random import RNG

if TYPE_CHECKING:
    import jax
    from numpy.typing import NDArray

#: One field of a classic-control state: a Python float (one env, the scalar backend), a
#: ``(num_envs,)`` float array (numpy-batched) or a JAX array (under ``jit`` / ``vmap``).
Real: TypeAlias = "float | np.floating[Any] | NDArray[np.floating[Any]] | jax.Array"


def is_scalar(xp: Namespace[Any]) -> bool:
    """Whether ``xp`` is the Python-float namespace of the single-env path."""
    return isinstance(xp, backends.ScalarNamespace)


def draw_uniform(xp: Namespace[Any], rng: RNG, low: Any, high: Any, count: int) -> list[Any]:
    """Draw ``count`` uniform values in one call (one generator call, as the reference does).

    On the scalar path the values come back as Python floats; on array backends as the
    elements of one draw.

    Args:
        xp: The array namespace.
        rng: A numpy generator or a JAX key.
        low: Lower bound (a number, or an array of ``count`` bounds).
        high: Upper bound, likewise.
        count: How many values to draw.

    Returns:
        A list of ``count`` values.
    """
    # A batched numpy draw is laid out (count, num_envs), the order the reference's
    # CartPoleVectorEnv fills with ``uniform(size=(4, num_envs))``.
    values = random.uniform(rng, low, high, shape=(count,), batch_axis=-1)
    if is_scalar(xp):
        return list(values.tolist())
    return [values[i] for i in range(count)]


def pack(xp: Namespace[Any], fields: Sequence[Any], dtype: Any) -> Any:
    """Stack per-field values into an observation with a trailing feature axis.

    Args:
        xp: The array namespace.
        fields: The values, each a scalar or a ``(num_envs,)`` array.
        dtype: The observation dtype.

    Returns:
        An array of shape ``(len(fields),)`` or ``(num_envs, len(fields))``.
    """
    if isinstance(xp, backends.ScalarNamespace):  # is_scalar, without its call
        # element by element into a new array: the same casts as ``np.array(fields, dtype)``
        # without its search of the fields for nested sequences (a third of the single env's
        # observation cost)
        return np.fromiter(fields, dtype, len(fields))
    if xp is np:
        # One pass that stacks and casts, laid out field-major: the (num_envs, n) result is a
        # transposed view, the memory layout the reference's ``state.T.astype(...)`` returns.
        return np.array(fields, dtype=dtype).T
    return xp.stack([xp.asarray(f, dtype=dtype) for f in fields], axis=-1)


def as_float(xp: Namespace[Any], value: Any) -> Any:
    """``value`` as a float scalar of the backend (a Python float on the scalar path)."""
    if is_scalar(xp):
        return float(value)
    return xp.asarray(value, dtype=xp.float32) if backends.is_jax_namespace(xp) else value


def wide(xp: Namespace[Any], value: Any) -> Any:
    """``value`` widened to the backend's widest float (float64; float32 on JAX without x64).

    On the Python-float path it becomes a Python float, as a float32 term meets the
    reference's float64 state. Over numpy scalars (another scalar namespace, for a state of
    narrower floats) it is left as it is: numpy's promotion decides, as in the reference.
    """
    if xp is backends.scalar:
        return float(value)
    if is_scalar(xp):
        return value
    if backends.is_jax_namespace(xp):
        return xp.asarray(value, dtype=backends.as_array_namespace(xp).result_type(float))
    return xp.asarray(value, dtype=np.float64)


def square_pow(xp: Namespace[Any], x: Any) -> Any:
    """``x ** 2`` computed as the reference's scalar ``x ** 2`` (C ``pow``), on every backend.

    numpy's array ``**`` takes a fast ``x * x`` path that can differ from ``pow`` in the last
    bit; ``float_power`` calls ``pow`` per element, so batched float64 results match the
    stateful ones exactly.
    """
    if xp is np and getattr(x, "dtype", None) == np.float64:
        return np.float_power(x, 2)
    return x**2


def import_pygame() -> Any:
    """Import pygame, or explain how to install it."""
    try:
        import pygame
        from pygame import gfxdraw  # noqa: F401  (loads the submodule for callers)
    except ImportError as err:
        raise DependencyNotInstalled(
            "pygame is needed to render classic-control environments: "
            'pip install "gymnasium-core[classic-control]"'
        ) from err
    return pygame


@dataclass
class Canvas:
    """Render state of a classic-control env: an off-screen surface, maybe a window.

    Attributes:
        width: Frame width in pixels.
        height: Frame height in pixels.
        render_mode: ``"rgb_array"`` or ``"human"``.
        fps: Frames per second kept in ``"human"`` mode.
        surface: The pygame surface frames are drawn on.
        window: The display surface in ``"human"`` mode, else ``None``.
        clock: The pygame clock pacing ``"human"`` mode.
        extras: Per-env cached resources (images, fonts).
    """

    width: int
    height: int
    render_mode: str = "rgb_array"
    fps: int = 30
    surface: Any = None
    window: Any = None
    clock: Any = None
    extras: dict[str, Any] = field(default_factory=dict)

    def __getstate__(self) -> dict[str, Any]:
        # pygame objects do not pickle: a copy starts without them and recreates its surface
        # on the next frame (and no window: a copy never takes over the original's display).
        state = dict(self.__dict__)
        state.update(surface=None, window=None, clock=None, extras={})
        return state


def open_canvas(width: int, height: int, render_mode: str = "rgb_array", fps: int = 30) -> Canvas:
    """Create a canvas (and a window when ``render_mode == "human"``).

    Args:
        width: Frame width in pixels.
        height: Frame height in pixels.
        render_mode: ``"rgb_array"`` or ``"human"``.
        fps: Frame rate kept in ``"human"`` mode.

    Returns:
        The new canvas.
    """
    pygame = import_pygame()
    canvas = Canvas(width, height, render_mode, fps)
    if render_mode == "human":
        # Only the display: ``pygame.init()`` would also start audio (ALSA errors on servers).
        pygame.display.init()
        canvas.window = pygame.display.set_mode((width, height))
    canvas.clock = pygame.time.Clock()
    canvas.surface = pygame.Surface((width, height))
    return canvas


def present(canvas: Canvas, drawing: Any) -> np.ndarray[Any, Any]:
    """Put a finished drawing on the canvas, show it in human mode, and return the frame.

    Args:
        canvas: The render state.
        drawing: A pygame surface of the canvas size, drawn with y pointing up.

    Returns:
        The frame as an ``(height, width, 3)`` uint8 array.
    """
    pygame = import_pygame()
    if canvas.surface is None:
        canvas.surface = pygame.Surface((canvas.width, canvas.height))
    # Drawings use a y-up world frame; the screen's y axis points down.
    shown = pygame.transform.flip(drawing, False, True)
    canvas.surface.blit(shown, (0, 0))
    canvas.extras["surf"] = shown  # the last frame's surface, which the reference keeps too
    if canvas.window is not None:
        canvas.window.blit(canvas.surface, (0, 0))
        pygame.event.pump()
        if canvas.clock is None:
            canvas.clock = pygame.time.Clock()
        canvas.clock.tick(canvas.fps)
        pygame.display.flip()
    pixels = pygame.surfarray.array3d(canvas.surface)
    return np.ascontiguousarray(np.transpose(pixels, (1, 0, 2)))


def close_canvas(canvas: Canvas | None) -> None:
    """Close the window of ``canvas`` if it has one."""
    if canvas is not None and canvas.window is not None:
        pygame = import_pygame()
        pygame.display.quit()
        pygame.quit()
        canvas.window = None


def filled_polygon(
    surf: Any, points: Sequence[tuple[float, float]], color: tuple[int, ...]
) -> None:
    """Draw an anti-aliased, filled polygon."""
    from pygame import gfxdraw

    gfxdraw.aapolygon(surf, points, color)
    gfxdraw.filled_polygon(surf, points, color)


def filled_circle(surf: Any, x: float, y: float, radius: float, color: tuple[int, ...]) -> None:
    """Draw an anti-aliased, filled circle centred on ``(x, y)``."""
    from pygame import gfxdraw

    cx, cy, r = int(x), int(y), int(radius)
    gfxdraw.aacircle(surf, cx, cy, r, color)
    gfxdraw.filled_circle(surf, cx, cy, r, color)


def turned(points: Any, angle: SupportsFloat) -> list[tuple[float, float]]:
    """``points`` turned counter-clockwise by ``angle`` rad about the origin.

    pygame's own vector rotation is used, so coordinates (and the pixels drawn from them) are
    those of any pygame drawing that turns its shapes the same way.
    """
    pygame = import_pygame()
    out = []
    for point in points:
        v = pygame.math.Vector2(point).rotate_rad(float(angle))
        out.append((v[0], v[1]))
    return out
