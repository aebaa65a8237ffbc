"""Our locomotion model files compile to the same MuJoCo models as the reference's.

The reference's XML files are read at test time only, from the installed ``gymnasium``
package. Every array that shapes the dynamics is compared exactly; trajectory parity
(``test_locomotion_parity.py``) then covers whatever a model array cannot show.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco", reason="the MuJoCo models need mujoco")
gymnasium = pytest.importorskip("gymnasium", reason="the reference package holds the models")

from gymnasium_core.envs.mujoco.mujoco_env import expand_model_path  # noqa: E402

MODELS = (
    "ant.xml",
    "half_cheetah.xml",
    "hopper.xml",
    "humanoid.xml",
    "humanoidstandup.xml",
    "swimmer.xml",
    "walker2d.xml",
    "walker2d_v5.xml",
)
SIZES = (
    "nq", "nv", "nu", "na", "nbody", "njnt", "ngeom", "nsite", "ncam", "nlight", "ntendon",
    "nwrap", "nkey", "nnumeric", "nuser_geom", "nmat", "ntex", "nM",
)  # fmt: skip
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


def _reference_path(name: str) -> str:
    return os.path.join(os.path.dirname(gymnasium.__file__), "envs", "mujoco", "assets", name)


@pytest.fixture(scope="module", params=MODELS)
def model_pair(request: pytest.FixtureRequest) -> tuple[object, object]:
    ours = mujoco.MjModel.from_xml_path(expand_model_path(request.param))
    reference = mujoco.MjModel.from_xml_path(_reference_path(request.param))
    return ours, reference


def test_models__sizes_equal_reference(model_pair: tuple[object, object]) -> None:
    ours, reference = model_pair
    for name in SIZES:
        assert getattr(ours, name) == getattr(reference, name), name


def test_models__arrays_equal_reference_exactly(model_pair: tuple[object, object]) -> None:
    ours, reference = model_pair
    for name in ARRAYS:
        np.testing.assert_array_equal(getattr(ours, name), getattr(reference, name), name)


def test_models__options_equal_reference(model_pair: tuple[object, object]) -> None:
    ours, reference = model_pair
    for name in OPTIONS:
        np.testing.assert_array_equal(
            getattr(ours.opt, name), getattr(reference.opt, name), f"opt.{name}"
        )


def test_models__names_equal_reference(model_pair: tuple[object, object]) -> None:
    ours, reference = model_pair
    kinds = [
        (mujoco.mjtObj.mjOBJ_BODY, "nbody"),
        (mujoco.mjtObj.mjOBJ_JOINT, "njnt"),
        (mujoco.mjtObj.mjOBJ_GEOM, "ngeom"),
        (mujoco.mjtObj.mjOBJ_ACTUATOR, "nu"),
        (mujoco.mjtObj.mjOBJ_CAMERA, "ncam"),
        (mujoco.mjtObj.mjOBJ_TENDON, "ntendon"),
    ]
    for kind, count in kinds:
        for index in range(getattr(reference, count)):
            ours_name = mujoco.mj_id2name(ours, kind, index)
            assert ours_name == mujoco.mj_id2name(reference, kind, index), (kind, index)


def test_models__walker_versions_differ_only_in_right_foot_friction() -> None:
    v4 = mujoco.MjModel.from_xml_path(expand_model_path("walker2d.xml"))
    v5 = mujoco.MjModel.from_xml_path(expand_model_path("walker2d_v5.xml"))
    foot = mujoco.mj_name2id(v4, mujoco.mjtObj.mjOBJ_GEOM, "foot_geom")
    assert v4.geom_friction[foot, 0] == 0.9
    assert v5.geom_friction[foot, 0] == 1.9
    v4.geom_friction[foot] = v5.geom_friction[foot]
    np.testing.assert_array_equal(v4.geom_friction, v5.geom_friction)
