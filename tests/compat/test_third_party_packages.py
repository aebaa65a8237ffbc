"""Third-party environment packages through our API, after ``import gymnasium_core as gym``.

ale-py, MiniGrid and Gymnasium-Robotics register their ids in gymnasium's registry when imported.
Each id must be reachable through our ``make``, ``make_vec`` and ``registry``, step exactly as
gymnasium's ``make`` of it, be taken by our wrappers and the package's own (both orders), expose
the package's env as ``unwrapped``, and pass our env checker.
"""

from __future__ import annotations

import importlib
import importlib.util
import multiprocessing
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="third-party packages register in gymnasium")

import gymnasium.spaces as gs  # noqa: E402

import gymnasium_core as gym  # noqa: E402
from gymnasium_core import error, wrappers  # noqa: E402
from gymnasium_core.compat import to_gymnasium  # noqa: E402
from gymnasium_core.utils.env_checker import check_env  # noqa: E402
from tests.compat._third_party import PACKAGES, packages_registered  # noqa: E402

# Found without importing them: importing registers hundreds of ids, which must not reach the
# registry while other test modules collect their parameters from it.
pytestmark = pytest.mark.skipif(
    any(importlib.util.find_spec(name) is None for name in PACKAGES),
    reason="needs ale-py, minigrid and gymnasium-robotics (the test dependency group)",
)


@pytest.fixture(scope="module", autouse=True)
def _packages_registered() -> Iterator[None]:
    """The packages' ids in gymnasium's registry for this module's tests only."""
    with packages_registered():
        yield


ATARI_IDS = ["ALE/Pong-v5", "ALE/Breakout-v5"]
MINIGRID_IDS = ["MiniGrid-Empty-5x5-v0", "MiniGrid-DoorKey-5x5-v0"]
MAZE_IDS = ["PointMaze_UMaze-v3"]
THIRD_PARTY_IDS = ATARI_IDS + MINIGRID_IDS + MAZE_IDS
STEPS = 60


def _assert_same_value(ours: Any, theirs: Any) -> None:
    if isinstance(theirs, dict):
        assert ours.keys() == theirs.keys()
        for key in theirs:
            _assert_same_value(ours[key], theirs[key])
    elif isinstance(theirs, np.ndarray):
        assert isinstance(ours, np.ndarray) and ours.dtype == theirs.dtype
        np.testing.assert_array_equal(ours, theirs)
    else:
        assert type(ours) is type(theirs) and ours == theirs


def _rollout_pair(ours: Any, theirs: Any, seed: int) -> int:
    """Step both envs with the same actions; return the number of steps compared."""
    obs_a, info_a = ours.reset(seed=seed)
    obs_b, info_b = theirs.reset(seed=seed)
    _assert_same_value(obs_a, obs_b)
    assert info_a.keys() == info_b.keys()
    actions = theirs.action_space
    actions.seed(seed)
    for _ in range(STEPS):
        action = actions.sample()
        step_a, step_b = ours.step(action), theirs.step(action)
        _assert_same_value(step_a[0], step_b[0])
        assert step_a[1:4] == step_b[1:4]
        if step_b[2] or step_b[3]:
            _assert_same_value(ours.reset(seed=seed)[0], theirs.reset(seed=seed)[0])
    return STEPS


# --- registry view ------------------------------------------------------------------------------


@pytest.mark.parametrize("env_id", THIRD_PARTY_IDS)
def test_registry__shows_the_package_ids(env_id):
    assert env_id in gym.registry
    assert env_id in list(gym.registry)
    assert gym.spec(env_id).id == env_id
    assert gym.spec(env_id).kwargs == gymnasium.spec(env_id).kwargs


def test_registry__scans_find_a_package_ids_as_in_gymnasium():
    ours = sorted(i for i in gym.registry if i.startswith("MiniGrid"))
    theirs = sorted(i for i in gymnasium.registry if i.startswith("MiniGrid"))
    assert ours == theirs and len(ours) > 10


def test_registry__leaves_out_gymnasium_own_ids_and_ours_mirrored_there():
    import gymnasium_core.compat  # noqa: F401  (mirrors our ids into gymnasium's registry)

    assert not [i for i in gym.registry if i.startswith("gymnasium_core")]
    # Gymnasium's own CartPole is ours, not a mirror.
    assert gym.spec("CartPole-v1").entry_point == (
        "gymnasium_core.envs.classic_control.cartpole:CartPoleEnv"
    )


def test_registry__ours_win_over_a_package_id():
    def build_a(**kwargs: Any) -> Any:
        return gymnasium.make("MiniGrid-Empty-5x5-v0").unwrapped

    gymnasium.register("ThirdPartyClash-v0", entry_point=build_a)
    try:
        assert isinstance(gym.spec("ThirdPartyClash-v0").entry_point, object)
        gym.register("ThirdPartyClash-v0", entry_point="gymnasium_core.envs:CartPoleEnv")
        assert gym.spec("ThirdPartyClash-v0").entry_point == "gymnasium_core.envs:CartPoleEnv"
    finally:
        del gymnasium.registry["ThirdPartyClash-v0"]
        del gym.registry["ThirdPartyClash-v0"]


def test_registry__pprint_lists_the_package_namespace(capsys):
    gym.pprint_registry()
    assert "ALE/Pong-v5" in capsys.readouterr().out


def test_registry__module_prefix_form_imports_the_package():
    import minigrid

    env = gym.make("minigrid:MiniGrid-Empty-5x5-v0")
    assert isinstance(env.unwrapped, minigrid.minigrid_env.MiniGridEnv)
    env.close()


@pytest.mark.parametrize(
    ("env_id", "module"),
    [("Unknown/Pong-v5", None), ("MiniGrid-Nowhere-v0", None), ("highway-fast-v9", "highway_env")],
)
def test_registry__unknown_ids_name_the_package_to_import(env_id, module):
    with pytest.raises(error.UnregisteredEnv) as caught:
        gym.make(env_id)
    if module is not None:
        assert f"import {module}" in str(caught.value)
    else:
        assert "import" not in str(caught.value)


# --- make and make_vec --------------------------------------------------------------------------


@pytest.mark.parametrize("env_id", THIRD_PARTY_IDS)
def test_make__steps_equal_gymnasium(env_id):
    ours, theirs = gym.make(env_id), gymnasium.make(env_id)
    assert isinstance(ours, gym.Env) and isinstance(ours, gymnasium.Env)
    assert _rollout_pair(ours, theirs, seed=7) >= 50
    ours.close()
    theirs.close()


@pytest.mark.parametrize("env_id", THIRD_PARTY_IDS)
def test_make_vec__sync_steps_equal_gymnasium(env_id):
    ours = gym.make_vec(env_id, 2, vectorization_mode="sync")
    theirs = gymnasium.make_vec(env_id, 2, vectorization_mode="sync")
    assert isinstance(ours, gym.vector.SyncVectorEnv)
    obs_a, _ = ours.reset(seed=3)
    obs_b, _ = theirs.reset(seed=3)
    _assert_same_value(obs_a, obs_b)
    theirs.action_space.seed(3)
    for _ in range(STEPS):
        action = theirs.action_space.sample()
        step_a, step_b = ours.step(action), theirs.step(action)
        for a, b in zip(step_a[:4], step_b[:4], strict=True):
            _assert_same_value(a, b)
    ours.close()
    theirs.close()


def test_make_vec__default_uses_the_package_vector_entry_point_as_gymnasium_does():
    ours = gym.make_vec("ALE/Pong-v5", 2)
    theirs = gymnasium.make_vec("ALE/Pong-v5", 2)
    assert isinstance(ours, gym.vector.VectorEnv)
    assert type(ours.unwrapped.gym_env) is type(theirs.unwrapped)
    obs_a, _ = ours.reset(seed=1)
    obs_b, _ = theirs.reset(seed=1)
    np.testing.assert_array_equal(obs_a, obs_b)
    for action in ([0, 1], [2, 3], [1, 1]):
        step_a, step_b = ours.step(np.array(action)), theirs.step(np.array(action))
        np.testing.assert_array_equal(step_a[0], step_b[0])
        np.testing.assert_array_equal(step_a[1], step_b[1])
    ours.close()
    theirs.close()


def test_make_vec__async_batches_a_custom_space():
    env = gym.make_vec(
        "MiniGrid-Empty-5x5-v0",
        2,
        vectorization_mode="async",
        # spawn: the workers start fresh, whatever JAX did in this process before.
        vector_kwargs={"shared_memory": False, "context": "spawn"},
    )
    obs, _ = env.reset(seed=0)
    assert obs["mission"] == ("get to the green goal square",) * 2
    assert obs["image"].shape == (2, 7, 7, 3)
    env.step(np.array([2, 2]))
    env.close()


# --- wrappers: the package's and ours, both orders ----------------------------------------------


@pytest.mark.parametrize("env_id", MINIGRID_IDS)
def test_wrappers__package_wrappers_inside_ours(env_id):
    from minigrid.wrappers import ImgObsWrapper, RGBImgObsWrapper

    built = gym.make(env_id)
    env = wrappers.RecordEpisodeStatistics(ImgObsWrapper(RGBImgObsWrapper(built)))
    reference = ImgObsWrapper(RGBImgObsWrapper(gymnasium.make(env_id)))
    assert env.observation_space.shape == reference.observation_space.shape
    assert isinstance(env.observation_space, gym.spaces.Box)
    obs, _ = env.reset(seed=2)
    np.testing.assert_array_equal(obs, reference.reset(seed=2)[0])
    assert env.unwrapped is built.unwrapped


@pytest.mark.parametrize("env_id", MINIGRID_IDS)
def test_wrappers__ours_inside_package_wrappers(env_id):
    from minigrid.wrappers import FlatObsWrapper, FullyObsWrapper

    # Ours are not gymnasium.Env subclasses: to_gymnasium presents the stack to the package.
    inner = wrappers.RecordEpisodeStatistics(gym.make(env_id))
    env = FlatObsWrapper(FullyObsWrapper(to_gymnasium(inner)))
    reference = FlatObsWrapper(FullyObsWrapper(gymnasium.make(env_id)))
    obs, _ = env.reset(seed=4)
    np.testing.assert_array_equal(obs, reference.reset(seed=4)[0])
    for _ in range(5):
        step = env.step(2)
        np.testing.assert_array_equal(step[0], reference.step(2)[0])
    assert "episode" in step[4] or not (step[2] or step[3])


def test_wrappers__package_wrapper_directly_on_make():
    from minigrid.wrappers import ImgObsWrapper

    env = ImgObsWrapper(gym.make("MiniGrid-Empty-5x5-v0"))
    assert isinstance(env.observation_space, gs.Box)
    assert env.reset(seed=0)[0].shape == (7, 7, 3)


def test_wrappers__record_video_takes_a_package_wrapper(tmp_path):
    moviepy = pytest.importorskip("moviepy", reason="RecordVideo writes with moviepy")
    del moviepy
    from minigrid.wrappers import ImgObsWrapper

    env = wrappers.RecordVideo(
        ImgObsWrapper(gym.make("MiniGrid-Empty-5x5-v0", render_mode="rgb_array")),
        str(tmp_path / "videos"),
        episode_trigger=lambda _: True,
        disable_logger=True,
    )
    env.reset(seed=0)
    for _ in range(3):
        env.step(2)
    env.close()
    assert list((tmp_path / "videos").glob("*.mp4"))


def test_wrappers__play_takes_a_package_env():
    pygame = pytest.importorskip("pygame", reason="play needs pygame")
    from minigrid.wrappers import ImgObsWrapper

    from gymnasium_core.utils.play import play

    pygame.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    env = ImgObsWrapper(gym.make("MiniGrid-Empty-5x5-v0", render_mode="rgb_array"))
    play(env, keys_to_action={"a": 0, "d": 1, "w": 2}, noop=6, fps=1000)
    pygame.quit()


# --- unwrapped is the package's env -------------------------------------------------------------


def test_unwrapped__ale_attributes():
    import ale_py

    env = gym.make("ALE/Pong-v5")
    assert isinstance(env.unwrapped, ale_py.env.AtariEnv)
    assert env.unwrapped.get_action_meanings()[:2] == ["NOOP", "FIRE"]
    assert env.unwrapped.ale.lives() == 0
    assert env.get_wrapper_attr("get_action_meanings")() == env.unwrapped.get_action_meanings()


def test_unwrapped__goal_env_compute_reward():
    env = gym.make("PointMaze_UMaze-v3")
    obs, _ = env.reset(seed=0)
    reward = env.unwrapped.compute_reward(obs["achieved_goal"], obs["desired_goal"], {})
    reference = gymnasium.make("PointMaze_UMaze-v3")
    ref_obs, _ = reference.reset(seed=0)
    assert reward == reference.unwrapped.compute_reward(
        ref_obs["achieved_goal"], ref_obs["desired_goal"], {}
    )


def test_unwrapped__attribute_writes_reach_the_package_env():
    env = gym.make("MiniGrid-Empty-5x5-v0")
    env.unwrapped.max_steps = 3
    env.reset(seed=0)
    truncated = [env.step(0)[3] for _ in range(3)]
    assert truncated == [False, False, True]


# --- custom spaces ------------------------------------------------------------------------------


def test_custom_space__mission_space_is_usable_as_ours():
    import minigrid

    space = gym.make("MiniGrid-Empty-5x5-v0").observation_space
    mission = space["mission"]
    assert isinstance(mission, minigrid.core.mission.MissionSpace)
    assert isinstance(mission, gym.spaces.Space)
    mission.seed(0)
    assert mission.contains(mission.sample())
    batched = gym.vector.utils.batch_space(space, 3)
    assert isinstance(batched["mission"], gym.spaces.Tuple) and len(batched["mission"]) == 3
    with pytest.raises(NotImplementedError):
        gym.spaces.utils.flatten_space(space)  # as the reference: a custom space has no layout
    with pytest.raises(NotImplementedError):
        gymnasium.spaces.utils.flatten_space(
            gymnasium.make("MiniGrid-Empty-5x5-v0").observation_space
        )


# --- checker and AtariPreprocessing -------------------------------------------------------------


@pytest.mark.parametrize("env_id", THIRD_PARTY_IDS)
def test_check_env__passes(env_id):
    env = gym.make(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the packages' own warnings (e.g. float64 boxes)
        check_env(env.unwrapped, skip_render_check=True)


def test_atari_preprocessing__refuses_a_frame_skipping_env_as_gymnasium():
    with pytest.raises(ValueError, match="frameskip"):
        wrappers.AtariPreprocessing(gym.make("ALE/Pong-v5"))
    with pytest.raises(ValueError):
        gymnasium.wrappers.AtariPreprocessing(gymnasium.make("ALE/Pong-v5"))
    from gymnasium_core.compat import from_gymnasium

    with pytest.raises(ValueError, match="frameskip"):
        wrappers.AtariPreprocessing(from_gymnasium(gymnasium.make("ALE/Pong-v5")))


def test_atari_preprocessing__pipeline_equals_gymnasium():
    ours = wrappers.FrameStackObservation(
        wrappers.AtariPreprocessing(gym.make("ALE/Breakout-v5", frameskip=1)), 4
    )
    theirs = gymnasium.wrappers.FrameStackObservation(
        gymnasium.wrappers.AtariPreprocessing(gymnasium.make("ALE/Breakout-v5", frameskip=1)), 4
    )
    assert _rollout_pair(ours, theirs, seed=5) >= 50


# --- other processes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("env_id", "works"),
    [
        ("gymnasium_core.compat:gymnasium_core/CartPole-v1", True),
        ("gymnasium_core/CartPole-v1", False),
    ],
)
def test_spawn_worker__which_id_form_builds_our_env(env_id, works):
    from tests.compat._spawn_worker import make_and_step

    with multiprocessing.get_context("spawn").Pool(1) as pool:
        ok, message = pool.apply(make_and_step, (env_id,))
    assert ok is works, message
    if not works:
        assert message.startswith("NamespaceNotFound"), message
