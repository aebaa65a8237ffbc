"""Subclasses written for Gymnasium's vector classes run unchanged on ours.

The attribute names Gymnasium's ``SyncVectorEnv``, ``AsyncVectorEnv`` and ``VectorWrapper`` set
on ``self`` (private ones included) are part of what such subclasses rely on. Each test defines
one subclass over a given package and runs it on ours and on the reference with the same seed and
actions, comparing the results.
"""

from __future__ import annotations

import subprocess
import sys
from copy import deepcopy
from types import ModuleType
from typing import Any

import gymnasium
import numpy as np
import pytest
from _vector_testenvs import async_context

import gymnasium_core

PACKAGES = {"ours": gymnasium_core, "reference": gymnasium}


def same_step_sync_class(gym: ModuleType) -> type:
    """A ``SyncVectorEnv`` subclass that does its own same-step autoreset through the buffers.

    It writes ``_env_obs``, ``_rewards``, ``_terminations``, ``_truncations``,
    ``_observations`` and ``_autoreset_envs`` as single-file RL scripts do for Gymnasium 1.x.
    """
    iterate = gym.vector.utils.iterate
    concatenate = gym.vector.utils.concatenate

    class SameStepSyncVectorEnv(gym.vector.SyncVectorEnv):
        def _step_one(self, index: int, action: Any) -> dict[str, Any]:
            sub_env = self.envs[index]
            obs, reward, terminated, truncated, info = sub_env.step(action)
            self._rewards[index] = reward
            self._terminations[index] = terminated
            self._truncations[index] = truncated
            if terminated or truncated:
                first_obs, first_info = sub_env.reset()
                first_info["final_observation"] = obs
                first_info["final_info"] = info
                obs, info = first_obs, first_info
            self._env_obs[index] = obs
            return dict(info)

        def step(self, actions: Any) -> Any:
            merged: dict[str, Any] = {}
            for index, action in enumerate(iterate(self.action_space, actions)):
                merged = self._add_info(merged, self._step_one(index, action), index)
            stacked = concatenate(self.single_observation_space, self._env_obs, self._observations)
            self._observations = stacked
            self._autoreset_envs = self._terminations | self._truncations
            observations = deepcopy(stacked) if self.copy else stacked
            flags = (self._rewards.copy(), self._terminations.copy(), self._truncations.copy())
            return (observations, *flags, merged)

    return SameStepSyncVectorEnv


def _rollout(vec: Any, steps: int, seed: int) -> list[Any]:
    rng = np.random.default_rng(seed)
    obs, _ = vec.reset(seed=seed)
    record: list[Any] = [obs]
    for _ in range(steps):
        actions = rng.integers(0, 2, size=vec.num_envs)
        obs, rewards, terminations, truncations, infos = vec.step(actions)
        finals = infos.get("final_observation")
        record += [obs, rewards, terminations, truncations]
        if finals is not None:
            mask = infos["_final_observation"]
            record += [mask, np.stack(finals[mask])]
    return record


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
def test_sync_subclass__same_step_buffers_match_reference(mode: str) -> None:
    results = {}
    for name, gym in PACKAGES.items():
        cls = same_step_sync_class(gym)
        vec = cls([lambda gym=gym: gym.make("CartPole-v1") for _ in range(3)], autoreset_mode=mode)
        results[name] = _rollout(vec, 60, seed=11)
        # The buffers keep the reference's types after the subclass's own step.
        assert vec._rewards.dtype == np.float64
        assert vec._terminations.dtype == vec._truncations.dtype == np.bool_
        assert isinstance(vec._env_obs, list) and len(vec._env_obs) == 3
        vec.close()
    ours, reference = results["ours"], results["reference"]
    assert len(ours) == len(reference)
    assert any(len(part) == 3 and part.dtype == np.bool_ and part.any() for part in ours)
    for mine, theirs in zip(ours, reference, strict=True):
        np.testing.assert_array_equal(mine, theirs)
        assert np.asarray(mine).dtype == np.asarray(theirs).dtype


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_sync_buffers__hold_the_last_step(package: str) -> None:
    gym = PACKAGES[package]
    vec = gym.vector.SyncVectorEnv([lambda: gym.make("CartPole-v1") for _ in range(2)])
    vec.reset(seed=3)
    obs, rewards, terminations, truncations, _ = vec.step(np.array([1, 0]))
    np.testing.assert_array_equal(vec._observations, obs)
    np.testing.assert_array_equal(np.stack(vec._env_obs), obs)
    np.testing.assert_array_equal(vec._rewards, rewards)
    np.testing.assert_array_equal(vec._terminations, terminations)
    np.testing.assert_array_equal(vec._truncations, truncations)
    np.testing.assert_array_equal(vec._autoreset_envs, terminations | truncations)
    vec.close()


def test_sync_buffers__writing_autoreset_envs_resets_next_step() -> None:
    """Setting ``_autoreset_envs`` by hand makes the next step a reset, as in the reference."""
    steps = {}
    for name, gym in PACKAGES.items():
        vec = gym.vector.SyncVectorEnv([lambda gym=gym: gym.make("CartPole-v1") for _ in range(2)])
        vec.reset(seed=5)
        vec.step(np.array([1, 1]))
        vec._autoreset_envs[1] = True
        steps[name] = vec.step(np.array([0, 0]))[:4]
        vec.close()
    for mine, theirs in zip(steps["ours"], steps["reference"], strict=True):
        np.testing.assert_array_equal(mine, theirs)
    assert steps["ours"][1][1] == 0.0


def test_vector_wrapper__private_space_slots_fall_back_to_env() -> None:
    for gym in PACKAGES.values():
        vec = gym.vector.SyncVectorEnv([lambda gym=gym: gym.make("CartPole-v1")])
        wrapper = gym.vector.VectorWrapper(vec)
        for name in (
            "_observation_space",
            "_action_space",
            "_single_observation_space",
            "_single_action_space",
            "_metadata",
        ):
            assert getattr(wrapper, name) is None
        box = gym.spaces.Box(0.0, 1.0, shape=(1, 4))
        wrapper._observation_space = box
        wrapper.single_action_space = gym.spaces.Discrete(5)
        assert wrapper.observation_space is box
        assert wrapper._single_action_space == gym.spaces.Discrete(5)
        assert wrapper.action_space is vec.action_space
        vec.close()


def reference_style_async_class(gym: ModuleType) -> type:
    """An ``AsyncVectorEnv`` subclass whose ``step_wait`` uses the reference's private names."""

    class CountingAsyncVectorEnv(gym.vector.AsyncVectorEnv):
        def step_wait(self, timeout: float | None = None) -> Any:
            assert self._state == gym.vector.async_vector_env.AsyncState.WAITING_STEP
            if not self._poll_pipe_envs(timeout):
                raise RuntimeError("timed out")
            replies = [pipe.recv() for pipe in self.parent_pipes]
            successes = [ok for _, ok in replies]
            self._raise_if_errors(successes)
            results = [result for result, _ in replies]
            if not self.shared_memory:
                self.observations = gym.vector.utils.concatenate(
                    self.single_observation_space, [r[0] for r in results], self.observations
                )
            self._state = gym.vector.async_vector_env.AsyncState.DEFAULT
            infos: dict[str, Any] = {}
            for i, result in enumerate(results):
                infos = self._add_info(infos, result[4], i)
            return (
                deepcopy(self.observations),
                np.array([r[1] for r in results], dtype=np.float64),
                np.array([r[2] for r in results], dtype=np.bool_),
                np.array([r[3] for r in results], dtype=np.bool_),
                infos,
            )

    return CountingAsyncVectorEnv


@pytest.mark.parametrize("shared_memory", [True, False])
def test_async_subclass__reference_style_step_wait_matches_reference(shared_memory: bool) -> None:
    results = {}
    for name, gym in PACKAGES.items():
        cls = reference_style_async_class(gym)
        vec = cls(
            [lambda gym=gym: gym.make("CartPole-v1") for _ in range(2)],
            shared_memory=shared_memory,
            context=async_context(),
        )
        assert vec.shared_memory is shared_memory
        assert len(vec.parent_pipes) == len(vec.processes) == 2
        assert all(process.is_alive() for process in vec.processes)
        assert vec._state is gym.vector.async_vector_env.AsyncState.DEFAULT
        results[name] = _rollout(vec, 25, seed=2)
        vec.close()
    for mine, theirs in zip(results["ours"], results["reference"], strict=True):
        np.testing.assert_array_equal(mine, theirs)


def test_async_worker__default_loop_at_reference_private_path() -> None:
    import inspect

    from gymnasium_core.vector import async_vector_env

    assert callable(async_vector_env._async_worker)
    assert list(inspect.signature(async_vector_env._async_worker).parameters)[:4] == [
        "index",
        "env_fn",
        "pipe",
        "parent_pipe",
    ]


@pytest.mark.parametrize("vector_class", ["SyncVectorEnv", "AsyncVectorEnv"])
def test_vector_env__no_sub_environments_is_a_clear_error(vector_class: str) -> None:
    cls = getattr(gymnasium_core.vector, vector_class)
    with pytest.raises(ValueError, match="at least one sub-environment"):
        cls([])
    with pytest.raises(IndexError):  # what the reference fails with
        cls([])


def test_async_vector_env_module__reachable_as_an_attribute() -> None:
    script = (
        "import gymnasium_core\n"
        "module = gymnasium_core.vector.async_vector_env\n"
        "print(module.AsyncState.DEFAULT.value, module.AsyncVectorEnv.__name__)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["default", "AsyncVectorEnv"]


def _private_methods(cls: type) -> dict[str, Any]:
    return {
        name: value
        for name, value in vars(cls).items()
        if name.startswith("_") and not name.startswith("__") and callable(value)
    }


@pytest.mark.parametrize(
    "path",
    [
        "vector.VectorEnv",
        "vector.VectorWrapper",
        "vector.SyncVectorEnv",
        "vector.async_vector_env.AsyncVectorEnv",
        "wrappers.vector.DictInfoToList",
        "wrappers.vector.NormalizeReward",
        "wrappers.vector.RecordEpisodeStatistics",
    ],
)
def test_private_methods__exist_with_the_reference_parameters(path: str) -> None:
    """Helpers subclasses call (``_add_info``, ``_raise_if_errors``, ...) keep their parameters."""
    import inspect
    from functools import reduce

    reference = reduce(getattr, path.split("."), gymnasium)
    ours = reduce(getattr, path.split("."), gymnasium_core)
    for name, method in _private_methods(reference).items():
        assert hasattr(ours, name), f"{path}.{name} is missing"
        expected = list(inspect.signature(method).parameters)
        found = list(inspect.signature(getattr(ours, name)).parameters)
        assert found[: len(expected)] == expected, f"{path}.{name}"


@pytest.mark.parametrize("vector_class", ["SyncVectorEnv", "AsyncVectorEnv"])
def test_vector_env__has_the_reference_instance_attributes(vector_class: str) -> None:
    built = {}
    for name, gym in PACKAGES.items():
        kwargs = {"context": async_context()} if vector_class == "AsyncVectorEnv" else {}
        cls = getattr(gym.vector, vector_class)
        built[name] = cls([lambda gym=gym: gym.make("CartPole-v1")] * 2, **kwargs)
    try:
        assert set(vars(built["reference"])) <= set(vars(built["ours"]))
    finally:
        for env in built.values():
            env.close()


def test_async_vector_env__public_classes_name_the_reference_module() -> None:
    # Defined beside the worker bookkeeping, they still report (and pickle by) the module path
    # Gymnasium has them at, so reprs, tracebacks and pickles name the public module.
    import pickle

    from gymnasium_core.vector import async_vector_env as ours

    reference = gymnasium.vector.async_vector_env
    assert ours.AsyncState.__module__ == "gymnasium_core" + reference.AsyncState.__module__[9:]
    assert ours.WorkerDiedError.__module__ == ours.__name__
    for member in ours.AsyncState:
        assert pickle.loads(pickle.dumps(member)) is member
    assert pickle.dumps(ours.AsyncState.DEFAULT).count(ours.__name__.encode()) == 1


def test_vector_env__public_names_name_the_reference_module() -> None:
    # VectorEnv and the wrappers are defined in private modules; like Gymnasium's, every public
    # class and type variable of `vector_env` reports (and pickles by) that module.
    import pickle

    from gymnasium_core.vector import vector_env as ours

    reference = gymnasium.vector.vector_env
    names = [
        name
        for name, value in vars(reference).items()
        if not name.startswith("_")
        and getattr(value, "__module__", None) == reference.__name__
        and not isinstance(value, ModuleType)
    ]
    assert {"VectorEnv", "VectorWrapper", "AutoresetMode", "ArrayType"} <= set(names)
    # Gymnasium takes these from `gymnasium.core`; ours are this module's own.
    names += ["ObsType", "ActType", "RenderFrame"]
    for name in names:
        value = getattr(ours, name)
        assert value.__module__ == ours.__name__, name
        assert pickle.loads(pickle.dumps(value)) is value, name
    member = ours.AutoresetMode.SAME_STEP
    assert pickle.loads(pickle.dumps(member)) is member
