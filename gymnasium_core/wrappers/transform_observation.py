"""Observation wrappers without state.

* :class:`TransformObservation` applies a function to every observation.
* :class:`FilterObservation` keeps some keys of a Dict (or indices of a Tuple) observation.
* :class:`FlattenObservation` flattens observations into a 1-D array.
* :class:`GrayscaleObservation` turns RGB images grey.
* :class:`ResizeObservation` resizes images.
* :class:`ReshapeObservation` reshapes Box observations.
* :class:`RescaleObservation` maps Box observations affinely onto new bounds.
* :class:`DtypeObservation` casts observations to a dtype.
* :class:`AddRenderObservation` adds (or swaps in) the rendered frame.
* :class:`DiscretizeObservation` bins a bounded Box observation into a Discrete index.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, TypeVar, cast

import numpy as np

from gymnasium_core import logger, spaces
from gymnasium_core.core import Env, ObservationWrapper
from gymnasium_core.spaces import Space
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers.utils import rescale_box

__all__ = [
    "AddRenderObservation",
    "DiscretizeObservation",
    "DtypeObservation",
    "FilterObservation",
    "FlattenObservation",
    "GrayscaleObservation",
    "RescaleObservation",
    "ReshapeObservation",
    "ResizeObservation",
    "TransformObservation",
]


ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")
WrapperObsType = TypeVar("WrapperObsType")


class TransformObservation(
    ObservationWrapper[WrapperObsType, ActType, ObsType], RecordConstructorArgs
):
    """Returns ``func(obs)`` instead of each observation.

    Give ``observation_space`` when ``func`` changes the space; ``None`` keeps the env's.

    Example:
        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import TransformObservation
        >>> env = TransformObservation(gym.make("CartPole-v1"), lambda obs: 2 * obs, None)
        >>> env.reset(seed=0)[0].dtype
        dtype('float32')
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        func: Callable[[ObsType], Any],
        observation_space: Space[WrapperObsType] | None,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment.
            func: Maps an observation of ``env`` to the one returned.
            observation_space: This wrapper's observation space, or ``None`` to keep the env's.
        """
        RecordConstructorArgs.__init__(self, func=func, observation_space=observation_space)
        ObservationWrapper.__init__(self, env)
        if observation_space is not None:
            self.observation_space = observation_space
        self.func = func

    def observation(self, observation: ObsType) -> Any:
        """``func(observation)``."""
        return self.func(observation)


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


class FilterObservation(TransformObservation[Any, ActType, ObsType], RecordConstructorArgs):
    """Keeps only ``filter_keys`` of Dict observations (str keys) or Tuple ones (int indices).

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import FilterObservation, TimeAwareObservation
        >>> env = TimeAwareObservation(gym.make("CartPole-v1"), flatten=False)
        >>> FilterObservation(env, filter_keys=["time"]).observation_space
        Dict('time': Box(0, 500, (1,), int32))
    """

    def __init__(self, env: Env[ObsType, ActType], filter_keys: Sequence[str | int]) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with a Dict or Tuple observation space.
            filter_keys: The keys (Dict) or indices (Tuple) to keep, in order. A string is read
                as the sequence of its characters, as Gymnasium does (with a warning).

        Raises:
            TypeError: If ``filter_keys`` is not a sequence or has keys of the wrong type.
            ValueError: On unknown or duplicate keys, an empty result, or another space type.
        """
        if not isinstance(filter_keys, Sequence):
            raise TypeError(
                f"FilterObservation: filter_keys must be a sequence of keys, got {filter_keys!r}"
            )
        if isinstance(filter_keys, str):
            # Gymnasium reads a string as the sequence of its characters; so do we, with a word.
            logger.warn(
                f"FilterObservation: filter_keys={filter_keys!r} is a string, so each of its "
                f"characters is a key; pass [{filter_keys!r}] to keep that one key."
            )
        RecordConstructorArgs.__init__(self, filter_keys=filter_keys)
        inner = env.observation_space
        new_space: spaces.Space[Any]
        if isinstance(inner, spaces.Dict):
            if not all(isinstance(key, str) for key in filter_keys):
                raise TypeError(
                    f"FilterObservation: keys of a Dict space must be str, got {filter_keys}"
                )
            unknown = [key for key in filter_keys if key not in inner.spaces]
            if unknown:
                raise ValueError(
                    f"FilterObservation: keys {unknown} are not in the observation space "
                    f"(its keys: {list(inner.spaces)})"
                )
            new_space = spaces.Dict(
                {key: inner[key] for key in filter_keys}, sort_keys=inner.sort_keys
            )
            func: Any = lambda obs: {key: obs[key] for key in filter_keys}  # noqa: E731
        elif isinstance(inner, spaces.Tuple):
            if not all(isinstance(key, int) for key in filter_keys):
                raise TypeError(
                    f"FilterObservation: indices of a Tuple space must be int, got {filter_keys}"
                )
            if len(set(filter_keys)) != len(filter_keys):
                raise ValueError(f"FilterObservation: duplicate indices in {filter_keys}")
            # Negative indices count from the end, as in Gymnasium.
            outside = [key for key in filter_keys if 0 < key >= len(inner)]  # type: ignore[operator]
            if outside:
                raise ValueError(
                    f"FilterObservation: indices {outside} are out of range for a Tuple of "
                    f"{len(inner)} spaces"
                )
            new_space = spaces.Tuple(inner[int(key)] for key in filter_keys)
            func = lambda obs: tuple(obs[key] for key in filter_keys)  # noqa: E731
        else:
            raise ValueError(
                f"FilterObservation needs a Dict or Tuple observation space, got {inner}"
            )
        if len(new_space) == 0:
            raise ValueError("FilterObservation: no key is left, the observation would be empty")
        TransformObservation.__init__(self, env=env, func=func, observation_space=new_space)
        self.filter_keys: Sequence[str | int] = filter_keys


class UnflattenableSpaceError(ValueError, NotImplementedError):
    """An observation space that :func:`gymnasium_core.spaces.flatten_space` cannot flatten.

    A :class:`ValueError`, and a :class:`NotImplementedError` as Gymnasium raises in this case.
    """


class FlattenObservation(TransformObservation[Any, ActType, ObsType], RecordConstructorArgs):
    """Flattens observations with :func:`gymnasium_core.spaces.flatten`.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import FlattenObservation, TimeAwareObservation
        >>> env = TimeAwareObservation(gym.make("CartPole-v1"), flatten=False)
        >>> FlattenObservation(env).observation_space.shape
        (5,)
    """

    def __init__(self, env: Env[ObsType, ActType]) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with a flattenable observation space.

        Raises:
            UnflattenableSpaceError: If the observation space cannot be flattened (a
                ``ValueError``, and a ``NotImplementedError`` as Gymnasium raises).
        """
        inner = env.observation_space
        try:
            flat_space = spaces.flatten_space(inner)
        except (NotImplementedError, TypeError, ValueError) as exc:
            raise UnflattenableSpaceError(
                f"FlattenObservation cannot flatten the observation space {inner}: {exc}"
            ) from exc
        if not isinstance(flat_space, spaces.Box):
            # Gymnasium builds the wrapper anyway (its observations are then flattened
            # instances, e.g. a Graph's); so do we, with a word.
            logger.warn(
                f"FlattenObservation: {inner} flattens to {flat_space}, not to a Box, so its "
                "observations are not flat arrays."
            )
        RecordConstructorArgs.__init__(self)
        TransformObservation.__init__(
            self,
            env=env,
            func=lambda obs: spaces.flatten(inner, obs),
            observation_space=flat_space,
        )


def _require_box(wrapper: str, space: spaces.Space[Any]) -> spaces.Box:
    if not isinstance(space, spaces.Box):
        raise TypeError(f"{wrapper} needs a Box observation space, got {space}")
    return space


class ReshapeObservation(TransformObservation[Any, ActType, ObsType], RecordConstructorArgs):
    """Reshapes Box observations to ``shape``.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import ReshapeObservation
        >>> ReshapeObservation(gym.make("CartPole-v1"), (2, 2)).observation_space.shape
        (2, 2)
    """

    def __init__(self, env: Env[ObsType, ActType], shape: int | tuple[int, ...]) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with a Box observation space.
            shape: The new shape, with as many elements; ``-1`` is allowed once.

        Raises:
            TypeError: If the space is not a Box or ``shape`` is not a tuple of ints.
            ValueError: If the element count differs or an entry is invalid.
        """
        box = _require_box("ReshapeObservation", env.observation_space)
        if np.prod(shape) != np.prod(box.shape):
            raise ValueError(
                f"ReshapeObservation: shape {shape} does not hold the {np.prod(box.shape)} "
                f"elements of shape {box.shape}"
            )
        if not isinstance(shape, tuple):
            raise TypeError(f"ReshapeObservation: shape must be a tuple, got {type(shape)}")
        if not all(np.issubdtype(type(size), np.integer) for size in shape):
            raise TypeError(f"ReshapeObservation: shape must hold ints, got {shape}")
        if not all(size > 0 or size == -1 for size in shape):
            raise ValueError(f"ReshapeObservation: shape entries must be positive or -1: {shape}")
        new_space = spaces.Box(
            low=np.reshape(np.ravel(box.low), shape),
            high=np.reshape(np.ravel(box.high), shape),
            shape=shape,
            dtype=box.dtype,
        )
        self.shape = shape
        RecordConstructorArgs.__init__(self, shape=shape)
        TransformObservation.__init__(
            self,
            env=env,
            func=lambda obs: np.reshape(cast(Any, obs), shape),
            observation_space=new_space,
        )


class RescaleObservation(TransformObservation[Any, ActType, ObsType], RecordConstructorArgs):
    """Maps Box observations affinely from the env's bounds to ``[min_obs, max_obs]``.

    Example:
        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import RescaleObservation
        >>> env = RescaleObservation(gym.make("Pendulum-v1"), np.float32(-1), np.float32(1))
        >>> env.observation_space
        Box(-1.0, 1.0, (3,), float32)
    """

    def __init__(self, env: Env[ObsType, ActType], min_obs: Any, max_obs: Any) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with a Box observation space.
            min_obs: New lower bound (scalar or array of the observation shape).
            max_obs: New upper bound (scalar or array of the observation shape).

        Raises:
            TypeError: If the space is not a Box or a bound has a wrong type.
            ValueError: If ``min_obs > max_obs`` or the bounds do not fit the Box.
        """
        box = _require_box("RescaleObservation", env.observation_space)
        RecordConstructorArgs.__init__(self, min_obs=min_obs, max_obs=max_obs)
        try:
            new_space, to_new, _ = rescale_box(box, min_obs, max_obs)
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"RescaleObservation: {exc}") from exc
        TransformObservation.__init__(self, env=env, func=to_new, observation_space=new_space)


class DtypeObservation(TransformObservation[Any, ActType, ObsType], RecordConstructorArgs):
    """Casts observations to ``dtype``.

    Box and MultiDiscrete spaces keep their type with the new dtype; Discrete becomes a
    scalar Box over ``[start, start + n - 1]`` and MultiBinary a Box over ``[0, 1]``.

    Example:
        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import DtypeObservation
        >>> DtypeObservation(gym.make("CartPole-v1"), np.float64).observation_space.dtype
        dtype('float64')
    """

    def __init__(self, env: Env[ObsType, ActType], dtype: Any) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with a Box, Discrete, MultiDiscrete or MultiBinary space.
            dtype: The numpy dtype of the observations returned.

        Raises:
            TypeError: For another space type.
        """
        inner = env.observation_space
        self.dtype = dtype
        new_space: spaces.Space[Any]
        if isinstance(inner, spaces.Box):
            new_space = spaces.Box(inner.low, inner.high, shape=inner.shape, dtype=dtype)
        elif isinstance(inner, spaces.Discrete):
            last = inner.start + inner.n - 1
            new_space = spaces.Box(low=inner.start, high=last, shape=(), dtype=dtype)
        elif isinstance(inner, spaces.MultiDiscrete):
            new_space = spaces.MultiDiscrete(inner.nvec, dtype=dtype, start=inner.start)
        elif isinstance(inner, spaces.MultiBinary):
            new_space = spaces.Box(low=0, high=1, shape=inner.shape, dtype=dtype)
        else:
            raise TypeError(
                "DtypeObservation needs a Box, Discrete, MultiDiscrete or MultiBinary "
                f"observation space, got {inner}"
            )
        RecordConstructorArgs.__init__(self, dtype=dtype)
        to_dtype = new_space.dtype.type
        TransformObservation.__init__(self, env=env, func=to_dtype, observation_space=new_space)


class AddRenderObservation(TransformObservation[Any, ActType, ObsType], RecordConstructorArgs):
    """Returns the rendered frame as the observation, or alongside it.

    With ``render_only`` the observation is the frame; otherwise a Dict observation gains
    ``render_key`` and any other becomes ``{obs_key: obs, render_key: frame}``. Building the
    wrapper resets the env once (unseeded) to learn the frame shape, as Gymnasium does.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import AddRenderObservation
        >>> env = AddRenderObservation(gym.make("CartPole-v1", render_mode="rgb_array"))
        >>> env.observation_space.shape
        (400, 600, 3)
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        render_only: bool = True,
        render_key: str = "pixels",
        obs_key: str = "state",
    ) -> None:
        """Wrap ``env``.

        Args:
            env: An environment whose render mode returns one image.
            render_only: Return the frame alone.
            render_key: Key of the frame in Dict observations.
            obs_key: Key of the env's observation when it is not a Dict.

        Raises:
            ValueError: If the render mode is ``None`` or ``"human"``, or ``render_key`` is taken.
            TypeError: If ``render()`` does not return a numpy array.
        """
        RecordConstructorArgs.__init__(
            self, render_only=render_only, render_key=render_key, obs_key=obs_key
        )
        if env.render_mode is None or env.render_mode == "human":
            raise ValueError(
                "AddRenderObservation needs a render_mode other than None and 'human', got "
                f"{env.render_mode!r}"
            )
        env.reset()
        frame = env.render()
        if not isinstance(frame, np.ndarray):
            raise TypeError(
                f"AddRenderObservation needs env.render() to return a numpy array, got "
                f"{type(frame)}"
            )
        pixels = spaces.Box(low=0, high=255, shape=frame.shape, dtype=np.uint8)
        inner = env.observation_space
        new_space: spaces.Space[Any]
        if render_only:
            new_space, func = pixels, lambda _: self.render()
        elif isinstance(inner, spaces.Dict):
            if render_key in inner.spaces:
                raise ValueError(
                    f"AddRenderObservation: render_key {render_key!r} is already in the "
                    "observation space"
                )
            new_space = spaces.Dict({render_key: pixels, **inner.spaces}, sort_keys=inner.sort_keys)
            func = lambda obs: {render_key: self.render(), **obs}  # noqa: E731
        else:
            new_space = spaces.Dict({obs_key: inner, render_key: pixels})
            func = lambda obs: {obs_key: obs, render_key: self.render()}  # noqa: E731
        TransformObservation.__init__(self, env=env, func=func, observation_space=new_space)


class DiscretizeObservation(TransformObservation[Any, ActType, ObsType], RecordConstructorArgs):
    """Bins each dimension of a bounded Box observation into equal intervals.

    The observation becomes the flat index of its cell (row-major, last dimension fastest) in
    a Discrete space, or one index per dimension in a MultiDiscrete space with
    ``multidiscrete=True``. Values outside the bounds go to the first or last bin.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import DiscretizeObservation
        >>> env = DiscretizeObservation(gym.make("Pendulum-v1"), bins=3)
        >>> env.observation_space
        Discrete(27)
    """

    def __init__(
        self, env: Env[ObsType, ActType], bins: int | tuple[int, ...], multidiscrete: bool = False
    ) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with a bounded Box observation space.
            bins: Bins per dimension (one int for all, or one per flattened dimension).
            multidiscrete: Return a MultiDiscrete index instead of a Discrete one.

        Raises:
            TypeError: If the space is not a Box.
            ValueError: If it is unbounded or ``bins`` has the wrong length.
        """
        box = _require_box("DiscretizeObservation", env.observation_space)
        self.low = np.ravel(box.low)
        self.high = np.ravel(box.high)
        self.n_dims = int(self.low.size)
        if not (np.all(np.isfinite(self.low)) and np.all(np.isfinite(self.high))):
            raise ValueError(
                f"DiscretizeObservation needs finite observation bounds, got low={self.low}, "
                f"high={self.high}"
            )
        self.multidiscrete = multidiscrete
        RecordConstructorArgs.__init__(self, bins=bins, multidiscrete=multidiscrete)
        ObservationWrapper.__init__(self, env)
        if isinstance(bins, int):
            self.bins = np.full(self.n_dims, bins)
        elif len(bins) == self.n_dims:
            self.bins = np.array(bins)
        else:
            raise ValueError(
                f"DiscretizeObservation: bins has {len(bins)} entries for {self.n_dims} dimensions"
            )
        self.bin_edges = [self._edges(d)[1:-1] for d in range(self.n_dims)]
        self.observation_space = (
            spaces.MultiDiscrete(self.bins)
            if multidiscrete
            else spaces.Discrete(int(np.prod(self.bins)))
        )

    def _edges(self, dim: int) -> np.ndarray[Any, Any]:
        return np.linspace(self.low[dim], self.high[dim], self.bins[dim] + 1)

    def observation(self, observation: Any) -> Any:
        """The bin index (or indices) of ``observation``."""
        clipped = np.clip(np.ravel(observation), self.low, self.high - 1e-8)
        indices = [int(np.digitize(clipped[d], self.bin_edges[d])) for d in range(self.n_dims)]
        if self.multidiscrete:
            return np.array(indices, dtype=np.int64)
        flat = 0
        for size, idx in zip(self.bins, indices):
            flat = flat * int(size) + idx
        return flat

    def revert_observation(self, obs: Any) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """The lower and upper corners of the cell that ``obs`` indexes."""
        if self.multidiscrete:
            indices = [int(i) for i in np.asarray(obs, dtype=int)]
        else:
            indices = []
            rest = int(obs)
            for size in self.bins[::-1]:
                rest, idx = divmod(rest, int(size))
                indices.append(idx)
            indices.reverse()
        edges = [self._edges(d) for d in range(self.n_dims)]
        dtype = self.env.observation_space.dtype
        lows = np.array([e[i] for e, i in zip(edges, indices)], dtype=dtype)
        highs = np.array([e[i + 1] for e, i in zip(edges, indices)], dtype=dtype)
        return lows, highs
