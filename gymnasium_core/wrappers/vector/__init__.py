"""Wrappers for vector environments.

The array-conversion wrappers (``ArrayConversion``, ``JaxToNumpy``, ``JaxToTorch``,
``NumpyToTorch``) load on first access so that importing this package does not import JAX.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from gymnasium_core.wrappers.vector.common import RecordEpisodeStatistics
from gymnasium_core.wrappers.vector.dict_info_to_list import DictInfoToList
from gymnasium_core.wrappers.vector.rendering import HumanRendering, RecordVideo
from gymnasium_core.wrappers.vector.stateful_observation import NormalizeObservation
from gymnasium_core.wrappers.vector.stateful_reward import NormalizeReward
from gymnasium_core.wrappers.vector.vectorize_action import (
    ClipAction,
    RescaleAction,
    TransformAction,
    VectorizeTransformAction,
)
from gymnasium_core.wrappers.vector.vectorize_observation import (
    DtypeObservation,
    FilterObservation,
    FlattenObservation,
    GrayscaleObservation,
    RescaleObservation,
    ReshapeObservation,
    ResizeObservation,
    TransformObservation,
    VectorizeTransformObservation,
)
from gymnasium_core.wrappers.vector.vectorize_reward import (
    ClipReward,
    TransformReward,
    VectorizeTransformReward,
)

if TYPE_CHECKING:
    from gymnasium_core.wrappers.vector.array_conversion import ArrayConversion
    from gymnasium_core.wrappers.vector.jax_to_numpy import JaxToNumpy
    from gymnasium_core.wrappers.vector.jax_to_torch import JaxToTorch
    from gymnasium_core.wrappers.vector.numpy_to_torch import NumpyToTorch

__all__ = [
    "ArrayConversion",
    "ClipAction",
    "ClipReward",
    "DictInfoToList",
    "DtypeObservation",
    "FilterObservation",
    "FlattenObservation",
    "GrayscaleObservation",
    "HumanRendering",
    "JaxToNumpy",
    "JaxToTorch",
    "NormalizeObservation",
    "NormalizeReward",
    "NumpyToTorch",
    "RecordEpisodeStatistics",
    "RecordVideo",
    "RescaleAction",
    "RescaleObservation",
    "ReshapeObservation",
    "ResizeObservation",
    "TransformAction",
    "TransformObservation",
    "TransformReward",
    "VectorizeTransformAction",
    "VectorizeTransformObservation",
    "VectorizeTransformReward",
]

_LAZY = {
    "ArrayConversion": "array_conversion",
    "JaxToNumpy": "jax_to_numpy",
    "JaxToTorch": "jax_to_torch",
    "NumpyToTorch": "numpy_to_torch",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module = importlib.import_module(f"{__name__}.{_LAZY[name]}")
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
