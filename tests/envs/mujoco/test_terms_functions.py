"""The locomotion task functions are namespace-generic: numpy and jax.numpy agree on them.

The stateful environments call them with numpy (and are exact against the reference, see
``test_parity.py``); here the same functions run on jax.numpy arrays (float32 by
default, hence the tolerance) and under ``jit``, as a second physics backend would use them.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
import pytest
from gymnasium_core.envs.mujoco import _terms as terms
from gymnasium_core.envs.mujoco.ant_v5 import ant_is_healthy
from gymnasium_core.envs.mujoco.hopper_v5 import hopper_is_healthy
from gymnasium_core.envs.mujoco.humanoid_v5 import (
    body_state_parts,
    body_state_sizes,
    included_parts,
)
from gymnasium_core.envs.mujoco.humanoidstandup_v5 import standup_reward_terms
from gymnasium_core.envs.mujoco.walker2d_v5 import walker_is_healthy

jax = pytest.importorskip("jax", reason="the functions are checked on jax.numpy")
jnp = jax.numpy


def _both(fn: Any, *arrays: np.ndarray, **kwargs: Any) -> tuple[Any, Any]:
    """``fn`` on numpy arrays and, jitted, on the same values as jax arrays."""
    expected = fn(*arrays, xp=np, **kwargs)
    jitted = jax.jit(lambda *xs: fn(*xs, xp=jnp, **kwargs))
    return expected, jitted(*(jnp.asarray(a) for a in arrays))


def _close(expected: Any, got: Any) -> None:
    np.testing.assert_allclose(np.asarray(got), np.asarray(expected), rtol=1e-5, atol=1e-6)


def _observe(qpos: Any, qvel: Any, extra: Any, xp: Any, skipped: int, limit: float | None) -> Any:
    return terms.state_observation(qpos, qvel, skipped, (extra,), limit, xp=xp)


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(123)


def test_functions__costs_and_clipping_agree(rng: np.random.Generator) -> None:
    action = rng.uniform(-1, 1, 8).astype(np.float32)
    _close(*_both(terms.control_cost, action, weight=0.5))
    cfrc_ext = rng.normal(0, 3, (14, 6))
    _close(*_both(terms.clipped_contact_forces, cfrc_ext, force_range=(-1.0, 1.0)))
    _close(*_both(terms.squared_sum_cost, cfrc_ext, weight=5e-4))


def test_functions__mass_center_and_observation_agree(rng: np.random.Generator) -> None:
    body_mass = rng.uniform(0.5, 3.0, 14)
    xipos = rng.normal(0, 1, (14, 3))
    _close(*_both(terms.mass_center_xy, body_mass, xipos))
    qpos, qvel, extra = rng.normal(0, 20, 9), rng.normal(0, 20, 9), rng.normal(0, 1, 12)
    for skipped, limit in ((1, 10.0), (2, None), (0, None)):
        expected, got = _both(
            partial(_observe, skipped=skipped, limit=limit),
            qpos,
            qvel,
            extra,
        )
        assert got.shape == expected.shape
        _close(expected, got)


def test_functions__health_checks_agree(rng: np.random.Generator) -> None:
    for _ in range(20):
        qpos = rng.normal([0, 1.25, 0, 0, 0, 0], [1, 0.5, 0.3, 1, 1, 1])
        qvel = rng.normal(0, 60, 6)
        ranges = {"state_range": (-100.0, 100.0), "z_range": (0.7, np.inf)}
        expected, got = _both(hopper_is_healthy, qpos, qvel, angle_range=(-0.2, 0.2), **ranges)
        assert bool(got) == bool(expected)
        assert bool(walker_is_healthy(jnp.asarray(qpos), (0.8, 2.0), (-1.0, 1.0))) == bool(
            walker_is_healthy(qpos, (0.8, 2.0), (-1.0, 1.0))
        )
        ant_qpos = rng.normal(0.5, 0.4, 15)
        expected, got = _both(ant_is_healthy, ant_qpos, qvel, z_range=(0.2, 1.0))
        assert bool(got) == bool(expected)


def test_functions__survival_and_termination_follow_versions() -> None:
    assert terms.healthy_reward(np.True_, 5.0, pay_when_unhealthy=False) == 5.0
    assert terms.healthy_reward(np.False_, 5.0, pay_when_unhealthy=False) == 0.0
    assert terms.healthy_reward(np.False_, 5.0, pay_when_unhealthy=True) == 5.0
    assert terms.healthy_reward(jnp.bool_(False), 5.0, pay_when_unhealthy=False) == 0.0
    for is_healthy, terminate_when_unhealthy, expected in [
        (False, True, True),
        (False, False, False),
        (True, True, False),
        (True, False, False),
    ]:
        assert bool(terms.terminated(np.bool_(is_healthy), terminate_when_unhealthy)) is expected
        traced = jax.jit(partial(terms.terminated, xp=jnp), static_argnums=1)
        done = traced(jnp.bool_(is_healthy), terminate_when_unhealthy)
        assert done.dtype == jnp.bool_
        assert bool(done) is expected


def test_functions__humanoid_observation_sizes_match_the_parts(rng: np.random.Generator) -> None:
    cinert, cvel = rng.normal(0, 1, (14, 10)), rng.normal(0, 1, (14, 6))
    qfrc, cfrc_ext = rng.normal(0, 1, 23), rng.normal(0, 30, (14, 6))
    included = included_parts(cinert=True, cvel=False, qfrc_actuator=True, cfrc_ext=True)
    assert included == {"cinert": True, "cvel": False, "qfrc_actuator": True, "cfrc_ext": True}
    for full in (True, False):
        sizes = body_state_sizes(14, 23, full)
        parts = body_state_parts(cinert, cvel, qfrc, cfrc_ext, dict.fromkeys(sizes, True), full)
        assert [p.size for p in parts] == list(sizes.values())


def test_functions__humanoid_parts_and_standup_reward_agree(rng: np.random.Generator) -> None:
    cinert, cvel = rng.normal(0, 1, (14, 10)), rng.normal(0, 1, (14, 6))
    qfrc, cfrc_ext = rng.normal(0, 1, 23), rng.normal(0, 30, (14, 6))
    included = {"cinert": True, "cvel": False, "qfrc_actuator": True, "cfrc_ext": True}
    for full in (True, False):
        parts = body_state_parts(cinert, cvel, qfrc, cfrc_ext, included, full)
        jax_parts = body_state_parts(
            *(jnp.asarray(a) for a in (cinert, cvel, qfrc, cfrc_ext)), included, full, xp=jnp
        )
        sizes = [130, 17, 78] if not full else [140, 23, 84]
        assert [p.size for p in parts] == sizes
        for expected, got in zip(parts, jax_parts, strict=True):
            _close(expected, got)
    ctrl = rng.uniform(-0.4, 0.4, 17)
    expected, got = _both(
        lambda c, f, xp: standup_reward_terms(0.3, 0.003, c, f, 0.1, 5e-7, (-np.inf, 10.0), xp=xp),
        ctrl,
        cfrc_ext,
    )
    for a, b in zip(expected, got, strict=True):
        _close(a, b)
