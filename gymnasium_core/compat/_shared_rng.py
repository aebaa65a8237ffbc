"""The random state of a bridged environment lives in the environment it wraps."""

from __future__ import annotations

from typing import Any


class SharedRandomState:
    """Mixin for the adapters: the random state belongs to the wrapped environment.

    ``_np_random`` and ``_np_random_seed`` read and write through to the ``unwrapped``
    environment of the attribute named by ``_rng_source`` (the adapted environment), so seeding
    either side seeds the one generator both use.
    """

    _rng_source = "core_env"

    def _random_owner(self) -> Any:
        return getattr(self, self._rng_source).unwrapped

    @property
    def _np_random(self) -> Any:
        return self._random_owner()._np_random

    @_np_random.setter
    def _np_random(self, value: Any) -> None:
        self._random_owner()._np_random = value

    @property
    def _np_random_seed(self) -> Any:
        return self._random_owner()._np_random_seed

    @_np_random_seed.setter
    def _np_random_seed(self, value: Any) -> None:
        self._random_owner()._np_random_seed = value
