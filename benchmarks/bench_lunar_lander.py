"""LunarLander: one env from ``make()``, ours against Gymnasium's, discrete and continuous.

Each ``run`` plays ``STEPS`` steps of pre-drawn random actions through the default wrappers
(TimeLimit, OrderEnforcing, PassiveEnvChecker), resetting whenever an episode ends; random
episodes crash after about a hundred steps, so resets are part of the measure. A third group
times ``reset()`` alone: it builds a new Box2D world, terrain, lander and legs each time.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from benchmarks.harness import Case, repeated_reset, stepped_make

STEPS = 2000
RESETS = 100


def _actions(env: Any) -> list[Any]:
    rng = np.random.default_rng(0)
    if env.unwrapped.continuous:
        return list(rng.uniform(-1.0, 1.0, (STEPS, 2)).astype(np.float32))
    return list(rng.integers(0, 4, STEPS).tolist())


CASES: list[Case] = []
for _id in ("LunarLander-v3", "LunarLanderContinuous-v3"):
    _group = f"{_id} make() single env"
    for _impl, _module in (("ours", "gymnasium_core"), ("reference", "gymnasium")):
        CASES.append(Case(_group, _impl, stepped_make(_module, _id, _actions)))
for _impl, _module in (("ours", "gymnasium_core"), ("reference", "gymnasium")):
    CASES.append(
        Case("LunarLander-v3 reset()", _impl, repeated_reset(_module, "LunarLander-v3", RESETS))
    )
