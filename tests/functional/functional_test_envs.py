"""Small functional environments the functional tests share."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from gymnasium_core import spaces
from gymnasium_core.functional import FuncEnv, backends, random


class WalkState(NamedTuple):
    x: Any  # position, () or (num_envs,)
    v: Any  # velocity


class WalkParams(NamedTuple):
    dt: float = 0.1
    push: float = 1.0
    limit: float = 1.0


class Walk(FuncEnv):
    """A cart pushed left (0) or right (1); ends when |x| passes the limit. Random start."""

    observation_space = spaces.Box(-np.inf, np.inf, (2,), np.float32)
    action_space = spaces.Discrete(2)

    def get_default_params(self, **overrides: Any) -> WalkParams:
        return WalkParams(**overrides)

    def initial(self, rng: Any, params: WalkParams | None = None) -> WalkState:
        x, v = random.uniform(rng, -0.05, 0.05, shape=(2,), batch_axis=-1)
        return WalkState(x, v)

    def transition(self, state, action, rng, params=None):
        v = state.v + params.dt * params.push * (2 * action - 1)
        return WalkState(state.x + params.dt * v, v)

    def observation(self, state, rng, params=None):
        if self.xp is backends.scalar:
            return np.array([state.x, state.v], dtype=np.float32)
        return self.xp.stack([state.x, state.v], axis=-1).astype(self.xp.float32)

    def _ended(self, state, params):
        return self.xp.abs(state.x) > params.limit

    def reward(self, state, action, next_state, rng, params=None):
        return self.xp.where(self._ended(next_state, params), 0.0, 1.0)

    def terminal(self, state, rng, params=None):
        return self._ended(state, params)


class CountState(NamedTuple):
    count: Any  # steps taken, int
    total: Any  # sum of actions, int


class CountParams(NamedTuple):
    target: int = 3


class Count(FuncEnv):
    """Deterministic: ends after ``target`` steps; observes (count, total of actions)."""

    observation_space = spaces.Box(0, np.inf, (2,), np.float32)
    action_space = spaces.Discrete(3)

    def get_default_params(self, **overrides: Any) -> CountParams:
        return CountParams(**overrides)

    def initial(self, rng, params=None):
        zero = self.xp.zeros(random.batch_shape(rng), dtype=self.xp.int32)
        return CountState(zero, zero)

    def transition(self, state, action, rng, params=None):
        return CountState(state.count + 1, state.total + action)

    def observation(self, state, rng, params=None):
        return self.xp.stack([state.count, state.total], axis=-1).astype(self.xp.float32)

    def reward(self, state, action, next_state, rng, params=None):
        return self.xp.asarray(next_state.total, dtype=self.xp.float32)

    def terminal(self, state, rng, params=None):
        return state.count >= params.target
