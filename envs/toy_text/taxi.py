"""Taxi: the stateful env behind ``make("Taxi-v4")`` and its numpy vector env.

The task itself (its state, dynamics, rewards and drawing) is defined once in
:mod:`._taxi_func`; the names of the reference's module are re-exported here.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core import logger

from ._render import RenderTarget
from ._stateful import TabularEnv
from ._taxi_func import (
    _ACTION_NAMES,
    BACKGROUND_POS,
    CANVAS_COLOR,
    CELL_SIZE,
    GRID_ORIGIN,
    HOUSE_POS,
    LOC_COLORS,
    LOCS,
    MAP,
    MAX_COL,
    MAX_ROW,
    PASSENGER_OFFSET,
    TAXI_H_OFFSET,
    TAXI_V_OFFSET,
    WINDOW_SIZE,
    TaxiFunctional,
    TaxiState,
    decode,
    draw_taxi,
    encode,
)
from ._vector import ToyTextVectorEnv

__all__ = [
    "BACKGROUND_POS",
    "CANVAS_COLOR",
    "HOUSE_POS",
    "MAP",
    "PASSENGER_OFFSET",
    "TAXI_H_OFFSET",
    "TAXI_V_OFFSET",
    "TaxiEnv",
    "TaxiFunctional",
    "TaxiState",
    "TaxiVectorEnv",
]


class TaxiEnv(TabularEnv):
    """Taxi-v4: the stateful environment behind ``make``.

    Attributes ``P``, ``s``, ``lastaction``, ``desc``, ``locs``, ``initial_state_distrib``,
    ``fickle_step`` and the methods ``encode``, ``decode`` and ``action_mask`` are the
    reference's.

    Args:
        render_mode: ``"human"``, ``"ansi"``, ``"rgb_array"`` or ``None``.
        is_rainy: Whether moves may slip sideways.
        fickle_passenger: Whether the passenger may change destination once after pickup.
        rainy_probability: Probability of the intended move when rainy.
        fickle_probability: Probability, drawn at reset, that the passenger is fickle.
    """

    window_title = "Taxi"
    func_env: TaxiFunctional
    surface_attribute = "window"
    image_attributes = (
        "taxi_imgs",
        "taxi_full_imgs",
        "passenger_img",
        "destination_img",
        "house_img",
        "background_img",
    )

    def __init__(
        self,
        render_mode: str | None = None,
        is_rainy: bool = False,
        fickle_passenger: bool = False,
        rainy_probability: float = 0.8,
        fickle_probability: float = 0.3,
    ) -> None:
        self.desc = np.asarray(MAP, dtype="c")
        self.locs = list(LOCS)
        self.locs_colors = list(LOC_COLORS)
        self.max_row, self.max_col = MAX_ROW, MAX_COL
        self.rainy_probability = rainy_probability
        self._rainy_lateral_probability = (1.0 - rainy_probability) / 2.0
        self.window_size = WINDOW_SIZE
        self.cell_size = CELL_SIZE
        self.taxi_orientation = 0
        self._setup(
            TaxiFunctional(is_rainy, fickle_passenger, rainy_probability, fickle_probability),
            render_mode,
        )

    @property
    def fickle_passenger(self) -> bool:
        """Whether passengers may change destination (read at every reset and step)."""
        return self.func_env.fickle_passenger

    @fickle_passenger.setter
    def fickle_passenger(self, value: bool) -> None:
        self.func_env.fickle_passenger = value

    @property
    def fickle_probability(self) -> float:
        """Probability, drawn at each reset, that the passenger is fickle."""
        return self.func_env.fickle_probability

    @fickle_probability.setter
    def fickle_probability(self, value: float) -> None:
        self.func_env.fickle_probability = value

    @property
    def fickle_step(self) -> Any:
        """Whether the passenger will still change destination (the reference's attribute)."""
        return False if self.state is None else self.state.fickle

    @fickle_step.setter
    def fickle_step(self, value: Any) -> None:
        base = self.state if self.state is not None else self._blank_state()
        self.state = base._replace(fickle=value)

    def _blank_state(self) -> TaxiState:
        return TaxiState(0, -1, 1.0, 0.0, False, False)

    def get_surf_loc(self, map_loc: tuple[int, int]) -> tuple[int, int]:
        """The pixel ``(x, y)`` of the top-left corner of grid cell ``(row, col)``."""
        return (
            GRID_ORIGIN[0] + map_loc[1] * self.cell_size[0],
            GRID_ORIGIN[1] + map_loc[0] * self.cell_size[1],
        )

    def encode(self, taxi_row: int, taxi_col: int, pass_loc: int, dest_idx: int) -> int:
        """The observation of a taxi position, passenger location and destination."""
        return encode(taxi_row, taxi_col, pass_loc, dest_idx)

    def decode(self, i: int) -> tuple[int, int, int, int]:
        """Invert :meth:`encode`: ``(taxi_row, taxi_col, pass_loc, dest_idx)``."""
        return decode(int(i))

    def action_mask(self, state: int) -> np.ndarray[Any, Any]:
        """The actions that change ``state``, as a ``(6,)`` int8 array."""
        mask: np.ndarray[Any, Any] = self.func_env.action_mask(int(state))
        return mask

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[int, dict[str, Any]]:
        """Start an episode; the taxi is drawn facing south."""
        self.taxi_orientation = 0
        return super().reset(seed=seed, options=options)

    def _grid(self) -> list[str]:
        """The map as drawn: :attr:`desc`, read at every frame as the reference does."""
        return ["".join(c.decode() for c in row) for row in np.asarray(self.desc).tolist()]

    def _render_text(self) -> str:
        cells = [list(line) for line in self._grid()]
        row, col, pass_idx, dest = decode(self.s)
        if pass_idx < 4:
            cells[1 + row][2 * col + 1] = logger.colorize(
                cells[1 + row][2 * col + 1], "yellow", highlight=True
            )
            p_row, p_col = self.locs[pass_idx]
            cells[1 + p_row][2 * p_col + 1] = logger.colorize(
                cells[1 + p_row][2 * p_col + 1], "blue", bold=True
            )
        else:
            # An occupied taxi on an empty cell shows as an underscore.
            under = cells[1 + row][2 * col + 1].replace(" ", "_")
            cells[1 + row][2 * col + 1] = logger.colorize(under, "green", highlight=True)
        d_row, d_col = self.locs[dest]
        cells[1 + d_row][2 * d_col + 1] = logger.colorize(
            cells[1 + d_row][2 * d_col + 1], "magenta"
        )
        text = "\n".join("".join(line) for line in cells) + "\n"
        if self.lastaction is None:
            return text + "\n"
        return text + f"  ({_ACTION_NAMES[self.lastaction]})\n"

    def _draw(self, target: RenderTarget) -> None:
        if self.lastaction in (0, 1, 2, 3):
            self.taxi_orientation = int(self.lastaction)
        draw_taxi(target, int(self.s), self.taxi_orientation, self._grid(), self.locs)


class TaxiVectorEnv(ToyTextVectorEnv):
    """The numpy-batched Taxi vector env (its ``vector_entry_point``)."""

    func_env_cls = TaxiFunctional
