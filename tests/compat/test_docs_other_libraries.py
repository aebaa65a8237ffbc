"""The code on the "Using it with other libraries" page runs as written."""

from __future__ import annotations

import pathlib
import re

import pytest

pytest.importorskip("gymnasium", reason="the bridge needs gymnasium")

_PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "other_libraries.md"
_BLOCKS = re.findall(r"```python\n(.*?)```", _PAGE.read_text(encoding="utf-8"), flags=re.DOTALL)


@pytest.fixture(autouse=True)
def _packages_registered():
    """The page's third-party blocks register their packages' ids; they leave afterwards."""
    from tests.compat._third_party import packages_registered

    with packages_registered(()):
        yield


def test_page__has_the_swap_the_bridge_third_party_and_the_sb3_example() -> None:
    assert len(_BLOCKS) == 6
    assert any("stable_baselines3" in block for block in _BLOCKS)
    assert any("AtariPreprocessing" in block and "ale_py" in block for block in _BLOCKS)


def _run(block: str, index: int) -> None:
    exec(compile(block, f"{_PAGE.name}[{index}]", "exec"), {"__name__": "__doc_example__"})


def _needs_sb3(block: str) -> bool:
    if "stable_baselines3" not in block:
        return False
    pytest.importorskip("torch", reason="Stable-Baselines3 needs torch")
    pytest.importorskip("stable_baselines3", reason="Stable-Baselines3 is not installed")
    import torch

    torch.set_num_threads(1)
    return True


@pytest.mark.parametrize("index", range(len(_BLOCKS)))
def test_page__code_block_runs(index: int) -> None:
    block = _BLOCKS[index]
    if _needs_sb3(block):
        # The training as written is the slow test below; here it runs for a few hundred steps.
        assert "total_timesteps=20_000" in block
        block = block.replace("total_timesteps=20_000", "total_timesteps=300")
    _run(block, index)


@pytest.mark.slow
@pytest.mark.parametrize(
    "index", [i for i, block in enumerate(_BLOCKS) if "stable_baselines3" in block]
)
def test_page__training_block_runs_as_written(index: int) -> None:
    block = _BLOCKS[index]
    assert _needs_sb3(block)
    _run(block, index)
