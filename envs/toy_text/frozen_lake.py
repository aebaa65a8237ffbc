"""FrozenLake: walk from the start tile to the goal across ice without falling into a hole.

The lake is a grid map of letters: ``S`` start, ``F`` frozen ice, ``H`` hole, ``G`` goal. The
observation is the agent's cell ``row * ncol + col``; actions are 0 left, 1 down, 2 right,
3 up. Entering a hole or the goal ends the episode; ``reward_schedule`` gives the reward for
reaching the goal, a hole, or any other tile (default ``(1, 0, 0)``). On slippery ice the
intended move happens with probability ``success_rate`` and each perpendicular move with
half the rest. ``info["prob"]`` is the probability of the move that happened.

Bad maps are rejected with a :class:`ValueError` (the reference accepts some and misbehaves):
ragged rows, unknown letters, no ``S`` or no ``G``. ``generate_random_map`` rejects ``p``
outside ``(0, 1]`` (``p == 0`` leaves no path, so no map could ever be returned) and sizes
below 2.

The definition is :class:`FrozenLakeFunctional`; this module also holds the stateful env behind
``make("FrozenLake-v1")`` and its numpy vector env.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np

from gymnasium_core import logger, spaces
from gymnasium_core.utils import seeding

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


# -- the definition ----------------------------------------------------------------------------

LEFT = 0
DOWN = 1
RIGHT = 2
UP = 3

MAPS = {
    "4x4": ["SFFF", "FHFH", "FFFH", "HFFG"],
    "8x8": [
        "SFFFFFFF",
        "FFFFFFFF",
        "FFFHFFFF",
        "FFFFFHFF",
        "FFFHFFFF",
        "FHHFFFHF",
        "FHFFHFHF",
        "FFFHFFFG",
    ],
}

_TILES = "SFHG"
_MOVES = {LEFT: (0, -1), DOWN: (1, 0), RIGHT: (0, 1), UP: (-1, 0)}
_ACTION_NAMES = ("Left", "Down", "Right", "Up")


class UnknownMapError(KeyError, ValueError):
    """``map_name`` names no predefined map (a ``KeyError``, as in the reference, too)."""

    def __str__(self) -> str:
        return str(self.args[0])


def is_valid(board: list[list[str]] | list[str] | np.ndarray[Any, Any], max_size: int) -> bool:
    """Whether a goal tile can be reached from the top-left corner without crossing a hole.

    Args:
        board: A square grid of tile letters.
        max_size: The side length of the grid.

    Returns:
        ``True`` when some path of non-hole tiles joins ``(0, 0)`` to a ``G`` tile.
    """
    seen = {(0, 0)}
    queue = deque([(0, 0)])
    while queue:
        row, col = queue.popleft()
        for d_row, d_col in _MOVES.values():
            r, c = row + d_row, col + d_col
            if not (0 <= r < max_size and 0 <= c < max_size) or (r, c) in seen:
                continue
            tile = board[r][c]
            if tile == "G":
                return True
            if tile != "H":
                seen.add((r, c))
                queue.append((r, c))
    return False


def generate_random_map(size: int = 8, p: float = 0.8, seed: int | None = None) -> list[str]:
    """Draw random square maps until one has a path from start to goal.

    Tiles are drawn with the same generator calls as the reference, so a seed gives the
    reference's map.

    Args:
        size: Side length of the square map (at least 2).
        p: Probability that a tile is frozen, in ``(0, 1]``.
        seed: Seed of the generator, for a reproducible map.

    Returns:
        The map as ``size`` strings of ``size`` letters, ``S`` top-left and ``G`` bottom-right.

    Raises:
        ValueError: If ``p`` is outside ``(0, 1]`` or ``size`` is below 2.
    """
    if not 0.0 < p <= 1.0:
        raise ValueError(
            f"p, the probability of a frozen tile, must lie in (0, 1], got {p}"
            + (" (with no frozen tile no map has a path to the goal)." if p == 0 else ".")
        )
    if int(size) != size or size < 2:
        raise ValueError(f"size must be an integer of at least 2, got {size}.")
    rng, _ = seeding.np_random(seed)
    while True:
        board = rng.choice(np.array(["F", "H"]), (size, size), p=[p, 1 - p])
        board[0][0] = "S"
        board[-1][-1] = "G"
        if is_valid(board, size):
            return ["".join(row) for row in board]


def _check_desc(desc: Any) -> list[str]:
    """Normalise a map to a list of strings, raising ``ValueError`` on malformed maps."""
    if isinstance(desc, str):
        raise ValueError("desc must be a sequence of rows, e.g. ['SFFF', 'FHFH', ...], not a str.")
    rows = []
    for row in np.asarray(desc, dtype=object).tolist() if isinstance(desc, np.ndarray) else desc:
        if isinstance(row, (bytes, np.bytes_)):
            row = row.decode()
        elif not isinstance(row, str):
            row = "".join(c.decode() if isinstance(c, (bytes, np.bytes_)) else str(c) for c in row)
        rows.append(row)
    if not rows or not rows[0]:
        raise ValueError("desc must have at least one row and one column.")
    if any(len(row) != len(rows[0]) for row in rows):
        raise ValueError(f"desc rows must all have the same length, got {[len(r) for r in rows]}.")
    unknown = sorted({c for row in rows for c in row} - set(_TILES))
    if unknown:
        raise ValueError(f"desc has unknown tile letters {unknown}; use only S, F, H and G.")
    for letter, name in (("S", "start"), ("G", "goal")):
        if not any(letter in row for row in rows):
            raise ValueError(f"desc has no {name} tile '{letter}'.")
    return rows


def _build_table(
    rows: list[str], is_slippery: bool, success_rate: float, reward_schedule: tuple[Any, ...]
) -> TransitionTable:
    nrow, ncol = len(rows), len(rows[0])
    fail_rate = (1.0 - success_rate) / 2.0

    def outcome(row: int, col: int, action: int) -> tuple[int, Any, bool]:
        d_row, d_col = _MOVES[action]
        r = min(max(row + d_row, 0), nrow - 1)
        c = min(max(col + d_col, 0), ncol - 1)
        letter = rows[r][c]
        # Start tiles pay the frozen reward: the schedule is (goal, hole, frozen).
        reward = reward_schedule["GHF".index(letter if letter in "GH" else "F")]
        return r * ncol + c, reward, letter in "GH"

    P: TableDict = {}
    for row in range(nrow):
        for col in range(ncol):
            s = row * ncol + col
            P[s] = {}
            for a in range(4):
                if rows[row][col] in "GH":
                    # Terminal tiles absorb, with reward 0 whatever the schedule.
                    P[s][a] = [(1.0, s, 0, True)]
                elif is_slippery:
                    P[s][a] = [
                        (success_rate if b == a else fail_rate, *outcome(row, col, b))
                        for b in ((a - 1) % 4, a, (a + 1) % 4)
                    ]
                else:
                    P[s][a] = [(1.0, *outcome(row, col, a))]
    starts = np.array([[c == "S" for c in row] for row in rows], dtype=np.float64).ravel()
    return TransitionTable(P, starts / starts.sum())


class FrozenLakeFunctional(TabularFunctional):
    """FrozenLake as pure functions over its transition table.

    Args:
        desc: The map; ``None`` uses ``map_name`` (and a random 8x8 map if that is ``None``).
        map_name: ``"4x4"`` or ``"8x8"``.
        is_slippery: Whether moves may slip sideways.
        success_rate: Probability of the intended move on slippery ice.
        reward_schedule: Rewards for reaching the goal, a hole, and any other tile.
    """

    def __init__(
        self,
        desc: Any = None,
        map_name: str | None = "4x4",
        is_slippery: bool = True,
        success_rate: float = 1.0 / 3.0,
        reward_schedule: tuple[Any, ...] = (1, 0, 0),
    ) -> None:
        if desc is None and map_name is None:
            desc = generate_random_map()
        elif desc is None:
            if map_name not in MAPS:
                raise UnknownMapError(
                    f"Unknown map_name {map_name!r}; the predefined maps are {sorted(MAPS)}."
                )
            desc = MAPS[map_name]
        self.rows = _check_desc(desc)
        if len(reward_schedule) != 3:
            raise ValueError(
                f"reward_schedule must hold 3 rewards (goal, hole, frozen), got {reward_schedule}."
            )
        self.nrow, self.ncol = len(self.rows), len(self.rows[0])
        self.table = _build_table(self.rows, is_slippery, success_rate, tuple(reward_schedule))
        self.observation_space = spaces.Discrete(self.nrow * self.ncol)
        self.action_space = spaces.Discrete(4)
        super().__init__()

    def render_init(self, params: None = None, **kwargs: Any) -> RenderTarget:
        """An off-screen surface of the reference's frame size."""
        return RenderTarget("rgb_array", _window_size(self.nrow, self.ncol), "Frozen Lake")

    def render_image(
        self, state: TabularState, render_state: RenderTarget, params: None = None
    ) -> tuple[RenderTarget, np.ndarray[Any, Any]]:
        """Draw ``state`` and return the frame."""
        draw_frozen_lake(render_state, self.rows, int(state.s))
        frame = render_state.present(0)
        assert frame is not None
        return render_state, frame

    def render_close(self, render_state: RenderTarget, params: None = None) -> None:
        """Release the surface."""
        render_state.close()


def _window_size(nrow: int, ncol: int) -> tuple[int, int]:
    return (min(64 * ncol, 512), min(64 * nrow, 512))


def draw_frozen_lake(target: RenderTarget, rows: list[str], s: int) -> None:
    """Draw the lake with the agent on cell ``s``."""
    pygame = import_pygame()
    nrow, ncol = len(rows), len(rows[0])
    width, height = target.size
    cw, ch = width // ncol, height // nrow
    surface = target.surface
    surface.fill((235, 245, 252))
    for r, line in enumerate(rows):
        for c, letter in enumerate(line):
            rect = pygame.Rect(c * cw, r * ch, cw, ch)
            if letter == "H":
                pygame.draw.rect(surface, (214, 232, 245), rect)
                pygame.draw.ellipse(surface, (24, 52, 96), rect.inflate(-cw // 6, -ch // 4))
            else:
                pygame.draw.rect(surface, (204, 230, 250), rect)
                if letter == "F" and (r * 5 + c * 3) % 7 < 2:
                    # A few hairline cracks, placed by position so frames are stable.
                    pygame.draw.line(
                        surface,
                        (150, 190, 220),
                        (rect.left + cw // 4, rect.top + ch // 3),
                        (rect.left + cw // 2, rect.top + ch // 2),
                    )
                if letter in "SG":
                    target.text(
                        letter,
                        (rect.left + cw * 0.2, rect.top + ch * 0.22),
                        ch // 3,
                        (40, 70, 110),
                        bold=True,
                    )
                if letter == "G":
                    pole_x = rect.left + cw // 2
                    pygame.draw.line(
                        surface,
                        (90, 60, 30),
                        (pole_x, rect.top + ch // 5),
                        (pole_x, rect.bottom - ch // 6),
                        max(1, cw // 20),
                    )
                    pygame.draw.polygon(
                        surface,
                        (220, 40, 40),
                        [
                            (pole_x, rect.top + ch // 5),
                            (pole_x + cw // 3, rect.top + ch // 3),
                            (pole_x, rect.top + ch * 7 // 15),
                        ],
                    )
            pygame.draw.rect(surface, (180, 200, 230), rect, 1)
    r, c = divmod(s, ncol)
    if rows[r][c] != "H":
        # The agent disappears into a hole, as in the reference.
        center = (c * cw + cw // 2, r * ch + ch // 2)
        pygame.draw.circle(surface, (250, 180, 60), center, min(cw, ch) // 4)
        pygame.draw.circle(surface, (120, 70, 20), center, min(cw, ch) // 4, max(1, cw // 32))


# -- the stateful env and the numpy vector env -------------------------------------------------


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
