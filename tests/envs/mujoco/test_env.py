"""MujocoEnv, its renderer and its state helpers, against the reference where both have them."""

from __future__ import annotations

import copy
import os
import pickle
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core import spaces
from gymnasium_core.testing import parity
from gymnasium_core.testing.compare import assert_same
from tests.envs.mujoco._reference import OUR_ASSETS, gymnasium, mujoco

from gymnasium_core.envs.mujoco import MujocoEnv, MujocoRenderer  # isort: skip
from gymnasium_core.envs.mujoco import utils as mj_utils  # isort: skip
from gymnasium_core.envs.mujoco.mujoco_env import expand_model_path  # isort: skip
from gymnasium.envs.mujoco import MujocoEnv as ReferenceMujocoEnv  # isort: skip

pytestmark = pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")

# A user's model: a pendulum on a hinge and a damped slider, two motors.
USER_MODEL = """
<mujoco model="user">
  <option timestep="0.005"/>
  <worldbody>
    <body name="arm" pos="0 0 1">
      <joint name="swing" type="hinge" axis="0 1 0" damping="0.1"/>
      <geom type="capsule" fromto="0 0 0 0 0 -0.5" size="0.03"/>
      <body name="bob" pos="0 0 -0.5">
        <joint name="slide" type="slide" axis="0 0 1" damping="2" range="-0.2 0.2"/>
        <geom type="sphere" size="0.08"/>
      </body>
    </body>
  </worldbody>
  <actuator>
    <motor joint="swing" ctrlrange="-1 1" gear="5"/>
    <motor joint="slide" ctrlrange="-0.5 2" gear="10"/>
  </actuator>
</mujoco>
"""


def _user_env_class(base: type) -> type:
    """The same user subclass, written once, over our base or the reference's."""
    box = spaces.Box if base is MujocoEnv else gymnasium.spaces.Box

    class UserEnv(base):  # type: ignore[misc, valid-type]
        metadata = {"render_modes": ["human", "rgb_array", "depth_array", "rgbd_tuple"]}

        def __init__(self, model_path: str, frame_skip: int = 4, **kwargs: Any) -> None:
            obs_space = box(-np.inf, np.inf, (4,), np.float64)
            base.__init__(self, model_path, frame_skip, obs_space, **kwargs)

        def step(self, action: Any) -> Any:
            self.do_simulation(action, self.frame_skip)
            obs = self.state_vector()
            reward = float(-np.sum(np.square(obs)))
            return obs, reward, False, False, {"com": self.get_body_com("bob").copy()}

        def reset_model(self) -> Any:
            qpos = self.init_qpos + self.np_random.uniform(-0.2, 0.2, self.model.nq)
            qvel = self.init_qvel + self.np_random.normal(0, 0.1, self.model.nv)
            self.set_state(qpos, qvel)
            return self.state_vector()

    return UserEnv


# Pickling finds classes by their module-level name.
OurUserEnv = _user_env_class(MujocoEnv)
OurUserEnv.__qualname__ = OurUserEnv.__name__ = "OurUserEnv"


@pytest.fixture
def user_model(tmp_path: Any) -> str:
    path = tmp_path / "user.xml"
    path.write_text(USER_MODEL)
    return str(path)


def test_import__envs_package_does_not_import_mujoco() -> None:
    code = (
        "import sys, gymnasium_core, gymnasium_core.envs, gymnasium_core.envs.mujoco;"
        "print(sorted(m for m in ('mujoco', 'pygame', 'jax') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_expand_model_path__resolves_names_in_assets_and_rejects_missing_files() -> None:
    assert expand_model_path("reacher.xml") == os.path.join(
        os.path.dirname(expand_model_path("reacher.xml")), "reacher.xml"
    )
    assert os.path.samefile(
        expand_model_path("reacher.xml"), os.path.join(OUR_ASSETS, "reacher.xml")
    )
    with pytest.raises(OSError, match="does not exist"):
        expand_model_path("missing.xml")
    with pytest.raises(OSError, match="does not exist"):
        expand_model_path("~/surely/not/here.xml")


@pytest.mark.parametrize("frame_skip", [1, 4])
def test_user_subclass__rollout_equals_reference_subclass(user_model: str, frame_skip: int) -> None:
    ours = _user_env_class(MujocoEnv)(user_model, frame_skip)
    ref = _user_env_class(ReferenceMujocoEnv)(user_model, frame_skip)
    assert ours.dt == ref.dt
    assert ours.action_space.dtype == ref.action_space.dtype == np.float32
    np.testing.assert_array_equal(ours.action_space.low, ref.action_space.low)
    np.testing.assert_array_equal(ours.action_space.high, ref.action_space.high)
    for seed in (0, 1):
        assert_same(ours.reset(seed=seed), ref.reset(seed=seed))
        ref.action_space.seed(seed)
        for _ in range(100):
            action = ref.action_space.sample()
            assert_same(ours.step(action), ref.step(action))
        np.testing.assert_array_equal(mj_utils.get_state(ours), mj_utils.get_state(ref))
    ours.close()
    ref.close()


def _point_env_class(base: type) -> type:
    """A user subclass over the shipped ``point.xml``, named relatively, over either base."""
    box = spaces.Box if base is MujocoEnv else gymnasium.spaces.Box

    class PointEnv(base):  # type: ignore[misc, valid-type]
        metadata = {"render_modes": ["human", "rgb_array", "depth_array", "rgbd_tuple"]}

        def __init__(self, xml_file: str = "point.xml", frame_skip: int = 1, **kwargs: Any):
            obs_space = box(-np.inf, np.inf, (6,), np.float64)
            base.__init__(self, xml_file, frame_skip, obs_space, **kwargs)

        def step(self, action: Any) -> Any:
            self.do_simulation(action, self.frame_skip)
            info = {"torso": self.get_body_com("torso").copy()}
            return self.state_vector(), 0.0, False, False, info

        def reset_model(self) -> Any:
            qpos = self.init_qpos + self.np_random.uniform(-0.1, 0.1, self.model.nq)
            qvel = self.init_qvel + self.np_random.normal(0, 0.5, self.model.nv)
            self.set_state(qpos, qvel)
            return self.state_vector()

    return PointEnv


@pytest.mark.parametrize("frame_skip", [1, 5])
def test_user_subclass__point_xml_from_the_assets_steps_as_the_reference(frame_skip: int) -> None:
    ours = _point_env_class(MujocoEnv)(frame_skip=frame_skip)
    ref = _point_env_class(ReferenceMujocoEnv)(frame_skip=frame_skip)
    assert os.path.samefile(ours.fullpath, os.path.join(OUR_ASSETS, "point.xml"))
    assert (ours.model.nq, ours.model.nv, ours.model.nu) == (3, 3, 2)
    assert ours.dt == ref.dt
    np.testing.assert_array_equal(ours.action_space.low, ref.action_space.low)
    np.testing.assert_array_equal(ours.action_space.high, ref.action_space.high)
    for seed in (0, 1):
        assert_same(ours.reset(seed=seed), ref.reset(seed=seed))
        ref.action_space.seed(seed)
        for _ in range(50):
            action = ref.action_space.sample()
            assert_same(ours.step(action), ref.step(action))
    ours.close()
    ref.close()


@pytest.mark.parametrize("base", [MujocoEnv, ReferenceMujocoEnv], ids=["ours", "reference"])
def test_user_subclass__bad_inputs_raise_the_reference_errors(base: type, user_model: str) -> None:
    env = _user_env_class(base)(user_model)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="Action dimension mismatch"):
        env.step(np.zeros(3))
    with pytest.raises(AssertionError):
        env.set_state(np.zeros(3), np.zeros(2))
    env.close()
    with pytest.raises(ValueError):
        _user_env_class(base)(user_model, camera_id=0, camera_name="track")
    with pytest.raises(OSError):
        _user_env_class(base)("./no/such/model.xml")


@pytest.mark.parametrize("base", [MujocoEnv, ReferenceMujocoEnv], ids=["ours", "reference"])
def test_user_subclass__render_fps_must_match_dt(base: type, user_model: str) -> None:
    cls = _user_env_class(base)
    cls.metadata = {"render_modes": ["rgb_array"], "render_fps": 30}
    with pytest.raises(AssertionError):
        cls(user_model, frame_skip=4)  # 1 / (0.005 * 4) = 50 fps
    cls.metadata["render_fps"] = 50
    cls(user_model, frame_skip=4).close()


def test_user_subclass__pickle_and_deepcopy_continue_identically(user_model: str) -> None:
    env = OurUserEnv(user_model, render_mode="rgb_array", width=32, height=24)
    env.reset(seed=3)
    env.step(np.array([0.5, 1.0]))
    env.render()  # an open GL context must not stop pickling
    clones = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    for clone in clones:
        assert clone.model is not env.model and clone.data is not env.data
        np.testing.assert_array_equal(mj_utils.get_state(clone), mj_utils.get_state(env))
    for _ in range(20):
        action = env.np_random.uniform(-1, 1, 2)
        expected = env.step(action)
        for clone in clones:
            clone.np_random.uniform(-1, 1, 2)  # the generators travel too
            assert_same(clone.step(action), expected)
    expected_reset = env.reset()
    for clone in clones:
        assert clone.render().shape == (24, 32, 3)
        assert_same(clone.reset(), expected_reset)
        clone.close()
    env.close()


@pytest.mark.parametrize(
    ("mode", "check"),
    [
        ("rgb_array", lambda f: f.shape == (24, 32, 3) and f.dtype == np.uint8),
        ("depth_array", lambda f: f.shape == (24, 32) and f.dtype == np.float32),
        ("rgbd_tuple", lambda f: f[0].shape == (24, 32, 3) and f[1].shape == (24, 32)),
        ("human", lambda f: f is None),
    ],
)
def test_render__every_mode_works_headless(mode: str, check: Any) -> None:
    env = gymnasium_core.make("Reacher-v5", render_mode=mode, width=32, height=24)
    env.reset(seed=0)
    assert check(env.render())
    env.step(env.action_space.sample())
    assert check(env.render())
    env.close()
    env.close()


# The reference cannot build Pusher-v4 on mujoco>=3, so it has no frame of it to compare.
FRAME_IDS = [
    env_id for env_id in parity.shared_ids("gymnasium.envs.mujoco") if env_id != "Pusher-v4"
]


def _frame_pair(env_id: str, mode: str, **kwargs: Any) -> list[Any]:
    """The frame of the same state from our env and the reference's, after one fixed step."""
    frames = []
    for package in (gymnasium_core, gymnasium):
        env = package.make(env_id, render_mode=mode, width=96, height=64, **kwargs)
        env.reset(seed=1)
        env.unwrapped.step(np.full(env.action_space.shape, 0.3, dtype=np.float32))
        frames.append(env.render())
        env.close()
    return frames


@pytest.mark.parametrize("env_id", FRAME_IDS)
def test_render__rgb_and_depth_frames_equal_reference_pixel_for_pixel(env_id: str) -> None:
    (rgb, depth), (reference_rgb, reference_depth) = _frame_pair(env_id, "rgbd_tuple")
    assert (rgb.dtype, depth.dtype) == (np.uint8, np.float32)
    np.testing.assert_array_equal(rgb, reference_rgb)
    np.testing.assert_array_equal(depth, reference_depth)


def test_render__named_camera_frames_equal_reference() -> None:
    ours, reference = _frame_pair("Humanoid-v5", "rgb_array", camera_name="egocentric")
    np.testing.assert_array_equal(ours, reference)


def _opened_viewer(package: Any, env_id: str = "Reacher-v5", size: int = 48) -> Any:
    env = package.make(env_id, render_mode="rgb_array", width=size, height=size)
    env.reset(seed=0)
    env.render()
    return env, env.unwrapped.mujoco_renderer.viewer


def test_viewer__scene_and_context_attributes_are_the_reference_types() -> None:
    env, viewer = _opened_viewer(gymnasium_core)
    ref_env, ref_viewer = _opened_viewer(gymnasium)
    for name in ("scn", "viewport", "con", "cam", "vopt", "pert", "model", "data"):
        assert type(getattr(viewer, name)) is type(getattr(ref_viewer, name)), name
    assert (viewer.viewport.width, viewer.viewport.height) == (48, 48)
    env.close()
    ref_env.close()


def test_viewer__markers_and_overlays_draw_like_the_reference() -> None:
    frames = []
    for package in (gymnasium_core, gymnasium):
        env, viewer = _opened_viewer(package)
        viewer.add_marker(
            pos=np.array([0.0, 0.0, 0.05]),
            size=np.full(3, 0.05),
            rgba=np.array([1.0, 0.0, 0.0, 1.0]),
            type=mujoco.mjtGeom.mjGEOM_BOX,
        )
        viewer.add_overlay(mujoco.mjtGridPos.mjGRID_TOPLEFT, "step", "1")
        marked = env.render()
        after = env.render()  # markers last one frame, overlays stay
        frames.append((marked, after))
        env.close()
    (ours, ours_after), (reference, reference_after) = frames
    np.testing.assert_array_equal(ours, reference)
    np.testing.assert_array_equal(ours_after, reference_after)
    assert not np.array_equal(ours, ours_after)


def test_viewer__segmentation_labels_each_pixel_with_its_geom() -> None:
    # The reference's segmentation overflows uint8 under NumPy 2 and raises; ours sums in int32.
    env, viewer = _opened_viewer(gymnasium_core)
    segments = viewer.render("rgb_array", camera_id=-1, segmentation=True)
    assert segments.shape == (48, 48, 2) and segments.dtype == np.int32
    is_geom = segments[..., 0] == mujoco.mjtObj.mjOBJ_GEOM
    assert is_geom.mean() > 0.5
    seen = set(np.unique(segments[..., 1][is_geom]))
    assert seen <= set(range(env.unwrapped.model.ngeom)) and len(seen) > 2
    env.close()


def test_viewer__resizing_the_viewport_or_the_renderer_resizes_the_frames() -> None:
    env, viewer = _opened_viewer(gymnasium_core, size=48)
    viewer.viewport.width, viewer.viewport.height = 40, 30
    assert env.render().shape == (30, 40, 3)
    # larger than the buffer the viewer was opened with: the buffer grows
    renderer = env.unwrapped.mujoco_renderer
    renderer.width, renderer.height = 640, 520
    resized = env.render()
    reference = gymnasium.make("Reacher-v5", render_mode="rgb_array", width=640, height=520)
    reference.reset(seed=0)
    np.testing.assert_array_equal(resized, reference.render())
    reference.close()
    env.close()


def test_viewer__free_and_close_can_be_called_twice() -> None:
    env, viewer = _opened_viewer(gymnasium_core)
    viewer.free()
    viewer.free()
    env.close()
    env.close()


def test_render__frames_larger_than_the_model_buffer_work() -> None:
    env = gymnasium_core.make("InvertedPendulum-v5", render_mode="rgb_array", width=700, height=520)
    env.reset(seed=0)
    assert env.render().shape == (520, 700, 3)
    env.close()


def test_render__many_environments_open_and_close_without_leaking() -> None:
    for _ in range(40):
        env = gymnasium_core.make("Reacher-v5", render_mode="rgb_array", width=16, height=16)
        env.reset(seed=0)
        env.render()
        env.close()


def test_renderer__unknown_mode_and_camera_choices() -> None:
    env = gymnasium_core.make("Reacher-v5").unwrapped
    renderer = MujocoRenderer(env.model, env.data, width=16, height=16)
    assert renderer.camera_id == -1
    with pytest.raises(AttributeError, match="Unexpected mode"):
        renderer.render("no_such_mode")
    named = MujocoRenderer(env.model, env.data, width=16, height=16, camera_name="absent")
    assert named.camera_id == -1
    with pytest.raises(ValueError):
        MujocoRenderer(env.model, env.data, camera_id=0, camera_name="x")
    renderer.close()
    env.close()


@pytest.mark.parametrize(
    "env_id", ["InvertedPendulum-v5", "InvertedDoublePendulum-v5", "Reacher-v4", "Pusher-v5"]
)
def test_utils__reset_state_is_deterministic_and_state_round_trips(env_id: str) -> None:
    env = gymnasium_core.make(env_id)
    mj_utils.check_mujoco_reset_state(env)
    env.reset(seed=0)
    saved = mj_utils.get_state(env, mujoco.mjtState.mjSTATE_INTEGRATION)
    action = env.action_space.sample()
    first = env.step(action)
    mj_utils.set_state(env, saved, mujoco.mjtState.mjSTATE_INTEGRATION)
    # set_state writes the state only; Reacher-v4 reads positions before stepping
    mujoco.mj_forward(env.unwrapped.model, env.unwrapped.data)
    assert_same(env.step(action), first)
    env.close()


def test_utils__state_helpers_agree_with_reference() -> None:
    from gymnasium.envs.mujoco import utils as ref_utils

    ours, ref = gymnasium_core.make("Reacher-v5"), gymnasium.make("Reacher-v5")
    ours.reset(seed=2)
    ref.reset(seed=2)
    np.testing.assert_array_equal(mj_utils.get_state(ours), ref_utils.get_state(ref))
    ours.close()
    ref.close()
