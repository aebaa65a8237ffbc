"""MuJoCo: single-env steps of the pendulums, Reacher and Pusher against the reference.

Each case is ``make(id)`` stepped with a fixed sequence of random actions, resetting when an
episode ends, ours against Gymnasium's (the same wrappers on both sides, the same MuJoCo build
underneath). The physics dominates; what differs is the Python around it. ``MujocoEnv
overhead`` subclasses each side's ``MujocoEnv`` with a one-joint model stepped one frame at a
time, so the framework's own cost per step is most of what is measured.
"""

from __future__ import annotations

import importlib
import os
import tempfile
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from benchmarks.harness import Case, stepped_make

RunFn = Callable[[], int]

STEPS = 500
SINGLE_IDS = (
    "InvertedPendulum-v5",
    "InvertedDoublePendulum-v5",
    "Reacher-v5",
    "Pusher-v5",
    "Reacher-v4",
)
TRIVIAL_MODEL = """
<mujoco model="trivial">
  <worldbody>
    <body><joint name="hinge" type="hinge" axis="0 1 0"/><geom type="sphere" size="0.1"/></body>
  </worldbody>
  <actuator><motor joint="hinge" ctrlrange="-1 1"/></actuator>
</mujoco>
"""


def _actions(space: Any, count: int) -> list[Any]:
    space.seed(0)
    return [space.sample() for _ in range(count)]


def _stepped(module_name: str, env_id: str, steps: int) -> Callable[[], RunFn]:
    """``make(env_id)`` stepped ``steps`` times with actions from its space seeded with 0."""
    return stepped_make(module_name, env_id, lambda env: _actions(env.action_space, steps))


def single_env_cases(env_ids: Sequence[str], steps: int) -> list[Case]:
    """For each id, ``make(id)`` stepped ``steps`` times, ours and the reference.

    The actions are drawn up front from the action space seeded with 0, so the sampling is not
    timed; an episode that ends is reset without a seed.
    """
    return [
        Case(f"{env_id} make() single env", impl, _stepped(module, env_id, steps))
        for env_id in env_ids
        for impl, module in (("ours", "gymnasium_core"), ("reference", "gymnasium"))
    ]


def _overhead(module_name: str) -> Callable[[], RunFn]:
    def setup() -> RunFn:
        base: Any = importlib.import_module(f"{module_name}.envs.mujoco").MujocoEnv
        box: Any = importlib.import_module(f"{module_name}.spaces").Box

        class Trivial(base):  # type: ignore[misc]
            def step(self, action: Any) -> Any:
                self.do_simulation(action, self.frame_skip)
                return self.state_vector(), 0.0, False, False, {}

            def reset_model(self) -> Any:
                self.set_state(self.init_qpos, self.init_qvel)
                return self.state_vector()

        handle, path = tempfile.mkstemp(suffix=".xml")
        with os.fdopen(handle, "w") as out:
            out.write(TRIVIAL_MODEL)
        env = Trivial(path, 1, box(-np.inf, np.inf, (2,), np.float64))
        os.unlink(path)
        env.reset(seed=0)
        actions = _actions(env.action_space, STEPS)

        def run() -> int:
            for action in actions:
                env.step(action)
            return STEPS

        run()
        return run

    return setup


CASES: list[Case] = [
    *single_env_cases(SINGLE_IDS, STEPS),
    Case("MujocoEnv overhead (one hinge, frame_skip 1)", "ours", _overhead("gymnasium_core")),
    Case("MujocoEnv overhead (one hinge, frame_skip 1)", "reference", _overhead("gymnasium")),
]
