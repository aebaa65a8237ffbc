"""Turns a vector environment's batched info dictionary into one dictionary per sub-env."""

from __future__ import annotations

from typing import Any

from gymnasium_core.vector.vector_env import VectorEnv, VectorWrapper

__all__ = ["DictInfoToList"]


class InfoLengthError(ValueError, AssertionError):
    """A batched info entry (or its mask) does not hold one value per sub-environment.

    It is a :class:`ValueError`, and an :class:`AssertionError` as Gymnasium raises in this case,
    so code written for either catches it.
    """


class InfoTypeError(TypeError, AssertionError):
    """The info to split is not a dictionary.

    A :class:`TypeError`, and an :class:`AssertionError` as Gymnasium raises in this case.
    """


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
        return obs, rewards, terminations, truncations, self._convert_info_to_list(infos)

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
        return obs, self._convert_info_to_list(infos)

    def _convert_info_to_list(self, vector_infos: dict[str, Any]) -> list[dict[str, Any]]:
        if not isinstance(vector_infos, dict):
            raise InfoTypeError(f"DictInfoToList needs a dict info, got {type(vector_infos)}.")
        per_env: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for key, value in vector_infos.items():
            if key.startswith("_"):
                continue
            entries = self._convert_info_to_list(value) if isinstance(value, dict) else value
            self._check_length(f"info[{key!r}]", entries)
            mask = vector_infos.get(f"_{key}")
            if mask is not None:
                self._check_length(f"info['_{key}']", mask)
            for i in range(self.num_envs):
                if mask is None or mask[i]:
                    per_env[i][key] = entries[i]
        return per_env

    def _check_length(self, where: str, entries: Any) -> None:
        if len(entries) != self.num_envs:
            raise InfoLengthError(
                f"{where} has {len(entries)} entries for {self.num_envs} sub-environments."
            )
