"""The vector environment API: :class:`VectorEnv`, its wrappers and :class:`AutoresetMode`.

A vector environment steps ``num_envs`` independent copies of one task at once. Observations and
actions are batched along a leading axis (the batched spaces come from
:func:`gymnasium_core.vector.utils.batch_space`); rewards, terminations and truncations are arrays
of shape ``(num_envs,)``; ``info`` is one dictionary whose values hold every sub-environment's
entry, each key ``k`` paired with a boolean mask ``_k`` that says which sub-environments set it.
"""

from __future__ import annotations

from gymnasium_core._public_names import report_here
from gymnasium_core.vector._vector_base import ActType as ActType
from gymnasium_core.vector._vector_base import ArrayType, AutoresetMode, VectorEnv
from gymnasium_core.vector._vector_base import ObsType as ObsType
from gymnasium_core.vector._vector_base import RenderFrame as RenderFrame
from gymnasium_core.vector._vector_base import WrapperActType as WrapperActType
from gymnasium_core.vector._vector_base import WrapperObsType as WrapperObsType
from gymnasium_core.vector._vector_wrappers import (
    VectorActionWrapper,
    VectorObservationWrapper,
    VectorRewardWrapper,
    VectorWrapper,
)

__all__ = [
    "ArrayType",
    "AutoresetMode",
    "VectorActionWrapper",
    "VectorEnv",
    "VectorObservationWrapper",
    "VectorRewardWrapper",
    "VectorWrapper",
]

# Defined in private modules (the base class, then the wrappers built on it); like Gymnasium's,
# they report this module (reprs, pickles, docs).
report_here(
    globals(), [*__all__, "ActType", "ObsType", "RenderFrame", "WrapperActType", "WrapperObsType"]
)
