"""The MJX tasks' configuration, spaces, registration and batching.

Building a task compiles no JAX program, so the configuration and space tests cover every task
in the default tier; those that step run InvertedPendulum there and the rest when slow.
"""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="the MJX tasks need jax")
pytest.importorskip("mujoco.mjx", reason="the MJX tasks need mujoco.mjx")

import jax.numpy as jnp  # noqa: E402
import mujoco  # noqa: E402
from gymnasium_core.envs.mujoco.mjx import envs as mjx_envs  # noqa: E402
from gymnasium_core.envs.mujoco.mjx.tasks import (  # noqa: E402
    MJX_TASKS,
    MjxInvertedPendulum,
    load_models,
)

import gymnasium_core as gym  # noqa: E402
from gymnasium_core.functional import FunctionalJaxEnv  # noqa: E402
from gymnasium_core.testing import parity  # noqa: E402

NAMES = sorted(MJX_TASKS)
RENDER_ONLY = {"width", "height"}


def _native_defaults(name: str) -> dict[str, Any]:
    module, cls = str(gym.spec(f"{name}-v5").entry_point).split(":")
    signature = inspect.signature(getattr(importlib.import_module(module), cls).__init__)
    return {
        n: p.default
        for n, p in signature.parameters.items()
        if n != "self"
        and p.kind is not inspect.Parameter.VAR_KEYWORD
        and p.kind is not inspect.Parameter.KEYWORD_ONLY
    }


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)
    return bool(a == b)


@pytest.mark.parametrize("name", NAMES)
def test_mjx_task__takes_the_native_v5_arguments_with_their_defaults(name: str) -> None:
    definition = MJX_TASKS[name].definition
    ours = {**definition.options._field_defaults, **definition.params._field_defaults}
    native = _native_defaults(name)
    assert set(ours) == set(native)
    for key, default in native.items():
        assert _same(ours[key], default), f"{name}.{key}: {ours[key]!r} != {default!r}"


@pytest.mark.parametrize("name", NAMES)
def test_mjx_task__spaces_follow_the_native_env(name: str) -> None:
    task = MJX_TASKS[name]()
    native: Any = gym.make(f"{name}-v5")
    assert task.observation_space.shape == native.observation_space.shape
    assert task.observation_space.dtype == np.float32
    assert task.action_space == native.action_space
    assert task.dt == pytest.approx(native.unwrapped.dt)
    assert task.metadata["render_fps"] == native.metadata["render_fps"]
    native.close()


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [
        ("Hopper", {"exclude_current_positions_from_observation": False}),
        ("Swimmer", {"exclude_current_positions_from_observation": False}),
        ("Ant", {"include_cfrc_ext_in_observation": False}),
        ("Ant", {"exclude_current_positions_from_observation": False}),
        (
            "Humanoid",
            {"include_cinert_in_observation": False, "include_cvel_in_observation": False},
        ),
        ("HumanoidStandup", {"include_qfrc_actuator_in_observation": False}),
        ("Humanoid", {"include_cfrc_ext_in_observation": False}),
    ],
)
def test_mjx_task__observation_switches_resize_like_native(
    name: str, kwargs: dict[str, Any]
) -> None:
    task = MJX_TASKS[name](**kwargs)
    native = gym.make(f"{name}-v5", **kwargs)
    assert task.observation_space.shape == native.observation_space.shape
    native.close()


def test_mjx_task__param_overrides_land_in_the_default_params() -> None:
    task = MJX_TASKS["Hopper"](ctrl_cost_weight=0.5, healthy_z_range=(0.5, 3.0), frame_skip=2)
    assert task.default_params.ctrl_cost_weight == 0.5
    assert task.default_params.healthy_z_range == (0.5, 3.0)
    assert task.frame_skip == 2
    assert task.dt == pytest.approx(0.004)


def test_mjx_task__unknown_argument_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'not_an_option'"):
        MjxInvertedPendulum(not_an_option=1)
    with pytest.raises(TypeError):
        gym.make("mjx/Hopper-v5", use_contact_forces=True)  # a v4-only argument


def test_mjx_task__missing_model_file_is_an_os_error() -> None:
    with pytest.raises(OSError, match="does not exist"):
        MjxInvertedPendulum(xml_file="no_such_model.xml")


def test_mjx_task__humanoids_run_newton_in_place_of_pgs() -> None:
    for xml_file in ("humanoid.xml", "humanoidstandup.xml"):
        assert load_models(xml_file)[0].opt.solver == mujoco.mjtSolver.mjSOL_NEWTON
    native_env: Any = gym.make("Humanoid-v5").unwrapped
    native = mujoco.MjModel.from_xml_path(native_env.fullpath)
    assert native.opt.solver == mujoco.mjtSolver.mjSOL_PGS


def test_mjx_task__equal_configurations_compare_equal_for_the_compile_cache() -> None:
    from gymnasium_core.functional.persistent_cache import EnvKey

    assert EnvKey(MjxInvertedPendulum()) == EnvKey(MjxInvertedPendulum())
    assert EnvKey(MjxInvertedPendulum()) != EnvKey(MjxInvertedPendulum(reset_noise_scale=0.5))


def test_mjx_registry__every_mjx_id_is_one_task_v5() -> None:
    mjx_ids = parity.registered_ids(where=lambda spec: spec.namespace == "mjx")
    assert mjx_ids == sorted(f"mjx/{name}-v5" for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_mjx_registry__ids_and_jax_vector_entry_points(name: str) -> None:
    spec = gym.spec(f"mjx/{name}-v5")
    native = gym.spec(f"{name}-v5")
    assert spec.max_episode_steps == native.max_episode_steps
    assert spec.disable_env_checker
    assert native.jax_vector_entry_point == spec.vector_entry_point
    assert gym.spec(f"{name}-v4").jax_vector_entry_point is None
    cls = str(spec.entry_point).split(":")[1]
    assert getattr(mjx_envs, cls).func_env_cls is MJX_TASKS[name]


@pytest.mark.timeout(900)  # two MJX compiles: 75 s at jax 0.5.0 on a busy 2-core machine
def test_mjx_make_vec__jax_mode_batches_with_per_env_params() -> None:
    params = MjxInvertedPendulum().get_default_params(
        reset_noise_scale=jnp.array([0.0, 0.01, 0.05])
    )
    env = gym.make_vec("InvertedPendulum-v5", 3, vectorization_mode="jax", params=params)
    assert isinstance(env, mjx_envs.InvertedPendulumMjxVectorEnv)
    assert env.spec is not None and env.spec.max_episode_steps == 1000
    obs, _ = env.reset(seed=1)
    assert obs.shape == (3, 4) and obs.dtype == jnp.float32
    spread = np.abs(np.asarray(obs)).max(axis=1)
    assert spread[0] == 0.0  # no noise: the model's default state
    assert 0.0 < spread[1] <= 0.01 < spread[2] <= 0.05
    obs, reward, _, _, info = env.step(np.zeros((3, 1), np.float32))
    assert obs.shape == (3, 4) and reward.shape == (3,) and "reward_survive" in info
    # a NaN action warns as native MuJoCo does (for numpy and JAX actions alike)
    bad = np.zeros((3, 1), np.float32)
    bad[1] = np.nan
    with pytest.warns(RuntimeWarning, match="NaN or infinite"):
        _, _, terminated, _, _ = env.step(bad)
    assert bool(terminated[1])
    with pytest.warns(RuntimeWarning, match="NaN or infinite"):
        env.step(jnp.asarray(bad))
    env.close()


_MAKE_PROBE = """
import sys
import jax
import numpy as np
jax.random.PRNGKey(np.uint32(1))  # the adapter seeds its key so: compiled before counting
compiles = []
jax.monitoring.register_event_duration_secs_listener(
    lambda name, *args, **kwargs: compiles.append(name)
    if name == "/jax/core/compile/backend_compile_duration" else None
)
import gymnasium_core
env = gymnasium_core.make("mjx/Ant-v5")
print("compiles", len(compiles), "mjx", "mujoco.mjx" in sys.modules)
from gymnasium_core.envs.mujoco.mjx.tasks import mjx_module
mjx_module()  # what the first reset imports
print("mjx", "mujoco.mjx" in sys.modules)
"""


def test_mjx_make__compiles_nothing_and_prints_no_warp_notice() -> None:
    # a fresh process: the compile count, the import and its printed lines are first-time ones
    result = subprocess.run(
        [sys.executable, "-c", _MAKE_PROBE],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # make builds the task and the adapter: no XLA compile, and MJX not even imported yet
    assert "compiles 0 mjx False" in lines, result.stdout
    assert lines[-1] == "mjx True", result.stdout
    assert "warp" not in (result.stdout + result.stderr).lower()


def test_mjx_task__initial_and_step_vmap_over_a_params_batch() -> None:
    task = MjxInvertedPendulum()
    params = task.get_default_params(reset_noise_scale=jnp.linspace(0.0, 0.1, 8))
    keys = jax.random.split(jax.random.PRNGKey(0), 8)

    def first_obs(key: Any, p: Any) -> Any:
        state = task.initial(key, p)
        next_state = task.transition(state, jnp.zeros(1), key, p)
        return task.observation(state, key, p), task.observation(next_state, key, p)

    obs, next_obs = jax.jit(jax.vmap(first_obs))(keys, params)
    assert obs.shape == next_obs.shape == (8, 4)
    widths = np.abs(np.asarray(obs)).max(axis=1)
    assert widths[0] == 0.0 and np.all(widths[1:] <= np.linspace(0.0, 0.1, 8)[1:] + 1e-7)


def test_mjx_render__frame_equals_the_native_frame_of_the_same_state() -> None:
    native: Any = gym.make("InvertedPendulum-v5", render_mode="rgb_array", width=64, height=48)
    native.reset(seed=0)
    task = MjxInvertedPendulum(width=64, height=48)
    data = native.unwrapped.data
    state = jax.jit(task.make_state)(jnp.asarray(data.qpos), jnp.asarray(data.qvel))
    render_state = task.render_init()
    try:
        _, frame = task.render_image(state, render_state)
    finally:
        task.render_close(render_state)
    expected = native.render()
    native.close()
    assert frame.shape == (48, 64, 3) and frame.dtype == np.uint8
    # float32 positions can move an edge by a pixel
    assert np.mean(frame != expected) < 0.01


@pytest.mark.slow
@pytest.mark.timeout(1800)  # an MJX compile per task: over 300 s in all on a busy 2-core machine
def test_mjx_env__runs_every_task_through_the_single_env_adapter() -> None:
    for name in NAMES:
        env = FunctionalJaxEnv(MJX_TASKS[name]())
        obs, _ = env.reset(seed=0)
        assert obs.shape == env.observation_space.shape
        env.action_space.seed(0)
        for _ in range(5):
            obs, reward, _, _, _ = env.step(env.action_space.sample())
            assert np.all(np.isfinite(np.asarray(obs))) and np.isfinite(reward)
        env.close()


@pytest.mark.slow
def test_mjx_reset__distributions_respect_the_native_constraints() -> None:
    reacher, pusher = MJX_TASKS["Reacher"](), MJX_TASKS["Pusher"]()
    keys = jax.random.split(jax.random.PRNGKey(0), 64)
    goals = jax.jit(jax.vmap(lambda k: reacher.initial(k).qpos[-2:]))(keys)
    assert np.all(np.linalg.norm(np.asarray(goals), axis=1) < 0.2)
    objects = jax.jit(jax.vmap(lambda k: pusher.initial(k).qpos[-4:-2]))(keys)
    assert np.all(np.linalg.norm(np.asarray(objects), axis=1) > 0.17)
    assert np.all(np.asarray(objects)[:, 0] <= 0.0)
