"""Vector wrappers match the reference's on the same envs, seeds and actions."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from _vector_testenvs import counter_env_class, dict_obs_env_class, image_env_class
from test_vector_parity import assert_same

import gymnasium_core
import gymnasium_core.vector
import gymnasium_core.wrappers.vector as ours_w

ref_w = gymnasium.wrappers.vector


def pair(factory: Any, n: int = 3, mode: str = "NextStep"):
    ours = gymnasium_core.vector.SyncVectorEnv([factory(gymnasium_core)] * n, autoreset_mode=mode)
    ref = gymnasium.vector.SyncVectorEnv([factory(gymnasium)] * n, autoreset_mode=mode)
    return ours, ref


def drive(ours: Any, ref: Any, steps: int = 15, seed: int = 0, stats: bool = False) -> None:
    assert_same(ours.reset(seed=seed), ref.reset(seed=seed))
    ref.action_space.seed(seed)
    for _ in range(steps):
        actions = ref.action_space.sample()
        a, b = ours.step(actions.copy()), ref.step(actions.copy())
        if stats:  # episode durations are wall-clock times
            for info in (a[4], b[4]):
                if "episode" in info:
                    info["episode"].pop("t")
        assert_same(a, b)


WRAPPERS = {
    "ClipReward": lambda w: lambda e: w.ClipReward(e, min_reward=0.3, max_reward=0.9),
    "TransformReward": lambda w: lambda e: w.TransformReward(e, lambda r: r * 3),
    "NormalizeReward": lambda w: lambda e: w.NormalizeReward(e, gamma=0.9),
    "NormalizeObservation": lambda w: w.NormalizeObservation,
    "RescaleObservation": lambda w: (
        lambda e: w.RescaleObservation(e, np.float32(-1), np.float32(1))
    ),
    "DtypeObservation": lambda w: lambda e: w.DtypeObservation(e, np.float64),
    "ReshapeObservation": lambda w: lambda e: w.ReshapeObservation(e, (1, 2)),
    "FlattenObservation": lambda w: w.FlattenObservation,
    "TransformObservation": lambda w: lambda e: w.TransformObservation(e, lambda o: o + 1),
    "DictInfoToList": lambda w: w.DictInfoToList,
}


@pytest.mark.filterwarnings("ignore:.*loses precision:gymnasium_core.logger.GymnasiumCoreWarning")
@pytest.mark.parametrize("name", list(WRAPPERS))
def test_wrapper__matches_reference(name: str) -> None:
    ours, ref = pair(counter_env_class)
    ours, ref = WRAPPERS[name](ours_w)(ours), WRAPPERS[name](ref_w)(ref)
    assert repr(ours) == repr(ref)
    assert str(ours.observation_space) == str(ref.observation_space)
    drive(ours, ref)


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
def test_record_episode_statistics__matches_reference(mode: str) -> None:
    ours, ref = pair(counter_env_class, mode=mode)
    ours = ours_w.RecordEpisodeStatistics(ours, buffer_length=5)
    ref = ref_w.RecordEpisodeStatistics(ref, buffer_length=5)
    drive(ours, ref, steps=25, stats=True)
    assert list(ours.return_queue) == list(ref.return_queue)
    assert list(ours.length_queue) == list(ref.length_queue)
    assert ours.episode_count == ref.episode_count


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
def test_normalize_reward__matches_reference_in_each_autoreset_mode(mode: str) -> None:
    ours, ref = pair(counter_env_class, mode=mode)
    ours = ours_w.NormalizeReward(ours, gamma=0.8)
    ref = ref_w.NormalizeReward(ref, gamma=0.8)
    drive(ours, ref, steps=25)
    np.testing.assert_array_equal(ours.accumulated_reward, ref.accumulated_reward)
    assert ours.return_rms.var == ref.return_rms.var


@pytest.mark.filterwarnings("ignore:.*loses precision:gymnasium_core.logger.GymnasiumCoreWarning")
def test_dict_obs_wrappers__match_reference() -> None:
    ours, ref = pair(dict_obs_env_class, n=2)
    ours = ours_w.FilterObservation(ours, ["pos", "mode"])
    ref = ref_w.FilterObservation(ref, ["pos", "mode"])
    drive(ours, ref, steps=6)
    ours, ref = pair(dict_obs_env_class, n=2)
    ours = ours_w.ClipAction(ours_w.RescaleAction(ours, 0.0, 4.0))
    ref = ref_w.ClipAction(ref_w.RescaleAction(ref, 0.0, 4.0))
    assert str(ours.action_space) == str(ref.action_space)
    drive(ours, ref, steps=6)


IMAGE_WRAPPERS = {
    "GrayscaleObservation": lambda w, e: w.GrayscaleObservation(e, keep_dim=True),
    "ResizeObservation": lambda w, e: w.ResizeObservation(e, (8, 8)),
}


def test_resize_observation__within_one_grey_level_of_reference() -> None:
    # Our resize is numpy-only; cv2's INTER_AREA rounds a few pixels the other way.
    pytest.importorskip("cv2")

    def factory(gym: Any) -> Any:
        return image_env_class(gym, size=16)

    ours, ref = pair(factory, n=2)
    ours = IMAGE_WRAPPERS["ResizeObservation"](ours_w, ours)
    ref = IMAGE_WRAPPERS["ResizeObservation"](ref_w, ref)
    assert str(ours.observation_space) == str(ref.observation_space)
    results = [(ours.reset(seed=0)[0], ref.reset(seed=0)[0])]
    ref.action_space.seed(0)
    for _ in range(3):
        actions = ref.action_space.sample()
        results.append((ours.step(actions.copy())[0], ref.step(actions.copy())[0]))
    for a, b in results:
        assert a.shape == b.shape and a.dtype == b.dtype
        assert np.abs(a.astype(int) - b.astype(int)).max() <= 1


@pytest.mark.parametrize("name", ["GrayscaleObservation"])
def test_image_wrappers__match_reference(name: str) -> None:
    pytest.importorskip("cv2")

    def factory(gym: Any) -> Any:
        return image_env_class(gym, size=16)

    for make in (IMAGE_WRAPPERS[name],):
        ours, ref = pair(factory, n=2)
        ours, ref = make(ours_w, ours), make(ref_w, ref)
        assert str(ours.observation_space) == str(ref.observation_space)
        drive(ours, ref, steps=3)


def test_observation_wrapper__refuses_same_step_autoreset() -> None:
    ours, _ = pair(counter_env_class, mode="SameStep")
    with pytest.raises(ValueError, match="NEXT_STEP"):
        ours_w.FlattenObservation(ours)


def test_jax_to_numpy__converts_actions_and_results() -> None:
    jnp = pytest.importorskip("jax.numpy")
    ours, _ = pair(counter_env_class, n=2)

    env = ours_w.ArrayConversion(ours, env_xp=np, target_xp=jnp)
    obs, _ = env.reset(seed=0)
    assert not isinstance(obs, np.ndarray)
    back = ours_w.JaxToNumpy(ours_w.ArrayConversion(ours, env_xp=np, target_xp=jnp))
    obs, rewards, *_ = back.step(np.array([1, 2]))
    assert isinstance(obs, np.ndarray) and isinstance(rewards, np.ndarray)


def test_torch_wrappers__need_torch() -> None:
    pytest.importorskip("torch")
    ours, _ = pair(counter_env_class, n=2)
    env = ours_w.NumpyToTorch(ours)
    obs, _ = env.reset(seed=0)
    assert type(obs).__module__.startswith("torch")


def pendulum_pair(n: int = 3) -> tuple[Any, Any]:
    ours = gymnasium_core.make_vec("Pendulum-v1", n, vectorization_mode="sync")
    ref = gymnasium.make_vec("Pendulum-v1", n, vectorization_mode="sync")
    return ours, ref


def drive_box(ours: Any, ref: Any, low: float, high: float, steps: int = 12) -> None:
    """Seeded reset, then the same uniform actions in [low, high] through both."""
    assert_same(ours.reset(seed=5), ref.reset(seed=5))
    rng = np.random.default_rng(5)
    for _ in range(steps):
        actions = rng.uniform(low, high, size=(ours.num_envs, 1)).astype(np.float32)
        assert_same(ours.step(actions.copy()), ref.step(actions.copy()))


ACTION_WRAPPERS = {
    "ClipAction": (lambda w, e: w.ClipAction(e), -6.0, 6.0),
    "RescaleAction": (lambda w, e: w.RescaleAction(e, 0.0, 1.0), 0.0, 1.0),
    "RescaleAction-array": (
        lambda w, e: w.RescaleAction(e, np.array([-1.0]), np.array([3.0])),
        -1.0,
        3.0,
    ),
    "TransformAction": (
        lambda w, e: w.TransformAction(e, lambda a: 0.5 * a),
        -4.0,
        4.0,
    ),
}


@pytest.mark.filterwarnings("ignore:.*precision:gymnasium_core.logger.GymnasiumCoreWarning")
@pytest.mark.parametrize("name", list(ACTION_WRAPPERS))
def test_action_wrappers__match_reference_on_pendulum(name: str) -> None:
    make, low, high = ACTION_WRAPPERS[name]
    ours, ref = pendulum_pair()
    ours, ref = make(ours_w, ours), make(ref_w, ref)
    assert str(ours.action_space) == str(ref.action_space)
    assert str(ours.single_action_space) == str(ref.single_action_space)
    drive_box(ours, ref, low, high)


def to_numpy_tree(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: to_numpy_tree(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return type(value)(to_numpy_tree(v) for v in value)
    if type(value).__module__.startswith("jax"):
        return np.asarray(value)
    return value


def through_jax(value: Any) -> Any:
    """``value`` with each array as jax holds it (float64 becomes float32 without x64)."""
    import jax.numpy as jnp

    if isinstance(value, dict):
        return {k: through_jax(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return type(value)(through_jax(v) for v in value)
    if isinstance(value, np.ndarray):
        return np.asarray(jnp.asarray(value))
    return value


def test_array_conversion__gives_jax_arrays_of_the_reference_values() -> None:
    """Through ArrayConversion, our env gives jax arrays holding the reference env's values."""
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")
    ours, ref = pendulum_pair(2)
    ours = ours_w.ArrayConversion(ours, env_xp=np, target_xp=jnp)
    obs, info = ours.reset(seed=1)
    assert isinstance(obs, jax.Array)
    assert_same(to_numpy_tree((obs, info)), through_jax(ref.reset(seed=1)))
    for value in (0.5, -1.5):
        result = ours.step(jnp.full((2, 1), value, dtype=jnp.float32))
        assert all(isinstance(x, jax.Array) for x in result[:4])
        expected = ref.step(np.full((2, 1), value, dtype=np.float32))
        assert_same(to_numpy_tree(result), through_jax(expected))


def test_array_conversion__matches_reference_wrapper() -> None:
    pytest.importorskip("array_api_compat", reason="the reference's ArrayConversion needs it")
    jnp = pytest.importorskip("jax.numpy")
    ours, ref = pendulum_pair(2)
    ours = ours_w.ArrayConversion(ours, env_xp=np, target_xp=jnp)
    ref = ref_w.ArrayConversion(ref, env_xp=np, target_xp=jnp)
    a, b = ours.reset(seed=1), ref.reset(seed=1)
    assert type(a[0]) is type(b[0])
    assert_same(to_numpy_tree(a), to_numpy_tree(b))
    actions = jnp.full((2, 1), 0.5, dtype=jnp.float32)
    a, b = ours.step(actions), ref.step(actions)
    assert [type(x) for x in a[:4]] == [type(x) for x in b[:4]]
    assert_same(to_numpy_tree(a), to_numpy_tree(b))


def test_jax_to_numpy__round_trip_matches_reference_env() -> None:
    jnp = pytest.importorskip("jax.numpy")
    ours, ref = pendulum_pair(2)
    # A numpy env seen through jax arrays, then back to numpy: the round trip is the identity.
    ours = ours_w.JaxToNumpy(ours_w.ArrayConversion(ours, env_xp=np, target_xp=jnp))
    assert_same(ours.reset(seed=2), through_jax(ref.reset(seed=2)))
    for value in (1.0, -2.0, 0.25):
        actions = np.full((2, 1), value, dtype=np.float32)
        result = ours.step(actions)
        assert all(isinstance(x, np.ndarray) for x in result[:4])
        assert_same(result, through_jax(ref.step(actions)))


def test_jax_to_numpy__over_make_vec_jax_mode() -> None:
    pytest.importorskip("jax")
    envs = ours_w.JaxToNumpy(gymnasium_core.make_vec("Pendulum-v1", 2, vectorization_mode="jax"))
    obs, _ = envs.reset(seed=0)
    assert isinstance(obs, np.ndarray) and obs.shape == (2, 3)
    obs, rewards, terminations, truncations, _ = envs.step(np.zeros((2, 1), dtype=np.float32))
    for value in (obs, rewards, terminations, truncations):
        assert isinstance(value, np.ndarray)
    envs.close()


def test_transform_action__warns_on_mismatched_single_action_space() -> None:
    ours, ref = pendulum_pair(2)
    wide = gymnasium_core.spaces.Box(-9.0, 9.0, shape=(2, 1), dtype=np.float32)
    with pytest.warns(UserWarning, match="action space"):
        ref_space = gymnasium.spaces.Box(-9.0, 9.0, (2, 1))
        ref_w.TransformAction(ref, lambda a: a, action_space=ref_space)
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="batched single action"):
        ours_w.TransformAction(ours, lambda a: a, action_space=wide)
    # A consistent pair of spaces stays silent.
    single = gymnasium_core.spaces.Box(-9.0, 9.0, shape=(1,), dtype=np.float32)
    ours_w.TransformAction(ours, lambda a: a, single_action_space=single)


@pytest.mark.parametrize(
    "infos",
    [
        {"short": np.arange(2)},
        {"ok": np.arange(3), "_ok": np.array([True, False])},
        {"nested": {"short": np.arange(1)}},
    ],
    ids=["short-values", "short-mask", "short-nested"],
)
def test_dict_info_to_list__short_infos_raise_the_reference_type_too(infos: dict) -> None:
    errors = {}
    for name, (package, wrappers) in {
        "ours": (gymnasium_core, ours_w),
        "reference": (gymnasium, ref_w),
    }.items():
        vec = package.vector.SyncVectorEnv([counter_env_class(package)] * 3)
        wrapper = wrappers.DictInfoToList(vec)
        with pytest.raises(AssertionError) as caught:
            wrapper._convert_info_to_list(infos)
        errors[name] = caught.value
    assert isinstance(errors["ours"], ValueError)


def test_dict_info_to_list__non_dict_info_raises_the_reference_type_too() -> None:
    ours, _ = pair(counter_env_class)
    with pytest.raises(AssertionError):
        ours_w.DictInfoToList(ours)._convert_info_to_list([{}, {}, {}])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ours_w.DictInfoToList(ours)._convert_info_to_list([{}, {}, {}])  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
def test_normalize_reward__normalize_matches_reference(mode: str) -> None:
    ours, ref = pair(counter_env_class, mode=mode)
    ours = ours_w.NormalizeReward(ours, gamma=0.8)
    ref = ref_w.NormalizeReward(ref, gamma=0.8)
    drive(ours, ref, steps=9)
    assert ours._autoreset_mode.value == ref._autoreset_mode.value
    np.testing.assert_array_equal(ours._prev_dones, ref._prev_dones)
    assert ours._prev_dones.dtype == ref._prev_dones.dtype
    for reward in (1.5, np.float32(-2.0), np.array([0.5, 1.0, 2.0])):
        mine, theirs = ours.normalize(reward), ref.normalize(reward)
        np.testing.assert_array_equal(mine, theirs)
        assert type(mine) is type(theirs)
    ours.update_running_mean = ref.update_running_mean = False
    assert ours.normalize(3.0) == ref.normalize(3.0)
    assert ours.return_rms.count == ref.return_rms.count


def test_record_episode_statistics__reset_takes_positional_arguments() -> None:
    ours, ref = pair(counter_env_class)
    ours = ours_w.RecordEpisodeStatistics(ours)
    ref = ref_w.RecordEpisodeStatistics(ref)
    assert_same(ours.reset(4, None), ref.reset(4, None))
    drive(ours, ref, steps=8, stats=True)
    np.testing.assert_array_equal(ours.prev_dones, ref.prev_dones)
    assert "prev_dones" in vars(ours)


ATTRIBUTE_CASES = {**WRAPPERS, "RecordEpisodeStatistics": lambda w: w.RecordEpisodeStatistics}


@pytest.mark.filterwarnings("ignore:.*loses precision:gymnasium_core.logger.GymnasiumCoreWarning")
@pytest.mark.parametrize("name", sorted(ATTRIBUTE_CASES))
def test_wrapper__has_the_reference_instance_attributes(name: str) -> None:
    """Names the reference's vector wrappers set on ``self`` exist on ours (for subclasses)."""
    ours, ref = pair(counter_env_class)
    ours, ref = ATTRIBUTE_CASES[name](ours_w)(ours), ATTRIBUTE_CASES[name](ref_w)(ref)
    base = set(vars(gymnasium.vector.VectorWrapper(ref.env)))
    missing = sorted(attr for attr in set(vars(ref)) - base if not hasattr(ours, attr))
    assert missing == []
