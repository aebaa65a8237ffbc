"""CliffWalking on JAX: the functional id ``tabular/CliffWalking-v0`` and the JAX vector env.

This is the reference's ``tabular`` layout, usable as it is under ``jax.jit``: the state is an
:class:`EnvState` (the ``(2,)`` row and column, the last action, and whether that move fell
off the cliff), the observation a ``(1,)`` int32 array in ``Box(0, 47, (1,), int32)``, the
action a ``(1,)`` int32 array (a plain integer is accepted too, where the reference raises
``IndexError``), the reward a float32 (-1 a move, -100 into the cliff) and the info dicts
empty.

The moves are the transition table of
:class:`gymnasium_core.envs.toy_text.cliffwalking.CliffWalkingFunctional`, the one the
stateful ``CliffWalking`` env steps through (``is_slippery`` included); this class reads it
by cell index. ``with_xp("numpy")`` runs it on numpy arrays.

Example:
    >>> import jax
    >>> import jax.numpy as jnp
    >>> env = CliffWalkingFunctional()
    >>> key = jax.random.PRNGKey(0)
    >>> state = jax.jit(env.transition)(env.initial(key), jnp.array([1]), key)
    >>> env.observation(state).tolist(), float(env.reward(None, None, state))
    ([36], -100.0)
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from gymnasium_core import spaces
from gymnasium_core.functional import FuncEnv
from gymnasium_core.functional import random as frandom
from gymnasium_core.functional.array_types import ArrayNamespace
from gymnasium_core.functional.backends import as_array_namespace, get_namespace
from gymnasium_core.vector import AutoresetMode

from ..toy_text._common import RenderTarget, sample_branch
from ..toy_text.cliffwalking import (
    AGENT_OFFSET,
    ART_CELL_SIZE,
    CELL,
    FLAG_OFFSET,
    GOAL,
    LETTER_OFFSET,
    SHAPE,
    START,
    _build_table,
    _cliff_mask,
    draw_cliff,
)
from .frozen_lake import TabularJaxEnv, TabularJaxVectorEnv

__all__ = [
    "AGENT_OFFSET",
    "ART_CELL_SIZE",
    "FLAG_OFFSET",
    "LETTER_OFFSET",
    "CliffWalkingFunctional",
    "CliffWalkingJaxEnv",
    "CliffWalkingJaxVectorEnv",
    "EnvState",
    "RenderStateType",
    "fell_off",
]

NUM_CELLS = SHAPE[0] * SHAPE[1]


def __getattr__(name: str) -> Any:
    # The key type is JAX's array: looked up on first use, so importing starts no backend.
    if name == "PRNGKeyType":
        import jax

        return jax.Array
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class EnvState(NamedTuple):
    """The walker: where it is, what it last did, and whether that move fell."""

    player_position: Any  # (2,) int32: row and column
    last_action: Any  # () int32: the last action, -1 after a reset
    fallen: Any  # (1,) bool: whether the last move went over the cliff


class RenderStateType(NamedTuple):
    """The picture: its surface, the grid, and the image slots of the reference's state.

    The look is our own and drawn from shapes, so the image slots hold ``None``.
    """

    screen: Any
    shape: tuple[int, int]
    nS: int
    cell_size: tuple[int, int]
    cliff: np.ndarray[Any, Any]
    agent_img: Any = None
    start_img: Any = None
    goal_img: Any = None
    goal_flag_img: Any = None
    ground_img: Any = None
    cliff_imgs: Any = None


def fell_off(player_position: Any) -> Any:
    """Whether ``(row, col)`` (last axis) lies on the cliff: bottom row, between the ends."""
    row, col = player_position[..., 0], player_position[..., 1]
    return (row == SHAPE[0] - 1) * (col >= 1) * (col <= SHAPE[1] - 2)


class CliffWalkingFunctional(FuncEnv[EnvState, Any, Any, Any, Any, RenderStateType, None]):
    """CliffWalking as pure functions over :class:`EnvState` (computing with ``jax.numpy``).

    ``observation``, ``terminal``, ``reward`` and ``render_init`` take the reference's
    parameters (no ``rng``; a screen size), so code written for its class calls them alike;
    a key our adapters pass in the ``params`` place is ignored, as the task has no params.

    Args:
        options: Attribute values to set on the instance (the reference's argument).
        is_slippery: Whether moves may slip to a perpendicular direction.
    """

    action_space: spaces.Space[Any] = spaces.Box(low=0, high=3, dtype=np.int32)
    observation_space: spaces.Space[Any] = spaces.Box(
        low=0, high=NUM_CELLS - 1, shape=(1,), dtype=np.int32
    )
    metadata: dict[str, Any] = {
        "render_modes": ["rgb_array"],
        "render_fps": 4,
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }
    xp: ArrayNamespace = np

    def __init__(self, options: dict[str, Any] | None = None, *, is_slippery: bool = False):
        self.is_slippery = is_slippery
        self.table = _build_table(is_slippery)
        self.xp = as_array_namespace(get_namespace("jax"))
        super().__init__(options)

    def initial(self, rng: Any, params: None = None) -> EnvState:
        """The walker on the start cell, bottom left."""
        xp = self.xp
        zeros = xp.zeros(frandom.batch_shape(rng), dtype=xp.int32)
        return self._state(zeros + START, zeros - 1, zeros[..., None] != 0)

    def _state(self, cell: Any, last_action: Any, fallen: Any) -> EnvState:
        xp = self.xp
        cell = xp.asarray(cell, dtype=xp.int32)
        position = xp.stack([cell // SHAPE[1], cell % SHAPE[1]], axis=-1)
        return EnvState(position, xp.asarray(last_action, dtype=xp.int32), fallen)

    def transition(self, state: EnvState, action: Any, key: Any, params: None = None) -> EnvState:
        """Move by ``action`` (``(1,)`` or ``()``); a fall goes back to the start."""
        xp = self.xp
        position = xp.asarray(state.player_position)
        cell = position[..., 0] * SHAPE[1] + position[..., 1]
        a = xp.asarray(action, dtype=xp.int32)
        if a.ndim > cell.ndim:
            a = a[..., 0]
        if self.table.is_deterministic:
            k = xp.zeros_like(cell)
        else:
            k = sample_branch(xp.asarray(self.table.cumulative)[cell, a], frandom.uniform(key), xp)
        next_cell = xp.asarray(self.table.next_state)[cell, a, k]
        fallen = xp.asarray(self.table.reward)[cell, a, k] < -1
        return self._state(next_cell, a, fallen[..., None])

    # The reference's observation, terminal and reward take no rng (its adapters pass the rng
    # where params go); generic FuncEnv callers pass (..., rng, params). A trailing optional
    # parameter accepts both, since none of the three reads rng or params.

    def observation(  # type: ignore[override]
        self, state: EnvState, params: Any = None, _params: Any = None
    ) -> Any:
        """The cell index ``row * 12 + col`` as an int32 array of shape ``(..., 1)``."""
        position = self.xp.asarray(state.player_position)
        cell = position[..., 0] * SHAPE[1] + position[..., 1]
        return self.xp.asarray(cell, dtype=self.xp.int32)[..., None]

    def terminal(  # type: ignore[override]
        self, state: EnvState, params: Any = None, _params: Any = None
    ) -> Any:
        """Whether the walker stands on the goal."""
        return self.observation(state)[..., 0] == GOAL

    def reward(  # type: ignore[override]
        self,
        state: EnvState,
        action: Any,
        next_state: EnvState,
        params: Any = None,
        _params: Any = None,
    ) -> Any:
        """-100 for a move over the cliff, -1 for any other (float32)."""
        xp = self.xp
        fallen = xp.asarray(next_state.fallen)[..., 0]
        return xp.asarray(-1.0 - 99.0 * fallen, dtype=xp.float32)

    def render_init(  # type: ignore[override]
        self, screen_width: Any = 600, screen_height: int = 500
    ) -> RenderStateType:
        """An off-screen picture of the grid (the reference's size, whatever is asked)."""
        target = RenderTarget("rgb_array", (SHAPE[1] * CELL, SHAPE[0] * CELL), "CliffWalking")
        return RenderStateType(target.surface, SHAPE, NUM_CELLS, (CELL, CELL), _cliff_mask())

    def render_image(
        self, state: EnvState, render_state: RenderStateType, params: Any = None
    ) -> tuple[RenderStateType, np.ndarray[Any, Any]]:
        """Draw ``state`` and return the frame."""
        target = RenderTarget.on_surface(render_state.screen)
        draw_cliff(target, int(np.asarray(self.observation(state))[0]), render_state.cliff)
        frame = target.present(0)
        assert frame is not None
        return render_state, frame

    def render_close(self, render_state: RenderStateType, params: Any = None) -> None:
        """Nothing to release: the surface is off-screen."""


class CliffWalkingJaxEnv(TabularJaxEnv):
    """CliffWalking on JAX, one environment (``make("tabular/CliffWalking-v0")``).

    Args:
        render_mode: ``None`` or ``"rgb_array"``.
        **kwargs: ``is_slippery``.
    """

    func_env_cls = CliffWalkingFunctional


class CliffWalkingJaxVectorEnv(TabularJaxVectorEnv):
    """CliffWalking on JAX, a batch stepped in one jitted call."""

    func_env_cls = CliffWalkingFunctional
