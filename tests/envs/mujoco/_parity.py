"""Parity helpers for the MuJoCo tests: run ours and the reference side by side.

Every MuJoCo id is compared through these helpers: equal results, bit for bit and with the
same Python and numpy types, for the same kwargs, seed and actions.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import gymnasium_core

gymnasium = pytest.importorskip("gymnasium", reason="the reference gymnasium is the oracle")
mujoco = pytest.importorskip("mujoco", reason="MuJoCo environments need mujoco")

REFERENCE_ASSETS = os.path.join(os.path.dirname(gymnasium.__file__), "envs", "mujoco", "assets")
OUR_ASSETS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "envs", "mujoco", "assets")

TASKS = (
    "Ant",
    "HalfCheetah",
    "Hopper",
    "Humanoid",
    "HumanoidStandup",
    "InvertedDoublePendulum",
    "InvertedPendulum",
    "Pusher",
    "Reacher",
    "Swimmer",
    "Walker2d",
)
IDS = [f"{task}-{version}" for task in TASKS for version in ("v4", "v5")]


@contextlib.contextmanager
def reference_allows_pusher_v4() -> Iterator[None]:
    """Let the reference build ``Pusher-v4`` on mujoco>=3, which it refuses by version alone."""
    saved = mujoco.__version__
    mujoco.__version__ = "2.3.7"
    try:
        yield
    finally:
        mujoco.__version__ = saved


def make_reference(env_id: str, **kwargs: Any) -> Any:
    """The reference's environment, its own warnings (v4 deprecation notes) silenced."""
    context = reference_allows_pusher_v4() if env_id == "Pusher-v4" else contextlib.nullcontext()
    with context, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gymnasium.make(env_id, **kwargs)


def make_pair(env_id: str, **kwargs: Any) -> tuple[Any, Any]:
    """``(ours, reference)`` made with the same id and kwargs (our warnings stay errors)."""
    return gymnasium_core.make(env_id, **kwargs), make_reference(env_id, **kwargs)


def reference_error(env_id: str, **kwargs: Any) -> type[BaseException]:
    """The exception type the reference raises when made with ``kwargs``."""
    try:
        make_reference(env_id, **kwargs).close()
    except Exception as error:  # the reference's exception type is the oracle
        return type(error)
    raise AssertionError(f"the reference accepted {kwargs} for {env_id}")


def assert_same(ours: Any, ref: Any, where: str = "") -> None:
    """Exact equality of nested results: values, key order, Python and numpy types."""
    if isinstance(ref, dict):
        assert list(ours) == list(ref), f"{where}: keys {list(ours)} != {list(ref)}"
        for key in ref:
            assert_same(ours[key], ref[key], f"{where}[{key}]")
    elif isinstance(ref, (tuple, list)):
        assert len(ours) == len(ref), where
        for index, (a, b) in enumerate(zip(ours, ref)):
            assert_same(a, b, f"{where}[{index}]")
    else:
        assert type(ours) is type(ref), f"{where}: {type(ours)} is not {type(ref)}"
        if isinstance(ref, np.ndarray):
            assert ours.dtype == ref.dtype and ours.shape == ref.shape, where
        np.testing.assert_array_equal(ours, ref, err_msg=where)


def assert_rollouts_equal(env_id: str, seed: int, num_steps: int = 300, **kwargs: Any) -> None:
    """Same seed and actions: every reset and step result equal, resets after episode ends."""
    ours, ref = make_pair(env_id, **kwargs)
    try:
        rng = np.random.default_rng(seed)
        space = ref.action_space
        assert_same(ours.reset(seed=seed), ref.reset(seed=seed), f"{env_id} reset")
        for step in range(num_steps):
            action = rng.uniform(space.low, space.high).astype(np.float32)
            expected = ref.step(action)
            assert_same(ours.step(action), expected, f"{env_id} seed {seed} step {step}")
            if expected[2] or expected[3]:
                assert_same(ours.reset(), ref.reset(), f"{env_id} reset at step {step}")
    finally:
        ours.close()
        ref.close()


def assert_injected_steps_equal(env_id: str, seed: int, num_states: int = 20) -> None:
    """From the same injected ``qpos`` / ``qvel``, one step gives the same results."""
    ours, ref = make_pair(env_id)
    rng = np.random.default_rng(seed)
    try:
        ours.reset(seed=seed)
        ref.reset(seed=seed)
        model = ref.unwrapped.model
        for index in range(num_states):
            qpos = ref.unwrapped.init_qpos + rng.uniform(-0.3, 0.3, model.nq)
            qvel = rng.normal(0.0, 1.0, model.nv)
            ours.unwrapped.set_state(qpos, qvel)
            ref.unwrapped.set_state(qpos, qvel)
            action = rng.uniform(-1, 1, model.nu).astype(np.float32)
            assert_same(
                ours.unwrapped.step(action), ref.unwrapped.step(action), f"{env_id} state {index}"
            )
    finally:
        ours.close()
        ref.close()


def assert_interface_equal(env_id: str) -> None:
    """Equal spaces, metadata, timing, class name, observation structure and spec fields."""
    ours, ref = make_pair(env_id)
    try:
        for name in ("observation_space", "action_space"):
            a, b = getattr(ours, name), getattr(ref, name)
            assert (a.shape, a.dtype) == (b.shape, b.dtype), name
            np.testing.assert_array_equal(a.low, b.low)
            np.testing.assert_array_equal(a.high, b.high)
        assert ours.metadata == ref.metadata
        assert ours.unwrapped.metadata == ref.unwrapped.metadata
        assert type(ours.unwrapped).metadata == type(ref.unwrapped).metadata
        assert ours.unwrapped.frame_skip == ref.unwrapped.frame_skip
        assert ours.unwrapped.dt == ref.unwrapped.dt
        assert type(ours.unwrapped).__name__ == type(ref.unwrapped).__name__
        structure = getattr(ref.unwrapped, "observation_structure", None)
        assert getattr(ours.unwrapped, "observation_structure", None) == structure
        for field in (
            "id",
            "max_episode_steps",
            "reward_threshold",
            "nondeterministic",
            "order_enforce",
            "disable_env_checker",
        ):
            assert getattr(ours.spec, field) == getattr(ref.spec, field), field
    finally:
        ours.close()
        ref.close()
