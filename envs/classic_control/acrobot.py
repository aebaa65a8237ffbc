"""Acrobot: the stateful env (``Acrobot-v1``) and its numpy-batched vector env.

The dynamics live in :class:`AcrobotFunctional`. The reference keeps ``book_or_nips`` and
``torque_noise_max`` as class attributes; here they are constructor arguments (setting them
as attributes after construction has no effect).
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import numpy as np

from gymnasium_core.vector.vector_env import AutoresetMode

from ._acrobot_func import AcrobotFunctional, AcrobotParams, AcrobotState
from ._shells import ClassicControlEnv, ClassicControlVectorEnv, check_discrete, vector_metadata

__all__ = ["AcrobotEnv", "AcrobotFunctional", "AcrobotParams", "AcrobotState", "AcrobotVectorEnv"]


class AcrobotEnv(ClassicControlEnv):
    """Swing the tip of a two-link chain above a line, with a torque of -1, 0 or +1.

    Unlike the reference, an action outside ``{0, 1, 2}`` raises ``AssertionError`` (the
    reference indexes its torque list with it, so ``-1`` silently means ``+1``).

    Args:
        render_mode: ``None``, ``"human"`` or ``"rgb_array"`` (500x500 frames).
        book_or_nips: ``"book"`` (default) or ``"nips"`` equations of motion.
        torque_noise_max: Half-width of the uniform noise added to the torque.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": 15}

    def __init__(
        self,
        render_mode: str | None = None,
        book_or_nips: str = "book",
        torque_noise_max: float = 0.0,
    ) -> None:
        self.book_or_nips = book_or_nips
        self.torque_noise_max = torque_noise_max
        self._setup(AcrobotFunctional(book_or_nips, torque_noise_max=torque_noise_max), render_mode)

    def step(
        self, action: Any
    ) -> tuple[np.ndarray[Any, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply torque ``action - 1``; ``action`` must be 0, 1 or 2."""
        check_discrete(self.action_space, action)
        return super().step(action)


class AcrobotVectorEnv(ClassicControlVectorEnv):
    """Acrobot batched on numpy: ``num_envs`` copies stepped in one call.

    Args:
        num_envs: Number of sub-environments.
        max_episode_steps: Steps after which a sub-env is truncated.
        render_mode: ``None`` or ``"rgb_array"``.
        book_or_nips: ``"book"`` (default) or ``"nips"`` equations of motion.
        torque_noise_max: Half-width of the uniform noise added to the torque.
        autoreset_mode: How finished sub-envs restart.
        params: Params for every sub-env (or a batch of them).
    """

    metadata: dict[str, Any] = vector_metadata(render_fps=15)

    def __init__(
        self,
        num_envs: int = 1,
        max_episode_steps: int = 500,
        render_mode: str | None = None,
        book_or_nips: str = "book",
        torque_noise_max: float = 0.0,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        params: AcrobotParams | None = None,
    ) -> None:
        super().__init__(
            AcrobotFunctional(book_or_nips, torque_noise_max=torque_noise_max),
            num_envs,
            params=params,
            max_episode_steps=max_episode_steps,
            autoreset_mode=autoreset_mode,
            render_mode=render_mode,
            metadata=dict(self.metadata),
        )
