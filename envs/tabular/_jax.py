"""The JAX env classes of the tabular tasks: the generic JAX shells with the family's metadata."""

from __future__ import annotations

from typing import Any

from gymnasium_core.functional.jax_shell import JaxEnvShell, JaxVectorEnvShell

# The reference's tabular JAX envs declare 50 frames per second; ours keep its metadata.
JAX_METADATA: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 50, "jax": True}


class TabularJaxEnv(JaxEnvShell[Any]):
    """One tabular task on JAX; subclasses name the FuncEnv in :attr:`func_env_cls`."""

    metadata = JAX_METADATA


class TabularJaxVectorEnv(JaxVectorEnvShell):
    """A batch of one tabular task on JAX; no step limit unless ``max_episode_steps`` is given."""

    metadata = JAX_METADATA
