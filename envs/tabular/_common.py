"""The JAX env classes of the tabular tasks, built on the generic JAX adapters."""

from __future__ import annotations

from typing import Any

from gymnasium_core.functional.jax_env import FunctionalJaxEnv
from gymnasium_core.functional.jax_vector_env import FunctionalJaxVectorEnv

# The reference's tabular JAX envs declare 50 frames per second; ours keep its metadata.
JAX_METADATA: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 50, "jax": True}


class TabularJaxEnv(FunctionalJaxEnv[Any]):
    """One tabular task on JAX; subclasses name the FuncEnv in :attr:`func_env_cls`."""

    func_env_cls: type[Any]
    func_env_kwargs: dict[str, Any] = {}
    metadata = JAX_METADATA

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        """Build the task from ``kwargs`` (the stateful env's arguments) and move it to JAX.

        Args:
            render_mode: ``None`` or ``"rgb_array"``.
            **kwargs: The task's constructor arguments.
        """
        func_env = self.func_env_cls(**{**self.func_env_kwargs, **kwargs})
        super().__init__(func_env, metadata=dict(JAX_METADATA), render_mode=render_mode)


class TabularJaxVectorEnv(FunctionalJaxVectorEnv):
    """A batch of one tabular task on JAX, stepped in one jitted call."""

    func_env_cls: type[Any]
    func_env_kwargs: dict[str, Any] = {}
    metadata = JAX_METADATA

    def __init__(
        self,
        num_envs: int,
        render_mode: str | None = None,
        max_episode_steps: int | None = 0,
        **kwargs: Any,
    ) -> None:
        """Build the task from ``kwargs`` and batch it ``num_envs`` times.

        Args:
            num_envs: The number of sub-environments.
            render_mode: ``None`` or ``"rgb_array"``.
            max_episode_steps: Truncate episodes after this many steps (0 or ``None``: never).
            **kwargs: The task's constructor arguments, plus the adapter's keyword options
                (``params``, ``autoreset_mode``, ``devices``, ``mesh``, ...).
        """
        adapter_keys = {"params", "autoreset_mode", "devices", "mesh", "mesh_axis", "render_all"}
        adapter = {k: kwargs.pop(k) for k in list(kwargs) if k in adapter_keys}
        func_env = self.func_env_cls(**{**self.func_env_kwargs, **kwargs})
        super().__init__(
            func_env,
            num_envs,
            max_episode_steps=max_episode_steps or 0,
            metadata=dict(JAX_METADATA),
            render_mode=render_mode,
            **adapter,
        )
