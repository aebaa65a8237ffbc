"""What every probe shares: its state, the packing of its outputs, and a plain drawing.

A probe's state is three integers: how many steps the episode has taken (``phase``), the
episode's random sign (``cue``, for the probes whose observation is random) and the action
taken at the first step (``first_action``, for the probe whose reward depends on it). Every
probe draws at most once an episode, in ``initial``; its steps are deterministic.

The functions run on the three backends: Python scalars (the stateful env behind ``make``),
numpy arrays with a leading ``(num_envs,)`` axis (the numpy vector env) and ``jax.numpy``
(under ``jit`` / ``vmap``). Observations are ``(1,)`` float32 arrays in ``[-1, 1]``, rewards
Python floats on the scalar path and float32 arrays elsewhere.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

import numpy as np

from gymnasium_core.functional import FuncEnv, backends, random
from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.functional.random import RNG
from gymnasium_core.spaces import Box
from gymnasium_core.testing.probes import Oracle


class ProbeState(NamedTuple):
    """Dynamic state; each field an ``int`` or an int32 ``(num_envs,)`` array."""

    phase: Any  # steps taken in the episode
    cue: Any  # the episode's random sign, +1 or -1 (+1 where the probe draws none)
    first_action: Any  # the action of the episode's first step (0 before it)


def is_scalar(xp: Namespace[Any]) -> bool:
    """Whether ``xp`` is the Python-scalar namespace of the single-env path."""
    return isinstance(xp, backends.ScalarNamespace)


def zeros(xp: Namespace[Any], rng: RNG) -> Any:
    """An integer zero per environment ``rng`` draws for (a Python ``0`` on the scalar path)."""
    if is_scalar(xp):
        return 0
    arrays = backends.as_array_namespace(xp)
    return arrays.zeros(random.batch_shape(rng), dtype=arrays.int32)


def draw_sign(xp: Namespace[Any], rng: RNG) -> Any:
    """``+1`` or ``-1`` with equal probability, per environment (one integer draw)."""
    bit = random.integers(rng, 0, 2)
    if is_scalar(xp):
        return 2 * int(bit) - 1
    return 2 * xp.asarray(bit, dtype=xp.int32) - 1


def pack(xp: Namespace[Any], value: Any) -> Any:
    """An observation ``(1,)`` (or ``(num_envs, 1)``) float32 holding ``value``."""
    if is_scalar(xp):
        return np.array([value], dtype=np.float32)
    arrays = backends.as_array_namespace(xp)
    return arrays.asarray(value, dtype=arrays.float32)[..., None]


def as_reward(xp: Namespace[Any], value: Any) -> Any:
    """A reward: a Python float on the scalar path, float32 on arrays."""
    if is_scalar(xp):
        return float(value)
    return xp.asarray(value, dtype=xp.float32)


def as_action(xp: Namespace[Any], action: Any) -> Any:
    """A discrete action as the backend's integer (a Python ``int`` on the scalar path)."""
    if is_scalar(xp):
        return int(action)
    return xp.asarray(action, dtype=xp.int32)


def phase_signal(xp: Namespace[Any], phase: Any, length: int) -> Any:
    """The observation of step ``phase`` of an episode of ``length`` steps, in ``[-1, 1]``.

    The first step reads ``-1`` and the last ``+1``, evenly spaced; the state an episode ends
    in reads as its first step again (``phase`` is taken modulo ``length``), so bootstrapping
    from it past ``terminated`` lands on a value the agent learns.
    """
    if length < 2:
        return phase * 0.0
    # One division of small integers: correctly rounded alike in float64 and float32.
    return (2 * xp.mod(phase, length) - (length - 1)) / (length - 1)


class ProbeFunctional(FuncEnv[ProbeState, Any, Any, Any, Any, Any, Any]):
    """A probe task: an episode of :attr:`length` steps and a known right answer.

    Subclasses set the action space, :attr:`length`, :attr:`draws_cue`, and define
    :meth:`observation`, :meth:`reward` and :meth:`oracle`.
    """

    observation_space = Box(-1.0, 1.0, shape=(1,), dtype=np.float32)
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["rgb_array"], "render_fps": 4}
    #: Steps in an episode; 0 for a probe that never terminates.
    length: ClassVar[int] = 1
    #: Whether ``initial`` draws the episode's :attr:`ProbeState.cue`.
    draws_cue: ClassVar[bool] = False
    #: The discount the oracle is read at unless another is asked for: one at which the
    #: probe's mistakes give answers far apart.
    default_gamma: ClassVar[float] = 0.5

    def initial(self, rng: RNG, params: Any = None) -> ProbeState:
        """The first step, with a fresh cue for the probes that draw one."""
        zero = zeros(self.xp, rng)
        cue = draw_sign(self.xp, rng) if self.draws_cue else zero + 1
        return ProbeState(zero, cue, zero)

    def transition(
        self, state: ProbeState, action: Any, rng: RNG, params: Any = None
    ) -> ProbeState:
        """One step further into the episode."""
        return state._replace(phase=state.phase + 1)

    def terminal(self, state: ProbeState, rng: RNG, params: Any = None) -> Any:
        """Whether the episode has taken its :attr:`length` steps (never when 0)."""
        if self.length == 0:
            return state.phase < 0
        return state.phase >= self.length

    def oracle(self, gamma: float, max_episode_steps: int | None = None) -> Oracle:
        """The right answers and the named mistakes' answers at discount ``gamma``.

        Args:
            gamma: The discount.
            max_episode_steps: The time limit episodes are cut at (``None``: none).
        """
        raise NotImplementedError

    def render_init(self, params: Any = None, **kwargs: Any) -> None:
        """Nothing to open: frames are drawn with numpy."""
        return None

    def render_image(
        self, state: ProbeState, render_state: None, params: Any = None
    ) -> tuple[None, np.ndarray[Any, Any]]:
        """Draw the episode's steps as a row of cells, the current one in the cue's colour."""
        return render_state, draw(
            int(np.asarray(state.phase)), int(np.asarray(state.cue)), self.length
        )

    def render_close(self, render_state: None, params: Any = None) -> None:
        """Nothing to close."""


_SIZE = 96  # frame side [px]
_CELL_COLOURS = {1: (46, 160, 67), -1: (207, 34, 46)}  # the cue's sign: green, red
_EMPTY = (230, 230, 230)
_BACKGROUND = (255, 255, 255)


def draw(phase: int, cue: int, length: int) -> np.ndarray[Any, Any]:
    """A ``(96, 96, 3)`` frame: one cell per step of the episode, the current one filled.

    A probe without an end (``length`` 0) shows one cell whose shade steps with the phase.
    """
    frame = np.full((_SIZE, _SIZE, 3), _BACKGROUND, dtype=np.uint8)
    cells = max(length, 1)
    width = (_SIZE - 8) // cells
    top, bottom = _SIZE // 2 - 12, _SIZE // 2 + 12
    current = phase % cells
    for index in range(cells):
        left = 4 + index * width
        colour: tuple[int, ...] = _EMPTY
        if index == current:
            colour = _CELL_COLOURS[1 if cue >= 0 else -1]
        if length == 0:
            shade = 1.0 - 0.5 * ((phase % 8) / 8)
            colour = tuple(int(c * shade) for c in colour)
        frame[top:bottom, left + 2 : left + width - 2] = colour
    return frame
