"""BipedalWalker: single-env steps and resets, ours against Gymnasium's.

Steps: ``make(id)`` stepped with a fixed sequence of random float32 actions (resetting when an
episode ends, as a training loop would), normal and hardcore tracks, the same wrappers on both
sides. Random actions fall often, so resets are part of the mix. Resets: ``reset()`` alone,
which generates a track and rebuilds the walker; each counts as one step in the table.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from benchmarks.harness import Case, repeated_reset, stepped_make

STEPS = 500
RESETS = 20
IDS = ("BipedalWalker-v3", "BipedalWalkerHardcore-v3")


def _actions(env: Any) -> list[Any]:
    return list(np.random.default_rng(0).uniform(-1, 1, (STEPS, 4)).astype(np.float32))


CASES: list[Case] = []
for _id in IDS:
    for _impl, _module in (("ours", "gymnasium_core"), ("reference", "gymnasium")):
        CASES.append(
            Case(f"{_id} make() single env steps", _impl, stepped_make(_module, _id, _actions))
        )
    for _impl, _module in (("ours", "gymnasium_core"), ("reference", "gymnasium")):
        CASES.append(Case(f"{_id} reset()", _impl, repeated_reset(_module, _id, RESETS)))
