"""Our model files compile to the same MuJoCo models as the reference's.

Every numeric array of the compiled ``MjModel`` is compared exactly (names and file paths
aside), as are the physics options and the model statistics the renderer reads. The reference
XML files are read here, at test time only.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from tests.envs.mujoco._helpers_base import OUR_ASSETS, REFERENCE_ASSETS, mujoco

MODEL_FILES = [
    "inverted_pendulum.xml",
    "inverted_double_pendulum.xml",
    "reacher.xml",
    "pusher.xml",
    "pusher_v5.xml",
]
# The arrays a physics difference would show in first; all others are compared as well.
KEY_ARRAYS = [
    "body_mass",
    "body_inertia",
    "body_pos",
    "body_quat",
    "geom_size",
    "geom_type",
    "geom_pos",
    "geom_friction",
    "jnt_range",
    "jnt_type",
    "jnt_limited",
    "dof_damping",
    "dof_armature",
    "actuator_gear",
    "actuator_ctrlrange",
    "qpos0",
]


def _compile(folder: str, name: str) -> mujoco.MjModel:
    return mujoco.MjModel.from_xml_path(os.path.join(folder, name))


def _numeric_arrays(model: mujoco.MjModel) -> dict[str, np.ndarray]:
    arrays = {}
    for name in dir(model):
        if name.startswith(("_", "name")) or name in ("names", "paths", "text_data"):
            continue
        value = getattr(model, name, None)
        if isinstance(value, np.ndarray):
            arrays[name] = value
    return arrays


@pytest.mark.parametrize("model_file", MODEL_FILES)
def test_model__sizes_equal_reference(model_file: str) -> None:
    ours, ref = _compile(OUR_ASSETS, model_file), _compile(REFERENCE_ASSETS, model_file)
    for size in ("nq", "nv", "nu", "na", "nbody", "njnt", "ngeom", "nsite", "ncam", "nlight"):
        assert getattr(ours, size) == getattr(ref, size), size
    assert ours.narena == ref.narena


@pytest.mark.parametrize("model_file", MODEL_FILES)
def test_model__every_numeric_array_equals_reference(model_file: str) -> None:
    ours = _numeric_arrays(_compile(OUR_ASSETS, model_file))
    ref = _numeric_arrays(_compile(REFERENCE_ASSETS, model_file))
    assert set(KEY_ARRAYS) <= set(ref)
    assert ours.keys() == ref.keys()
    different = [
        name
        for name in ref
        if ours[name].shape != ref[name].shape
        or not np.array_equal(ours[name], ref[name], equal_nan=True)
    ]
    assert different == []


@pytest.mark.parametrize("model_file", MODEL_FILES)
def test_model__options_and_statistics_equal_reference(model_file: str) -> None:
    ours, ref = _compile(OUR_ASSETS, model_file), _compile(REFERENCE_ASSETS, model_file)
    for field in ("timestep", "integrator", "iterations", "gravity", "cone", "solver", "jacobian"):
        np.testing.assert_array_equal(getattr(ours.opt, field), getattr(ref.opt, field), field)
    assert ours.stat.extent == ref.stat.extent
    np.testing.assert_array_equal(ours.stat.center, ref.stat.center)
    assert ours.stat.meaninertia == ref.stat.meaninertia


@pytest.mark.parametrize("model_file", MODEL_FILES)
def test_model__names_equal_reference(model_file: str) -> None:
    ours, ref = _compile(OUR_ASSETS, model_file), _compile(REFERENCE_ASSETS, model_file)
    for kind, count in (
        (mujoco.mjtObj.mjOBJ_BODY, "nbody"),
        (mujoco.mjtObj.mjOBJ_JOINT, "njnt"),
        (mujoco.mjtObj.mjOBJ_GEOM, "ngeom"),
        (mujoco.mjtObj.mjOBJ_SITE, "nsite"),
        (mujoco.mjtObj.mjOBJ_ACTUATOR, "nu"),
    ):
        for index in range(getattr(ref, count)):
            assert mujoco.mj_id2name(ours, kind, index) == mujoco.mj_id2name(ref, kind, index)
