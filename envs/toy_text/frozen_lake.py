"""FrozenLake: the stateful env behind ``make("FrozenLake-v1")`` and its numpy vector env.

The task itself (its state, dynamics, rewards and drawing) is defined once in
:mod:`._frozen_lake_func`; the names of the reference's module are re-exported here.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core import logger

from ._frozen_lake_func import (
    _ACTION_NAMES,
    DOWN,
    LEFT,
    MAPS,
    RIGHT,
    UP,
    FrozenLakeFunctional,
    UnknownMapError,
    _window_size,
    draw_frozen_lake,
    generate_random_map,
    is_valid,
)
from ._render import RenderTarget
from ._stateful import TabularEnv
from ._vector import ToyTextVectorEnv

__all__ = [
    "DOWN",
    "LEFT",
    "MAPS",
    "RIGHT",
    "UP",
    "FrozenLakeEnv",
    "FrozenLakeFunctional",
    "FrozenLakeVectorEnv",
    "UnknownMapError",
    "generate_random_map",
    "is_valid",
]


class FrozenLakeEnv(TabularEnv):
    """FrozenLake-v1 and FrozenLake8x8-v1: the stateful environment behind ``make``.

    Attributes ``P``, ``s``, ``lastaction``, ``desc``, ``nrow``, ``ncol`` and
    ``initial_state_distrib`` are the reference's.

    Args:
        render_mode: ``"human"``, ``"ansi"``, ``"rgb_array"`` or ``None``.
        desc: A custom map (rows of ``S``/``F``/``H``/``G``); overrides ``map_name``.
        map_name: ``"4x4"`` or ``"8x8"``; with ``desc`` also ``None`` a random 8x8 map.
        is_slippery: Whether moves may slip sideways.
        success_rate: Probability of the intended move on slippery ice.
        reward_schedule: Rewards for reaching the goal, a hole, and any other tile.
    """

    window_title = "Frozen Lake"
    image_attributes = (
        "ice_img",
        "ice_crack_imgs",
        "hole_img",
        "agent_img",
        "goal_flag_img",
        "letter_s_img",
        "letter_g_img",
    )

    def __init__(
        self,
        render_mode: str | None = None,
        desc: Any = None,
        map_name: str | None = "4x4",
        is_slippery: bool = True,
        success_rate: float = 1.0 / 3.0,
        reward_schedule: tuple[Any, ...] = (1, 0, 0),
    ) -> None:
        func_env = FrozenLakeFunctional(desc, map_name, is_slippery, success_rate, reward_schedule)
        self.desc = np.asarray(func_env.rows, dtype="c")
        self.nrow, self.ncol = func_env.nrow, func_env.ncol
        self.reward_range = (min(reward_schedule), max(reward_schedule))
        self.window_size = _window_size(self.nrow, self.ncol)
        self.cell_size = (self.window_size[0] // self.ncol, self.window_size[1] // self.nrow)
        self._setup(func_env, render_mode)

    def _rows(self) -> list[str]:
        """The map as drawn: :attr:`desc`, read at every frame as the reference does."""
        return ["".join(c.decode() for c in row) for row in np.asarray(self.desc).tolist()]

    def _render_text(self) -> str:
        cells = [list(row) for row in self._rows()]
        r, c = divmod(int(self.s), self.ncol)
        cells[r][c] = logger.colorize(cells[r][c], "red", highlight=True)
        header = "\n" if self.lastaction is None else f"  ({_ACTION_NAMES[self.lastaction]})\n"
        return header + "\n".join("".join(row) for row in cells) + "\n"

    def _draw(self, target: RenderTarget) -> None:
        draw_frozen_lake(target, self._rows(), int(self.s))


class FrozenLakeVectorEnv(ToyTextVectorEnv):
    """The numpy-batched FrozenLake vector env (its ``vector_entry_point``)."""

    func_env_cls = FrozenLakeFunctional
