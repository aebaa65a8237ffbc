"""The public names and module paths of gymnasium_core.wrappers, and its import cost."""

from __future__ import annotations

import importlib
import subprocess
import sys

import gymnasium.wrappers
import gymnasium.wrappers.vector
import pytest

import gymnasium_core.wrappers


def test_wrappers__all_matches_reference():
    assert sorted(gymnasium_core.wrappers.__all__) == sorted(gymnasium.wrappers.__all__)
    assert len(gymnasium_core.wrappers.__all__) == 40  # 39 wrappers and `vector`


@pytest.mark.parametrize("name", sorted(set(gymnasium.wrappers.__all__) - {"vector"}))
def test_wrappers__every_name_is_a_class(name):
    if name in ("JaxToTorch", "NumpyToTorch"):
        pytest.importorskip("torch")
    if name in ("JaxToNumpy", "JaxToTorch"):
        pytest.importorskip("jax")
    cls = getattr(gymnasium_core.wrappers, name)
    assert isinstance(cls, type) and issubclass(cls, gymnasium_core.Wrapper)


PUBLIC_MODULES = {
    "common": [
        "TimeLimit",
        "Autoreset",
        "PassiveEnvChecker",
        "OrderEnforcing",
        "RecordEpisodeStatistics",
    ],
    "stateful_observation": [
        "DelayObservation",
        "TimeAwareObservation",
        "FrameStackObservation",
        "NormalizeObservation",
        "MaxAndSkipObservation",
    ],
    "stateful_action": ["StickyAction", "RepeatAction"],
    "stateful_reward": ["NormalizeReward"],
    "transform_observation": [
        "TransformObservation",
        "FilterObservation",
        "FlattenObservation",
        "GrayscaleObservation",
        "ResizeObservation",
        "ReshapeObservation",
        "RescaleObservation",
        "DtypeObservation",
        "AddRenderObservation",
        "DiscretizeObservation",
    ],
    "transform_action": ["TransformAction", "ClipAction", "RescaleAction", "DiscretizeAction"],
    "transform_reward": ["TransformReward", "ClipReward"],
    "rendering": [
        "RenderCollection",
        "RecordVideo",
        "HumanRendering",
        "AddWhiteNoise",
        "ObstructView",
    ],
    "atari_preprocessing": ["AtariPreprocessing"],
    "utils": [
        "RunningMeanStd",
        "update_mean_var_count_from_moments",
        "create_zero_array",
        "rescale_box",
    ],
    "array_conversion": ["ArrayConversion", "array_conversion"],
}


@pytest.mark.parametrize("module", sorted(PUBLIC_MODULES))
def test_wrappers__reference_module_paths_exist(module):
    ours = importlib.import_module(f"gymnasium_core.wrappers.{module}")
    for name in PUBLIC_MODULES[module]:
        assert hasattr(ours, name), f"{module}.{name}"


def test_wrappers__classes_report_public_modules():
    for name in gymnasium_core.wrappers.__all__:
        if name in ("vector", "ArrayConversion", "JaxToNumpy", "JaxToTorch", "NumpyToTorch"):
            continue
        assert not getattr(gymnasium_core.wrappers, name).__module__.split(".")[-1].startswith("_")


def test_wrappers__renamed_names_say_the_new_name():
    with pytest.raises(AttributeError, match="FrameStackObservation"):
        gymnasium_core.wrappers.FrameStack  # noqa: B018
    with pytest.raises(AttributeError, match="no attribute"):
        gymnasium_core.wrappers.NotAWrapper  # noqa: B018


def test_wrappers__import_loads_no_heavy_dependency():
    code = (
        "import sys, gymnasium_core, gymnasium_core.wrappers;"
        "heavy = [m for m in ('jax', 'torch', 'pygame', 'moviepy', 'cv2', 'mujoco', 'Box2D')"
        " if m in sys.modules]; print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_wrappers__vector_is_a_lazy_submodule():
    if importlib.util.find_spec("gymnasium_core.wrappers.vector") is None:
        pytest.skip("gymnasium_core.wrappers.vector is not written yet")
    assert gymnasium_core.wrappers.vector.__name__ == "gymnasium_core.wrappers.vector"


def _reference_class(module, name):
    try:
        return getattr(module, name)
    except Exception:  # the reference's torch wrappers fail to import without torch
        return None


@pytest.mark.parametrize(
    "package,name",
    [("wrappers", n) for n in sorted(set(gymnasium.wrappers.__all__) - {"vector"})]
    + [("wrappers.vector", n) for n in sorted(gymnasium.wrappers.vector.__all__)],
)
def test_wrappers__base_classes_include_the_reference_ones(package, name):
    """``isinstance`` checks against a reference base class (e.g. TransformObservation) hold."""
    reference = _reference_class(importlib.import_module(f"gymnasium.{package}"), name)
    if not isinstance(reference, type):
        pytest.skip(f"the reference's {name} is not importable here")
    ours = getattr(importlib.import_module(f"gymnasium_core.{package}"), name)
    expected = {base.__name__ for base in reference.__mro__} - {"Generic", "object"}
    assert expected <= {base.__name__ for base in ours.__mro__}
