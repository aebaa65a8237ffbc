"""Turns a vector environment's batched info dictionary into one dictionary per sub-env."""

from __future__ import annotations

from typing import Any

from gymnasium_core.vector.vector_env import VectorEnv, VectorWrapper

__all__ = ["DictInfoToList"]


class DictInfoToList(VectorWrapper[Any, Any, Any, Any, Any]):
    """Returns ``info`` as a list of ``num_envs`` dictionaries (the pre-0.25 layout).

    Entries whose ``_key`` mask is ``False`` are left out of that sub-environment's dictionary;
    nested dictionaries are split recursively. Put it outside wrappers that read ``info``
    (e.g. ``DictInfoToList(RecordEpisodeStatistics(envs))``).
    """

    def __init__(self, env: VectorEnv[Any, Any, Any]) -> None:
        """Wrap ``env``.

        Args:
            env: The vector environment.
        """
        super().__init__(env)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, list[dict[str, Any]]]:  # type: ignore[override]
        """Step and split the info.

        Args:
            actions: Passed on.

        Returns:
            The step result with a list of infos.
        """
        obs, rewards, terminations, truncations, infos = self.env.step(actions)
        return obs, rewards, terminations, truncations, self._split(infos)

    def reset(  # type: ignore[override]
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, list[dict[str, Any]]]:
        """Reset and split the info.

        Args:
            seed: Passed on.
            options: Passed on.

        Returns:
            The observations and a list of infos.
        """
        obs, infos = self.env.reset(seed=seed, options=options)
        return obs, self._split(infos)

    def _split(self, vector_infos: dict[str, Any]) -> list[dict[str, Any]]:
        if not isinstance(vector_infos, dict):
            raise TypeError(f"DictInfoToList needs a dict info, got {type(vector_infos)}.")
        per_env: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for key, value in vector_infos.items():
            if key.startswith("_"):
                continue
            entries = self._split(value) if isinstance(value, dict) else value
            if len(entries) != self.num_envs:
                raise ValueError(
                    f"info[{key!r}] has {len(entries)} entries for {self.num_envs} sub-envs."
                )
            mask = vector_infos.get(f"_{key}")
            for i in range(self.num_envs):
                if mask is None or mask[i]:
                    per_env[i][key] = entries[i]
        return per_env
