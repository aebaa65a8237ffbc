"""Rendering wrappers that overwrite pixels of the frame with random noise.

Public through :mod:`gymnasium_core.wrappers.rendering`. The noise is drawn from the wrapped
environment's ``np_random`` in the same order as Gymnasium, so seeded frames are identical.
"""

from __future__ import annotations

from typing import Any, TypeVar

import numpy as np

from gymnasium_core.core import Env, Wrapper
from gymnasium_core.error import InvalidProbability
from gymnasium_core.utils.record_constructor import RecordConstructorArgs

__all__ = ["AddWhiteNoise", "ObstructView"]

ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")

# Luma weights of the greyscale noise (ITU-R 601); each channel is drawn up to 255 * weight.
_GREY_WEIGHTS = np.array([0.2989, 0.5870, 0.1140])


def _noise_like(rng: np.random.Generator, frame: np.ndarray[Any, Any], grey: bool) -> Any:
    """Uniform ``uint8`` noise of the frame's shape, grey (equal channels) if asked."""
    if not grey:
        return rng.integers(0, 255, size=frame.shape, dtype=np.uint8)
    channels = rng.integers((0, 0, 0), 255 * _GREY_WEIGHTS, size=frame.shape, dtype=np.uint8)
    return channels.sum(-1, keepdims=True).repeat(3, -1)


class AddWhiteNoise(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Replaces each pixel of the rendered frame by noise with a given probability.

    With :class:`~gymnasium_core.wrappers.AddRenderObservation` this makes pixel observations
    noisy (and possibly partially observable).

    Example:
        With probability 0 nothing changes; with 0.9 most pixels do:

        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import AddWhiteNoise
        >>> base = gym.make("Acrobot-v1", render_mode="rgb_array")
        >>> clean = AddWhiteNoise(base, probability_of_noise_per_pixel=0.0)
        >>> _ = clean.reset(seed=7)
        >>> bool((clean.render() == base.render()).all())
        True
        >>> noisy = AddWhiteNoise(base, probability_of_noise_per_pixel=0.9)
        >>> changed = (noisy.render() != base.render()).any(axis=-1).mean()
        >>> bool(changed > 0.8)
        True
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        probability_of_noise_per_pixel: float,
        is_noise_grayscale: bool = False,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: An environment that renders ``(height, width, 3)`` images.
            probability_of_noise_per_pixel: Chance, in ``[0, 1)``, that a pixel is replaced.
            is_noise_grayscale: Use grey noise instead of coloured noise.

        Raises:
            InvalidProbability: If the probability is outside ``[0, 1)``.
        """
        if not 0 <= probability_of_noise_per_pixel < 1:
            raise InvalidProbability(
                "AddWhiteNoise: probability_of_noise_per_pixel must lie in [0, 1), "
                f"got {probability_of_noise_per_pixel}"
            )
        settings: dict[str, Any] = {
            "probability_of_noise_per_pixel": probability_of_noise_per_pixel,
            "is_noise_grayscale": is_noise_grayscale,
        }
        RecordConstructorArgs.__init__(self, **settings)
        Wrapper.__init__(self, env)
        self.probability_of_noise_per_pixel = probability_of_noise_per_pixel
        self.is_noise_grayscale = is_noise_grayscale

    def render(self) -> Any:
        """The wrapped env's frame with noisy pixels."""
        frame = np.asarray(self.env.render())
        noise = _noise_like(self.np_random, frame, self.is_noise_grayscale)
        hit = self.np_random.random(frame.shape[:2]) < self.probability_of_noise_per_pixel
        return np.where(hit[..., None], noise, frame)


class ObstructView(Wrapper[ObsType, ActType, ObsType, ActType], RecordConstructorArgs):
    """Covers random square patches of the rendered frame with noise.

    About ``obstructed_pixels_ratio * height * width / obstruction_width**2`` patch centres are
    drawn per frame (patches may overlap or be cut by the border).

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import ObstructView
        >>> covered = ObstructView(
        ...     gym.make("Acrobot-v1", render_mode="rgb_array"),
        ...     obstructed_pixels_ratio=0.25,
        ...     obstruction_width=20,
        ... )
        >>> _ = covered.reset(seed=7)
        >>> frame = covered.render()
        >>> frame.shape, frame.dtype.name
        ((500, 500, 3), 'uint8')
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        obstructed_pixels_ratio: float,
        obstruction_width: int,
        is_noise_grayscale: bool = False,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: An environment that renders ``(height, width, 3)`` images.
            obstructed_pixels_ratio: Share of the pixels, in ``[0, 1)``, to cover.
            obstruction_width: Side of each square patch in pixels (at least 1).
            is_noise_grayscale: Use grey noise instead of coloured noise.

        Raises:
            ValueError: On a ratio outside ``[0, 1)`` or a width below 1.
        """
        if not 0 <= obstructed_pixels_ratio < 1:
            raise ValueError(
                "ObstructView: obstructed_pixels_ratio must lie in [0, 1), "
                f"got {obstructed_pixels_ratio}"
            )
        if obstruction_width < 1:
            raise ValueError(
                f"ObstructView: obstruction_width must be at least 1, got {obstruction_width}"
            )
        settings: dict[str, Any] = {
            "obstructed_pixels_ratio": obstructed_pixels_ratio,
            "obstruction_width": obstruction_width,
            "is_noise_grayscale": is_noise_grayscale,
        }
        RecordConstructorArgs.__init__(self, **settings)
        Wrapper.__init__(self, env)
        # Patch centres per pixel: the covered share divided by one patch's area.
        patch_area = obstruction_width * obstruction_width
        self.obstruction_centers_ratio = obstructed_pixels_ratio / patch_area
        self.obstruction_width = obstruction_width
        self.is_noise_grayscale = is_noise_grayscale

    def render(self) -> Any:
        """The wrapped env's frame with noise patches."""
        frame = np.asarray(self.env.render())
        height, width = frame.shape[:2]
        count = int(height * width * self.obstruction_centers_ratio)
        flat_centres = self.np_random.integers(0, height * width, count)
        rows, cols = np.unravel_index(flat_centres, (height, width))
        covered = np.zeros((height, width), dtype=bool)
        before = self.obstruction_width // 2
        after = self.obstruction_width - before
        for row, col in zip(rows, cols):
            top, left = max(row - before, 0), max(col - before, 0)
            covered[top : min(row + after, height), left : min(col + after, width)] = True
        noise = _noise_like(self.np_random, frame, self.is_noise_grayscale)
        return np.where(covered[..., None], noise, frame)
