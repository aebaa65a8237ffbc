"""Wrappers: layers around an :class:`~gymnasium_core.Env` that change part of what it does.

A wrapper takes an environment (or another wrapper) and is itself an environment, so wrappers
stack; ``wrapper.env`` is the layer below and ``wrapper.unwrapped`` the bare environment.
They are grouped by what they transform: observations, actions, rewards, rendering, array
types, plus the :mod:`~gymnasium_core.wrappers.common` ones that ``make`` applies. The
vector versions are in :mod:`gymnasium_core.wrappers.vector`.

The array-conversion wrappers (``ArrayConversion``, ``JaxToNumpy``, ``JaxToTorch``,
``NumpyToTorch``) and the ``vector`` subpackage load on first access, so importing this
package never imports JAX or torch.

Example:
    >>> import gymnasium_core as gym
    >>> from gymnasium_core.wrappers import RescaleAction
    >>> pendulum = gym.make("Pendulum-v1")
    >>> pendulum.action_space
    Box(-2.0, 2.0, (1,), float32)
    >>> RescaleAction(pendulum, min_action=0.0, max_action=1.0).action_space
    Box(0.0, 1.0, (1,), float32)
"""

from __future__ import annotations

import importlib
from typing import Any

from gymnasium_core.wrappers.atari_preprocessing import AtariPreprocessing
from gymnasium_core.wrappers.common import (
    Autoreset,
    OrderEnforcing,
    PassiveEnvChecker,
    RecordEpisodeStatistics,
    TimeLimit,
)
from gymnasium_core.wrappers.rendering import (
    AddWhiteNoise,
    HumanRendering,
    ObstructView,
    RecordVideo,
    RenderCollection,
)
from gymnasium_core.wrappers.stateful_action import RepeatAction, StickyAction
from gymnasium_core.wrappers.stateful_observation import (
    DelayObservation,
    FrameStackObservation,
    MaxAndSkipObservation,
    NormalizeObservation,
    TimeAwareObservation,
)
from gymnasium_core.wrappers.stateful_reward import NormalizeReward
from gymnasium_core.wrappers.transform_action import (
    ClipAction,
    DiscretizeAction,
    RescaleAction,
    TransformAction,
)
from gymnasium_core.wrappers.transform_observation import (
    AddRenderObservation,
    DiscretizeObservation,
    DtypeObservation,
    FilterObservation,
    FlattenObservation,
    GrayscaleObservation,
    RescaleObservation,
    ReshapeObservation,
    ResizeObservation,
    TransformObservation,
)
from gymnasium_core.wrappers.transform_reward import ClipReward, TransformReward

__all__ = [
    "AddRenderObservation",
    "AddWhiteNoise",
    "ArrayConversion",
    "AtariPreprocessing",
    "Autoreset",
    "ClipAction",
    "ClipReward",
    "DelayObservation",
    "DiscretizeAction",
    "DiscretizeObservation",
    "DtypeObservation",
    "FilterObservation",
    "FlattenObservation",
    "FrameStackObservation",
    "GrayscaleObservation",
    "HumanRendering",
    "JaxToNumpy",
    "JaxToTorch",
    "MaxAndSkipObservation",
    "NormalizeObservation",
    "NormalizeReward",
    "NumpyToTorch",
    "ObstructView",
    "OrderEnforcing",
    "PassiveEnvChecker",
    "RecordEpisodeStatistics",
    "RecordVideo",
    "RenderCollection",
    "RepeatAction",
    "RescaleAction",
    "RescaleObservation",
    "ReshapeObservation",
    "ResizeObservation",
    "StickyAction",
    "TimeAwareObservation",
    "TimeLimit",
    "TransformAction",
    "TransformObservation",
    "TransformReward",
    "vector",
]

# Loaded on first access, so that importing the package never reaches JAX or torch.
_LAZY_CLASSES = {
    "array_conversion": "ArrayConversion",
    "jax_to_numpy": "JaxToNumpy",
    "jax_to_torch": "JaxToTorch",
    "numpy_to_torch": "NumpyToTorch",
}
_LAZY_MODULES = {cls: module for module, cls in _LAZY_CLASSES.items()}

# Current name -> the names older Gymnasium releases used for it.
_FORMER_NAMES = {
    "Autoreset": ("AutoResetWrapper",),
    "FrameStackObservation": ("FrameStack",),
    "AddRenderObservation": ("PixelObservationWrapper",),
    "vector.DictInfoToList": ("VectorListInfo",),
}
_RENAMED = {old: new for new, olds in _FORMER_NAMES.items() for old in olds}


def __getattr__(name: str) -> Any:
    """Load the ``vector`` subpackage and the array-conversion wrappers on first access.

    Raises:
        AttributeError: For an unknown name, or an old name (the message gives the new one).
    """
    if name == "vector":
        return importlib.import_module(f"{__name__}.vector")
    if name in _LAZY_MODULES:
        module = importlib.import_module(f"{__name__}.{_LAZY_MODULES[name]}")
        return getattr(module, name)
    if name in _RENAMED:
        raise AttributeError(f"{name!r} was renamed; use `wrappers.{_RENAMED[name]}`")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
