"""A hand-written LunarLander pilot, and a demo that flies an episode with it."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from gymnasium_core.utils.step_api_compatibility import step_api_compatibility

__all__ = ["demo_heuristic_lander", "heuristic"]


def heuristic(env: Any, s: Any) -> Any:
    """A hand-written pilot: one action for observation ``s``, good enough to land.

    It steers the lander's tilt towards the pad and holds a height that shrinks with the
    horizontal distance; once a leg touches down it only brakes the fall. The arithmetic is
    done on the observation's own element types, so it picks the reference's actions.

    Args:
        env: The environment (possibly wrapped); its ``continuous`` flag picks the action type.
        s: The observation: ``x, y, vx, vy, angle, angular velocity, left leg, right leg``.

    Returns:
        An int in ``[0, 4)``, or a float array ``[main, lateral]`` in ``[-1, 1]`` for the
        continuous env.
    """
    x, y, vx, vy, angle, spin, leg0, leg1 = (s[i] for i in range(8))
    # Lean towards the pad, but never more than 0.4 rad (about 22 degrees).
    target_angle = x * 0.5 + vx * 1.0
    target_angle = min(max(target_angle, -0.4), 0.4)
    target_height = 0.55 * np.abs(x)  # lower when closer to the middle

    turn = (target_angle - angle) * 0.5 - spin * 1.0
    lift = (target_height - y) * 0.5 - vy * 0.5
    if leg0 or leg1:
        # On the ground: stop turning, only slow the fall.
        turn = 0
        lift = -vy * 0.5

    if env.unwrapped.continuous:
        return np.clip(np.array([lift * 20 - 1, -turn * 20]), -1, +1)
    if lift > np.abs(turn) and lift > 0.05:
        return 2
    if turn < -0.05:
        return 3
    if turn > 0.05:
        return 1
    return 0


def demo_heuristic_lander(env: Any, seed: int | None = None, render: bool = False) -> float:
    """Fly one episode with :func:`heuristic`, printing progress, and return its total reward.

    Args:
        env: A LunarLander environment (possibly wrapped).
        seed: Seed for the reset.
        render: Render every step, and close the env at the end.

    Returns:
        The sum of the episode's rewards.
    """
    total = 0.0
    obs, _ = env.reset(seed=seed)
    for steps in itertools.count():
        step = step_api_compatibility(env.step(heuristic(env, obs)), True)
        obs, reward, terminated, truncated = step[0], step[1], step[2], step[3]
        total += float(reward)
        if render and env.render() is False:
            break
        done = bool(terminated or truncated)
        if steps % 20 == 0 or done:
            print("obs " + " ".join(f"{value:+0.2f}" for value in obs))
            print(f"step {steps}: return so far {total:+0.2f}")
        if done:
            break
    if render:
        env.close()
    return total
