"""Action wrappers without state.

* :class:`TransformAction` applies a function to every action.
* :class:`ClipAction` clips actions to the Box action space.
* :class:`RescaleAction` maps a Box of new bounds affinely onto the env's Box.
* :class:`DiscretizeAction` offers a Discrete (or MultiDiscrete) grid over a Box action space.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from gymnasium_core.core import ActionWrapper, Env
from gymnasium_core.error import InvalidBound
from gymnasium_core.spaces import Box, Discrete, MultiDiscrete, Space
from gymnasium_core.utils.record_constructor import RecordConstructorArgs
from gymnasium_core.wrappers.utils import rescale_box

__all__ = ["ClipAction", "DiscretizeAction", "RescaleAction", "TransformAction"]

ObsType = TypeVar("ObsType")
ActType = TypeVar("ActType")
WrapperActType = TypeVar("WrapperActType")


def _require_box(wrapper: str, space: Space[Any]) -> Box:
    if not isinstance(space, Box):
        raise TypeError(f"{wrapper} needs a Box action space, got {space}")
    return space


class TransformAction(ActionWrapper[ObsType, WrapperActType, ActType], RecordConstructorArgs):
    """Passes ``func(action)`` to the environment.

    Example:
        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import TransformAction
        >>> env = TransformAction(gym.make("Pendulum-v1"), lambda a: 0.5 * a, None)
        >>> env.action_space
        Box(-2.0, 2.0, (1,), float32)
    """

    def __init__(
        self,
        env: Env[ObsType, ActType],
        func: Callable[[WrapperActType], ActType],
        action_space: Space[WrapperActType] | None,
    ) -> None:
        """Wrap ``env``.

        Args:
            env: The environment.
            func: Maps an action of this wrapper to one of ``env``.
            action_space: This wrapper's action space, or ``None`` to keep the env's.
        """
        RecordConstructorArgs.__init__(self, func=func, action_space=action_space)
        ActionWrapper.__init__(self, env)
        if action_space is not None:
            self.action_space = action_space
        self.func = func

    def action(self, action: WrapperActType) -> ActType:
        """``func(action)``."""
        return self.func(action)


class ClipAction(TransformAction[ObsType, Any, Any], RecordConstructorArgs):
    """Clips each action to the bounds of the env's Box; any real action is accepted.

    Example:
        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import ClipAction
        >>> env = ClipAction(gym.make("Pendulum-v1"))
        >>> env.action_space
        Box(-inf, inf, (1,), float32)
        >>> env.action(np.array([5.0]))
        array([2.])
    """

    def __init__(self, env: Env[ObsType, Any]) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with a Box action space.

        Raises:
            TypeError: If the action space is not a Box.
        """
        box = _require_box("ClipAction", env.action_space)
        RecordConstructorArgs.__init__(self)
        TransformAction.__init__(
            self,
            env=env,
            func=lambda action: np.clip(action, box.low, box.high),
            action_space=Box(-np.inf, np.inf, shape=box.shape, dtype=box.dtype),
        )


class RescaleAction(TransformAction[ObsType, Any, Any], RecordConstructorArgs):
    """Accepts actions in ``[min_action, max_action]`` and maps them affinely onto the env's Box.

    Example:
        >>> import numpy as np
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import RescaleAction
        >>> env = RescaleAction(gym.make("Pendulum-v1"), 0.0, 1.0)
        >>> env.action_space
        Box(0.0, 1.0, (1,), float32)
        >>> env.action(np.array([1.0], dtype=np.float32))
        array([2.], dtype=float32)
    """

    def __init__(self, env: Env[ObsType, Any], min_action: Any, max_action: Any) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with a Box action space.
            min_action: New lower bound (scalar or array of the action shape).
            max_action: New upper bound (scalar or array of the action shape).

        Raises:
            TypeError: If the action space is not a Box or a bound has a wrong type.
            ValueError: If ``min_action > max_action`` or the bounds do not fit the Box.
            InvalidBound: If ``min_action == max_action`` somewhere (no inverse).
        """
        box = _require_box("RescaleAction", env.action_space)
        RecordConstructorArgs.__init__(self, min_action=min_action, max_action=max_action)
        try:
            new_space, _, to_env = rescale_box(box, min_action, max_action)
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"RescaleAction: {exc}") from exc
        if np.any(new_space.low == new_space.high):
            raise InvalidBound(
                f"RescaleAction: min_action ({min_action}) must be strictly below max_action "
                f"({max_action}); equal bounds cannot be mapped back"
            )
        TransformAction.__init__(self, env=env, func=to_env, action_space=new_space)


class DiscretizeAction(TransformAction[ObsType, Any, Any], RecordConstructorArgs):
    """Splits each dimension of a bounded Box action space into equal bins; actions pick bins.

    The env receives the centre of the chosen bin in every dimension. With
    ``multidiscrete=False`` the action is one index of the flattened grid (row-major, the last
    dimension fastest); with ``multidiscrete=True`` it is one index per dimension.

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.wrappers import DiscretizeAction
        >>> env = DiscretizeAction(gym.make("Pendulum-v1"), bins=4)
        >>> env.action_space
        Discrete(4)
        >>> env.action(0)
        array([-1.5], dtype=float32)
    """

    def __init__(
        self, env: Env[ObsType, Any], bins: int | tuple[int, ...], multidiscrete: bool = False
    ) -> None:
        """Wrap ``env``.

        Args:
            env: An environment with a bounded Box action space.
            bins: Bins per dimension (one int for all, or one per flattened dimension).
            multidiscrete: Offer a MultiDiscrete action space instead of a Discrete one.

        Raises:
            TypeError: If the action space is not a Box (e.g. already Discrete).
            ValueError: If the Box is unbounded or ``bins`` has the wrong length.
        """
        box = _require_box("DiscretizeAction", env.action_space)
        self.low = np.ravel(box.low)
        self.high = np.ravel(box.high)
        self.n_dims = int(self.low.size)
        if not (np.all(np.isfinite(self.low)) and np.all(np.isfinite(self.high))):
            raise ValueError(
                f"DiscretizeAction needs finite action bounds, got low={self.low}, high={self.high}"
            )
        self.multidiscrete = multidiscrete
        RecordConstructorArgs.__init__(self, bins=bins, multidiscrete=multidiscrete)
        TransformAction.__init__(self, env=env, func=self.action, action_space=None)
        if isinstance(bins, int):
            self.bins = np.full(self.n_dims, bins)
        elif len(bins) == self.n_dims:
            self.bins = np.array(bins)
        else:
            raise ValueError(
                f"DiscretizeAction: bins has {len(bins)} entries for {self.n_dims} dimensions"
            )
        self.bin_centers = [self._centres(dim) for dim in range(self.n_dims)]
        self.action_space = (
            MultiDiscrete(self.bins) if multidiscrete else Discrete(int(np.prod(self.bins)))
        )

    def _centres(self, dim: int) -> np.ndarray[Any, Any]:
        edges = np.linspace(self.low[dim], self.high[dim], self.bins[dim] + 1)
        return 0.5 * (edges[:-1] + edges[1:])

    def action(self, act: Any) -> Any:
        """The bin centres that ``act`` selects, shaped like the env's action."""
        indices = np.asarray(act, dtype=int) if self.multidiscrete else self._unflatten(act)
        values = [
            centres[min(max(idx, 0), len(centres) - 1)]
            for centres, idx in zip(self.bin_centers, indices)
        ]
        inner = self.env.action_space
        return np.array(values, dtype=inner.dtype).reshape(inner.shape)

    def revert_action(self, action: Any) -> Any:
        """The action of this wrapper whose bin centres are nearest to the env action ``action``."""
        flat = np.ravel(action)
        indices = [np.argmin(np.abs(self.bin_centers[d] - flat[d])) for d in range(self.n_dims)]
        if self.multidiscrete:
            return np.array(indices, dtype=int)
        return np.ravel_multi_index(indices, self.bins)

    def _unflatten(self, flat_index: Any) -> list[Any]:
        indices = []
        for size in self.bins[::-1]:
            flat_index, rest = divmod(flat_index, size)
            indices.append(rest)
        return indices[::-1]
