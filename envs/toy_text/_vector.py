"""The numpy-batched vector envs of the toy-text tasks (their ``vector_entry_point``)."""

from __future__ import annotations

from typing import Any

from gymnasium_core.functional import FunctionalNumpyVectorEnv
from gymnasium_core.vector import AutoresetMode


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
