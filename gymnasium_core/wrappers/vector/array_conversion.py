"""Converts a vector environment's arrays between array libraries (numpy, JAX, torch)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.vector.vector_env import VectorEnv, VectorWrapper
from gymnasium_core.wrappers.array_conversion import (
    array_conversion,
    module_name_to_namespace,
    module_namespace,
)

__all__ = ["ArrayConversion"]


class ArrayConversion(VectorWrapper[Any, Any, Any, Any, Any], RecordConstructorArgs):
    """Lets a vector environment working in one array library be used from another.

    Actions and reset options go to ``env_xp`` (on ``env_device``); observations, rewards,
    terminations, truncations and infos come back in ``target_xp`` (on ``target_device``).
    """

    def __init__(
        self,
        env: VectorEnv[Any, Any, Any],
        env_xp: ModuleType,
        target_xp: ModuleType,
        env_device: Any | None = None,
        target_device: Any | None = None,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
            env_xp: The array module ``env`` works with.
            target_xp: The array module the user works with.
            env_device: Device for the environment's arrays.
            target_device: Device for the user's arrays.
        """
        RecordConstructorArgs.__init__(
            self,
            _disable_deepcopy=True,
            env_xp=env_xp,
            target_xp=target_xp,
            env_device=env_device,
            target_device=target_device,
        )
        VectorWrapper.__init__(self, env)
        self._env_xp = module_namespace(env_xp)
        self._target_xp = module_namespace(target_xp)
        self._env_device = env_device
        self._target_device = target_device

    def _to_user(self, value: Any) -> Any:
        return array_conversion(value, self._target_xp, self._target_device)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Convert the actions, step, and convert the results.

        Args:
            actions: Actions in ``target_xp``.

        Returns:
            The step result in ``target_xp``.
        """
        env_actions = array_conversion(actions, self._env_xp, self._env_device)
        result = self.env.step(env_actions)
        return tuple(self._to_user(part) for part in result)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset (with converted options) and convert the observations and infos.

        Args:
            seed: Passed on.
            options: Converted to ``env_xp`` and passed on.

        Returns:
            The observations and infos in ``target_xp``.
        """
        if options:
            options = array_conversion(options, self._env_xp, self._env_device)
        obs, info = self.env.reset(seed=seed, options=options)
        return self._to_user(obs), self._to_user(info)

    def __getstate__(self) -> dict[str, Any]:
        # Modules do not pickle: keep their names and import them again when unpickled.
        return {
            "env": self.env,
            "env_xp_name": self._env_xp.__name__,
            "target_xp_name": self._target_xp.__name__,
            "env_device": self._env_device,
            "target_device": self._target_device,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(  # type: ignore[misc]
            state["env"],
            module_name_to_namespace(state["env_xp_name"]),
            module_name_to_namespace(state["target_xp_name"]),
            state["env_device"],
            state["target_device"],
        )
