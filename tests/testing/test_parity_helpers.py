"""gymnasium_core.testing.parity: each helper passes on a faithful pair and catches a difference.

The pair under test is CartPole (ours and the reference's), which agree exactly; a small
wrapper on our side then introduces one difference at a time.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import gymnasium_core as gym
from gymnasium_core import error
from gymnasium_core.registration import EnvSpec
from gymnasium_core.testing import parity
from gymnasium_core.testing.compare import Tolerance, assert_same

gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")


class _Nudge(gym.Wrapper):  # type: ignore[type-arg]
    """Changes one output of the wrapped env from step ``after`` on, or on unseeded resets."""

    def __init__(self, env: Any, part: str, after: int = 0, amount: float = 1e-7) -> None:
        super().__init__(env)
        self.part, self.after, self.amount, self.count = part, after, amount, 0

    def reset(self, **kwargs: Any) -> Any:
        obs, info = self.env.reset(**kwargs)
        if self.part == "unseeded-reset" and kwargs.get("seed") is None:
            obs = obs + np.float32(0.5)
        return obs, info

    def step(self, action: Any) -> Any:
        obs, reward, terminated, truncated, info = self.env.step(action)
        self.count += 1
        if self.count > self.after:
            if self.part == "reward":
                reward += self.amount
            elif self.part == "obs":
                obs = obs + np.float32(self.amount)
            elif self.part == "info":
                info = {**info, "extra": True}
        return obs, reward, terminated, truncated, info


# -- making pairs and choosing ids ---------------------------------------------------------------


def test_make_pair__same_id_and_kwargs_in_both_packages() -> None:
    ours, reference = parity.make_pair("CartPole-v1", max_episode_steps=7)
    assert isinstance(ours, gym.Env) and isinstance(reference, gymnasium.Env)
    assert ours.spec.max_episode_steps == reference.spec.max_episode_steps == 7
    ours_u, reference_u = parity.make_pair("CartPole-v1", unwrapped=True)
    assert ours_u is ours_u.unwrapped and reference_u is reference_u.unwrapped


def test_make_vec_pair__same_id_and_arguments_in_both_packages() -> None:
    ours, reference = parity.make_vec_pair(
        "CartPole-v1", 3, vectorization_mode="sync", max_episode_steps=9
    )
    assert isinstance(ours, gym.vector.SyncVectorEnv)
    assert isinstance(reference, gymnasium.vector.SyncVectorEnv)
    assert ours.num_envs == reference.num_envs == 3
    # The keyword arguments reach the sub-environments of both.
    assert ours.envs[0].spec.max_episode_steps == reference.envs[0].spec.max_episode_steps == 9
    ours.close()
    reference.close()


def test_make_pair__a_reference_that_fails_closes_ours_and_raises_its_error() -> None:
    with pytest.raises(gymnasium.error.NameNotFound):
        parity.make_pair("CartPole-v1", reference=_OnlyOurs())


class _OnlyOurs:
    """A stand-in reference package that knows no ids."""

    registry: dict[str, Any] = {}

    def make(self, env_id: str, **kwargs: Any) -> Any:
        raise gymnasium.error.NameNotFound(env_id)


def test_reference_package__missing_package_is_a_clear_error() -> None:
    with pytest.raises(error.DependencyNotInstalled, match="no_such_reference_package"):
        parity.reference_package("no_such_reference_package")
    assert parity.reference_package() is gymnasium


def _spec(env_id: str, entry_point: str) -> EnvSpec:
    return EnvSpec(id=env_id, entry_point=entry_point)


def test_registered_ids__filter_by_whole_module_components_and_spec() -> None:
    registry = {
        "A-v0": _spec("A-v0", "pkg.envs.family.a:A"),
        "B-v0": _spec("B-v0", "pkg.envs.family:B"),
        "ns/C-v0": _spec("ns/C-v0", "pkg.envs.family.c:C"),
        "D-v0": _spec("D-v0", "pkg.envs.family_two.d:D"),
    }
    assert parity.registered_ids("pkg.envs.family", env_registry=registry) == [
        "A-v0",
        "B-v0",
        "ns/C-v0",
    ]
    assert parity.registered_ids("pkg.envs.fam", env_registry=registry) == []
    chosen = parity.registered_ids(
        "pkg.envs", where=lambda spec: spec.namespace == "ns", env_registry=registry
    )
    assert chosen == ["ns/C-v0"]


def test_shared_ids__only_ids_both_register_in_the_reference_family() -> None:
    ids = parity.shared_ids("gymnasium.envs.classic_control")
    assert "CartPole-v1" in ids and ids == sorted(ids)
    for env_id in ids:
        assert env_id in gym.registry
        assert gymnasium.spec(env_id).entry_point.startswith("gymnasium.envs.classic_control.")
    # An id of the reference we do not register is left out.
    only_cartpole = {"CartPole-v1": gym.spec("CartPole-v1")}
    assert parity.shared_ids("gymnasium.envs", env_registry=only_cartpole) == ["CartPole-v1"]


# -- paired rollouts ----------------------------------------------------------------------------


def test_assert_rollouts_equal__passes_on_a_faithful_pair_and_resets_on_episode_end() -> None:
    ours, reference = parity.make_pair("CartPole-v1")
    summary = parity.assert_rollouts_equal(ours, reference, seed=3, num_steps=150)
    assert summary.steps == 150 and summary.episodes_ended >= 2


@pytest.mark.parametrize(
    ("part", "message"),
    [("reward", "step 40: reward"), ("obs", "step 40: obs"), ("info", "step 40: info")],
)
def test_assert_rollouts_equal__catches_a_difference_at_its_step(part: str, message: str) -> None:
    ours, reference = parity.make_pair("CartPole-v1", max_episode_steps=500)
    ours = _Nudge(ours, part, after=40)
    with pytest.raises(AssertionError, match=message):
        parity.assert_rollouts_equal(ours, reference, seed=0, num_steps=100, actions=[0, 1] * 50)


def test_assert_rollouts_equal__compares_the_resets_after_an_episode_ends() -> None:
    ours, reference = parity.make_pair("CartPole-v1")
    ours = _Nudge(ours, "unseeded-reset")
    with pytest.raises(AssertionError, match="reset after step"):
        parity.assert_rollouts_equal(ours, reference, seed=1, num_steps=200)
    # Stopping at the first episode end does not reach the unseeded reset.
    ours, reference = parity.make_pair("CartPole-v1")
    summary = parity.assert_rollouts_equal(
        _Nudge(ours, "unseeded-reset"), reference, seed=1, num_steps=200, reset_on_end=False
    )
    assert summary.episodes_ended == 1 and summary.steps < 200


def test_assert_rollouts_equal__tolerances_are_per_quantity() -> None:
    ours, reference = parity.make_pair("Pendulum-v1")
    nudged = _Nudge(ours, "reward", amount=1e-6)
    parity.assert_rollouts_equal(
        nudged, reference, seed=2, num_steps=30, reward_tolerance=Tolerance(atol=1e-5)
    )
    ours, reference = parity.make_pair("Pendulum-v1")
    with pytest.raises(AssertionError, match="reward"):
        parity.assert_rollouts_equal(
            _Nudge(ours, "reward", amount=1e-6),
            reference,
            seed=2,
            num_steps=30,
            obs_tolerance=Tolerance(atol=1e-5),
        )


def test_assert_rollouts_equal__policy_reads_the_reference_and_sequences_bound_the_run() -> None:
    ours, reference = parity.make_pair("CartPole-v1")
    seen: list[Any] = []

    def policy(env: Any, obs: Any) -> int:
        seen.append(env)
        return int(obs[2] > 0)

    summary = parity.assert_rollouts_equal(ours, reference, seed=0, num_steps=20, actions=policy)
    assert summary.steps == 20 and all(env is reference for env in seen)
    summary = parity.assert_rollouts_equal(ours, reference, seed=0, actions=[1, 0, 1])
    assert summary.steps == 3
    with pytest.raises(ValueError, match="num_steps"):
        parity.assert_rollouts_equal(ours, reference, seed=0, actions=policy)


def test_assert_rollouts_equal__can_go_on_from_an_injected_state() -> None:
    ours, reference = parity.make_pair("CartPole-v1", unwrapped=True)
    ours.reset(seed=0)
    reference.reset(seed=0)
    parity.inject_state(ours, reference, np.array([0.0, 0.0, 0.19, 2.0]))
    # The pole is near its threshold and falling fast: the first step ends the episode.
    summary = parity.assert_rollouts_equal(
        ours, reference, seed=0, actions=[1] * 5, reset_first=False, reset_on_end=False
    )
    assert (summary.steps, summary.episodes_ended) == (1, 1)
    assert summary.last_step is not None and summary.last_step[2] is True


def test_record_rollout__same_seed_same_records_and_another_seed_differs() -> None:
    first = parity.record_rollout(gym.make("CartPole-v1"), seed=4, num_steps=60)
    again = parity.record_rollout(gym.make("CartPole-v1"), seed=4, num_steps=60)
    assert_same(again, first)
    assert sum(record[0] == "reset" for record in first) >= 2
    other = parity.record_rollout(gym.make("CartPole-v1"), seed=5, num_steps=60)
    with pytest.raises(AssertionError):
        assert_same(other, first)


def test_record_rollout__goes_on_from_the_current_state_with_given_actions() -> None:
    env, twin, moved = (gym.make("CartPole-v1") for _ in range(3))
    for each in (env, twin, moved):
        each.reset(seed=2)
    moved.unwrapped.state[0] += 0.1
    actions = [1, 1, 0, 1]
    records = parity.record_rollout(env, seed=None, actions=actions, reset_first=False)
    assert [record[1] for record in records] == actions
    assert_same(parity.record_rollout(twin, seed=None, actions=actions, reset_first=False), records)
    with pytest.raises(AssertionError):
        assert_same(
            parity.record_rollout(moved, seed=None, actions=actions, reset_first=False), records
        )


# -- injected states ----------------------------------------------------------------------------


def test_inject_state__gives_each_env_its_own_copy_or_calls_the_writer() -> None:
    ours, reference = parity.make_pair("CartPole-v1")
    ours.reset(seed=0)
    reference.reset(seed=0)
    state = np.array([0.1, 0.0, -0.05, 0.2])
    parity.inject_state(ours, reference, state)
    assert ours.unwrapped.state is not state and reference.unwrapped.state is not state
    ours.unwrapped.state[0] = 9.0
    assert reference.unwrapped.state[0] == 0.1 and state[0] == 0.1

    def writer(env: Any) -> None:
        env.state = np.array([0.2, 0.1, 0.0, 0.0])

    parity.inject_state(ours, reference, writer)
    assert ours.unwrapped.state[0] == reference.unwrapped.state[0] == 0.2


def test_assert_injected_steps_equal__catches_a_physics_difference() -> None:
    states = np.random.default_rng(0).uniform(-0.2, 0.2, (20, 4))
    actions = [0, 1] * 10
    ours, reference = parity.make_pair("CartPole-v1")
    assert parity.assert_injected_steps_equal(ours, reference, states, actions) == 20
    ours.unwrapped.gravity = 9.81
    with pytest.raises(AssertionError, match="state 0"):
        parity.assert_injected_steps_equal(ours, reference, states, actions)
