"""A MuJoCo task's terms are written once, in its definition, and every shell runs them.

The native single env, the threaded batched env and the MJX task all evaluate the definition's
term functions (observation, step info with the reward terms, health), so a term changed in the
definition changes all three. The methods the reference's users override (``_get_rew``,
``_get_obs``, ``healthy_reward``, ``is_healthy``, ``control_cost``, ``contact_cost``) stay hooks:
a subclass that overrides one changes the step exactly as the same subclass of the reference
changes the reference's step.
"""

from __future__ import annotations

import contextlib
import importlib
import types
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core.testing.compare import assert_same
from tests.envs.mujoco._reference import REFERENCE

from gymnasium_core.envs.mujoco.vector import vector_env_class  # isort: skip

pytestmark = pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")


@contextlib.contextmanager
def shifted_hopper_observation() -> Iterator[list[Any]]:
    """The hopper definition's observation term shifted by 1000; yields the ``xp`` of each call."""
    from gymnasium_core.envs.mujoco.hopper_v5 import HOPPER

    original = HOPPER.observation
    calls: list[Any] = []

    def shifted(task: Any, data: Any, params: Any, xp: Any) -> Any:
        calls.append(xp)
        return original(task, data, params, xp) + 1000.0

    object.__setattr__(HOPPER, "observation", shifted)  # the definition is a frozen record
    try:
        yield calls
    finally:
        object.__setattr__(HOPPER, "observation", original)


def _first_observations(num_envs: int = 0) -> Any:
    """Sub-env 0's observation after one step, from a single env or a batched one."""
    action = np.full(3, 0.3, dtype=np.float32)
    if num_envs == 0:
        env = gymnasium_core.make("Hopper-v5")
        env.reset(seed=1)
        observation = env.step(action)[0]
    else:
        env = gymnasium_core.make_vec(
            "Hopper-v5", num_envs, vectorization_mode="vector_entry_point"
        )
        assert env.unwrapped._batched
        env.reset(seed=1)
        observation = env.step(np.tile(action, (num_envs, 1)))[0][0]
    env.close()
    return observation


def test_terms__a_changed_definition_term_reaches_the_native_and_batched_envs() -> None:
    plain = _first_observations()
    with shifted_hopper_observation() as calls:
        single = _first_observations()
        batched = _first_observations(num_envs=3)
    assert calls and all(xp is np for xp in calls)
    np.testing.assert_array_equal(single, plain + 1000.0)
    np.testing.assert_array_equal(batched, single)


def test_terms__a_changed_definition_term_reaches_the_mjx_task() -> None:
    pytest.importorskip("mujoco.mjx", reason="the MJX tasks need mujoco.mjx")
    import jax.numpy as jnp
    from gymnasium_core.envs.mujoco.mjx.tasks import MjxHopper

    task = MjxHopper()  # builds no MJX data: the state below is read by field name
    qpos, qvel = np.linspace(0.0, 0.5, 6), np.linspace(-20.0, 20.0, 6)
    state = types.SimpleNamespace(qpos=jnp.asarray(qpos), qvel=jnp.asarray(qvel))
    with shifted_hopper_observation() as calls:
        observation = task.observation(state, None)
    assert calls == [jnp]
    expected = np.concatenate([qpos[1:], np.clip(qvel, -10, 10)])
    np.testing.assert_allclose(np.asarray(observation), expected + 1000.0, rtol=1e-6)


@contextlib.contextmanager
def bonus_in_hopper_step_info() -> Iterator[None]:
    """The hopper definition's step info with 5 more forward reward."""
    from gymnasium_core.envs.mujoco.hopper_v5 import HOPPER

    original = HOPPER.step_info

    def with_bonus(*args: Any) -> Any:
        info = original(*args)
        return {**info, "reward_forward": info["reward_forward"] + 5.0}

    object.__setattr__(HOPPER, "step_info", with_bonus)
    try:
        yield
    finally:
        object.__setattr__(HOPPER, "step_info", original)


def _first_rewards(num_envs: int) -> Any:
    action = np.full(3, 0.3, dtype=np.float32)
    single = gymnasium_core.make("Hopper-v5")
    single.reset(seed=1)
    vector = gymnasium_core.make_vec("Hopper-v5", num_envs, vectorization_mode="vector_entry_point")
    vector.reset(seed=1)
    rewards = (single.step(action)[1], vector.step(np.tile(action, (num_envs, 1)))[1][0])
    single.close()
    vector.close()
    return rewards


def test_terms__a_changed_reward_term_reaches_every_shell() -> None:
    pytest.importorskip("mujoco.mjx", reason="the MJX tasks need mujoco.mjx")
    import jax.numpy as jnp
    from gymnasium_core.envs.mujoco.mjx.tasks import MjxHopper

    task = MjxHopper()
    state = types.SimpleNamespace(qpos=jnp.asarray(task.init_qpos), qvel=jnp.zeros(6))
    action = jnp.full(3, 0.3)
    plain = (*_first_rewards(2), float(task.reward(state, action, state, None)))
    with bonus_in_hopper_step_info():
        shifted = (*_first_rewards(2), float(task.reward(state, action, state, None)))
    np.testing.assert_allclose(np.subtract(shifted, plain), 5.0, rtol=1e-6)


def test_terms__the_batched_env_evaluates_the_terms_once_per_batch() -> None:
    env = gymnasium_core.make_vec("Hopper-v5", 4, vectorization_mode="vector_entry_point")
    env.reset(seed=0)
    with shifted_hopper_observation() as calls:
        env.step(np.zeros((4, 3), dtype=np.float32))
    assert len(calls) == 1
    env.close()


# -- subclasses overriding the reference's hooks ------------------------------------------------


class ShapedReward:
    def _get_rew(self, x_velocity: Any, action: Any) -> Any:
        reward, info = super()._get_rew(x_velocity, action)  # type: ignore[misc]
        return 2.0 * reward + 0.5, {**info, "reward_shaping": 0.5}


class HalvedObservation:
    def _get_obs(self) -> Any:
        return 0.5 * super()._get_obs()  # type: ignore[misc]


class TripledSurvival:
    @property
    def healthy_reward(self) -> Any:
        return 3.0 * super().healthy_reward  # type: ignore[misc]


class StrictHealth:
    @property
    def is_healthy(self) -> Any:
        return bool(self.data.qpos[1] > 1.23)  # type: ignore[attr-defined]


class NeverTerminated:
    @property
    def terminated(self) -> bool:
        return False


class AbsoluteControlCost:
    def control_cost(self, action: Any) -> Any:
        return 0.25 * float(np.abs(action).sum())


class DoubledContactCost:
    @property
    def contact_cost(self) -> Any:
        return 2.0 * super().contact_cost  # type: ignore[misc]


class ArmReward:
    def _get_rew(self, action: Any) -> Any:
        reward, info = super()._get_rew(action)  # type: ignore[misc]
        return reward - 1.0, {**info, "reward_offset": -1.0}


class TipReward:
    def _get_rew(self, x: Any, y: Any, terminated: bool) -> Any:
        reward, info = super()._get_rew(x, y, terminated)  # type: ignore[misc]
        return reward + x, info


class StandupReward:
    def _get_rew(self, pos_after: Any, action: Any) -> Any:
        reward, info = super()._get_rew(pos_after, action)  # type: ignore[misc]
        return reward - pos_after, info


CASES = [
    ("hopper_v5", "HopperEnv", ShapedReward),
    ("hopper_v5", "HopperEnv", HalvedObservation),
    ("hopper_v5", "HopperEnv", TripledSurvival),
    ("hopper_v5", "HopperEnv", AbsoluteControlCost),
    ("hopper_v4", "HopperEnv", TripledSurvival),
    ("hopper_v4", "HopperEnv", NeverTerminated),
    ("hopper_v5", "HopperEnv", StrictHealth),
    ("walker2d_v5", "Walker2dEnv", StrictHealth),
    ("ant_v5", "AntEnv", ShapedReward),
    ("ant_v5", "AntEnv", DoubledContactCost),
    ("ant_v5", "AntEnv", TripledSurvival),
    ("ant_v4", "AntEnv", AbsoluteControlCost),
    ("half_cheetah_v5", "HalfCheetahEnv", ShapedReward),
    ("swimmer_v5", "SwimmerEnv", AbsoluteControlCost),
    ("humanoid_v5", "HumanoidEnv", DoubledContactCost),
    ("humanoid_v5", "HumanoidEnv", ShapedReward),
    ("humanoidstandup_v5", "HumanoidStandupEnv", StandupReward),
    ("reacher_v5", "ReacherEnv", ArmReward),
    ("pusher_v5", "PusherEnv", ArmReward),
    ("inverted_double_pendulum_v5", "InvertedDoublePendulumEnv", TipReward),
]


def _subclass(package: str, module: str, cls: str, hook: type) -> Any:
    base = getattr(importlib.import_module(f"{package}.envs.mujoco.{module}"), cls)
    return type(f"{hook.__name__}{cls}", (hook, base), {})


@pytest.mark.parametrize(
    ("module", "cls", "hook"), CASES, ids=[f"{m}-{h.__name__}" for m, _, h in CASES]
)
def test_terms__a_subclass_hook_changes_the_step_as_in_the_reference(
    module: str, cls: str, hook: type
) -> None:
    ours = _subclass("gymnasium_core", module, cls, hook)()
    REFERENCE.make("Hopper-v5").close()  # the reference's registry is loaded
    reference = _subclass("gymnasium", module, cls, hook)()
    plain = getattr(importlib.import_module(f"gymnasium_core.envs.mujoco.{module}"), cls)()
    try:
        assert_same(ours.reset(seed=7), reference.reset(seed=7), where="reset")
        plain.reset(seed=7)
        rng = np.random.default_rng(7)
        space = reference.action_space
        changed = False
        for step in range(60):
            action = rng.uniform(space.low, space.high).astype(np.float32)
            got, expected = ours.step(action), reference.step(action)
            assert_same(got, expected, where=f"{module} {hook.__name__} step {step}")
            unhooked = plain.step(action)
            changed |= not (
                np.array_equal(got[0], unhooked[0])
                and got[1] == unhooked[1]
                and got[2] == unhooked[2]
                and got[4].keys() == unhooked[4].keys()
            )
            if expected[2]:
                break
        assert changed, "the override did not change the step"
    finally:
        ours.close()
        reference.close()
        plain.close()


def test_terms__a_subclass_with_a_hook_is_stepped_one_by_one_in_the_batched_env() -> None:
    sub = _subclass("gymnasium_core", "hopper_v5", "HopperEnv", ShapedReward)
    vector = vector_env_class(sub)(2)
    assert not vector._batched
    singles = [sub(), sub()]
    actions = np.full((2, 3), 0.2, dtype=np.float32)
    vector.reset(seed=3)
    _, rewards, _, _, infos = vector.step(actions)
    for index, env in enumerate(singles):
        env.reset(seed=3 + index)
        _, reward, _, _, info = env.step(actions[index])
        assert rewards[index] == reward
        assert infos["reward_shaping"][index] == info["reward_shaping"]
        env.close()
    vector.close()


def test_terms__a_subclass_that_only_swaps_the_definition_is_still_batched() -> None:
    import dataclasses

    from gymnasium_core.envs.mujoco.hopper_v5 import HOPPER, HopperEnv

    class OwnDefinition(HopperEnv):
        definition = dataclasses.replace(HOPPER)

    vector = vector_env_class(OwnDefinition)(2)
    assert vector._batched
    vector.close()


# -- the params the terms read follow the env's attributes ------------------------------------


@pytest.mark.parametrize(
    ("env_id", "name", "value"),
    [
        ("Hopper-v5", "_ctrl_cost_weight", 3.0),
        ("Hopper-v5", "_terminate_when_unhealthy", False),
        ("Ant-v5", "_contact_force_range", (-0.1, 0.1)),
        ("Ant-v4", "_healthy_reward", 0.25),
        ("Humanoid-v5", "_forward_reward_weight", -1.0),
        ("Reacher-v5", "_reward_dist_weight", 4.0),
    ],
)
def test_terms__writing_a_private_attribute_changes_the_next_step_as_in_the_reference(
    env_id: str, name: str, value: Any
) -> None:
    ours, reference = gymnasium_core.make(env_id).unwrapped, REFERENCE.make(env_id).unwrapped
    try:
        assert_same(ours.reset(seed=2), reference.reset(seed=2), where="reset")
        setattr(ours, name, value)
        setattr(reference, name, value)
        rng = np.random.default_rng(2)
        for step in range(15):
            action = rng.uniform(-1, 1, reference.action_space.shape).astype(np.float32)
            assert_same(ours.step(action), reference.step(action), where=f"{env_id} step {step}")
        record = ours.params if name[1:] in ours.params._fields else ours.options
        assert getattr(record, name[1:]) == value
    finally:
        ours.close()
        reference.close()


# -- every definition's terms take a batch ------------------------------------------------------

NATIVE_IDS = sorted(
    env_id
    for env_id, spec in gymnasium_core.registry.items()
    if isinstance(spec.vector_entry_point, str) and ".mujoco.vector:" in spec.vector_entry_point
)
# Their observations take sines and cosines, which numpy's vectorised loops need not round as
# the one-state calls do on every CPU: the threaded env steps them one by one.
PER_ENV_TERMS = {"InvertedDoublePendulum", "Reacher"}


@pytest.mark.parametrize(
    "env_id", [env_id for env_id in NATIVE_IDS if env_id.split("-")[0] not in PER_ENV_TERMS]
)
def test_terms__every_batched_definition_evaluated_on_a_batch_equals_single_steps(
    env_id: str,
) -> None:
    vector = gymnasium_core.make_vec(env_id, 3, vectorization_mode="vector_entry_point")
    assert vector.unwrapped._batched
    singles = [gymnasium_core.make(env_id).unwrapped for _ in range(3)]
    rng = np.random.default_rng(5)
    try:
        vector.reset(seed=20)
        for index, env in enumerate(singles):
            env.reset(seed=20 + index)
        space = singles[0].action_space
        done = np.zeros(3, dtype=bool)
        for step in range(12):
            actions = rng.uniform(space.low, space.high, (3, *space.shape)).astype(np.float32)
            observations, rewards, terminations, _, infos = vector.step(actions)
            for index, env in enumerate(singles):
                if done[index]:  # this step resets it (next-step autoreset)
                    env.reset()
                    done[index] = False
                    continue
                observation, reward, terminated, _, info = env.step(actions[index])
                where = f"{env_id} step {step} env {index}"
                np.testing.assert_array_equal(observations[index], observation, err_msg=where)
                assert rewards[index] == reward, where
                assert terminations[index] == terminated, where
                for key, value in info.items():
                    assert infos[key].dtype == np.asarray(value).dtype, f"{where} {key}"
                    np.testing.assert_array_equal(infos[key][index], value, err_msg=key)
                done[index] = terminated
    finally:
        vector.close()
        for env in singles:
            env.close()


_V5_IDS = [
    "Ant-v5",
    "HalfCheetah-v5",
    "Hopper-v5",
    "Humanoid-v5",
    "InvertedPendulum-v5",
    "InvertedDoublePendulum-v5",
    "Walker2d-v5",
]


@pytest.mark.parametrize("env_id", _V5_IDS)
def test_step_memo__terms_equal_each_term_evaluated_on_its_own(env_id: str) -> None:
    # The native step evaluates the health check (and InvertedPendulum's observation) once and
    # shares it between the info and the termination; each term evaluated on its own, with
    # nothing kept, must give the same values bit for bit.
    from gymnasium_core.envs.mujoco._definition import is_terminal

    env = gymnasium_core.make(env_id).unwrapped
    env.reset(seed=3)
    env.action_space.seed(3)
    definition = env.definition
    for _ in range(30):
        before = env._snapshot()
        action = env.action_space.sample()
        env.do_simulation(action, env.frame_skip)
        observation, reward, terminal, info = env._terms(before, action, env.data)
        assert "_step_memo" not in env.__dict__
        alone = definition.step_info(env, before, action, env.data, env.params, np)
        assert_same(env._laid_out(alone, env.data), info)
        assert_same(definition.reward(alone), reward)
        assert_same(definition.observation(env, env.data, env.params, np), observation)
        alone_terminal = definition.is_healthy is not None and not bool(
            definition.is_healthy(env, env.data, env.params, np)
        )
        assert bool(terminal) is alone_terminal
        assert bool(is_terminal(definition, env, env.data, env.params, np)) is alone_terminal
        if alone_terminal:
            env.reset()
    env.close()


_NATIVE_IDS = sorted(
    spec.id
    for spec in gymnasium_core.registry.values()
    if spec.namespace is None
    and spec.version is not None
    and spec.version >= 4
    and str(spec.entry_point).startswith("gymnasium_core.envs.mujoco.")
)


@pytest.mark.parametrize("env_id", _NATIVE_IDS)
def test_one_step_terms__the_single_env_step_equals_the_general_terms(env_id: str) -> None:
    # ``step`` evaluates one simulation's terms through ``_one_step_terms``; the general
    # ``_terms`` (what the batched env runs) on a twin stepped alike must give the same
    # observation, reward (value and type), termination and info, bit for bit.
    fast = gymnasium_core.make(env_id).unwrapped
    general = gymnasium_core.make(env_id).unwrapped
    fast.reset(seed=5)
    general.reset(seed=5)
    fast.action_space.seed(5)
    for step in range(60):
        action = fast.action_space.sample()
        observation, reward, terminated, truncated, info = fast.step(action)
        before = general._snapshot()
        general.do_simulation(action, general.frame_skip)
        expected = general._terms(before, action, general.data)
        assert_same(
            (observation, reward, terminated, truncated, info),
            (expected[0], expected[1], bool(expected[2]), False, expected[3]),
            where=f"{env_id} step {step}",
        )
        if terminated:
            fast.reset()
            general.reset()
    fast.close()
    general.close()


def test_simulation_views__follow_writes_and_a_new_model_or_data() -> None:
    import copy
    import pickle

    import mujoco

    env = gymnasium_core.make("HalfCheetah-v5").unwrapped
    env.reset(seed=0)
    assert env.dt == pytest.approx(0.05)
    env.model.opt.timestep = 0.02  # written through a fresh wrapper: the step sees it
    assert env.dt == 0.02 * env.frame_skip
    env.data = mujoco.MjData(env.model)  # a new data: the action lands in it
    env.do_simulation(np.full(6, 0.5), 1)
    np.testing.assert_array_equal(env.data.ctrl, np.full(6, 0.5))
    for twin in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        assert twin.dt == env.dt
        twin.model.opt.timestep = 0.03
        assert twin.dt == 0.03 * twin.frame_skip
        assert env.dt == 0.02 * env.frame_skip
        twin.do_simulation(np.full(6, -0.5), 1)
        np.testing.assert_array_equal(twin.data.ctrl, np.full(6, -0.5))
        np.testing.assert_array_equal(env.data.ctrl, np.full(6, 0.5))
    env.close()


def test_step__a_subclass_overriding_the_simulation_methods_is_stepped_through_them() -> None:
    # The step writes the simulation out for the base methods; a class that overrides
    # ``do_simulation`` or ``_step_mujoco_simulation`` is stepped through its override.
    from gymnasium_core.envs.mujoco.half_cheetah_v5 import HalfCheetahEnv

    calls: list[str] = []

    class Counted(HalfCheetahEnv):
        def do_simulation(self, ctrl: Any, n_frames: int) -> None:
            calls.append("do_simulation")
            super().do_simulation(ctrl, n_frames)

        def _step_mujoco_simulation(self, ctrl: Any, n_frames: int) -> None:
            calls.append("_step_mujoco_simulation")
            super()._step_mujoco_simulation(ctrl, n_frames)

    counted, plain = Counted(), HalfCheetahEnv()
    counted.reset(seed=2)
    plain.reset(seed=2)
    action = np.linspace(-1, 1, 6, dtype=np.float32)
    assert_same(counted.step(action), plain.step(action))
    assert calls == ["do_simulation", "_step_mujoco_simulation"]
    with pytest.raises(ValueError, match="Action dimension mismatch"):
        plain.step(np.zeros(5, dtype=np.float32))
    counted.close()
    plain.close()


@pytest.mark.parametrize("size", [2, 3])
def test_distance__each_row_of_a_batch_equals_the_norm_of_one_vector(size: int) -> None:
    # Values whose squares round differently with and without a fused multiply-add, so a
    # batched formula that multiplies and adds apart would differ on some rows.
    from gymnasium_core.envs.mujoco._terms import distance

    rng = np.random.default_rng(7)
    batch = rng.normal(0, 3, (4096, size))
    rows = [np.linalg.norm(row) for row in batch]
    np.testing.assert_array_equal(distance(batch, np), rows)
    # a view whose rows are not contiguous (every other column of a wider array)
    wide = rng.normal(0, 3, (512, 2 * size))
    view = wide[:, ::2]
    np.testing.assert_array_equal(distance(view, np), [np.linalg.norm(row) for row in view])
    assert type(distance(batch[0], np)) is type(np.linalg.norm(batch[0]))


@pytest.mark.parametrize("num_envs", [1, 3, 64])
def test_mass_center_xy__each_row_of_a_batch_equals_one_simulation(num_envs: int) -> None:
    from gymnasium_core.envs.mujoco._terms import mass_center_xy

    env = gymnasium_core.make("Humanoid-v5").unwrapped
    body_mass = env.model.body_mass
    env.close()
    rng = np.random.default_rng(3)
    xipos = rng.normal(0, 2, (num_envs, len(body_mass), 3))
    rows = np.stack([mass_center_xy(body_mass, row) for row in xipos])
    np.testing.assert_array_equal(mass_center_xy(body_mass, xipos), rows)


_LAID_OUT_IDS = [env_id for env_id in _NATIVE_IDS if env_id.endswith("-v4")]


@pytest.mark.parametrize("env_id", _LAID_OUT_IDS)
def test_layout__the_planned_info_equals_the_info_arranged_entry_by_entry(env_id: str) -> None:
    # ``Rules.layout`` copies the entries a plan names (made once per set of keys, on
    # placeholders) and, for a task whose step info starts with the tracked point's positions,
    # takes them from there; ``Rules.arranged`` on the values, with the tracked positions
    # evaluated afresh, must give the same keys, order, values and types.
    env = gymnasium_core.make(env_id).unwrapped
    env.reset(seed=4)
    env.action_space.seed(4)
    definition, rules = env.definition, env.rules
    tracked = definition.tracked_info or definition.state_info
    for step in range(20):
        before = env._snapshot()
        action = env.action_space.sample()
        env.do_simulation(action, env.frame_skip)
        info = definition.step_info(env, before, action, env.data, env.params, np)
        expected = rules.arranged(info, lambda: tracked(env, env.data, np))
        laid_out = env._laid_out(dict(info), env.data)
        assert list(laid_out) == list(expected), f"{env_id} step {step}"
        assert_same(laid_out, expected, where=f"{env_id} step {step}")
        if definition.is_healthy is not None and not definition.is_healthy(
            env, env.data, env.params, np
        ):
            env.reset()
    env.close()
