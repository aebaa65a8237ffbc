"""Checking that two environments produce the same trajectories."""

from __future__ import annotations

from typing import Any

import numpy as np

from gymnasium_core.core import Env
from gymnasium_core.utils.env_checker import data_equivalence

__all__ = ["check_environments_match"]

_INFO_MODES = ("equivalence", "superset", "skip", "keys-equivalence", "keys-superset")


def _compare_infos(info_a: dict[str, Any], info_b: dict[str, Any], mode: str, when: str) -> None:
    if mode == "equivalence":
        assert data_equivalence(info_a, info_b), (
            f"{when}: the infos differ, info_a = {info_a}, info_b = {info_b}"
        )
    elif mode == "superset":
        for key, value in info_a.items():
            assert key in info_b and data_equivalence(value, info_b[key]), (
                f"{when}: info_b is not a superset of info_a at key {key!r}: info_a has "
                f"{value}, info_b has {info_b.get(key, '<missing>')}"
            )
    elif mode == "keys-equivalence":
        assert info_a.keys() == info_b.keys(), (
            f"{when}: the info keys differ, info_a has {sorted(info_a)}, "
            f"info_b has {sorted(info_b)}"
        )
    elif mode == "keys-superset":
        assert info_b.keys() >= info_a.keys(), (
            f"{when}: info_b lacks the info keys {sorted(info_a.keys() - info_b.keys())}"
        )


def _compare_resets(
    env_a: Env[Any, Any],
    env_b: Env[Any, Any],
    seed: int,
    skip_obs: bool,
    info_comparison: str,
    when: str,
) -> None:
    obs_a, info_a = env_a.reset(seed=seed)
    obs_b, info_b = env_b.reset(seed=seed)
    assert skip_obs or data_equivalence(obs_a, obs_b), (
        f"{when}: the reset observations differ, observation_a = {obs_a}, observation_b = {obs_b}"
    )
    _compare_infos(info_a, info_b, info_comparison, when)


def _compare_renders(env_a: Env[Any, Any], env_b: Env[Any, Any], when: str) -> None:
    assert np.all(env_a.render() == env_b.render()), f"{when}: the renders differ"


def check_environments_match(
    env_a: Env[Any, Any],
    env_b: Env[Any, Any],
    num_steps: int,
    seed: int = 0,
    skip_obs: bool = False,
    skip_rew: bool = False,
    skip_terminal: bool = False,
    skip_truncated: bool = False,
    skip_render: bool = False,
    info_comparison: str = "equivalence",
) -> None:
    """Assert that two environments give the same trajectory for the same seed and actions.

    Both are reset with ``seed``; actions are sampled from ``env_a.action_space`` seeded with
    ``seed``; after an episode ends both are reset with ``seed`` again.

    Args:
        env_a: The first environment.
        env_b: The second environment.
        num_steps: Steps to compare; ``0`` compares the reset only.
        seed: Seed of the resets and of the action sampling.
        skip_obs: Do not compare observation spaces or observations.
        skip_rew: Do not compare rewards.
        skip_terminal: Do not compare ``terminated``.
        skip_truncated: Do not compare ``truncated``.
        skip_render: Do not compare renders (always skipped when either environment's render
            mode is ``None`` or ``"human"``).
        info_comparison: ``"equivalence"`` (equal infos), ``"superset"`` (``info_b`` holds
            every item of ``info_a``), ``"keys-equivalence"``, ``"keys-superset"`` or ``"skip"``.

    Raises:
        AssertionError: At the first difference.
    """
    assert info_comparison in _INFO_MODES, (
        f"info_comparison must be one of {_INFO_MODES}, got {info_comparison!r}"
    )
    skip_render = (
        skip_render
        or env_a.unwrapped.render_mode in (None, "human")
        or env_b.unwrapped.render_mode in (None, "human")
    )
    assert env_a.action_space == env_b.action_space, "The action spaces differ."
    assert skip_obs or env_a.observation_space == env_b.observation_space, (
        "The observation spaces differ."
    )

    env_a.action_space.seed(seed)
    _compare_resets(env_a, env_b, seed, skip_obs, info_comparison, "reset")
    if not skip_render:
        _compare_renders(env_a, env_b, "reset")

    for step in range(num_steps):
        when = f"step {step}"
        action = env_a.action_space.sample()
        obs_a, rew_a, term_a, trunc_a, info_a = env_a.step(action)
        obs_b, rew_b, term_b, trunc_b, info_b = env_b.step(action)
        assert skip_obs or data_equivalence(obs_a, obs_b), (
            f"{when}: the observations differ, observation_a = {obs_a}, observation_b = {obs_b}"
        )
        assert skip_rew or data_equivalence(rew_a, rew_b), (
            f"{when}: the rewards differ, reward_a = {rew_a}, reward_b = {rew_b}"
        )
        assert skip_terminal or term_a == term_b, (
            f"{when}: terminated differs, terminal_a = {term_a}, terminal_b = {term_b}"
        )
        assert skip_truncated or trunc_a == trunc_b, (
            f"{when}: truncated differs, truncated_a = {trunc_a}, truncated_b = {trunc_b}"
        )
        _compare_infos(info_a, info_b, info_comparison, when)
        if not skip_render:
            _compare_renders(env_a, env_b, when)
        if term_a or trunc_a or term_b or trunc_b:
            _compare_resets(env_a, env_b, seed, skip_obs, info_comparison, f"reset after {when}")
            if not skip_render:
                _compare_renders(env_a, env_b, f"reset after {when}")
