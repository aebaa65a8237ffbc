"""The stateful single environment over any functional environment, on numpy or scalars.

Also the window of the ``"human"`` render mode (:class:`FrameWindow`), which the JAX single
env shows its frames in too.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import numpy as np

from gymnasium_core import logger
from gymnasium_core.core import Env
from gymnasium_core.error import ResetNeeded, StepBeforeReset
from gymnasium_core.functional.func_env import check_func_env, default_params, is_ours

ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")

__all__ = ["FunctionalNumpyEnv"]


def render_modes_of(func_env: Any) -> list[str]:
    """The render modes a functional env supports: none unless it defines ``render_image``."""
    metadata = getattr(func_env, "metadata", None)
    if isinstance(metadata, dict) and "render_modes" in metadata:
        return list(metadata["render_modes"])
    defines_image = any(
        "render_image" in vars(c) for c in type(func_env).__mro__ if c.__qualname__ != "FuncEnv"
    )
    return ["rgb_array", "human"] if defines_image else []


class FrameWindow:
    """A pygame window that shows RGB frames at a fixed rate (pygame is imported on first use)."""

    def __init__(self, caption: str, fps: float | None) -> None:
        self.caption = caption
        self.fps = fps
        self._screen: Any = None
        self._clock: Any = None

    def show(self, frame: np.ndarray[Any, Any]) -> None:
        """Draw ``frame`` (``(height, width, 3)`` uint8) and wait for the frame rate."""
        try:
            import pygame
        except ImportError as e:
            from gymnasium_core.error import DependencyNotInstalled

            raise DependencyNotInstalled(
                'pygame is not installed; the "human" render mode needs it '
                '(`pip install "gymnasium-core[classic-control]"`).'
            ) from e
        frame = np.asarray(frame)
        height, width = frame.shape[:2]
        if self._screen is None:
            pygame.display.init()
            pygame.display.set_caption(self.caption)
            self._screen = pygame.display.set_mode((width, height))
            self._clock = pygame.time.Clock()
        surface = pygame.surfarray.make_surface(np.transpose(frame[..., :3], (1, 0, 2)))
        self._screen.blit(surface, (0, 0))
        pygame.event.pump()
        pygame.display.flip()
        if self.fps:
            self._clock.tick(self.fps)

    def close(self) -> None:
        """Close the window if one was opened."""
        if self._screen is not None:
            import pygame

            pygame.display.quit()
            pygame.quit()
            self._screen = None


class FunctionalNumpyEnv(Env[ObsType, ActType], Generic[ObsType, ActType]):
    """A stateful :class:`~gymnasium_core.Env` that runs a functional environment step by step.

    The adapter holds the state and hands the functions :attr:`np_random` as their ``rng``, so
    a definition that draws in the same order as a reference environment reproduces its
    trajectories for the same seed. The functions run with whatever namespace the functional
    env was built with: the ``scalar`` backend for the fastest single steps, or ``numpy``.
    Rewards and termination flags come back as the functional env returns them.

    Example:
        >>> from gymnasium_core.functional import FuncEnv, FunctionalNumpyEnv
        >>> class Counter(FuncEnv):
        ...     def initial(self, rng, params=None): return 0
        ...     def transition(self, state, action, rng, params=None): return state + action
        ...     def observation(self, state, rng, params=None): return state
        ...     def reward(self, state, action, next_state, rng, params=None): return 1.0
        ...     def terminal(self, state, rng, params=None): return state >= 2
        >>> env = FunctionalNumpyEnv(Counter())
        >>> env.reset(seed=0)
        (0, {})
        >>> env.step(1), env.step(1)[2]
        ((1, 1.0, False, False, {}), True)

    Attributes:
        func_env: The functional environment.
        params: The params every function is called with (``None`` for an env without params).
        state: The current state (``None`` before the first :meth:`reset`).
    """

    def __init__(
        self,
        func_env: Any,
        *,
        params: Any = None,
        render_mode: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> None:
        """Wrap ``func_env``.

        Args:
            func_env: A functional environment (ours, or one written for Gymnasium's
                ``FuncEnv``).
            params: Params for every call; the env's ``default_params`` if ``None``.
            render_mode: ``None``, ``"rgb_array"`` or ``"human"`` (a window showing the frames).
            metadata: The env's metadata; by default the functional env's ``metadata`` or
                ``{"render_modes": [...], "render_fps": None}``.

        Raises:
            TypeError: If ``func_env`` lacks a required function.
        """
        check_func_env(func_env)
        self.func_env = func_env
        self.params = default_params(func_env) if params is None else params
        # Positional params tail: empty for envs without params, so Gymnasium-written functions
        # with their own defaults are called exactly as Gymnasium calls them.
        self._pargs: tuple[Any, ...] = () if self.params is None else (self.params,)
        if metadata is None:
            metadata = dict(getattr(func_env, "metadata", None) or {})
            metadata.setdefault("render_modes", render_modes_of(func_env))
            metadata.setdefault("render_fps", None)
        self.metadata = metadata
        if render_mode is not None and render_mode not in metadata.get("render_modes", []):
            # Gymnasium's environments are built with any render mode; a check would break code.
            logger.warn(
                f"Render mode {render_mode!r} is not one this environment offers "
                f"({metadata.get('render_modes', [])}); `render` returns RGB frames in it."
            )
        self.render_mode = render_mode
        self.observation_space = getattr(func_env, "observation_space", None)  # type: ignore[assignment]
        self.action_space = getattr(func_env, "action_space", None)  # type: ignore[assignment]
        self.state: Any = None
        self._render_state: Any = None
        self._window: Any = None

    def initial_state(self, options: dict[str, Any] | None) -> Any:
        """Draw the first state of an episode; subclasses may read reset ``options`` here.

        Args:
            options: The ``options`` given to :meth:`reset`.

        Returns:
            A state of the functional env.
        """
        return self.func_env.initial(self.np_random, *self._pargs)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        """Start an episode: draw the first state with :attr:`np_random`.

        Args:
            seed: Re-seeds :attr:`np_random` if given.
            options: Passed to :meth:`initial_state`.

        Returns:
            ``(observation, info)`` of the first state.
        """
        super().reset(seed=seed)
        state = self.initial_state(options)
        self.state = state
        obs = self.func_env.observation(state, self.np_random, *self._pargs)
        info = self.func_env.state_info(state, *self._pargs)
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(self, action: ActType) -> tuple[ObsType, Any, Any, bool, dict[str, Any]]:
        """Advance one step.

        The functions are called in Gymnasium's order: ``transition``, ``observation``,
        ``reward``, ``terminal``, ``transition_info`` (the order random draws happen in).

        Args:
            action: An action of :attr:`action_space`.

        Returns:
            ``(observation, reward, terminated, False, info)``; time limits come from wrappers.

        Raises:
            StepBeforeReset: If called before :meth:`reset` (a :class:`ResetNeeded`).
        """
        state = self.state
        if state is None:
            raise StepBeforeReset("Call `reset` before `step`.")
        f = self.func_env
        rng = self.np_random
        pargs = self._pargs
        next_state = f.transition(state, action, rng, *pargs)
        obs = f.observation(next_state, rng, *pargs)
        reward = f.reward(state, action, next_state, rng, *pargs)
        terminated = f.terminal(next_state, rng, *pargs)
        info = f.transition_info(state, action, next_state, *pargs)
        self.state = next_state
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, False, info

    def render(self) -> np.ndarray[Any, Any] | None:
        """Draw the current state.

        Returns:
            An RGB frame in ``"rgb_array"`` mode; ``None`` in ``"human"`` mode (the frame is
            shown in a window) and without a render mode (with a warning).
        """
        if self.render_mode is None:
            logger.warn(
                "`render` was called on an environment made without a render mode; pass "
                "`render_mode=` when making it (e.g. `make(id, render_mode='rgb_array')`)."
            )
            return None
        if self.state is None:
            raise ResetNeeded("Call `reset` before `render`.")
        f = self.func_env
        render_args = self._pargs if is_ours(f) else ()
        if self._render_state is None:
            self._render_state = f.render_init(*render_args)
        self._render_state, frame = f.render_image(self.state, self._render_state, *render_args)
        if self.render_mode == "human":
            if self._window is None:
                self._window = FrameWindow(type(f).__name__, self.metadata.get("render_fps"))
            self._window.show(frame)
            return None
        return np.asarray(frame)

    def close(self) -> None:
        """Release the render state and window; a second call does nothing."""
        if self._render_state is not None:
            f = self.func_env
            f.render_close(self._render_state, *(self._pargs if is_ours(f) else ()))
            self._render_state = None
        if self._window is not None:
            self._window.close()
            self._window = None
