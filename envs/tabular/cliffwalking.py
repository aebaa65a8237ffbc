"""CliffWalking on JAX: the functional id ``tabular/CliffWalking-v0`` and the JAX vector env.

The id keeps the reference's ``tabular`` layout: the observation is a ``(1,)`` int32 array in
``Box(0, 47, (1,), int32)``, the action a ``(1,)`` int32 array in ``Box(0, 3, (1,), int32)``,
the reward a float32 (-1 a move, -100 into the cliff) and the info dicts are empty. A plain
integer action is accepted too (the reference raises ``IndexError`` on one).

The dynamics are :class:`gymnasium_core.envs.toy_text.cliffwalking.CliffWalkingFunctional`,
the same transition table the stateful ``CliffWalking`` env runs; the class here only changes
how actions come in and observations go out.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core import spaces

from ..toy_text._tabular import TabularState
from ..toy_text.cliffwalking import SHAPE
from ..toy_text.cliffwalking import CliffWalkingFunctional as _TableCliffWalking
from ._common import TabularJaxEnv, TabularJaxVectorEnv

__all__ = ["CliffWalkingFunctional", "CliffWalkingJaxEnv", "CliffWalkingJaxVectorEnv"]

NUM_CELLS = SHAPE[0] * SHAPE[1]


class CliffWalkingFunctional(_TableCliffWalking):
    """CliffWalking in the reference's ``tabular`` layout: ``(1,)`` int32 arrays in and out.

    Args:
        is_slippery: Whether moves may slip to a perpendicular direction.
    """

    def __init__(self, is_slippery: bool = False) -> None:
        super().__init__(is_slippery)
        self.observation_space = spaces.Box(low=0, high=NUM_CELLS - 1, shape=(1,), dtype=np.int32)
        self.action_space = spaces.Box(low=0, high=3, shape=(1,), dtype=np.int32)

    def transition(
        self, state: TabularState, action: Any, rng: Any, params: None = None
    ) -> TabularState:
        """Move by ``action`` (shape ``(1,)`` or ``()``; ``(num_envs, 1)`` on a numpy batch)."""
        if self._is_scalar(rng, state):
            action = int(np.reshape(action, ()))
        return super().transition(state, action, rng, params)

    def observation(self, state: TabularState, rng: Any = None, params: None = None) -> Any:
        """The cell index ``row * 12 + col`` as an int32 array of shape ``(..., 1)``."""
        if isinstance(state.s, (int, np.integer)):
            return np.array([state.s], dtype=np.int32)
        xp = self.xp
        return xp.asarray(state.s, dtype=xp.int32)[..., None]

    def state_info(self, state: TabularState, params: None = None) -> dict[str, Any]:
        """No reset info, as the reference's ``tabular`` id."""
        return {}

    def transition_info(
        self, state: TabularState, action: Any, next_state: TabularState, params: None = None
    ) -> dict[str, Any]:
        """No step info, as the reference's ``tabular`` id."""
        return {}


class CliffWalkingJaxEnv(TabularJaxEnv):
    """CliffWalking on JAX, one environment (``make("tabular/CliffWalking-v0")``)."""

    func_env_cls = CliffWalkingFunctional


class CliffWalkingJaxVectorEnv(TabularJaxVectorEnv):
    """CliffWalking on JAX, a batch stepped in one jitted call."""

    func_env_cls = CliffWalkingFunctional
