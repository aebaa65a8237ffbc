"""Each MuJoCo task has one definition: the native envs and the MJX tasks take it from there.

The native constructors' defaults must be the very objects of the definition's params and
options records, and the MJX task must run that same definition, so a default changed in the
definition changes every backend and none can drift from another. Building a task compiles no
JAX program, so these run for every task in the default tier.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from typing import Any, NamedTuple

import pytest

import gymnasium_core as gym

pytest.importorskip("mujoco", reason="the MuJoCo tasks need mujoco")

MUJOCO_V5 = sorted(
    spec.name
    for spec in gym.registry.values()
    if spec.namespace is None
    and spec.version == 5
    and str(spec.entry_point).startswith("gymnasium_core.envs.mujoco.")
)


def _native_class(name: str, version: int) -> Any:
    module, cls = str(gym.spec(f"{name}-v{version}").entry_point).split(":")
    return getattr(importlib.import_module(module), cls)


def _defaults(cls: Any) -> dict[str, Any]:
    return {
        name: parameter.default
        for name, parameter in inspect.signature(cls).parameters.items()
        if parameter.default is not inspect.Parameter.empty
    }


def test_definitions__every_mujoco_id_is_covered() -> None:
    assert len(MUJOCO_V5) == 11


@pytest.mark.parametrize("name", MUJOCO_V5)
def test_definition__native_v5_defaults_are_the_definitions_own_objects(name: str) -> None:
    native = _native_class(name, 5)
    definition = native.definition
    defaults = _defaults(native)
    records = {**definition.params._field_defaults, **definition.options._field_defaults}
    # every argument of the task is in the definition, with the very same default object
    assert set(defaults) == set(records), name
    for key, value in records.items():
        assert defaults[key] is value, f"{name}.{key}"


@pytest.mark.parametrize("name", MUJOCO_V5)
def test_definition__native_v4_defaults_are_the_definitions_own_objects(name: str) -> None:
    native = _native_class(name, 4)
    definition = _native_class(name, 5).definition
    assert native.definition is definition
    records = {**definition.params._field_defaults, **definition.options._field_defaults}
    for key, value in _defaults(native).items():
        if key in records:
            assert value is records[key], f"{name}-v4.{key}"


@pytest.mark.parametrize("name", MUJOCO_V5)
def test_definition__mjx_task_runs_the_native_definition(name: str) -> None:
    pytest.importorskip("mujoco.mjx", reason="the MJX tasks need mujoco.mjx")
    from gymnasium_core.envs.mujoco.mjx.tasks import MJX_TASKS

    definition = _native_class(name, 5).definition
    task_cls = MJX_TASKS[name]
    assert task_cls.definition is definition
    task = task_cls()
    assert type(task.default_params) is definition.params
    assert task.default_params == definition.params()
    assert task.options == definition.options()
    spec = gym.spec(f"mjx/{name}-v5")
    module, cls = str(spec.entry_point).split(":")
    assert getattr(importlib.import_module(module), cls).func_env_cls.definition is definition


def test_definition__a_changed_definition_reaches_the_mjx_task() -> None:
    pytest.importorskip("mujoco.mjx", reason="the MJX tasks need mujoco.mjx")
    from gymnasium_core.envs.mujoco.hopper_v5 import HOPPER, HopperOptions, HopperParams
    from gymnasium_core.envs.mujoco.mjx.tasks import task_class

    class WideParams(NamedTuple):
        ctrl_cost_weight: float = 0.25
        reset_noise_scale: float = HopperParams().reset_noise_scale

    class FastOptions(NamedTuple):
        xml_file: str = HopperOptions().xml_file
        frame_skip: int = 2
        default_camera_config: Any = None
        terminate_when_unhealthy: bool = True
        exclude_current_positions_from_observation: bool = True

    wide = dataclasses.replace(HOPPER, params=WideParams, options=FastOptions)
    task = task_class(wide)()
    assert task.default_params == WideParams()
    assert task.frame_skip == 2 and task.dt == pytest.approx(0.004)
    with pytest.raises(TypeError, match="unexpected keyword argument 'healthy_reward'"):
        task_class(wide)(healthy_reward=2.0)


def test_definitions__task_code_never_tests_the_version() -> None:
    # what a version does is read from its rules record, never from ``version == ...``
    import ast
    from pathlib import Path

    import gymnasium_core.envs.mujoco as package

    found = []
    for path in sorted(Path(package.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                for part in ast.walk(node):
                    if isinstance(part, ast.Attribute) and part.attr == "version":
                        found.append(f"{path.name}:{node.lineno}")
    assert found == []


def test_definition__native_env_reads_its_rules_from_the_definition() -> None:
    from gymnasium_core.envs.mujoco._definition import V5
    from gymnasium_core.envs.mujoco.hopper_v5 import HOPPER, HopperEnv

    quiet = dataclasses.replace(
        HOPPER, rules={**HOPPER.rules, "v5": dataclasses.replace(V5, reports_reset_info=False)}
    )

    class QuietHopper(HopperEnv):
        definition = quiet

    env = QuietHopper()
    _, info = env.reset(seed=0)
    assert info == {}
    _, reset_info = HopperEnv().reset(seed=0)
    assert set(reset_info) == {"x_position", "z_distance_from_origin"}
    env.close()
