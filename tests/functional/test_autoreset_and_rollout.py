"""Autoreset modes agree across the numpy-batched, JAX and sync vector envs; the scan rollout."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from functional_test_envs import Count, CountParams, Walk

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from gymnasium_core.functional import (  # noqa: E402
    FunctionalJaxVectorEnv,
    FunctionalNumpyEnv,
    FunctionalNumpyVectorEnv,
    rollout,
)
from gymnasium_core.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

TARGETS = [1, 2, 3, 5]  # per sub-env episode lengths; max_episode_steps=4 truncates the last
LIMIT = 4
ACTIONS = np.random.default_rng(1).integers(0, 3, size=(14, 4))


def _sync(mode):
    from gymnasium_core.wrappers import TimeLimit

    def make(target):
        return lambda: TimeLimit(
            FunctionalNumpyEnv(Count(), params=CountParams(target=target)), LIMIT
        )

    return SyncVectorEnv([make(t) for t in TARGETS], autoreset_mode=mode)


def _run(env, mode):
    env.reset(seed=0)
    out = []
    for a in ACTIONS:
        obs, reward, term, trunc, info = env.step(a)
        row = {
            "obs": np.asarray(obs),
            "reward": np.asarray(reward, dtype=np.float64),
            "term": np.asarray(term),
            "trunc": np.asarray(trunc),
        }
        if mode is AutoresetMode.SAME_STEP:
            done = np.asarray(info.get("_final_obs", np.zeros(4, bool)))
            final = info.get("final_obs")
            row["final"] = [np.asarray(final[i]) for i in np.flatnonzero(done)]
        out.append(row)
        if mode is AutoresetMode.DISABLED:
            done = np.asarray(term) | np.asarray(trunc)
            if done.any():
                env.reset(options={"reset_mask": done})
    return out


@pytest.mark.parametrize("mode", list(AutoresetMode), ids=lambda m: m.value)
def test_autoreset__numpy_jax_and_sync_agree(mode):
    params = CountParams(target=np.array(TARGETS, dtype=np.int32))
    runs = [
        _run(_sync(mode), mode),
        _run(
            FunctionalNumpyVectorEnv(
                Count(), 4, params=params, max_episode_steps=LIMIT, autoreset_mode=mode
            ),
            mode,
        ),
        _run(FunctionalJaxVectorEnv(Count(), 4, LIMIT, params=params, autoreset_mode=mode), mode),
    ]
    for other in runs[1:]:
        for t, (a, b) in enumerate(zip(runs[0], other)):
            for key in a:
                if key == "final":
                    assert len(a[key]) == len(b[key]), t
                    for x, y in zip(a[key], b[key]):
                        np.testing.assert_array_equal(x, y)
                else:
                    np.testing.assert_array_equal(a[key], b[key], err_msg=f"{key} at step {t}")


def _policy(obs, key):
    return jax.random.randint(key, (obs.shape[0],), 0, 2)


def test_rollout__shapes_boundaries_and_params_check():
    traj = jax.jit(lambda k: rollout(Walk(), _policy, k, 30, 8, max_episode_steps=10))(
        jax.random.PRNGKey(0)
    )
    assert traj.observation.shape == (30, 8, 2) and traj.reward.shape == (30, 8)
    # every sub-env is truncated at steps 10, 20, 30 unless it terminated first
    assert np.all(np.asarray(traj.terminated | traj.truncated)[9])
    with pytest.raises(ValueError, match="num_envs=8"):
        rollout(
            Walk(),
            _policy,
            jax.random.PRNGKey(0),
            5,
            8,
            params=Walk().get_default_params(dt=jnp.ones(3)),
        )


def test_rollout__equals_stepping_the_vector_env():
    """Same keys, same semantics: the scan and the Python loop give the same numbers."""
    count = Count()
    params = CountParams(target=jnp.array([2, 3, 4]))
    traj = rollout(
        count,
        lambda o, k: jnp.ones(3, jnp.int32),
        jax.random.PRNGKey(3),
        9,
        3,
        params=params,
        max_episode_steps=0,
    )
    env = FunctionalJaxVectorEnv(count, 3, params=params, autoreset_mode="SameStep")
    env.rng = jax.random.split(jax.random.PRNGKey(3))[0]
    obs, _ = env.reset()
    for t in range(9):
        np.testing.assert_array_equal(traj.observation[t], obs)
        obs, reward, _, _, info = env.step(np.ones(3, np.int32))
        np.testing.assert_array_equal(traj.reward[t], reward)
        np.testing.assert_array_equal(traj.next_observation[t], info["final_obs"])


SHARDED = textwrap.dedent(
    """
    import jax, numpy as np, sys
    sys.path.insert(0, {here!r})
    from functional_test_envs import Walk, WalkParams
    from gymnasium_core.functional import FunctionalJaxVectorEnv
    assert len(jax.devices()) == 4
    params = WalkParams(dt=np.linspace(0.05, 0.2, 8))
    runs = []
    for devices in (None, jax.devices()):
        env = FunctionalJaxVectorEnv(Walk(), 8, 6, params=params, devices=devices)
        obs, _ = env.reset(seed=1)
        out = [np.asarray(obs)]
        for t in range(12):
            obs, r, term, trunc, _ = env.step(np.full(8, t % 2, dtype=np.int32))
            out += [np.asarray(obs), np.asarray(r), np.asarray(term), np.asarray(trunc)]
        if devices is not None:
            assert len(obs.sharding.device_set) == 4, obs.sharding
        runs.append(out)
    for a, b in zip(*runs):
        np.testing.assert_allclose(a, b, rtol=1e-6)

    # A registered id: sharded and unsharded agree to float32 rounding, not bit for bit (XLA
    # compiles the partitioned program on its own); the docs state the bound checked here.
    import pickle, copy, warnings
    warnings.simplefilter("ignore")
    import gymnasium_core as gym
    plain = gym.make_vec("phys2d/CartPole-v1", 8, vectorization_mode="jax")
    split = gym.make_vec("phys2d/CartPole-v1", 8, vectorization_mode="jax", devices=jax.devices())
    actions = np.random.default_rng(0).integers(0, 2, size=(20, 8)).astype(np.int32)
    for env in (plain, split):
        env.reset(seed=0)
    for t in range(20):
        a, b = plain.step(actions[t]), split.step(actions[t])
        np.testing.assert_allclose(np.asarray(a[0]), np.asarray(b[0]), rtol=1e-5, atol=1e-6)
        for x, y in zip(a[1:4], b[1:4]):
            np.testing.assert_array_equal(np.asarray(x), np.asarray(y))
    # The sharded env copies and pickles; a deep copy stays sharded, an unpickled one is not.
    twin = copy.deepcopy(split)
    assert twin.mesh is split.mesh and twin.spec == split.spec
    loaded = pickle.loads(pickle.dumps(split))
    assert loaded.mesh is None and "devices" not in loaded.spec.kwargs
    first, second, third = (e.step(actions[0]) for e in (split, twin, loaded))
    np.testing.assert_array_equal(np.asarray(first[0]), np.asarray(second[0]))
    np.testing.assert_allclose(np.asarray(first[0]), np.asarray(third[0]), rtol=1e-5, atol=1e-6)
    assert len(second[0].sharding.device_set) == 4
    try:
        gym.make_vec("phys2d/CartPole-v1", 6, vectorization_mode="jax", devices=jax.devices())
    except ValueError as exc:
        assert "split evenly" in str(exc)
    else:
        raise AssertionError("6 sub-envs over 4 devices must raise")
    print("OK")
    """
)


def test_sharding__four_cpu_devices_equal_unsharded():
    env = dict(
        os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=4", JAX_PLATFORMS="cpu"
    )
    code = SHARDED.format(here=os.path.dirname(__file__))
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0 and "OK" in result.stdout, result.stderr[-3000:]


def test_sharding__a_device_named_twice_is_a_value_error():
    with pytest.raises(ValueError, match="twice"):
        FunctionalJaxVectorEnv(Walk(), 3, devices=jax.devices() * 2)
