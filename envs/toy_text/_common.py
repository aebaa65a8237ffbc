"""What the toy-text tasks share: transition tables, the pygame drawing target, the vector env.

Three things, each used by several tasks: the transition tables of the tabular tasks and their
sampling, :class:`RenderTarget` (every task's drawing) and :class:`ToyTextVectorEnv` (every
task's numpy-batched vector env).

A tabular task is fully described by its transition table ``P``, in the reference's layout
``P[s][a] = [(prob, next_state, reward, terminated), ...]``. :class:`TransitionTable` keeps
that dict (the public ``P`` attribute of the stateful envs) and, built from it once, array
views of shape ``(num_states, num_actions, num_branches)`` that numpy and JAX can index.

Sampling follows the reference exactly: one uniform draw ``u`` per step, and the chosen
branch is the first whose cumulative probability exceeds ``u`` (the first branch when none
does). The scalar path (one env on a numpy generator) reads ``P`` and the initial
distribution afresh at every step and reset, as the reference's env does, so writing them
(``env.unwrapped.P[s][a] = [...]``) changes the following steps; its running sums add the
probabilities left to right, which gives the float64 values ``np.cumsum`` gives on the same
list. The array views serve the batched and JAX paths and are built once, at construction.

Every picture is drawn from shapes and text, with no image assets: :class:`RenderTarget` owns
the surface (an off-screen one for ``rgb_array``, a window for ``human``) and turns it into an
``(height, width, 3)`` uint8 frame. pygame is imported only when something is drawn.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from gymnasium_core.error import DependencyNotInstalled
from gymnasium_core.functional import FuncEnv, FunctionalNumpyVectorEnv
from gymnasium_core.functional import random as frandom
from gymnasium_core.functional.array_types import ArrayNamespace
from gymnasium_core.vector import AutoresetMode

# -- transition tables -------------------------------------------------------------------------

Transition = tuple[float, Any, Any, bool]
TableDict = dict[int, dict[int, list[Transition]]]


class TabularState(NamedTuple):
    """The state of a tabular task, with the outcome of the transition that led to it.

    Each field is a Python scalar on the single-env path, an array of shape ``()`` (or
    ``(num_envs,)`` when batched) otherwise.
    """

    s: Any  # () int: index of the agent's discrete state
    last_action: Any  # () int: the action that led here, -1 after a reset
    prob: Any  # () float: probability of the branch the last transition took (1 at reset)
    reward: Any  # () float: reward of the last transition (0 at reset)
    terminated: Any  # () bool: whether the last transition ended the episode


def pick_branch(branches: list[Transition], u: float) -> int:
    """Index of the first branch whose cumulative probability exceeds ``u``; 0 if none does."""
    total: Any = 0
    for index, branch in enumerate(branches):
        total = total + branch[0]
        if total > u:
            return index
    return 0


def draw_initial(distribution: Any, np_random: np.random.Generator) -> np.int64:
    """Draw a first state from ``distribution`` (an ``np.int64``, as the reference's)."""
    return np.argmax(np.cumsum(distribution) > np_random.random())


def sample_branch(cumulative: Any, u: Any, xp: ArrayNamespace) -> Any:
    """Array version of :func:`first_exceeding` along the last axis of ``cumulative``."""
    return xp.argmax(cumulative > xp.asarray(u)[..., None], axis=-1)


class TransitionTable:
    """A tabular task's transitions as the reference's dict and as padded arrays.

    Attributes:
        P: ``P[s][a]`` is the list of ``(prob, next_state, reward, terminated)`` branches.
        num_states: Number of discrete states.
        num_actions: Number of discrete actions.
        next_state: ``(num_states, num_actions, num_branches)`` int next states.
        reward: ``(num_states, num_actions, num_branches)`` float rewards.
        terminated: ``(num_states, num_actions, num_branches)`` bool episode ends.
        prob: ``(num_states, num_actions, num_branches)`` float64 branch probabilities.
        cumulative: ``(num_states, num_actions, num_branches)`` float64 cumulative sums.
        initial_distribution: ``(num_states,)`` float64 probabilities of the first state.
        initial_cumulative: ``(num_states,)`` float64 cumulative initial distribution.
    """

    def __init__(self, P: TableDict, initial_distribution: np.ndarray[Any, Any]) -> None:
        """Build the array views of ``P``.

        Args:
            P: The transition dict, with every state and action present.
            initial_distribution: ``(num_states,)`` probabilities of the first state.
        """
        self.P = P
        self.num_states = len(P)
        self.num_actions = len(P[0])
        width = max(len(branches) for row in P.values() for branches in row.values())
        shape = (self.num_states, self.num_actions, width)
        self.next_state = np.zeros(shape, dtype=np.int64)
        self.reward = np.zeros(shape, dtype=np.float64)
        self.terminated = np.zeros(shape, dtype=np.bool_)
        self.prob = np.zeros(shape, dtype=np.float64)
        self.cumulative = np.zeros(shape, dtype=np.float64)
        for s, row in P.items():
            for a, branches in row.items():
                cumulative = np.cumsum([branch[0] for branch in branches])
                count = len(branches)
                for k, (p, s_next, r, t) in enumerate(branches):
                    self.prob[s, a, k] = p
                    self.next_state[s, a, k] = s_next
                    self.reward[s, a, k] = r
                    self.terminated[s, a, k] = t
                # Padding repeats the last branch with probability 0: never chosen.
                self.cumulative[s, a, :count] = cumulative
                self.cumulative[s, a, count:] = cumulative[-1]
                self.next_state[s, a, count:] = self.next_state[s, a, count - 1]
        # A task whose every move has one outcome (and one start) needs no draw on arrays.
        self.is_deterministic = width == 1
        self.initial_distribution = np.asarray(initial_distribution, dtype=np.float64)
        self.has_one_start = int(np.count_nonzero(self.initial_distribution)) == 1
        self.initial_cumulative = np.cumsum(self.initial_distribution)


class TabularFunctional(FuncEnv[TabularState, Any, Any, Any, Any, Any, None]):
    """A FuncEnv over a :class:`TransitionTable`.

    On a numpy generator with scalar inputs (the single-env path) it works on Python
    scalars and draws exactly as the reference does; on arrays (a batch on numpy, or JAX
    after :meth:`with_xp`) it gathers from the array views.
    """

    table: TransitionTable
    # Only arrays reach ``xp``: the single-env path works on Python scalars without it.
    xp: ArrayNamespace = np

    def _is_scalar(self, rng: Any, state: Any = None) -> bool:
        """Whether to take the single-env path: Python scalars and the reference's draws."""
        if not isinstance(rng, np.random.Generator) or self.xp is not np:
            return False
        return state is None or isinstance(state.s, (int, np.integer))

    def _index_dtype(self) -> Any:
        # Indices are int64 on numpy (the dtype of the batched Discrete space), int32 on JAX.
        return self.xp.int32 if self.xp is not np else np.int64

    def _array_state(self, s: Any, last_action: Any, prob: Any, reward: Any, term: Any) -> Any:
        xp = self.xp
        s = xp.asarray(s, dtype=self._index_dtype())
        zeros = xp.zeros_like(s)
        return TabularState(
            s,
            (zeros + last_action).astype(xp.int32),
            (zeros + prob).astype(xp.float32),
            (zeros + reward).astype(xp.float32),
            xp.logical_or(zeros != 0, term),
        )

    def initial(self, rng: Any, params: None = None) -> TabularState:
        """Draw the first state from the initial distribution (one uniform draw)."""
        if self._is_scalar(rng):
            first = draw_initial(self.table.initial_distribution, rng)
            return TabularState(first, -1, 1.0, 0.0, False)
        xp = self.xp
        if self.table.has_one_start:
            # The scalar path keeps the reference's draw; arrays skip a draw with one outcome.
            start = int(np.argmax(self.table.initial_distribution))
            s = xp.full(frandom.batch_shape(rng), start)
            return self._array_state(s, -1, 1.0, 0.0, False)  # type: ignore[no-any-return]
        # On a batched numpy rng the draw already has the batch shape; under vmap it is ().
        u = frandom.uniform(rng)
        s = sample_branch(xp.asarray(self.table.initial_cumulative), u, xp)
        return self._array_state(s, -1, 1.0, 0.0, False)  # type: ignore[no-any-return]

    def transition(
        self, state: TabularState, action: Any, rng: Any, params: None = None
    ) -> TabularState:
        """Take one branch of ``P[s][action]`` (one uniform draw)."""
        if self._is_scalar(rng, state):
            branches = self.table.P[state.s][action]
            p, s_next, r, t = branches[pick_branch(branches, rng.random())]
            # _replace keeps any extra fields of a task's own state type.
            return state._replace(s=s_next, last_action=action, prob=p, reward=r, terminated=t)
        xp = self.xp
        s = xp.asarray(state.s)
        a = xp.reshape(xp.asarray(action, dtype=xp.int32), xp.shape(s))
        if self.table.is_deterministic:
            k = xp.zeros_like(s)
        else:
            u = frandom.uniform(rng)
            k = sample_branch(xp.asarray(self.table.cumulative)[s, a], u, xp)
        return self._array_state(  # type: ignore[no-any-return]
            xp.asarray(self.table.next_state)[s, a, k],
            a,
            xp.asarray(self.table.prob)[s, a, k],
            xp.asarray(self.table.reward)[s, a, k],
            xp.asarray(self.table.terminated)[s, a, k],
        )

    def observation(self, state: TabularState, rng: Any = None, params: None = None) -> Any:
        """The state index: a Python int on the scalar path, an int32 array otherwise."""
        if isinstance(state.s, (int, np.integer)):
            return int(state.s)
        return self.xp.asarray(state.s, dtype=self._index_dtype())

    def reward(
        self,
        state: TabularState,
        action: Any,
        next_state: TabularState,
        rng: Any = None,
        params: None = None,
    ) -> Any:
        """The reward stored with the branch that was taken."""
        return next_state.reward

    def terminal(self, state: TabularState, rng: Any = None, params: None = None) -> Any:
        """Whether the branch that led to ``state`` ended the episode."""
        return state.terminated

    def state_info(self, state: TabularState, params: None = None) -> dict[str, Any]:
        """The reset info: the probability of the first state, as the reference reports it."""
        if isinstance(state.s, (int, np.integer)):
            return {"prob": 1}
        return {"prob": state.prob}

    def transition_info(
        self, state: TabularState, action: Any, next_state: TabularState, params: None = None
    ) -> dict[str, Any]:
        """The step info: the probability of the branch taken."""
        return {"prob": next_state.prob}


# -- drawing -----------------------------------------------------------------------------------

Color = tuple[int, int, int]


def import_pygame() -> Any:
    """Import pygame, or raise a clear error naming the extra to install."""
    try:
        import pygame
    except ImportError as e:  # pragma: no cover - pygame is a test dependency
        raise DependencyNotInstalled(
            "pygame is needed to render toy-text environments: "
            'pip install "gymnasium-core[toy-text]"'
        ) from e
    return pygame


class RenderTarget:
    """A pygame surface to draw a frame on, shown in a window in ``human`` mode.

    Attributes:
        mode: ``"human"`` or ``"rgb_array"``.
        size: ``(width, height)`` in pixels.
        surface: The pygame surface to draw on.
        clock: A pygame clock that paces the ``human`` window.
    """

    def __init__(self, mode: str, size: tuple[int, int], title: str) -> None:
        """Create the surface (and the window in ``human`` mode).

        Args:
            mode: ``"human"`` or ``"rgb_array"``.
            size: ``(width, height)`` in pixels.
            title: The window caption.
        """
        pygame = import_pygame()
        self.mode = mode
        self.size = size
        # Only the display is initialised (never pygame.init(), which also starts audio).
        if mode == "human":
            pygame.display.init()
            pygame.display.set_caption(title)
            self.surface = pygame.display.set_mode(size)
        else:
            self.surface = pygame.Surface(size)
        self.clock = pygame.time.Clock()

    @classmethod
    def on_surface(cls, surface: Any) -> RenderTarget:
        """An off-screen target drawing on an existing pygame ``surface``."""
        target = cls.__new__(cls)
        target.mode = "rgb_array"
        target.size = surface.get_size()
        target.surface = surface
        target.clock = None
        return target

    def font(self, size: int, bold: bool = False) -> Any:
        """A pygame font of the default typeface, cached for this target's lifetime.

        The cache is per target, never per process: a font made before another window's
        ``pygame.quit()`` is freed with it, and drawing with it would crash, even once fonts
        are initialised again.
        """
        key = (size, bold)
        fonts: dict[tuple[int, bool], Any] = self.__dict__.setdefault("_fonts", {})
        pygame = import_pygame()
        if not pygame.font.get_init():
            fonts.clear()
            pygame.font.init()
        if key not in fonts:
            font = pygame.font.Font(None, size)
            font.set_bold(bold)
            fonts[key] = font
        return fonts[key]

    def text(
        self,
        string: str,
        center: tuple[float, float],
        size: int,
        color: Color,
        bold: bool = False,
    ) -> None:
        """Draw ``string`` centred at ``center``."""
        image = self.font(size, bold).render(string, True, color)
        self.surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))

    def present(self, fps: int) -> np.ndarray[Any, Any] | None:
        """Show the frame (``human``) or return it as ``(height, width, 3)`` uint8."""
        pygame = import_pygame()
        if self.mode == "human":
            pygame.event.pump()
            pygame.display.update()
            self.clock.tick(fps)
            return None
        return np.transpose(np.array(pygame.surfarray.pixels3d(self.surface)), axes=(1, 0, 2))

    def close(self) -> None:
        """Close the window; off-screen surfaces need nothing."""
        if self.mode == "human":
            pygame = import_pygame()
            pygame.display.quit()


# -- the numpy-batched vector env --------------------------------------------------------------


class ToyTextVectorEnv(FunctionalNumpyVectorEnv):
    """``num_envs`` copies of a toy-text task, stepped together on numpy.

    Subclasses name the task's FuncEnv in :attr:`func_env_cls`; the keyword arguments are the
    stateful env's (``map_name``, ``is_slippery``, ...).
    """

    func_env_cls: type[Any]

    def __init__(
        self,
        num_envs: int,
        *,
        max_episode_steps: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        render_mode: str | None = None,
        **kwargs: Any,
    ) -> None:
        """Build the task from ``kwargs`` and batch it.

        Args:
            num_envs: The number of sub-environments.
            max_episode_steps: Truncate episodes after this many steps (``None``: never).
            autoreset_mode: How finished sub-environments restart.
            render_mode: ``None`` or ``"rgb_array"`` (one frame per sub-env).
            **kwargs: The task's constructor arguments.
        """
        super().__init__(
            self.func_env_cls(**kwargs),
            num_envs,
            max_episode_steps=max_episode_steps,
            autoreset_mode=autoreset_mode,
            render_mode=render_mode,
            metadata={"render_modes": ["rgb_array"], "render_fps": 4},
        )
