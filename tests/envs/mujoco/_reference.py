"""What the MuJoCo tests need beyond the shared parity helpers: the reference's Pusher-v4.

The comparisons themselves go through :mod:`gymnasium_core.testing.parity` and
:mod:`gymnasium_core.testing.compare`. MuJoCo adds one thing: the reference refuses to build
``Pusher-v4`` on mujoco>=3 by its version number alone. :data:`REFERENCE` is the reference
package with that check bypassed, to be passed as ``reference=`` to the parity helpers, so the
v4 task logic is compared on the same MuJoCo build as every other id.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the reference gymnasium is the oracle")
mujoco = pytest.importorskip("mujoco", reason="MuJoCo environments need mujoco")

REFERENCE_ASSETS = os.path.join(os.path.dirname(gymnasium.__file__), "envs", "mujoco", "assets")
OUR_ASSETS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "envs", "mujoco", "assets")


@contextlib.contextmanager
def _reference_allows_pusher_v4() -> Iterator[None]:
    """Let the reference build ``Pusher-v4`` on mujoco>=3, which it refuses by version alone."""
    saved = mujoco.__version__
    mujoco.__version__ = "2.3.7"
    try:
        yield
    finally:
        mujoco.__version__ = saved


class _MujocoReference:
    """The reference package whose ``make`` also builds ``Pusher-v4`` (see the module doc)."""

    registry: Mapping[str, Any] = gymnasium.registry

    def make(self, env_id: str, **kwargs: Any) -> Any:
        """``gymnasium.make``, its own warnings (v4 deprecation notes) silenced."""
        if env_id == "Pusher-v4":
            context: contextlib.AbstractContextManager[None] = _reference_allows_pusher_v4()
        else:
            context = contextlib.nullcontext()
        with context, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return gymnasium.make(env_id, **kwargs)


REFERENCE = _MujocoReference()
"""The reference for ``parity.make_pair(env_id, reference=REFERENCE)`` and its siblings."""
