"""FrozenLake on JAX: the functional id ``tabular/FrozenLake-v0`` and the JAX vector env.

The dynamics are :class:`gymnasium_core.envs.toy_text.frozen_lake.FrozenLakeFunctional`, the same
definition the stateful ``FrozenLake`` env runs; this module only moves it to JAX.

It also holds the family's JAX classes, :class:`TabularJaxEnv` and :class:`TabularJaxVectorEnv`:
the generic JAX shells with the family's metadata. Every tabular task's classes subclass them and
only name the task's FuncEnv.
"""

from __future__ import annotations

from typing import Any

from gymnasium_core.functional import JaxEnvShell, JaxVectorEnvShell

from ..toy_text.frozen_lake import FrozenLakeFunctional

__all__ = ["FrozenLakeFunctional", "FrozenLakeJaxEnv", "FrozenLakeJaxVectorEnv"]

# The reference's tabular JAX envs declare 50 frames per second; ours keep its metadata.
JAX_METADATA: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 50, "jax": True}


class TabularJaxEnv(JaxEnvShell[Any]):
    """One tabular task on JAX; subclasses name the FuncEnv in :attr:`func_env_cls`."""

    metadata = JAX_METADATA


class TabularJaxVectorEnv(JaxVectorEnvShell):
    """A batch of one tabular task on JAX; no step limit unless ``max_episode_steps`` is given."""

    metadata = JAX_METADATA


class FrozenLakeJaxEnv(TabularJaxEnv):
    """FrozenLake on JAX, one environment (``make("tabular/FrozenLake-v0")``)."""

    func_env_cls = FrozenLakeFunctional


class FrozenLakeJaxVectorEnv(TabularJaxVectorEnv):
    """FrozenLake on JAX, a batch stepped in one jitted call."""

    func_env_cls = FrozenLakeFunctional
