"""Image wrappers: :class:`GrayscaleObservation` and :class:`ResizeObservation`.

Public through :mod:`gymnasium_core.wrappers.transform_observation`.

Gymnasium resizes with OpenCV's ``INTER_AREA``. Where OpenCV (``cv2``) is installed,
:func:`resize_area` calls it, so frames equal the reference's exactly. Without it, numpy alone
reproduces the method as two separable weight matrices: when shrinking along both axes each
output pixel is the overlap-weighted mean of the source pixels it covers, otherwise OpenCV's
area-mode linear weights are used. OpenCV accumulates in single precision, so the numpy results
may differ from it by one grey level in a few pixels.
"""

from __future__ import annotations

import functools
import math
from types import ModuleType
from typing import Any, TypeVar

import numpy as np

from gymnasium_core import spaces
from gymnasium_core.core import Env
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers._transform_base import TransformObservation

__all__ = ["GrayscaleObservation", "ResizeObservation", "resize_area"]

ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")
NDArray = np.ndarray[Any, Any]

# Luma weights (ITU-R 709) that Gymnasium's GrayscaleObservation uses.
_LUMA = np.array([0.2125, 0.7154, 0.0721])


def _area_weights(n_in: int, n_out: int) -> NDArray:
    """``(n_out, n_in)`` weights: overlap of each output cell with each input pixel."""
    scale = n_in / n_out
    edges = np.arange(n_out + 1) * scale
    pixel = np.arange(n_in)
    overlap = np.minimum(edges[1:, None], pixel[None, :] + 1) - np.maximum(
        edges[:-1, None], pixel[None, :]
    )
    weights: NDArray = np.clip(overlap, 0.0, None) / scale
    return weights


def _area_linear_weights(n_in: int, n_out: int) -> NDArray:
    """``(n_out, n_in)`` weights of OpenCV's linear pass in area mode (used when enlarging)."""
    scale, inv_scale = n_in / n_out, n_out / n_in
    weights = np.zeros((n_out, n_in))
    for out in range(n_out):
        src = math.floor(out * scale)
        frac = (out + 1) - (src + 1) * inv_scale
        frac = 0.0 if frac <= 0 else frac - math.floor(frac)
        if src >= n_in - 1:
            src, frac = n_in - 1, 0.0
        weights[out, src] += 1.0 - frac
        if frac:
            weights[out, src + 1] += frac
    return weights


def resize_area(image: NDArray, height: int, width: int) -> NDArray:
    """Resize a ``(h, w)`` or ``(h, w, c)`` ``uint8`` image like OpenCV's ``INTER_AREA``.

    Args:
        image: The image.
        height: Output rows.
        width: Output columns.

    Returns:
        The ``uint8`` image of shape ``(height, width)`` or ``(height, width, c)``.
    """
    cv2 = _opencv()
    if cv2 is not None and image.dtype == np.uint8:
        resized_cv: NDArray = cv2.resize(
            np.ascontiguousarray(image), (width, height), interpolation=cv2.INTER_AREA
        )
        # OpenCV drops a single channel axis; keep the input's layout.
        return resized_cv.reshape((height, width, *image.shape[2:]))
    in_h, in_w = image.shape[:2]
    shrinking = in_h >= height and in_w >= width
    make = _area_weights if shrinking else _area_linear_weights
    rows, cols = make(in_h, height), make(in_w, width)
    pixels = image.astype(np.float64)
    out = np.tensordot(rows, pixels, axes=(1, 0))
    out = np.tensordot(cols, out, axes=(1, 1)).swapaxes(0, 1)
    resized: NDArray = np.clip(np.rint(out), 0, 255).astype(np.uint8)
    return resized


@functools.cache
def _opencv() -> ModuleType | None:
    """OpenCV's module where it is installed (loaded on first use), else ``None``."""
    try:
        import cv2
    except ImportError:
        return None
    return cv2


def _require_image_box(wrapper: str, space: spaces.Space[Any]) -> spaces.Box:
    if not isinstance(space, spaces.Box):
        raise TypeError(f"{wrapper} needs a Box observation space (an image), got {space}")
    return space


class GrayscaleObservation(TransformObservation[Any, ActType, ObsType], RecordConstructorArgs):
    """Converts ``(h, w, 3)`` RGB ``uint8`` observations to grey ``(h, w)`` (or ``(h, w, 1)``).

    Grey is the luma sum ``0.2125 R + 0.7154 G + 0.0721 B``, truncated to ``uint8``.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import AddRenderObservation, GrayscaleObservation
        >>> env = AddRenderObservation(gym.make("CartPole-v1", render_mode="rgb_array"))
        >>> GrayscaleObservation(env).observation_space.shape
        (400, 600)
    """

    def __init__(self, env: Env[ObsType, ActType], keep_dim: bool = False) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with ``(h, w, 3)`` ``uint8`` observations bounded by 0 and 255.
            keep_dim: Keep a channel axis of size 1.

        Raises:
            TypeError: If the observation space is not a Box.
            ValueError: If it is not a 3-channel ``uint8`` image space.
        """
        box = _require_image_box("GrayscaleObservation", env.observation_space)
        if len(box.shape) != 3 or box.shape[-1] != 3:
            raise ValueError(
                f"GrayscaleObservation needs an (h, w, 3) image space, got shape {box.shape}"
            )
        if not (np.all(box.low == 0) and np.all(box.high == 255) and box.dtype == np.uint8):
            raise ValueError(
                f"GrayscaleObservation needs uint8 observations bounded by 0 and 255, got {box}"
            )
        RecordConstructorArgs.__init__(self, keep_dim=keep_dim)
        self.keep_dim: bool = keep_dim
        shape = box.shape[:2] + ((1,) if keep_dim else ())

        def to_grey(obs: Any) -> Any:
            grey = np.sum(np.multiply(obs, _LUMA), axis=-1).astype(np.uint8)
            return grey[..., None] if keep_dim else grey

        TransformObservation.__init__(
            self,
            env=env,
            func=to_grey,
            observation_space=spaces.Box(0, 255, shape=shape, dtype=np.uint8),
        )


class ResizeObservation(TransformObservation[Any, ActType, ObsType], RecordConstructorArgs):
    """Resizes ``uint8`` image observations to ``shape = (height, width)`` by area averaging.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import AddRenderObservation, ResizeObservation
        >>> env = AddRenderObservation(gym.make("CartPole-v1", render_mode="rgb_array"))
        >>> ResizeObservation(env, (84, 84)).observation_space.shape
        (84, 84, 3)
    """

    def __init__(self, env: Env[ObsType, ActType], shape: tuple[int, int]) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with ``(h, w)`` or ``(h, w, c)`` ``uint8`` image observations.
            shape: The new ``(height, width)``, positive ints.

        Raises:
            TypeError: If the space is not a Box, or ``shape`` is not a tuple of ints.
            ValueError: If the space is not a ``uint8`` 0-255 image, or ``shape`` is invalid.
        """
        box = _require_image_box("ResizeObservation", env.observation_space)
        if len(box.shape) not in (2, 3):
            raise ValueError(
                f"ResizeObservation needs a 2D or 3D image space, got shape {box.shape}"
            )
        if not (np.all(box.low == 0) and np.all(box.high == 255)):
            raise ValueError("ResizeObservation needs observations bounded by 0 and 255")
        if box.dtype != np.uint8:
            raise ValueError(f"ResizeObservation needs uint8 observations, got {box.dtype}")
        if not isinstance(shape, tuple):
            raise TypeError(f"ResizeObservation: shape must be a tuple, got {type(shape)}")
        if len(shape) != 2:
            raise ValueError(f"ResizeObservation: shape must be (height, width), got {shape}")
        if not all(np.issubdtype(type(size), np.integer) for size in shape):
            raise TypeError(f"ResizeObservation: shape must hold ints, got {shape}")
        if not all(size > 0 for size in shape):
            raise ValueError(f"ResizeObservation: shape must be positive, got {shape}")
        self.shape: tuple[int, int] = (int(shape[0]), int(shape[1]))
        # OpenCV takes (width, height); kept for code written against Gymnasium's attribute.
        self.cv2_shape: tuple[int, int] = (self.shape[1], self.shape[0])
        new_space = spaces.Box(0, 255, shape=self.shape + box.shape[2:], dtype=np.uint8)
        RecordConstructorArgs.__init__(self, shape=shape)
        height, width = self.shape
        TransformObservation.__init__(
            self,
            env=env,
            func=lambda obs: resize_area(np.asarray(obs), height, width),
            observation_space=new_space,
        )
