"""Pickling and deep copying of Box2D environments by replaying their episodes.

A Box2D world is a SWIG object: it can be neither pickled nor copied. What can be kept is how
the env got where it is: its constructor arguments, the state of ``np_random`` at a reset and
what was done since. Rebuilding a fresh env from those and replaying them gives a world in the
same state, bit for bit, because the envs are deterministic given their generator.

:class:`ReplayCopyable` turns that into ``__getstate__`` / ``__setstate__`` / ``__deepcopy__``;
each env says what its record is and how to replay it. Gymnasium's envs lose the episode when
copied; ours carry on exactly as the original would.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import numpy as np

__all__ = ["EpisodeRecord", "ReplayCopyable", "capture_rng_state", "generator_from_state"]

StepsT = TypeVar("StepsT")


def capture_rng_state(rng: np.random.Generator) -> dict[str, Any]:
    """A private copy of ``rng.bit_generator.state``, safe from later draws.

    Args:
        rng: The generator.

    Returns:
        The bit generator's state dict (its arrays copied).
    """
    return copy.deepcopy(dict(rng.bit_generator.state))


def generator_from_state(state: dict[str, Any]) -> np.random.Generator:
    """A new generator with the bit generator kind and state of ``state``.

    Args:
        state: A ``bit_generator.state`` dict (for example from :func:`capture_rng_state`).

    Returns:
        A generator that draws what the captured one would have drawn next.
    """
    bit_generator = getattr(np.random, state["bit_generator"])()
    bit_generator.state = copy.deepcopy(state)
    return np.random.Generator(bit_generator)


@dataclass
class EpisodeRecord(Generic[StepsT]):
    """What replays one episode: the generator state at its reset and what happened since.

    Attributes:
        rng_state: ``np_random.bit_generator.state`` when the reset began.
        steps: The env's log of the episode (actions, commands or markers; a list by default).
        context: Anything else the reset depended on (options, colours), or ``None``.
    """

    rng_state: dict[str, Any]
    steps: StepsT = field(default_factory=list)  # type: ignore[assignment]
    context: Any = None


class ReplayCopyable:
    """Mixin giving a stateful Box2D env pickling and deep copying that keep the episode.

    The state kept is the constructor arguments (:meth:`_constructor_kwargs`), ``spec``, the
    generator as it is now, ``np_random_seed`` and the env's replay record
    (:meth:`_replay_record`). Restoring rebuilds the env (:meth:`_rebuild`), replays the record
    (:meth:`_replay`, which may draw from ``np_random`` as the original did) and then puts the
    generator back to where the original's is.
    """

    spec: Any
    _np_random: np.random.Generator | None
    _np_random_seed: int | None

    def _constructor_kwargs(self) -> dict[str, Any]:
        """The keyword arguments that build an env like this one."""
        raise NotImplementedError

    def _replay_record(self) -> Any:
        """A picklable record of what brought the env to its state (``None``: nothing)."""
        raise NotImplementedError

    def _replay(self, record: Any) -> None:
        """Bring a freshly rebuilt env to the state ``record`` describes."""
        raise NotImplementedError

    def _rebuild(self, kwargs: dict[str, Any]) -> None:
        """Initialise an empty instance from its constructor arguments."""
        self.__init__(**kwargs)  # type: ignore[misc]

    def __getstate__(self) -> dict[str, Any]:
        """The constructor arguments, the generator's state and the replay record.

        Returns:
            A picklable dict holding no Box2D or pygame objects.
        """
        rng = self._np_random
        return {
            "kwargs": self._constructor_kwargs(),
            "spec": self.spec,
            "rng_state": None if rng is None else capture_rng_state(rng),
            "rng_seed": self._np_random_seed,
            "record": self._replay_record(),
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Rebuild the env and replay its record to reach the saved state.

        Args:
            state: A dict from :meth:`__getstate__`.
        """
        self._rebuild(state["kwargs"])
        self.spec = state["spec"]
        if state["record"] is not None:
            self._replay(state["record"])
        rng_state = state["rng_state"]
        self._np_random = None if rng_state is None else generator_from_state(rng_state)
        self._np_random_seed = state["rng_seed"]

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        """A copy with its own Box2D world, in the same state as this env.

        Args:
            memo: The :func:`copy.deepcopy` memo.

        Returns:
            The copy.
        """
        clone = type(self).__new__(type(self))
        memo[id(self)] = clone
        clone.__setstate__(copy.deepcopy(self.__getstate__(), memo))
        return clone
