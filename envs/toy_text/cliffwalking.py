"""CliffWalking: cross a 4x12 grid from the bottom-left start to the bottom-right goal.

The bottom row between start and goal is a cliff: stepping onto it costs -100 and sends the
agent back to the start (the episode goes on); every other step costs -1. Reaching the goal
(state 47) ends the episode. The observation is ``row * 12 + col``; actions are 0 up,
1 right, 2 down, 3 left. With ``is_slippery`` the agent moves in the intended direction or
either perpendicular one, each with probability 1/3 (``info["prob"]``). After Sutton & Barto,
*Reinforcement Learning: An Introduction*, Example 6.6.

The definition is :class:`CliffWalkingFunctional` (the JAX class of ``tabular/CliffWalking-v0``
reads its transition table and drawing); this module also holds the stateful env behind
``make("CliffWalking-v1")`` and its numpy vector env.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core import spaces

from ._common import (
    RenderTarget,
    TableDict,
    TabularFunctional,
    TabularState,
    ToyTextVectorEnv,
    TransitionTable,
    import_pygame,
)
from ._stateful import TabularEnv

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


# -- the definition ----------------------------------------------------------------------------

UP = 0
RIGHT = 1
DOWN = 2
LEFT = 3

POSITION_MAPPING = {UP: [-1, 0], RIGHT: [0, 1], DOWN: [1, 0], LEFT: [0, -1]}

# The reference's sprite geometry, in pixels of a 64-pixel cell (our drawing is our own).
ART_CELL_SIZE = 64
LETTER_OFFSET = (8, 8)
FLAG_OFFSET = (28, 16)
AGENT_OFFSET = (20, 20)

SHAPE = (4, 12)
START = 36
GOAL = 47
CELL = 64


def _is_cliff(row: int, col: int) -> bool:
    return row == SHAPE[0] - 1 and 0 < col < SHAPE[1] - 1


def _build_table(is_slippery: bool) -> TransitionTable:
    # Next states are np.int64, as the reference's table holds them.
    nrow, ncol = SHAPE
    P: TableDict = {}
    for s in range(nrow * ncol):
        row, col = divmod(s, ncol)
        P[s] = {}
        for move in (UP, RIGHT, DOWN, LEFT):
            moves = [(move - 1) % 4, move, (move + 1) % 4] if is_slippery else [move]
            branches = []
            for m in moves:
                d_row, d_col = POSITION_MAPPING[m]
                r = min(max(row + d_row, 0), nrow - 1)
                c = min(max(col + d_col, 0), ncol - 1)
                if _is_cliff(r, c):
                    branches.append((1 / len(moves), np.int64(START), -100, False))
                else:
                    s_next = np.int64(r * ncol + c)
                    branches.append((1 / len(moves), s_next, -1, bool(s_next == GOAL)))
            P[s][move] = branches
    initial = np.zeros(nrow * ncol)
    initial[START] = 1.0
    return TransitionTable(P, initial)


class CliffWalkingFunctional(TabularFunctional):
    """CliffWalking as pure functions over its transition table.

    Args:
        is_slippery: Whether moves may slip to a perpendicular direction.
    """

    def __init__(self, is_slippery: bool = False) -> None:
        self.is_slippery = is_slippery
        self.table = _build_table(is_slippery)
        self.observation_space = spaces.Discrete(SHAPE[0] * SHAPE[1])
        self.action_space = spaces.Discrete(4)
        super().__init__()

    def render_init(self, params: None = None, **kwargs: Any) -> RenderTarget:
        """An off-screen surface of the reference's frame size."""
        return RenderTarget("rgb_array", (SHAPE[1] * CELL, SHAPE[0] * CELL), "CliffWalking")

    def render_image(
        self, state: TabularState, render_state: RenderTarget, params: None = None
    ) -> tuple[RenderTarget, np.ndarray[Any, Any]]:
        """Draw ``state`` and return the frame."""
        draw_cliff(render_state, int(state.s))
        frame = render_state.present(0)
        assert frame is not None
        return render_state, frame

    def render_close(self, render_state: RenderTarget, params: None = None) -> None:
        """Release the surface."""
        render_state.close()


def _cliff_mask() -> np.ndarray[Any, Any]:
    """``SHAPE`` bool array, true on the cliff cells."""
    cliff = np.zeros(SHAPE, dtype=bool)
    cliff[-1, 1:-1] = True
    return cliff


def draw_cliff(target: RenderTarget, s: int, cliff: np.ndarray[Any, Any] | None = None) -> None:
    """Draw the grid with the agent on cell ``s`` (``cliff``: the cells to draw as cliff)."""
    pygame = import_pygame()
    cliff = _cliff_mask() if cliff is None else cliff
    surface = target.surface
    surface.fill((120, 170, 90))
    for cell in range(SHAPE[0] * SHAPE[1]):
        row, col = divmod(cell, SHAPE[1])
        rect = pygame.Rect(col * CELL, row * CELL, CELL, CELL)
        if cliff[row, col]:
            pygame.draw.rect(surface, (70, 55, 45), rect)
            pygame.draw.rect(surface, (30, 30, 40), rect.inflate(-12, -24).move(0, 8))
        else:
            pygame.draw.rect(surface, (134, 186, 100), rect.inflate(-2, -2))
        if cell == START:
            target.text("S", (rect.left + 16, rect.top + 18), 26, (250, 250, 240), bold=True)
        if cell == GOAL:
            target.text("G", (rect.left + 16, rect.top + 18), 26, (250, 250, 240), bold=True)
            pygame.draw.line(
                surface,
                (80, 50, 20),
                (rect.left + 34, rect.top + 16),
                (rect.left + 34, rect.bottom - 8),
                3,
            )
            pygame.draw.polygon(
                surface,
                (220, 40, 40),
                [
                    (rect.left + 35, rect.top + 16),
                    (rect.left + 54, rect.top + 24),
                    (rect.left + 35, rect.top + 32),
                ],
            )
        if cell == s:
            pygame.draw.circle(surface, (250, 200, 70), rect.center, 14)
            pygame.draw.circle(surface, (90, 60, 20), rect.center, 14, 2)


# -- the stateful env and the numpy vector env -------------------------------------------------


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
