"""Converts a vector environment's arrays between array libraries (numpy, JAX, torch)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.vector.vector_env import VectorEnv, VectorWrapper
from gymnasium_core.wrappers.array_conversion import _Side, module_name_to_namespace

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
        arguments: dict[str, Any] = {
            "env_xp": env_xp,
            "target_xp": target_xp,
            "env_device": env_device,
            "target_device": target_device,
        }
        # Modules cannot be deep-copied, so the recorded arguments are kept as given.
        RecordConstructorArgs.__init__(self, _disable_deepcopy=True, **arguments)
        super().__init__(env)
        self._to_env = _Side(env_xp, env_device)
        self._to_user = _Side(target_xp, target_device)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Convert the actions, step, and convert the results.

        Args:
            actions: Actions in ``target_xp``.

        Returns:
            The step result in ``target_xp``.
        """
        outcome = self.env.step(self._to_env(actions))
        return tuple(map(self._to_user, outcome))

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
        converted = self._to_env(options) if options else options
        first_obs, first_info = self.env.reset(seed=seed, options=converted)
        return self._to_user(first_obs), self._to_user(first_info)

    def __getstate__(self) -> dict[str, Any]:
        # Modules do not pickle: keep their names and import them again when unpickled.
        return {
            "env": self.env,
            "env_xp_name": self._to_env.xp.__name__,
            "target_xp_name": self._to_user.xp.__name__,
            "env_device": self._to_env.device,
            "target_device": self._to_user.device,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(  # type: ignore[misc]
            state["env"],
            module_name_to_namespace(state["env_xp_name"]),
            module_name_to_namespace(state["target_xp_name"]),
            state["env_device"],
            state["target_device"],
        )
