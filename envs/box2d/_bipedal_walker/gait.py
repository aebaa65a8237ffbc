"""A hand-written gait for BipedalWalker."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["BipedalWalkerHeuristics"]


class BipedalWalkerHeuristics:
    """A hand-written gait that walks the normal track (a demo and a source of demonstrations).

    It cycles through three phases: lift one leg forward while standing on the other, put it
    down, then push off with the back leg and swap legs. PD terms keep the hull level and damp
    vertical bouncing. It has no notion of balance, so it falls now and then.

    Example:
        >>> import gymnasium_core as gym
        >>> env = gym.make("BipedalWalker-v3")
        >>> obs, _ = env.reset(seed=0)
        >>> gait = BipedalWalkerHeuristics()
        >>> obs, reward, terminated, truncated, _ = env.step(gait.step_heuristic(obs))
    """

    STAY_ON_ONE_LEG, PUT_OTHER_DOWN, PUSH_OFF = 1, 2, 3
    SPEED = 0.29  # faster than this and the walker tips forward
    SUPPORT_KNEE_ANGLE = +0.1
    # Class-level starting values, where the reference keeps them; each instance gets its own
    # copies in ``__init__`` (the reference's instances share ``a`` until their first step).
    state = STAY_ON_ONE_LEG
    moving_leg = 0
    supporting_leg = 1 - moving_leg
    supporting_knee_angle = SUPPORT_KNEE_ANGLE
    a = np.array([0.0, 0.0, 0.0, 0.0])

    def __init__(self) -> None:
        self.state = self.STAY_ON_ONE_LEG
        self.moving_leg = 0
        self.supporting_leg = 1
        self.supporting_knee_angle = self.SUPPORT_KNEE_ANGLE
        self.a = np.zeros(4)

    def step_heuristic(self, s: Any) -> np.ndarray:
        """The action for observation ``s``; advances the gait's phase.

        Args:
            s: A ``(24,)`` BipedalWalker observation.

        Returns:
            A ``(4,)`` float64 action in ``[-1, 1]``.
        """
        hip_target, knee_target = self._targets(s)
        hip_todo = [0.0, 0.0]
        knee_todo = [0.0, 0.0]
        for leg in (0, 1):
            base = 4 + 5 * leg  # hip angle, hip speed, knee angle, knee speed, contact
            if hip_target[leg]:
                hip_todo[leg] = 0.9 * (hip_target[leg] - s[base]) - 0.25 * s[base + 1]
            if knee_target[leg]:
                knee_todo[leg] = 4.0 * (knee_target[leg] - s[base + 2]) - 0.25 * s[base + 3]
        for leg in (0, 1):
            hip_todo[leg] -= 0.9 * (0 - s[0]) - 1.5 * s[1]  # keep the hull level
            knee_todo[leg] -= 15.0 * s[3]  # damp vertical oscillations
        raw = np.array([hip_todo[0], knee_todo[0], hip_todo[1], knee_todo[1]], dtype=np.float64)
        self.a = np.clip(0.5 * raw, -1.0, 1.0)
        return self.a

    def _targets(self, s: Any) -> tuple[list[float | None], list[float | None]]:
        """Joint angle targets of the current phase (``None``: leave the joint alone)."""
        hip: list[float | None] = [None, None]
        knee: list[float | None] = [None, None]
        moving, support = self.moving_leg, self.supporting_leg
        moving_base, support_base = 4 + 5 * moving, 4 + 5 * support
        # The phases fall through: a phase that ends hands over within the same call.
        phase = self.state
        if phase == self.STAY_ON_ONE_LEG:
            hip[moving], knee[moving] = 1.1, -0.6
            # Straighten the standing knee gradually, twice as fast when moving quickly.
            for _ in range(2 if s[2] > self.SPEED else 1):
                self.supporting_knee_angle += 0.03
            self.supporting_knee_angle = min(self.supporting_knee_angle, self.SUPPORT_KNEE_ANGLE)
            knee[support] = self.supporting_knee_angle
            if s[support_base] < 0.10:  # the standing leg is now behind the hull
                phase = self.PUT_OTHER_DOWN
        if phase == self.PUT_OTHER_DOWN:
            hip[moving], knee[moving] = +0.1, self.SUPPORT_KNEE_ANGLE
            knee[support] = self.supporting_knee_angle
            if s[moving_base + 4]:  # the swinging foot has landed
                phase = self.PUSH_OFF
                self.supporting_knee_angle = min(s[moving_base + 2], self.SUPPORT_KNEE_ANGLE)
        if phase == self.PUSH_OFF:
            knee[moving], knee[support] = self.supporting_knee_angle, +1.0
            if s[support_base + 2] > 0.88 or s[2] > 1.2 * self.SPEED:
                phase = self.STAY_ON_ONE_LEG
                self.moving_leg, self.supporting_leg = support, moving
        self.state = phase
        return hip, knee
