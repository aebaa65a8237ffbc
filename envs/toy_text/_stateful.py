"""The stateful single-env shell shared by the tabular toy-text environments.

It holds a :class:`~._common.TabularFunctional` and steps it on Python scalars with the
env's ``np_random``, which reproduces the reference's random streams. It keeps the
reference's public attributes: ``P``, ``s``, ``lastaction``, ``initial_state_distrib`` and the
rendering ones (``window_surface``, ``clock``, the image slots). ``P`` and
``initial_state_distrib`` are the task's own table, so writing them (or into them) changes
the following steps and resets exactly as it does in the reference.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core import logger
from gymnasium_core.core import Env

from ._common import RenderTarget, TableDict, TabularFunctional, TabularState


class TabularEnv(Env[int, int]):
    """A stateful env over a tabular FuncEnv, with the reference's attributes and quirks.

    Subclasses set :attr:`func_env` (and the spaces) in ``__init__`` and implement
    :meth:`_render_text` and :meth:`_draw`.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi", "rgb_array"], "render_fps": 4}

    func_env: TabularFunctional
    window_title = "Toy text"
    window_size: tuple[int, int] = (0, 0)
    # The reference's name of the attribute holding the drawing surface, and its image slots:
    # None until the first frame; ours hold our own drawings (the look is our own).
    surface_attribute = "window_surface"
    image_attributes: tuple[str, ...] = ()

    def _setup(self, func_env: TabularFunctional, render_mode: str | None) -> None:
        self.func_env = func_env
        self.observation_space = func_env.observation_space
        self.action_space = func_env.action_space
        self.render_mode = render_mode
        self.state: Any = None
        self.lastaction: Any = None
        self._target: RenderTarget | None = None
        self.clock: Any = None
        setattr(self, self.surface_attribute, None)
        for name in self.image_attributes:
            setattr(self, name, None)

    @property
    def P(self) -> TableDict:
        """``P[s][a]``: the ``(prob, next_state, reward, terminated)`` branches of each move."""
        return self.func_env.table.P

    @P.setter
    def P(self, value: TableDict) -> None:
        self.func_env.table.P = value

    @property
    def initial_state_distrib(self) -> np.ndarray[Any, Any]:
        """``(num_states,)`` probabilities of the first state, read at every reset."""
        return self.func_env.table.initial_distribution

    @initial_state_distrib.setter
    def initial_state_distrib(self, value: np.ndarray[Any, Any]) -> None:
        self.func_env.table.initial_distribution = value

    @property
    def s(self) -> Any:
        """The current discrete state (the reference's attribute, of the reference's type).

        An ``np.int64`` after a reset, then the next-state entry of ``P`` after each step.
        """
        if self.state is None:
            raise AttributeError("The environment has no state yet: call reset() first.")
        return self.state.s

    @s.setter
    def s(self, value: Any) -> None:
        base = self.state if self.state is not None else self._blank_state()
        self.state = base._replace(s=value)

    def _blank_state(self) -> Any:
        """The state a write before the first reset starts from."""
        return TabularState(0, -1, 1.0, 0.0, False)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[int, dict[str, Any]]:
        """Start an episode from the initial distribution."""
        super().reset(seed=seed)
        self.state = self.func_env.initial(self.np_random)
        self.lastaction = None
        if self.render_mode == "human":
            self.render()
        return int(self.state.s), self.func_env.state_info(self.state)

    def step(self, a: int) -> tuple[int, SupportsFloat, bool, bool, dict[str, Any]]:
        """Take one transition; truncation is left to the ``TimeLimit`` wrapper.

        Args:
            a: The action (the reference's parameter name).
        """
        action = a
        if self.state is None:
            raise AttributeError("Cannot call step() before reset().")
        state = self.state
        next_state = self.func_env.transition(state, action, self.np_random)
        self.state = next_state
        self.lastaction = action
        if self.render_mode == "human":
            self.render()
        info = self.func_env.transition_info(state, action, next_state)
        return int(next_state.s), next_state.reward, next_state.terminated, False, info

    def render(self) -> Any:
        """Render as chosen by ``render_mode``: text, an RGB frame, or a window."""
        if self.render_mode is None:
            name = self.spec.id if self.spec is not None else "<env id>"
            logger.warn(
                "render() was called but no render_mode was given; pass one when creating "
                f'the environment, e.g. make("{name}", render_mode="rgb_array").'
            )
            return None
        if self.state is None:
            raise AttributeError("Cannot render before reset().")
        if self.render_mode == "ansi":
            return self._render_text()
        if self._target is None:
            self._target = RenderTarget(self.render_mode, self.window_size, self.window_title)
            setattr(self, self.surface_attribute, self._target.surface)
            self.clock = self._target.clock
        self._draw(self._target)
        return self._target.present(self.metadata["render_fps"])

    def _render_text(self) -> str:
        raise NotImplementedError

    def _draw(self, target: RenderTarget) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Close the window, if one was opened."""
        if self._target is not None:
            self._target.close()
            self._target = None
            setattr(self, self.surface_attribute, None)
            self.clock = None
