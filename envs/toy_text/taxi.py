"""Taxi: drive to the passenger, pick them up, and drop them off at their destination.

A 5x5 grid with walls and four pads, R(ed) (0, 0), G(reen) (0, 4), Y(ellow) (4, 0) and
B(lue) (4, 3). The observation encodes ``((taxi_row * 5 + taxi_col) * 5 + passenger) * 4 +
destination``, the passenger being a pad index or 4 when in the taxi. Actions: 0 south,
1 north, 2 east, 3 west, 4 pickup, 5 drop off. Each step costs -1, an illegal pickup or drop
off -10, and a delivery pays +20 and ends the episode. ``info`` holds ``prob`` and the
``action_mask`` of the actions that change the state.

Options: ``is_rainy`` makes moves slip to either side with probability
``(1 - rainy_probability) / 2`` each; ``fickle_passenger`` lets the passenger, with
probability ``fickle_probability`` drawn at reset, change destination on the first move after
the pickup. After Dietterich, "Hierarchical Reinforcement Learning with the MAXQ Value
Function Decomposition", JAIR 13, 2000.

The definition is :class:`TaxiFunctional`; this module also holds the stateful env behind
``make("Taxi-v4")`` and its numpy vector env.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from gymnasium_core import logger, spaces
from gymnasium_core.functional import random as frandom

from ._common import (
    RenderTarget,
    TableDict,
    TabularFunctional,
    ToyTextVectorEnv,
    TransitionTable,
    draw_initial,
    import_pygame,
)
from ._stateful import TabularEnv

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


# -- the definition ----------------------------------------------------------------------------

MAP = [
    "+---------+",
    "|R: | : :G|",
    "| : | : : |",
    "| : : : : |",
    "| | : | : |",
    "|Y| : |B: |",
    "+---------+",
]
LOCS = [(0, 0), (0, 4), (4, 0), (4, 3)]
LOC_COLORS = [(255, 0, 0), (0, 255, 0), (255, 255, 0), (0, 0, 255)]
WINDOW_SIZE = (536, 456)
# The reference's picture geometry, in pixels (our drawing is our own; these are its facts).
CANVAS_COLOR = (250, 250, 246)
BACKGROUND_POS = (0, 80)
HOUSE_POS = (403, 36)
PASSENGER_OFFSET = (35, 19)
TAXI_H_OFFSET = (15, 9)
TAXI_V_OFFSET = (25, 0)
GRID_ORIGIN = (48, 128)
CELL_SIZE = (88, 56)
MAX_ROW = MAX_COL = 4
_ACTION_NAMES = ("South", "North", "East", "West", "Pickup", "Dropoff")
# Per move action: (intended, slip to the left, slip to the right) as (d_row, d_col).
_RAINY_MOVES = {
    0: ((1, 0), (0, 1), (0, -1)),
    1: ((-1, 0), (0, -1), (0, 1)),
    2: ((0, 1), (-1, 0), (1, 0)),
    3: ((0, -1), (1, 0), (-1, 0)),
}


class TaxiState(NamedTuple):
    """Taxi's state: the tabular fields plus the fickle passenger's pending change."""

    s: Any  # () int: encoded state
    last_action: Any  # () int: the action that led here, -1 after a reset
    prob: Any  # () float: probability of the branch the last transition took
    reward: Any  # () float: reward of the last transition
    terminated: Any  # () bool: whether the last transition ended the episode
    fickle: Any  # () bool: whether the passenger will still change destination


def encode(taxi_row: int, taxi_col: int, pass_loc: int, dest_idx: int) -> int:
    """The observation of a taxi position, passenger location and destination."""
    return ((taxi_row * 5 + taxi_col) * 5 + pass_loc) * 4 + dest_idx


def decode(i: int) -> tuple[int, int, int, int]:
    """Invert :func:`encode`: ``(taxi_row, taxi_col, pass_loc, dest_idx)``."""
    i, dest_idx = divmod(i, 4)
    i, pass_loc = divmod(i, 5)
    taxi_row, taxi_col = divmod(i, 5)
    return taxi_row, taxi_col, pass_loc, dest_idx


def _open_east(row: int, col: int) -> bool:
    return MAP[1 + row][2 * col + 2] == ":"


def _open_west(row: int, col: int) -> bool:
    return MAP[1 + row][2 * col] == ":"


def _pickup_or_dropoff(row: int, col: int, pass_idx: int, dest_idx: int, action: int) -> Any:
    """``(new_pass_idx, reward, terminated)`` of action 4 (pickup) or 5 (drop off)."""
    taxi = (row, col)
    if action == 4:
        if pass_idx < 4 and taxi == LOCS[pass_idx]:
            return 4, -1, False
        return pass_idx, -10, False
    if pass_idx == 4 and taxi == LOCS[dest_idx]:
        return dest_idx, 20, True
    if pass_idx == 4 and taxi in LOCS:
        return LOCS.index(taxi), -1, False
    return pass_idx, -10, False


def _dry_branches(row: int, col: int, pass_idx: int, dest: int, action: int) -> list[Any]:
    new_row, new_col, new_pass, reward, done = row, col, pass_idx, -1, False
    if action == 0:
        new_row = min(row + 1, MAX_ROW)
    elif action == 1:
        new_row = max(row - 1, 0)
    elif action == 2 and _open_east(row, col):
        new_col = min(col + 1, MAX_COL)
    elif action == 3 and _open_west(row, col):
        new_col = max(col - 1, 0)
    elif action >= 4:
        new_pass, reward, done = _pickup_or_dropoff(row, col, pass_idx, dest, action)
    return [(1.0, encode(new_row, new_col, new_pass, dest), reward, done)]


def _slip(row: int, col: int, d_row: int, d_col: int) -> tuple[int, int]:
    """Where a sideways slip lands; walls on the east-west crossing block it."""
    r = max(0, min(row + d_row, MAX_ROW))
    c = max(0, min(col + d_col, MAX_COL))
    if d_col == 1 and MAP[1 + r][2 * c] != ":":
        return row, col
    if d_col == -1 and MAP[1 + r][2 * c + 2] != ":":
        return row, col
    return r, c


def _rainy_branches(
    row: int, col: int, pass_idx: int, dest: int, action: int, p_move: float, p_side: float
) -> list[Any]:
    if action >= 4:
        new_pass, reward, done = _pickup_or_dropoff(row, col, pass_idx, dest, action)
        return [(1.0, encode(row, col, new_pass, dest), reward, done)]
    can_move = (
        (action == 0 and row < MAX_ROW)
        or (action == 1 and row > 0)
        or (action == 2 and _open_east(row, col))
        or (action == 3 and _open_west(row, col))
    )
    # A blocked move stays put, with no sideways slip either.
    forward = left = right = (row, col)
    if can_move:
        (d_row, d_col), side_a, side_b = _RAINY_MOVES[action]
        forward = (max(0, min(row + d_row, MAX_ROW)), max(0, min(col + d_col, MAX_COL)))
        left, right = _slip(row, col, *side_a), _slip(row, col, *side_b)
    return [
        (prob, encode(*cell, pass_idx, dest), -1, False)
        for prob, cell in ((p_move, forward), (p_side, left), (p_side, right))
    ]


def _build_table(is_rainy: bool, rainy_probability: float) -> TransitionTable:
    p_side = (1.0 - rainy_probability) / 2.0
    P: TableDict = {}
    initial = np.zeros(500)
    for s in range(500):
        row, col, pass_idx, dest = decode(s)
        if pass_idx < 4 and pass_idx != dest:
            initial[s] += 1
        P[s] = {
            a: _rainy_branches(row, col, pass_idx, dest, a, rainy_probability, p_side)
            if is_rainy
            else _dry_branches(row, col, pass_idx, dest, a)
            for a in range(6)
        }
    return TransitionTable(P, initial / initial.sum())


def _mask(s: int) -> np.ndarray[Any, Any]:
    row, col, pass_idx, _ = decode(s)
    taxi = (row, col)
    return np.array(
        [
            row < MAX_ROW,
            row > 0,
            col < MAX_COL and _open_east(row, col),
            col > 0 and _open_west(row, col),
            pass_idx < 4 and taxi == LOCS[pass_idx],
            pass_idx == 4 and taxi in LOCS,
        ],
        dtype=np.int8,
    )


class TaxiFunctional(TabularFunctional):
    """Taxi as pure functions over its transition table, with the fickle passenger on top.

    Args:
        is_rainy: Whether moves may slip sideways.
        fickle_passenger: Whether the passenger may change destination once after pickup.
        rainy_probability: Probability of the intended move when rainy.
        fickle_probability: Probability, drawn at reset, that the passenger is fickle.
    """

    def __init__(
        self,
        is_rainy: bool = False,
        fickle_passenger: bool = False,
        rainy_probability: float = 0.8,
        fickle_probability: float = 0.3,
    ) -> None:
        self.is_rainy = is_rainy
        self.fickle_passenger = fickle_passenger
        self.rainy_probability = rainy_probability
        self.fickle_probability = fickle_probability
        self.table = _build_table(is_rainy, rainy_probability)
        self.mask_table = np.stack([_mask(s) for s in range(500)])
        self.observation_space = spaces.Discrete(500)
        self.action_space = spaces.Discrete(6)
        super().__init__()

    def initial(self, rng: Any, params: None = None) -> Any:
        """Draw the first state, then (if fickle passengers are on) whether this one is."""
        if self._is_scalar(rng):
            s = draw_initial(self.table.initial_distribution, rng)
            fickle = self.fickle_passenger and rng.random() < self.fickle_probability
            return TaxiState(s, -1, 1.0, 0.0, False, fickle)
        key_state, key_fickle = frandom.split(rng)
        base = super().initial(key_state)
        u = frandom.uniform(key_fickle)
        fickle = self.xp.logical_and(self.fickle_passenger, u < self.fickle_probability)
        return TaxiState(*base, fickle)

    def transition(self, state: Any, action: Any, rng: Any, params: None = None) -> Any:
        """Take one branch of ``P[s][action]``; a fickle passenger may then change destination."""
        if self._is_scalar(rng, state):
            moved = super().transition(state, action, rng)
            if not (self.fickle_passenger and state.fickle):
                return moved
            row, col, pass_idx, dest = decode(state.s)
            new_row, new_col, new_pass, _ = decode(moved.s)
            if pass_idx != 4 or (new_row, new_col) == (row, col):
                return moved
            # The reference draws one of the three other destinations with choice(); the
            # draw stays an np.int64, so the new state is one too, as there.
            k = rng.integers(0, 3)
            new_dest = k + (k >= dest)
            return TaxiState(*moved[:5], False)._replace(
                s=encode(new_row, new_col, new_pass, new_dest)
            )
        xp = self.xp
        key_move, key_dest = frandom.split(rng)
        moved = super().transition(state, action, key_move)
        s, s_next = xp.asarray(state.s), moved.s
        taxi_before, taxi_after = s // 20, s_next // 20
        trigger = xp.logical_and(
            xp.logical_and(self.fickle_passenger, state.fickle),
            xp.logical_and((s // 4) % 5 == 4, taxi_before != taxi_after),
        )
        k = frandom.integers(key_dest, 0, 3)
        new_dest = k + (k >= s % 4)
        fickle_s = s_next - s_next % 4 + new_dest
        return TaxiState(
            xp.where(trigger, fickle_s, s_next).astype(self._index_dtype()),
            moved.last_action,
            moved.prob,
            moved.reward,
            moved.terminated,
            xp.logical_and(state.fickle, xp.logical_not(trigger)),
        )

    def action_mask(self, s: Any) -> Any:
        """The actions that change state ``s``: ``(6,)`` int8 (``(..., 6)`` for arrays)."""
        if isinstance(s, (int, np.integer)):
            return self.mask_table[s].copy()
        return self.xp.asarray(self.mask_table)[s]

    def state_info(self, state: Any, params: None = None) -> dict[str, Any]:
        """The reset info: ``prob`` and the ``action_mask``."""
        prob = 1.0 if isinstance(state.s, (int, np.integer)) else state.prob
        return {"prob": prob, "action_mask": self.action_mask(state.s)}

    def transition_info(
        self, state: Any, action: Any, next_state: Any, params: None = None
    ) -> dict[str, Any]:
        """The step info: the branch's ``prob`` and the new ``action_mask``."""
        return {"prob": next_state.prob, "action_mask": self.action_mask(next_state.s)}

    def render_init(self, params: None = None, **kwargs: Any) -> RenderTarget:
        """An off-screen surface of the reference's frame size."""
        return RenderTarget("rgb_array", WINDOW_SIZE, "Taxi")

    def render_image(
        self, state: Any, render_state: RenderTarget, params: None = None
    ) -> tuple[RenderTarget, np.ndarray[Any, Any]]:
        """Draw ``state`` and return the frame."""
        last = int(state.last_action)
        draw_taxi(render_state, int(state.s), last if 0 <= last < 4 else 0)
        frame = render_state.present(0)
        assert frame is not None
        return render_state, frame

    def render_close(self, render_state: RenderTarget, params: None = None) -> None:
        """Release the surface."""
        render_state.close()


def _cell_origin(row: int, col: int) -> tuple[int, int]:
    return GRID_ORIGIN[0] + col * CELL_SIZE[0], GRID_ORIGIN[1] + row * CELL_SIZE[1]


def draw_taxi(
    target: RenderTarget,
    s: int,
    heading: int,
    grid: list[str] | None = None,
    locs: list[tuple[int, int]] | None = None,
) -> None:
    """Draw the town, the passenger, the destination and the taxi facing ``heading``.

    ``grid`` (the map's rows, :data:`MAP` by default) gives the walls and ``locs`` (:data:`LOCS`
    by default) the pads.
    """
    pygame = import_pygame()
    grid = MAP if grid is None else grid
    locs = LOCS if locs is None else locs
    surface = target.surface
    surface.fill(CANVAS_COLOR)
    width, height = 5 * CELL_SIZE[0], 5 * CELL_SIZE[1]
    pygame.draw.rect(surface, (205, 205, 200), (*GRID_ORIGIN, width, height))
    for row in range(5):
        for col in range(5):
            x, y = _cell_origin(row, col)
            pygame.draw.rect(
                surface, (226, 226, 220), (x + 2, y + 2, CELL_SIZE[0] - 4, CELL_SIZE[1] - 4)
            )
    for index, (row, col) in enumerate(locs):
        x, y = _cell_origin(row, col)
        pygame.draw.rect(
            surface, LOC_COLORS[index], (x + 4, y + 4, CELL_SIZE[0] - 8, CELL_SIZE[1] - 8)
        )
        target.text("RGYB"[index], (x + 14, y + 14), 22, (30, 30, 30), bold=True)
    # Interior walls: a '|' between two cells of a row in the map.
    for row in range(5):
        for col in range(4):
            if grid[1 + row][2 * col + 2] == "|":
                x, y = _cell_origin(row, col + 1)
                pygame.draw.line(surface, (60, 60, 60), (x, y), (x, y + CELL_SIZE[1]), 6)
    pygame.draw.rect(surface, (60, 60, 60), (*GRID_ORIGIN, width, height), 6)
    # A small house above the grid, marking the town.
    pygame.draw.rect(surface, (180, 120, 80), (420, 60, 60, 44))
    pygame.draw.polygon(surface, (150, 60, 50), [(410, 62), (450, 30), (490, 62)])
    target.text("Taxi", (120, 60), 48, (60, 60, 60), bold=True)

    row, col, pass_idx, dest = decode(s)
    dx, dy = _cell_origin(*locs[dest])
    pygame.draw.rect(
        surface, (200, 30, 160), (dx + 6, dy + 6, CELL_SIZE[0] - 12, CELL_SIZE[1] - 12), 4
    )
    if pass_idx < 4:
        px, py = _cell_origin(*locs[pass_idx])
        pygame.draw.circle(surface, (40, 90, 200), (px + 60, py + 22), 7)
        pygame.draw.rect(surface, (40, 90, 200), (px + 55, py + 29, 10, 18))
    tx, ty = _cell_origin(row, col)
    body = (tx + 24, ty + 6, 40, 44) if heading < 2 else (tx + 14, ty + 12, 60, 32)
    full = pass_idx == 4
    pygame.draw.rect(surface, (250, 200, 30), body, border_radius=6)
    pygame.draw.rect(surface, (40, 90, 200) if full else (90, 90, 90), body, 3, border_radius=6)


# -- the stateful env and the numpy vector env -------------------------------------------------


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
