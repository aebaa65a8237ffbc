"""Conversion between the ``done`` step API and the ``terminated, truncated`` step API.

The old API returned ``(obs, reward, done, info)``, with ``info["TimeLimit.truncated"]``
telling a time limit apart; the current one returns ``(obs, reward, terminated, truncated,
info)``. Both single environments and vector environments (infos as a list of dicts or as a
dict of arrays) are handled.
"""

from __future__ import annotations

from typing import Any, SupportsFloat, TypeAlias

import numpy as np

__all__ = [
    "DoneStepType",
    "TerminatedTruncatedStepType",
    "convert_to_done_step_api",
    "convert_to_terminated_truncated_step_api",
    "step_api_compatibility",
]

_TRUNCATED_KEY = "TimeLimit.truncated"

DoneStepType: TypeAlias = tuple[
    Any, SupportsFloat | np.ndarray, bool | np.ndarray, dict[str, Any] | list[dict[str, Any]]
]
"""``(obs, reward, done, info)``."""

TerminatedTruncatedStepType: TypeAlias = tuple[
    Any,
    SupportsFloat | np.ndarray,
    bool | np.ndarray,
    bool | np.ndarray,
    dict[str, Any] | list[dict[str, Any]],
]
"""``(obs, reward, terminated, truncated, info)``."""


def convert_to_terminated_truncated_step_api(
    step_returns: DoneStepType | TerminatedTruncatedStepType, is_vector_env: bool = False
) -> TerminatedTruncatedStepType:
    """Return ``step_returns`` in the ``terminated, truncated`` form.

    A ``done`` that came from a time limit (``info["TimeLimit.truncated"]``, which is removed
    from the info) becomes ``truncated``; any other ``done`` becomes ``terminated``.

    Args:
        step_returns: A 4- or 5-tuple returned by ``step``.
        is_vector_env: Whether it comes from a vector environment.

    Returns:
        The 5-tuple (unchanged if it already was one).

    Raises:
        TypeError: If a vector environment's infos are neither a list nor a dict.
    """
    if len(step_returns) == 5:
        return step_returns
    assert len(step_returns) == 4, f"A step returns 4 or 5 values, got {len(step_returns)}."
    obs, reward, done, infos = step_returns
    if not is_vector_env:
        assert isinstance(infos, dict)
        truncated = infos.pop(_TRUNCATED_KEY, False)
        return obs, reward, done and not truncated, done and truncated, infos
    if isinstance(infos, list):
        truncated = np.array([info.pop(_TRUNCATED_KEY, False) for info in infos])
    elif isinstance(infos, dict):
        truncated = infos.pop(_TRUNCATED_KEY, np.zeros(np.shape(done), dtype=np.bool_))
    else:
        raise TypeError(
            f"A vector environment's infos must be a list or a dict, actual type: {type(infos)}"
        )
    return (
        obs,
        reward,
        np.logical_and(done, np.logical_not(truncated)),
        np.logical_and(done, truncated),
        infos,
    )


def convert_to_done_step_api(
    step_returns: TerminatedTruncatedStepType | DoneStepType, is_vector_env: bool = False
) -> DoneStepType:
    """Return ``step_returns`` in the single ``done`` form.

    ``done = terminated or truncated``; when an episode ends, ``info["TimeLimit.truncated"]``
    records whether it was truncated without terminating.

    Args:
        step_returns: A 4- or 5-tuple returned by ``step``.
        is_vector_env: Whether it comes from a vector environment.

    Returns:
        The 4-tuple (unchanged if it already was one).

    Raises:
        TypeError: If a vector environment's infos are neither a list nor a dict.
    """
    if len(step_returns) == 4:
        return step_returns
    assert len(step_returns) == 5, f"A step returns 4 or 5 values, got {len(step_returns)}."
    obs, reward, terminated, truncated, infos = step_returns
    if not is_vector_env:
        assert isinstance(infos, dict)
        if terminated or truncated:
            infos[_TRUNCATED_KEY] = truncated and not terminated
        return obs, reward, terminated or truncated, infos
    if isinstance(infos, list):
        flags = zip(np.asarray(terminated), np.asarray(truncated))
        for info, (env_terminated, env_truncated) in zip(infos, flags):
            if env_terminated or env_truncated:
                info[_TRUNCATED_KEY] = env_truncated and not env_terminated
    elif isinstance(infos, dict):
        if np.any(terminated) or np.any(truncated):
            infos[_TRUNCATED_KEY] = np.logical_and(truncated, np.logical_not(terminated))
    else:
        raise TypeError(
            f"A vector environment's infos must be a list or a dict, actual type: {type(infos)}"
        )
    return obs, reward, np.logical_or(terminated, truncated), infos


def step_api_compatibility(
    step_returns: TerminatedTruncatedStepType | DoneStepType,
    output_truncation_bool: bool = True,
    is_vector_env: bool = False,
) -> TerminatedTruncatedStepType | DoneStepType:
    """Convert ``step_returns`` to the ``terminated, truncated`` form or to the ``done`` form.

    Args:
        step_returns: A 4- or 5-tuple returned by ``step``.
        output_truncation_bool: ``True`` for the 5-tuple form, ``False`` for the 4-tuple form.
        is_vector_env: Whether it comes from a vector environment.

    Returns:
        The converted tuple.

    Example:
        >>> obs, reward, done, info = step_api_compatibility(
        ...     (0, 1.0, False, True, {}), output_truncation_bool=False
        ... )
        >>> done, info
        (True, {'TimeLimit.truncated': True})
    """
    if output_truncation_bool:
        return convert_to_terminated_truncated_step_api(step_returns, is_vector_env)
    return convert_to_done_step_api(step_returns, is_vector_env)
