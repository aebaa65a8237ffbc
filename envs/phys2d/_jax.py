"""The JAX env classes of the classic-control tasks, built on the generic JAX adapters."""

from __future__ import annotations

from typing import Any

from gymnasium_core.functional.jax_env import FunctionalJaxEnv
from gymnasium_core.functional.jax_vector_env import FunctionalJaxVectorEnv

_ADAPTER_KEYS = {"params", "autoreset_mode", "devices", "mesh", "mesh_axis", "render_all"}


class Phys2dJaxEnv(FunctionalJaxEnv[Any]):
    """One classic-control task on JAX; subclasses name the FuncEnv in :attr:`func_env_cls`."""

    func_env_cls: type[Any]
    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 50, "jax": True}

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        """Build the task from ``kwargs`` (its params and options) and move it to JAX.

        Args:
            render_mode: ``None`` or ``"rgb_array"``.
            **kwargs: The FuncEnv's constructor arguments (param overrides, options), plus
                ``params`` for the adapter.
        """
        params = kwargs.pop("params", None)
        super().__init__(
            self.func_env_cls(**kwargs),
            metadata=dict(self.metadata),
            render_mode=render_mode,
            params=params,
        )


class Phys2dJaxVectorEnv(FunctionalJaxVectorEnv):
    """A batch of one classic-control task on JAX, stepped in one jitted call."""

    func_env_cls: type[Any]
    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 50, "jax": True}

    def __init__(
        self,
        num_envs: int,
        render_mode: str | None = None,
        max_episode_steps: int = 200,
        **kwargs: Any,
    ) -> None:
        """Build the task from ``kwargs`` and batch it ``num_envs`` times.

        Args:
            num_envs: The number of sub-environments.
            render_mode: ``None`` or ``"rgb_array"``.
            max_episode_steps: Truncate episodes after this many steps (0: never).
            **kwargs: The FuncEnv's constructor arguments, plus the adapter's keyword options
                (``params``, ``autoreset_mode``, ``devices``, ``mesh``, ...).
        """
        adapter = {k: kwargs.pop(k) for k in list(kwargs) if k in _ADAPTER_KEYS}
        super().__init__(
            self.func_env_cls(**kwargs),
            num_envs,
            max_episode_steps=max_episode_steps or 0,
            metadata=dict(self.metadata),
            render_mode=render_mode,
            **adapter,
        )
