"""Functional environments: tasks as pure functions, adapted to every backend."""

from gymnasium_core.functional.func_env import FuncEnv

__all__ = ["FuncEnv"]
