"""``FuncEnv`` and its type variables at Gymnasium's path ``gymnasium.experimental.functional``."""

from __future__ import annotations

from gymnasium_core.functional.func_env import (
    ActType,
    FuncEnv,
    ObsType,
    Params,
    RenderStateType,
    RewardType,
    StateType,
    TerminalType,
)

__all__ = [
    "ActType",
    "FuncEnv",
    "ObsType",
    "Params",
    "RenderStateType",
    "RewardType",
    "StateType",
    "TerminalType",
]
