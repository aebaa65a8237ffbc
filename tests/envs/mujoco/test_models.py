"""Our model files compile to the same MuJoCo models as the reference's.

Every numeric array of the compiled ``MjModel`` is compared exactly (names and file paths
aside), as are the sizes, the physics options, the object names and the model statistics the
renderer reads. The reference XML files are read here, at test time only; trajectory parity
(``test_parity.py``) then covers whatever a model array cannot show.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from tests.envs.mujoco._reference import OUR_ASSETS, REFERENCE_ASSETS, mujoco

# Every model file we ship, each compared with the reference's file of the same name.
MODEL_FILES = sorted(name for name in os.listdir(OUR_ASSETS) if name.endswith(".xml"))
SIZES = (
    "nq", "nv", "nu", "na", "nbody", "njnt", "ngeom", "nsite", "ncam", "nlight", "ntendon",
    "nwrap", "nkey", "nnumeric", "nuser_geom", "nmat", "ntex", "nM",
)  # fmt: skip
# The arrays a physics difference would show in first; every other array is compared as well.
ARRAYS = (
    "qpos0", "qpos_spring",
    "body_parentid", "body_rootid", "body_weldid", "body_jntnum", "body_jntadr", "body_dofnum",
    "body_geomnum", "body_pos", "body_quat", "body_ipos", "body_iquat", "body_mass",
    "body_subtreemass", "body_inertia", "body_gravcomp",
    "jnt_type", "jnt_qposadr", "jnt_dofadr", "jnt_bodyid", "jnt_limited", "jnt_solref",
    "jnt_solimp", "jnt_pos", "jnt_axis", "jnt_stiffness", "jnt_range", "jnt_margin",
    "dof_bodyid", "dof_jntid", "dof_parentid", "dof_armature", "dof_damping", "dof_frictionloss",
    "dof_invweight0", "dof_M0",
    "geom_type", "geom_contype", "geom_conaffinity", "geom_condim", "geom_bodyid",
    "geom_priority", "geom_solmix", "geom_solref", "geom_solimp", "geom_margin", "geom_gap",
    "geom_size", "geom_rbound", "geom_pos", "geom_quat", "geom_friction", "geom_user",
    "geom_rgba", "geom_matid",
    "cam_mode", "cam_bodyid", "cam_pos", "cam_quat", "light_type", "light_pos",
    "light_dir",
    "tendon_num", "tendon_adr", "wrap_objid", "wrap_prm", "tendon_length0",
    "actuator_trntype", "actuator_dyntype", "actuator_gaintype", "actuator_biastype",
    "actuator_trnid", "actuator_gear", "actuator_ctrllimited", "actuator_ctrlrange",
    "actuator_gainprm", "actuator_biasprm", "actuator_length0",
    "numeric_data",
)  # fmt: skip
OPTIONS = (
    "timestep", "gravity", "wind", "density", "viscosity", "integrator", "solver", "iterations",
    "cone", "jacobian", "tolerance", "impratio", "o_margin",
)  # fmt: skip

NAMED_KINDS = (
    ("mjOBJ_BODY", "nbody"),
    ("mjOBJ_JOINT", "njnt"),
    ("mjOBJ_GEOM", "ngeom"),
    ("mjOBJ_SITE", "nsite"),
    ("mjOBJ_ACTUATOR", "nu"),
    ("mjOBJ_CAMERA", "ncam"),
    ("mjOBJ_TENDON", "ntendon"),
)


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


@pytest.fixture(scope="module", params=MODEL_FILES)
def model_pair(request: pytest.FixtureRequest) -> tuple[mujoco.MjModel, mujoco.MjModel]:
    """``(ours, reference)`` compiled from the model file of the same name."""
    return _compile(OUR_ASSETS, request.param), _compile(REFERENCE_ASSETS, request.param)


def test_models__sizes_equal_reference(model_pair: tuple[mujoco.MjModel, mujoco.MjModel]) -> None:
    ours, reference = model_pair
    for name in (*SIZES, "narena"):
        assert getattr(ours, name) == getattr(reference, name), name


def test_models__every_numeric_array_equals_reference(
    model_pair: tuple[mujoco.MjModel, mujoco.MjModel],
) -> None:
    ours_model, reference_model = model_pair
    for name in ARRAYS:
        np.testing.assert_array_equal(
            getattr(ours_model, name), getattr(reference_model, name), name
        )
    ours, reference = _numeric_arrays(ours_model), _numeric_arrays(reference_model)
    assert set(ARRAYS) <= set(reference)
    assert ours.keys() == reference.keys()
    different = [
        name
        for name in reference
        if ours[name].shape != reference[name].shape
        or not np.array_equal(ours[name], reference[name], equal_nan=True)
    ]
    assert different == []


def test_models__options_and_statistics_equal_reference(
    model_pair: tuple[mujoco.MjModel, mujoco.MjModel],
) -> None:
    ours, reference = model_pair
    for name in OPTIONS:
        np.testing.assert_array_equal(
            getattr(ours.opt, name), getattr(reference.opt, name), f"opt.{name}"
        )
    assert ours.stat.extent == reference.stat.extent
    np.testing.assert_array_equal(ours.stat.center, reference.stat.center)
    assert ours.stat.meaninertia == reference.stat.meaninertia


def test_models__names_equal_reference(model_pair: tuple[mujoco.MjModel, mujoco.MjModel]) -> None:
    ours, reference = model_pair
    for kind_name, count in NAMED_KINDS:
        kind = getattr(mujoco.mjtObj, kind_name)
        for index in range(getattr(reference, count)):
            ours_name = mujoco.mj_id2name(ours, kind, index)
            assert ours_name == mujoco.mj_id2name(reference, kind, index), (kind_name, index)


def test_models__walker_versions_differ_only_in_right_foot_friction() -> None:
    v4 = mujoco.MjModel.from_xml_path(os.path.join(OUR_ASSETS, "walker2d.xml"))
    v5 = mujoco.MjModel.from_xml_path(os.path.join(OUR_ASSETS, "walker2d_v5.xml"))
    foot = mujoco.mj_name2id(v4, mujoco.mjtObj.mjOBJ_GEOM, "foot_geom")
    assert v4.geom_friction[foot, 0] == 0.9
    assert v5.geom_friction[foot, 0] == 1.9
    v4.geom_friction[foot] = v5.geom_friction[foot]
    np.testing.assert_array_equal(v4.geom_friction, v5.geom_friction)


def test_models__making_every_id_prints_no_mujoco_warning() -> None:
    # MuJoCo prints compiler deprecations (e.g. of ``settotalmass``) from C, so a subprocess
    # captures them; every model file is compiled there too, as users may load them directly.
    code = (
        "import glob, os, warnings\n"
        "warnings.simplefilter('ignore')\n"
        "import mujoco, gymnasium_core as gym\n"
        "for env_id, spec in sorted(gym.registry.items()):\n"
        "    if 'envs.mujoco' in str(spec.entry_point) and not env_id.startswith('mjx/'):\n"
        "        gym.make(env_id).close()\n"
        f"for path in glob.glob(os.path.join({OUR_ASSETS!r}, '*.xml')):\n"
        "    mujoco.MjModel.from_xml_path(path)\n"
        "print('made')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "made" in result.stdout
    assert "WARNING" not in output and "deprecated" not in output.lower(), output
