"""Helpers on the full physics state of a :class:`MujocoEnv`, mostly for tests.

``qpos`` and ``qvel`` are not the whole state of a simulation (actuator activations, warm
start, time, controls and applied forces also matter); these helpers read and write the state
MuJoCo defines in ``mjtState``.
"""

from __future__ import annotations

from typing import Any

import mujoco
import numpy as np
from numpy.typing import NDArray

from .mujoco_env import MujocoEnv

__all__ = ["MujocoEnv", "check_mujoco_reset_state", "get_state", "set_state"]

FULL_PHYSICS = mujoco.mjtState.mjSTATE_FULLPHYSICS
INTEGRATION = mujoco.mjtState.mjSTATE_INTEGRATION


def get_state(env: Any, state_type: mujoco.mjtState = FULL_PHYSICS) -> NDArray[np.float64]:
    """Copy the state of ``env`` (wrapped or not) as a flat array.

    Args:
        env: An environment whose ``unwrapped`` has ``model`` and ``data``.
        state_type: The parts of the state to copy; ``mjSTATE_INTEGRATION`` adds what an exact
            replay needs (warm start, controls, applied forces).
    """
    model, data = env.unwrapped.model, env.unwrapped.data
    state = np.empty(mujoco.mj_stateSize(model, state_type))
    mujoco.mj_getState(model, data, state, state_type)
    return state


def set_state(
    env: Any, state: NDArray[np.float64], state_type: mujoco.mjtState = FULL_PHYSICS
) -> NDArray[np.float64]:
    """Write a state made by :func:`get_state` (with the same ``state_type``) into ``env``.

    Derived quantities (body positions, forces) are not recomputed: call ``mujoco.mj_forward``
    before reading them.

    Returns:
        ``state``, unchanged.
    """
    mujoco.mj_setState(env.unwrapped.model, env.unwrapped.data, state, state_type)
    return state


def check_mujoco_reset_state(
    env: Any, seed: int = 1234, state_type: mujoco.mjtState = INTEGRATION
) -> None:
    """Assert that a seeded reset gives the same state whether or not the env was stepped.

    Raises:
        AssertionError: If a step between two resets with ``seed`` changes the reset state.
    """
    env.action_space.seed(seed)
    action = env.action_space.sample()
    env.reset(seed=seed)
    first = get_state(env, state_type)
    env.step(action)
    env.reset(seed=seed)
    second = get_state(env, state_type)
    if not np.array_equal(first, second):
        raise AssertionError("reset is not deterministic: stepping changed the reset state")
