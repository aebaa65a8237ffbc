"""CliffWalking: the stateful env behind ``make("CliffWalking-v1")`` and its numpy vector env.

The task itself (its state, dynamics, rewards and drawing) is defined once in
:mod:`._cliffwalking_func`; the names of the reference's module are re-exported here.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._cliffwalking_func import (
    AGENT_OFFSET,
    ART_CELL_SIZE,
    CELL,
    DOWN,
    FLAG_OFFSET,
    GOAL,
    LEFT,
    LETTER_OFFSET,
    POSITION_MAPPING,
    RIGHT,
    SHAPE,
    START,
    UP,
    CliffWalkingFunctional,
    _cliff_mask,
    draw_cliff,
)
from ._render import RenderTarget
from ._stateful import TabularEnv
from ._vector import ToyTextVectorEnv

__all__ = [
    "AGENT_OFFSET",
    "ART_CELL_SIZE",
    "DOWN",
    "FLAG_OFFSET",
    "LEFT",
    "LETTER_OFFSET",
    "POSITION_MAPPING",
    "RIGHT",
    "UP",
    "CliffWalkingEnv",
    "CliffWalkingFunctional",
    "CliffWalkingVectorEnv",
]


class CliffWalkingEnv(TabularEnv):
    """CliffWalking-v1 and CliffWalkingSlippery-v1: the stateful environment behind ``make``.

    Attributes ``P``, ``s``, ``lastaction``, ``shape``, ``nS``, ``nA``,
    ``start_state_index`` and ``initial_state_distrib`` are the reference's.

    Args:
        render_mode: ``"human"``, ``"rgb_array"``, ``"ansi"`` or ``None``.
        is_slippery: Whether moves may slip to a perpendicular direction.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array", "ansi"], "render_fps": 4}
    window_title = "CliffWalking"
    image_attributes = (
        "agent_img",
        "start_img",
        "goal_img",
        "goal_flag_img",
        "cliff_imgs",
        "ground_img",
    )

    def __init__(self, render_mode: str | None = None, is_slippery: bool = False) -> None:
        self.shape = SHAPE
        # np.int64, as the reference computes them with numpy.
        self.start_state_index = np.int64(START)
        self.nS = np.int64(SHAPE[0] * SHAPE[1])
        self.nA = 4
        self.is_slippery = is_slippery
        self._cliff = _cliff_mask()
        self.cell_size = (CELL, CELL)
        self.window_size = (SHAPE[1] * CELL, SHAPE[0] * CELL)
        self._setup(CliffWalkingFunctional(is_slippery), render_mode)

    def _render_text(self) -> str:
        lines = []
        for row in range(SHAPE[0]):
            cells = []
            for col in range(SHAPE[1]):
                cell = row * SHAPE[1] + col
                if cell == self.s:
                    cells.append("x")
                elif cell == GOAL:
                    cells.append("T")
                else:
                    cells.append("C" if self._cliff[row, col] else "o")
            lines.append("  ".join(cells) + "\n")
        return "".join(lines) + "\n"

    def _draw(self, target: RenderTarget) -> None:
        draw_cliff(target, int(self.s), self._cliff)


class CliffWalkingVectorEnv(ToyTextVectorEnv):
    """The numpy-batched CliffWalking vector env (its ``vector_entry_point``)."""

    func_env_cls = CliffWalkingFunctional
