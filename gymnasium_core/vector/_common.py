"""Pieces shared by the synchronous and asynchronous vector environments."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from gymnasium_core.spaces import Space
from gymnasium_core.vector.utils import batch_differing_spaces, batch_space
from gymnasium_core.vector.vector_env import AutoresetMode

ObservationMode = str | tuple[Space[Any], Space[Any]]


class EpisodeNotResetError(RuntimeError, AssertionError):
    """A sub-environment whose episode ended was stepped with autoreset disabled.

    A :class:`RuntimeError`, and an :class:`AssertionError` as Gymnasium raises in this case.
    Reset it first with ``reset(options={"reset_mask": mask})``.
    """


class NoSubEnvironmentsError(ValueError, IndexError):
    """A vector environment was given no sub-environments.

    A :class:`ValueError`, and an :class:`IndexError` as Gymnasium fails with in this case.
    """


def check_not_empty(count: int, owner: str) -> None:
    """Raise a clear error for a vector environment without sub-environments.

    Raises:
        NoSubEnvironmentsError: If ``count`` is zero.
    """
    if count == 0:
        raise NoSubEnvironmentsError(
            f"`{owner}` needs at least one sub-environment: `env_fns` is empty "
            "(with `make_vec`, `num_envs` must be a positive int)."
        )


def as_autoreset_mode(mode: str | AutoresetMode) -> AutoresetMode:
    """``mode`` as an :class:`AutoresetMode` (its value, e.g. ``"NextStep"``, is accepted too)."""
    return mode if isinstance(mode, AutoresetMode) else AutoresetMode(mode)


def seeds_for(seed: int | Sequence[int | None] | None, num_envs: int) -> list[int | None]:
    """One seed per sub-environment: ``seed + i`` for an int, as given for a list.

    Raises:
        ValueError: If a list of seeds does not have ``num_envs`` entries.
    """
    if seed is None:
        return [None] * num_envs
    if isinstance(seed, int | np.integer):
        return [int(seed) + i for i in range(num_envs)]
    seeds = list(seed)
    if len(seeds) != num_envs:
        raise ValueError(
            f"A list of seeds needs one seed per sub-environment ({num_envs}), got {len(seeds)}."
        )
    return seeds


def pop_reset_mask(options: dict[str, Any] | None, num_envs: int) -> np.ndarray[Any, Any] | None:
    """Take ``options["reset_mask"]`` out of ``options`` and check it, or ``None`` if absent.

    Raises:
        TypeError: If the mask is not a numpy array of ``bool``.
        ValueError: If its shape is not ``(num_envs,)`` or it selects no sub-environment.
    """
    if options is None or "reset_mask" not in options:
        return None
    mask = options.pop("reset_mask")
    if not isinstance(mask, np.ndarray):
        raise TypeError(f"`options['reset_mask']` must be a numpy array, got {type(mask)}.")
    if mask.shape != (num_envs,):
        raise ValueError(
            f"`options['reset_mask']` must have shape ({num_envs},), got {mask.shape}."
        )
    if mask.dtype != np.bool_:
        raise TypeError(f"`options['reset_mask']` must have dtype bool, got {mask.dtype}.")
    if not mask.any():
        raise ValueError(
            f"`options['reset_mask']` must select at least one sub-environment, got {mask}."
        )
    return mask


def observation_spaces(
    mode: ObservationMode, first: Space[Any], all_spaces: Any, num_envs: int
) -> tuple[Space[Any], Space[Any]]:
    """The ``(single, batched)`` observation spaces for an ``observation_mode``.

    Args:
        mode: ``"same"``, ``"different"`` or a ``(batched, single)`` pair of spaces.
        first: The first sub-environment's observation space.
        all_spaces: A callable returning every sub-environment's observation space (only
            called for ``"different"``).
        num_envs: The number of sub-environments.

    Raises:
        TypeError: If a pair holds something other than spaces.
        ValueError: For any other ``mode``.
    """
    if isinstance(mode, tuple) and len(mode) == 2:
        batched, single = mode
        if not isinstance(batched, Space) or not isinstance(single, Space):
            raise TypeError(
                "`observation_mode` as a pair needs two spaces (batched, single), got "
                f"{type(batched)} and {type(single)}."
            )
        return single, batched
    if mode == "same":
        return first, batch_space(first, num_envs)
    if mode == "different":
        return first, batch_differing_spaces(all_spaces())
    raise ValueError(
        "`observation_mode` must be 'same', 'different' or a (batched, single) pair of spaces, "
        f"got {mode!r}."
    )
