"""The array-namespace protocols: numpy, jax.numpy and the scalar backend are what they claim.

The fast tests check the members at run time (a protocol that names a function a backend lacks
would fail here). The slow test runs mypy over a few term functions, right and wrong, to show
the types check what terms pass: a wrong namespace, a data field that does not exist, a
namespace function that does not exist, a rule another task has.
"""

from __future__ import annotations

import math
import textwrap
import typing
from pathlib import Path

import numpy as np
import pytest

from gymnasium_core.functional import backends
from gymnasium_core.functional.array_types import ArrayNamespace, Namespace
from gymnasium_core.functional.func_env import FuncEnv

jnp = pytest.importorskip("jax.numpy")

REPO = Path(__file__).resolve().parents[2]


def _members(protocol: type) -> set[str]:
    return {
        name
        for klass in protocol.__mro__
        if klass not in (object, typing.Generic, typing.Protocol)
        for name in vars(klass)
        if not name.startswith("_")
    }


@pytest.mark.parametrize("xp", [np, jnp], ids=["numpy", "jax.numpy"])
def test_array_namespace__numpy_and_jax_numpy_have_every_member(xp: object) -> None:
    missing = sorted(name for name in _members(ArrayNamespace) if not hasattr(xp, name))
    assert missing == []
    assert isinstance(xp, ArrayNamespace)
    assert isinstance(xp, Namespace)


def test_namespace__the_scalar_backend_has_the_common_members_only() -> None:
    assert isinstance(backends.scalar, Namespace)
    assert not isinstance(backends.scalar, ArrayNamespace)
    assert not isinstance(math, Namespace)  # no constructors, no clip, no where


def test_namespace__array_members_extend_the_common_ones() -> None:
    common = _members(Namespace)
    assert common < _members(ArrayNamespace)
    assert {"shape", "reshape", "sum", "einsum", "linalg"} <= _members(ArrayNamespace) - common


@pytest.mark.parametrize("name", ["numpy", "jax"])
def test_as_array_namespace__passes_array_backends_through(name: str) -> None:
    xp = backends.get_namespace(name)
    assert backends.as_array_namespace(xp) is xp


def test_as_array_namespace__refuses_the_scalar_backend() -> None:
    with pytest.raises(TypeError, match="array backend"):
        backends.as_array_namespace(backends.scalar)


def test_scalar_constructors__build_numpy_arrays_as_numpy_does() -> None:
    xp = backends.scalar
    assert xp.asarray([1, 2], dtype=np.float32).dtype == np.float32
    assert np.array_equal(xp.stack([1.0, 2.0], axis=0), np.stack([1.0, 2.0]))
    assert np.array_equal(xp.concatenate([[1.0], [2.0]]), np.array([1.0, 2.0]))
    assert xp.zeros((2, 3)).shape == (2, 3) and xp.zeros(2).dtype == np.float64
    assert xp.ones(3, dtype=np.int32).dtype == np.int32
    copy_source = np.arange(3.0)
    assert xp.array(copy_source) is not copy_source
    assert xp.asarray(copy_source) is copy_source


def test_func_env__xp_is_typed_as_a_namespace() -> None:
    assert FuncEnv.__annotations__["xp"] == "Namespace[Any]"


def test_get_namespace__says_it_returns_a_namespace() -> None:
    assert backends.get_namespace.__annotations__["return"] == "Namespace[Any]"


def test_mujoco_terms__take_an_array_namespace_not_any() -> None:
    from gymnasium_core.envs.mujoco import _definition, _terms

    assert not hasattr(_terms, "Xp")
    assert _terms.Array is _definition.Array
    assert _terms.state_observation.__annotations__["xp"] == "ArrayNamespace"
    for name in ("observation", "step_info", "is_healthy", "state_info"):
        annotation = str(_definition.TaskDefinition.__annotations__[name])
        assert "Term" in annotation, name


_CHECKED = textwrap.dedent(
    """
    from __future__ import annotations

    import math

    from envs.mujoco._definition import Array, ArrayNamespace, Rules, SimData, TaskShell
    from envs.mujoco._terms import squared_sum_cost
    from envs.mujoco.ant_v5 import AntRules

    def right(task: TaskShell[AntRules], data: SimData, xp: ArrayNamespace) -> Array:
        cost = squared_sum_cost(data.qvel, 0.5, xp, axis=-1)
        forces = data.cfrc_ext if task.rules.observes_world_body_forces else data.cfrc_ext
        return xp.concatenate((data.qpos, xp.reshape(forces, (-1,)), cost[None]), axis=-1)

    def wrong_namespace(data: SimData) -> Array:
        return squared_sum_cost(data.qpos, 1.0, math)  # E1

    def wrong_field(data: SimData) -> Array:
        return data.qpoz  # E2

    def wrong_function(data: SimData, xp: ArrayNamespace) -> Array:
        return xp.cosine(data.qpos)  # E3

    def wrong_rules(task: TaskShell[Rules]) -> bool:
        return task.rules.observes_world_body_forces  # E4
    """
)


@pytest.mark.slow
def test_mujoco_terms__mypy_checks_what_terms_pass(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api")
    source = tmp_path / "terms.py"
    source.write_text(_CHECKED)
    report, _, _ = api.run(
        ["--no-incremental", "--ignore-missing-imports", "--no-error-summary", str(source)]
    )
    lines = _CHECKED.splitlines()
    flagged = {
        lines[int(line.split(":")[1]) - 1].split("# ")[-1]
        for line in report.splitlines()
        if ": error:" in line
    }
    # Every wrong line is flagged, and nothing in the right function is.
    assert flagged == {"E1", "E2", "E3", "E4"}, report
