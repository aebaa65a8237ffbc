"""CarRacing: single-env steps per second, ours against Gymnasium's.

Each step draws the 1000x800 scene and shrinks it to the 96x96 observation, so the drawing
dominates. Both sides run ``make(id)`` (the same wrappers) with the same seeded actions, in the
continuous and the discrete version, plus the ``rgb_array`` render of each frame as a recorder
would call it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from benchmarks.harness import Case

ENV_ID = "CarRacing-v3"
STEPS = 100


def _single(
    module_name: str, continuous: bool, render: bool = False
) -> Callable[[], Callable[[], int]]:
    def setup() -> Callable[[], int]:
        gym = __import__(module_name)
        kwargs: dict[str, Any] = {"continuous": continuous}
        if render:
            kwargs["render_mode"] = "rgb_array"
        env = gym.make(ENV_ID, **kwargs)
        env.reset(seed=0)
        rng = np.random.default_rng(0)
        if continuous:
            low, high = np.array([-1.0, 0.0, 0.0]), np.ones(3)
            actions: list[Any] = list(rng.uniform(low, high, (STEPS, 3)).astype(np.float32))
        else:
            actions = rng.integers(0, 5, STEPS).tolist()

        def run() -> int:
            for action in actions:
                _, _, terminated, truncated, _ = env.step(action)
                if render:
                    env.render()
                if terminated or truncated:
                    env.reset()
            return STEPS

        run()
        return run

    return setup


CASES: list[Case] = []
for _continuous, _label in ((True, "continuous"), (False, "discrete")):
    _group = f"{ENV_ID} ({_label}) make() single env"
    CASES.append(Case(_group, "ours", _single("gymnasium_core", _continuous)))
    CASES.append(Case(_group, "reference", _single("gymnasium", _continuous)))
_group = f"{ENV_ID} step + rgb_array render"
CASES.append(Case(_group, "ours", _single("gymnasium_core", True, render=True)))
CASES.append(Case(_group, "reference", _single("gymnasium", True, render=True)))
